// Web mode across browser tabs: a new tab of the console (a deep link, a bookmark) opens signed
// in with the token the server accepted, kept in the origin's localStorage (never a cookie,
// never in an address); a restarted server (a new token) brings every tab to the sign-in screen
// saying why, and one sign-in brings them all back. A log tab's link to the metrics opens them
// beside it (one tab per cluster, the moment marked), and a chart's minute is shown in the log
// tab already open for that cluster, where only lines that arrive after the jump are new.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectOverview, openConsole } from './console-page';
import { startConsoleServer } from './console-server';
import { advanceClock, bridgeInvoke, clusterWithStatus } from './lifecycle-page';
import { E2E_TOKEN } from './server-constants';

/** Every address a page of the context shows from now on (same-document navigations included). */
function recordAddresses(context: BrowserContext): string[] {
  const seen: string[] = [];
  const watch = (p: Page) => p.on('framenavigated', (frame) => seen.push(frame.url()));
  context.pages().forEach(watch);
  context.on('page', watch);
  return seen;
}

const count = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

/** The minute (local HH:MM) of an `at=` in a log window's address. */
async function minuteOf(logs: Page): Promise<{ at: number; minute: string }> {
  const at = Date.parse(new URL(logs.url().replace('#/', '')).searchParams.get('at')!);
  return { at, minute: await logs.evaluate((ms) => new Date(ms).toTimeString().slice(0, 5), at) };
}

