// The log window as an operator uses it in web mode: opened from a running cluster's page as
// a new tab signed in with the console's stored token (never a cookie, never in its address), lines
// arriving from the live tail, follow mode that stops when scrolling up and counts the lines
// that arrive as the simulated clock moves, the regex filter with its highlight and its inline
// error; and the link from a log line's moment and GPU to the metrics dashboard. Links between
// an open log tab and the metrics tab: web-tabs.spec.ts.
// The first test needs the stream relay (the `logs:tail` topic served by main/streams/).
import { expect, test, type Page } from '@playwright/test';
import { openConsole } from './console-page';
import { advanceClock, bridgeInvoke, clusterWithStatus } from './lifecycle-page';
import { E2E_TOKEN } from './server-constants';

async function openLogWindowFromCluster(page: Page, clusterId: string): Promise<Page> {
  await page.goto(`/#/clusters/${clusterId}`);
  const opened = page.context().waitForEvent('page');
  await page.getByTestId('open-logs').click();
  const logs = await opened;
  await logs.waitForLoadState('domcontentloaded');
  return logs;
}

test.describe('Log window', () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => {
    await openConsole(page);
  });

  test('follows a running cluster in a new tab, counts new lines when scrolled up, filters by regex', async ({ page }) => {
    const cluster = await clusterWithStatus(page, 'running');
    const logs = await openLogWindowFromCluster(page, cluster.id);

    // The new tab is signed in (the token the server accepted, from the origin's storage), and its address holds no token.
    await expect(logs.getByRole('log', { name: 'Log lines' })).toBeVisible();
    await expect.poll(() => logs.url()).toContain('#/logs?src=');
    expect(logs.url()).not.toContain(E2E_TOKEN);
    expect((await logs.context().cookies()).length, 'no cookie carries the session').toBe(0);
    // A window of its own: no navigation of the console's areas.
    await expect(logs.getByRole('navigation', { name: 'Areas' })).toHaveCount(0);
    await expect(logs.getByRole('button', { name: cluster.name })).toBeVisible();

    // Lines arrive (the backlog first), and the feed says it is live.
    const rows = logs.getByTestId('log-row');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    await expect(logs.getByTestId('feed-state')).toHaveText('live');
    await expect(logs.getByTestId('log-status')).toContainText(/[\d,]+ held/);

    // Scrolling up stops following; lines written as the clock moves are counted, not scrolled to.
    const list = logs.getByTestId('log-lines');
    await list.hover();
    await logs.mouse.wheel(0, -2000);
    await expect(logs.getByRole('button', { name: 'Follow' })).toBeVisible();
    await advanceClock(page, 300);
    const fresh = logs.getByTestId('new-lines');
    await expect(fresh).toHaveText(/^[\d,]+ new lines? — jump to latest$/, { timeout: 30_000 });
    const count = (t: string | null) => Number((t ?? '').replace(/[^\d]/g, ''));
    const first = count(await fresh.textContent());
    await advanceClock(page, 300);
    await expect.poll(async () => count(await fresh.textContent()), { timeout: 30_000 }).toBeGreaterThan(first);
    await fresh.click();
    await expect(fresh).toBeHidden();
    await expect(logs.getByRole('button', { name: 'Pause' })).toBeVisible();

    // A regular expression (made from a word of a line in sight) filters the lines and highlights what matched.
    const sample = (await rows.last().getByTestId('log-message').textContent()) ?? '';
    const word = /[A-Za-z]{4,}/.exec(sample)![0];
    const filter = logs.getByRole('textbox', { name: 'Filter lines' });
    await filter.fill(`(${word})`);
    await expect(logs.getByTestId('log-status')).toContainText(/[\d,]+ shown/);
    await expect(logs.locator('.log-row mark').first()).toHaveText(new RegExp(`^${word}$`, 'i'));
    await expect
      .poll(async () => (await logs.locator('.log-row').allTextContents()).every((t) => t.toLowerCase().includes(word.toLowerCase())))
      .toBe(true);

    // A bad pattern says why, on the field, and shows no line: the last good pattern's lines do
    // not stay as if they matched it (issue 18 part 5).
    await filter.fill('(oom');
    await expect(logs.getByText('Not a valid regular expression: unterminated group')).toBeVisible();
    await expect(rows).toHaveCount(0);
    await expect(logs.getByTestId('log-empty')).toContainText('the filter is not a valid regular expression');
    await filter.fill('');
    await expect(rows.first()).toBeVisible();
    await logs.close();
  });

  test("a log line's moment and GPU open the metrics dashboard around it, that GPU alone", async ({ page }) => {
    const cluster = await clusterWithStatus(page, 'running', (c) => c.gpu.count >= 2);
    const clock = (await bridgeInvoke<{ now: string }>(page, 'emulator:clock', {})).now;
    const at = new Date(Date.parse(clock) - 3_600_000).toISOString();
    await page.goto(`/#/clusters/${cluster.id}/metrics?at=${encodeURIComponent(at)}&gpu=gpu_1`);
    await expect(page.getByRole('tab', { name: 'Metrics', selected: true })).toBeVisible();
    await expect(page.getByTestId('metric-chart-utilization')).toHaveAttribute('data-visible-series', '1');
    await expect(page.getByRole('checkbox', { name: 'Show GPU 1' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Show GPU 0' })).not.toBeChecked();
    await expect(page.getByTestId('metrics-state')).toHaveText(/ – .*, one point per 1 min$/);
  });

  test("a click on a metric chart opens the cluster's logs from that minute, without following the newest", async ({ page }) => {
    // The seeded training cluster, running as of now (flows before this one move the clock and stop clusters).
    await bridgeInvoke(page, 'emulator:reset', {});
    const cluster = await clusterWithStatus(page, 'running', (c) => c.name === 'llm-pretraining');
    await page.goto(`/#/clusters/${cluster.id}/metrics`);
    const chart = page.getByTestId('metric-chart-utilization').locator('canvas');
    await expect(page.getByTestId('metric-chart-utilization')).toHaveAttribute('data-visible-series', /[1-9]/);
    const opened = page.context().waitForEvent('page');
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const logs = await opened;
    await expect.poll(() => logs.url()).toContain('&at=');
    const at = Date.parse(new URL(logs.url().replace('#/', '')).searchParams.get('at')!);
    expect(at % 60_000).toBe(0);
    const rows = logs.getByTestId('log-row');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    // The first line held is of that minute (a training cluster writes every few seconds), and the
    // view stays on it: "Follow" is offered, the lines after it are counted as new.
    const minute = await logs.evaluate((ms) => new Date(ms).toTimeString().slice(0, 5), at);
    await expect(rows.first().locator('.log-time')).toHaveText(new RegExp(`^${minute}:`));
    await expect(logs.getByRole('button', { name: 'Follow' })).toBeVisible();
    await logs.close();
  });

  test('a log window without a source says how to add one', async ({ page }) => {
    await page.goto('/#/logs');
    await expect(page.getByText('No source to follow')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Areas' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add source' }).click();
    await expect(page.getByRole('dialog', { name: 'Add a source' })).toBeVisible();
  });
});
