// "Check all" on the endpoints list: one batch health check lists every endpoint of the
// account with its status, the failing checks and issues with recommendations, worst first;
// a deep re-run shows the checks that timed out; a row leads to the endpoint's detail.
import { expect, test } from '@playwright/test';
import type { Endpoint } from '../../../shared/api/endpoints/endpoint';
import { openConsole } from './console-page';
import { bridgeCall, bridgeInvoke } from './lifecycle-page';

test.describe('Endpoints: batch health', () => {
  test('checks every endpoint, shows issues and timeouts, and opens a detail', async ({ page }) => {
    await openConsole(page);
    await bridgeInvoke(page, 'emulator:reset', {});
    const { endpoints } = await bridgeCall<{ endpoints: Endpoint[] }>(page, 'endpoints.list');
    const byStatus = (status: Endpoint['status']) => endpoints.find((e) => e.status === status)!;
    // Counted from the list, not written down: an endpoint incident (a GPU lost for some minutes,
    // about once a month per endpoint on the simulated clock) can make a healthy one unhealthy
    // at whatever moment earlier tests moved the clock to.
    const counted = (status: Endpoint['status']) => endpoints.filter((e) => e.status === status).length;
    expect(counted('healthy')).toBeGreaterThan(0);

    await page.goto('/#/endpoints');
    await expect(page.getByTestId(`endpoint-row-${endpoints[0]!.id}`)).toBeVisible();
    await page.getByTestId('check-all-health').click();

    const drawer = page.getByTestId('batch-health');
    await expect(drawer.getByRole('heading', { name: 'Health of all endpoints' })).toBeVisible();
    const rows = drawer.getByTestId('batch-health-rows').locator(':scope > li');
    await expect(rows).toHaveCount(endpoints.length);
    for (const e of endpoints) await expect(drawer.getByTestId(`batch-row-${e.id}`)).toContainText(e.name);
    // Worst first: the endpoint in error leads, the healthy ones close the list.
    await expect(rows.first()).toHaveAttribute('data-testid', `batch-row-${byStatus('error').id}`);
    await expect(rows.last()).toContainText('All checks pass.');
    await expect(drawer.getByTestId('batch-summary-healthy')).toHaveText(`${counted('healthy')} healthy`);
    await expect(drawer.getByTestId('batch-summary-degraded')).toHaveText(`${counted('degraded')} degraded`);

    const degraded = drawer.getByTestId(`batch-row-${byStatus('degraded').id}`);
    await expect(degraded.getByRole('list', { name: 'Failing checks' })).toContainText('Model degraded');
    await expect(degraded.getByRole('alert').first()).toContainText('Recommendation:');

    // A deep check of an endpoint in error never completes within the timeout.
    await drawer.getByRole('button', { name: 'Deep' }).click();
    await expect(drawer.getByTestId('batch-summary-timedOut')).toBeVisible();
    await expect(drawer.getByTestId(`batch-row-${byStatus('error').id}`)).toContainText('Timed out');
    await expect(drawer.getByTestId(`batch-row-${byStatus('error').id}`)).toContainText('not finished: Inference');

    // The drawer closes to a strip over the list; a name opens the endpoint.
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('batch-health-strip')).toContainText('healthy');
    await page.getByTestId('batch-health-strip').getByRole('button', { name: 'Details' }).click();
    await drawer.getByRole('link', { name: byStatus('unhealthy').name }).click();
    await expect(page.getByRole('heading', { name: byStatus('unhealthy').name, level: 1 })).toBeVisible();
  });
});