async function clickChartCentre(page: Page): Promise<void> {
  const chart = page.getByTestId('metric-chart-utilization');
  await expect(chart).toHaveAttribute('data-visible-series', /[1-9]/);
  const box = (await chart.locator('canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test.describe('Tabs of the web console', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a new tab (a deep link, a bookmark) opens signed in, and no address ever holds the token', async ({ page }) => {
    await openConsole(page);
    const context = page.context();
    const addresses = recordAddresses(context);
    const cluster = await clusterWithStatus(page, 'running');

    // A tab the user opens with an address of the console, as a bookmark would.
    const tab = await context.newPage();
    await tab.goto(`/#/clusters/${cluster.id}`);
    await expect(tab.getByRole('heading', { name: cluster.name, exact: true })).toBeVisible();
    await expect(tab.getByTestId('sign-in')).toHaveCount(0);
    // The token is the origin's (localStorage), written once the server accepted it; no cookie.
    expect(await tab.evaluate(() => localStorage.getItem('gpc.token'))).toBe(E2E_TOKEN);
    expect(await context.cookies()).toEqual([]);

    // A log window opened from there: its address carries the sources, not the token.
    const opened = context.waitForEvent('page');
    await tab.getByTestId('open-logs').click();
    const logs = await opened;
    await expect(logs.getByRole('log', { name: 'Log lines' })).toBeVisible();
    await expect(logs.getByTestId('sign-in')).toHaveCount(0);
    await expect(logs.getByTestId('log-row').first()).toBeVisible({ timeout: 30_000 });

    // "Open logs" again: the log tab of that cluster is shown, not a second one.
    const tabs = context.pages().length;
    await tab.getByTestId('open-logs').click();
    await tab.waitForTimeout(500);
    expect(context.pages()).toHaveLength(tabs);

    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.filter((a) => a.includes(E2E_TOKEN))).toEqual([]);
    await logs.close();
    await tab.close();
  });

  test('a restarted server (a new token) brings every tab to the sign-in screen saying why, and one sign-in brings them all back', async ({
    page,
  }) => {
    const first = await startConsoleServer();
    let second: Awaited<ReturnType<typeof startConsoleServer>> | null = null;
    try {
      await page.goto(first.url);
      await expectOverview(page);
      expect(page.url()).not.toContain('token=');
      const other = await page.context().newPage();
      await other.goto(`${first.origin}/#/clusters`);
      await expect(other.getByRole('table', { name: 'Clusters' })).toBeVisible();

      await first.stop();
      second = await startConsoleServer({ port: first.port });
      expect(second.url).not.toBe(first.url);

      // The open tabs reconnect, are refused, and say why (no endless "reconnecting").
      for (const p of [page, other]) await expect(p.getByTestId('sign-in-refused')).toBeVisible({ timeout: 30_000 });
      // So does a new tab, with the token the browser kept.
      const fresh = await page.context().newPage();
      await fresh.goto(`${second.origin}/#/clusters`);
      await expect(fresh.getByTestId('sign-in-refused')).toBeVisible();

      // The address printed this time, pasted in one tab, signs in every tab of the console.
      await fresh.getByRole('textbox', { name: 'Console address or token' }).fill(second.url);
      await fresh.getByRole('button', { name: 'Sign in' }).click();
      await expect(fresh.getByRole('table', { name: 'Clusters' })).toBeVisible();
      await expectOverview(page);
      await expect(other.getByRole('table', { name: 'Clusters' })).toBeVisible();
      const token = new URL(second.url).hash.replace('#token=', '');
      expect(await other.evaluate(() => localStorage.getItem('gpc.token'))).toBe(token);
      for (const p of [page, other, fresh]) expect(p.url()).not.toContain(token);
      expect(await page.context().cookies()).toEqual([]);
    } finally {
      await first.stop();
      await second?.stop();
    }
  });

  test.describe('links between a log tab and the metrics', () => {
    // The clock all but stopped: lines arrive only when a test moves it, so what counts as new is exact.
    test.beforeEach(async ({ page }) => {
      await openConsole(page);
      await bridgeInvoke(page, 'emulator:reset', {});
      await bridgeInvoke(page, 'emulator:setClockSpeed', { speed: 0.001 });
    });
    test.afterEach(async ({ page }) => {
      await bridgeInvoke(page, 'emulator:setClockSpeed', { speed: 1 });
    });

    /** The seeded training cluster's page, and its log tab opened from there. */
    async function openLogTab(page: Page): Promise<{ clusterId: string; logs: Page }> {
      const cluster = await clusterWithStatus(page, 'running', (c) => c.name === 'llm-pretraining');
      await page.goto(`/#/clusters/${cluster.id}`);
      const opened = page.context().waitForEvent('page');
      await page.getByTestId('open-logs').click();
      const logs = await opened;
      await expect(logs.getByTestId('log-row').first()).toBeVisible({ timeout: 30_000 });
      await expect(logs.getByTestId('feed-state')).toHaveText('live');
      return { clusterId: cluster.id, logs };
    }

    const heldIn = async (logs: Page) => count(/([\d,]+) held/.exec((await logs.getByTestId('log-status').textContent()) ?? '')?.[1] ?? '');
    const atOf = (p: Page) => new URL(p.url().replace('#/', '')).searchParams.get('at');

    test("a log line's metrics open beside the log tab, one tab per cluster with the moment marked; a chart's minute comes back to that log tab", async ({
      page,
    }) => {
      const context = page.context();
      const { clusterId, logs } = await openLogTab(page);
      const main = page.url();
      const rows = logs.getByTestId('log-row');

      // The oldest line's moment: the metrics open in a tab of their own beside the log tab; the main tab stays as it was.
      const openedMetrics = context.waitForEvent('page');
      await rows.first().getByTitle('Metrics at this moment').click();
      const metrics = await openedMetrics;
      await expect.poll(() => metrics.url()).toContain(`#/clusters/${clusterId}/metrics?at=`);
      expect(page.url()).toBe(main);
      const firstAt = atOf(metrics)!;
      const marker = metrics.getByTestId('metric-chart-utilization').getByTestId('moment-marker');
      await expect(marker).toBeVisible();
      await expect(marker).toHaveAttribute('data-at', new Date(firstAt).toISOString());
      await expect(metrics.getByTestId('moment-note')).toContainText('Marked: ');
      const tabs = context.pages().length;

      // A click on a chart there (that moment's minute, before or at the oldest line held): the
      // log tab of that cluster shows the minute (no other tab), stops following, and counts as
      // new only the lines that arrive after the jump.
      const heldBefore = await heldIn(logs);
      await clickChartCentre(metrics);
      await expect.poll(() => atOf(logs)).not.toBeNull();
      expect(context.pages()).toHaveLength(tabs);
      const { minute } = await minuteOf(logs);
      await expect(logs.locator('.log-row.focused .log-time')).toHaveText(new RegExp(`^${minute}:`), { timeout: 30_000 });
      await expect(logs.getByRole('button', { name: 'Follow' })).toBeVisible();
      await expect(logs.getByTestId('log-status')).toContainText(/[\d,]+ held/);
      await logs.waitForTimeout(1000);
      await expect(logs.getByTestId('new-lines')).toHaveCount(0);
      await advanceClock(page, 60);
      const fresh = logs.getByTestId('new-lines');
      await expect(fresh).toHaveText(/^[\d,]+ new lines? — jump to latest$/, { timeout: 30_000 });
      const added = count(await fresh.textContent());
      expect(added).toBeLessThan(heldBefore);
      expect(added).toBeLessThanOrEqual((await heldIn(logs)) - heldBefore);

      // Another line of that cluster: the same metrics tab moves to its moment.
      await rows.last().getByTitle('Metrics at this moment').click();
      await expect.poll(() => atOf(metrics)).not.toBe(firstAt);
      await expect(marker).toHaveAttribute('data-at', new Date(atOf(metrics)!).toISOString());
      expect(context.pages()).toHaveLength(tabs);
      expect(page.url()).toBe(main);
      await metrics.close();
      await logs.close();
    });

    test("a chart's minute the open log tab holds is shown there: its lines stay, and only those arriving after are new", async ({
      page,
    }) => {
      const context = page.context();
      const { clusterId, logs } = await openLogTab(page);
      await expect(logs.getByRole('button', { name: 'Pause' })).toBeVisible();

      // The live dashboard's middle (about two and a half minutes ago) is among the lines held.
      await page.goto(`/#/clusters/${clusterId}/metrics`);
      const before = await heldIn(logs);
      const tabs = context.pages().length;
      await clickChartCentre(page);
      await expect.poll(() => atOf(logs)).not.toBeNull();
      expect(context.pages()).toHaveLength(tabs);
      const { minute } = await minuteOf(logs);
      await expect(logs.locator('.log-row.focused .log-time')).toHaveText(new RegExp(`^${minute}:`));
      await expect(logs.getByRole('button', { name: 'Follow' })).toBeVisible();
      // The lines held stay (none read again), and none of them is new.
      await logs.waitForTimeout(1000);
      expect(await heldIn(logs)).toBe(before);
      await expect(logs.getByTestId('new-lines')).toHaveCount(0);
      await advanceClock(page, 60);
      const fresh = logs.getByTestId('new-lines');
      await expect(fresh).toHaveText(/^[\d,]+ new lines? — jump to latest$/, { timeout: 30_000 });
      // Exactly the lines that came in since the click.
      await expect.poll(async () => count(await fresh.textContent())).toBe((await heldIn(logs)) - before);
      expect(count(await fresh.textContent())).toBeGreaterThan(0);
      await logs.close();
    });
  });
});
