// An endpoint's log analytics as an operator reads them: levels by hour, totals with units, the
// most common errors grouped by message with an example and its stack trace, another range, and
// the way there from the palette.
import { expect, test } from '@playwright/test';
import type { Endpoint } from '../../../shared/api/endpoints/endpoint';
import { openConsole } from './console-page';
import { bridgeCall, bridgeInvoke } from './lifecycle-page';

test.describe('Endpoints: log analytics', () => {
  test('levels by hour, durations and the most common errors of a seeded endpoint, over 6 h then 24 h', async ({ page }) => {
    await openConsole(page);
    await bridgeInvoke(page, 'emulator:reset', {});
    const { endpoints } = await bridgeCall<{ endpoints: Endpoint[] }>(page, 'endpoints.list');
    const subject = endpoints.find((e) => e.name === 'bge-embeddings')!;

    await page.goto(`/#/endpoints/${subject.id}`);
    await expect(page.getByRole('heading', { name: subject.name, level: 1 })).toBeVisible();
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page).toHaveURL(new RegExp(`#/endpoints/${subject.id}/analytics`));

    const analytics = page.getByTestId('endpoint-analytics');
    await expect(analytics.getByRole('button', { name: 'Last 6 h' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('analytics-lines')).toHaveText(/^\d{1,3}(,\d{3})+$/);
    await expect(page.getByTestId('analytics-p95')).toHaveText(/^\d+ ms$|^\d+\.\d+ s$/);
    // Six hours span six or seven clock hours; each has info, warn and error lines.
    const levels = page.getByRole('table', { name: 'Log lines by hour and level' });
    const hourRows = levels.locator('tbody tr');
    expect([6, 7]).toContain(await hourRows.count());
    await expect(levels.locator('thead')).toContainText('warn');

    const errors = page.getByTestId('analytics-common-errors');
    const shapes = errors.getByTestId('common-error-shape');
    // An unhealthy endpoint fails half its requests upstream and half on storage timeouts, so
    // which is first depends on the hour: the list is ordered by count, most common first.
    await expect(errors).toContainText('Upstream worker unavailable (<n>)');
    await expect(errors).toContainText('object_store read timed out after <n> ms');
    await expect(errors).toContainText('Worker worker_<n> unreachable; requests rerouted');
    await expect(errors.getByTestId('common-error-count').first()).toHaveText(/^\d[\d,]*×$/);
    const counts = (await errors.getByTestId('common-error-count').allTextContents()).map((t) => Number(t.replace(/[^\d]/g, '')));
    expect(counts.length).toBe(await shapes.count());
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // The most common one's example, with its own stack trace.
    const stackOf: Record<string, string> = {
      'Upstream worker unavailable (<n>)': 'UpstreamError: worker worker_2 returned 502',
      'object_store read timed out after <n> ms': 'TimeoutError: object_store read timed out after 5000 ms',
    };
    const first = (await shapes.first().textContent()) ?? '';
    expect(Object.keys(stackOf)).toContain(first);
    await errors.getByRole('button', { name: 'Show example' }).first().click();
    await expect(errors.getByTestId('common-error-example')).toContainText(stackOf[first]!);

    // The whole day: the route's maximum range, kept in the address.
    await analytics.getByRole('button', { name: 'Last 24 h' }).click();
    await expect(page).toHaveURL(/range=24h/);
    await expect.poll(() => hourRows.count()).toBeGreaterThanOrEqual(24);
  });

  test('a stopped endpoint says why it has no lines; the palette opens the analytics of the open endpoint', async ({ page }) => {
    await openConsole(page);
    await bridgeInvoke(page, 'emulator:reset', {});
    const { endpoints } = await bridgeCall<{ endpoints: Endpoint[] }>(page, 'endpoints.list');
    const stopped = endpoints.find((e) => e.status === 'stopped')!;
    // Its stop wrote lines; six hours on (the clock, which a reset keeps, may already be
    // ahead of the seeded world by less), the last 6 h hold none.
    await bridgeInvoke(page, 'emulator:advanceClock', { seconds: 6 * 3600 + 60 });
    await page.goto(`/#/endpoints/${stopped.id}`);
    await expect(page.getByRole('heading', { name: stopped.name, level: 1 })).toBeVisible();
    await page.keyboard.press('Control+K');
    await page.keyboard.type('open log analytics');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`#/endpoints/${stopped.id}/analytics`));
    await expect(page.getByTestId('empty-state')).toContainText('No log lines in the last 6 h');
    await expect(page.getByTestId('empty-state')).toContainText('The endpoint is stopped');
  });
});

test.describe('Endpoints: log analytics errors', () => {
  test('a failing read says so with a retry that recovers', async ({ page }) => {
    await openConsole(page);
    await bridgeInvoke(page, 'emulator:reset', {});
    const { endpoints } = await bridgeCall<{ endpoints: Endpoint[] }>(page, 'endpoints.list');
    const subject = endpoints.find((e) => e.status === 'healthy')!;
    await bridgeInvoke(page, 'emulator:setChaos', {
      rules: [{ route: '/v2/endpoints/logs/**', method: 'POST', errorRate: 1, status: 503 }],
    });
    try {
      await page.goto(`/#/endpoints/${subject.id}/analytics?range=1h`);
      const failure = page.getByTestId('error-state');
      await expect(failure).toContainText('Could not read the endpoint’s logs');
      await expect(failure).toContainText('503');
      await bridgeInvoke(page, 'emulator:setChaos', { rules: [] });
      await failure.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByTestId('analytics-lines')).toHaveText(/^\d[\d,]*$/);
      await expect(page.getByTestId('analytics-common-errors')).toContainText('Request validation failed: input.prompt is required');
    } finally {
      await bridgeInvoke(page, 'emulator:setChaos', { rules: [] });
    }
  });
});
