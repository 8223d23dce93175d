// Issue 21, console: API usage and limits. A key the test creates is a POST the analytics count
// under its route template; the view shows it in the routes table and the chart; a temporary
// boost requested from the form shows its remaining time and the limits it raised.
import { expect, test } from '@playwright/test';
import { closeReveal, createKey, openConsole, uniqueName } from './console-page';

test.describe('API usage and limits', () => {
  test('shows the requests the test made per route template, and a boost with its remaining time and raised limits', async ({ page }) => {
    await openConsole(page);
    await createKey(page, uniqueName('e2e api usage'));
    await closeReveal(page);

    await page.getByRole('link', { name: 'API usage', exact: true }).click();
    await expect(page).toHaveURL(/#\/api-usage$/);
    await expect(page.getByRole('heading', { name: 'API usage and limits' })).toBeVisible();
    const routes = page.getByRole('table', { name: 'Requests by route' });
    const created = routes.getByTestId('api-usage-route-POST /v2/accounts/api-keys');
    await expect(created).toBeVisible();
    await expect(created).toContainText('apiKeys.create');
    expect(Number((await page.getByTestId('api-usage-requests').textContent())!.replace(/\D/g, ''))).toBeGreaterThan(0);
    await expect(page.getByTestId('api-usage-chart').locator('canvas')).toBeVisible();
    // Sortable: a click on a header orders by it.
    await routes.getByRole('columnheader', { name: 'Route' }).click();
    await expect(routes.getByRole('columnheader', { name: 'Route' })).toHaveAttribute('aria-sort', 'ascending');

    // The rate-limit windows count down to their reset.
    const reads = page.getByTestId('limit-Reads');
    await expect(reads).toContainText(/resets in \d/);

    await page.getByTestId('boost-open').click();
    const dialog = page.getByRole('dialog', { name: 'Request a temporary boost' });
    await expect(dialog.getByText('1.1 to 10')).toBeVisible();
    await expect(dialog.getByText('Up to 7 days')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Multiplier' }).fill('12');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('e2e launch');
    await dialog.getByTestId('boost-submit').click();
    await expect(dialog.getByText('Must be from 1.1 to 10')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Multiplier' }).fill('2');
    await dialog.getByRole('textbox', { name: 'Duration' }).fill('3');
    await dialog.getByTestId('boost-submit').click();
    await expect(dialog).toBeHidden();

    await expect(page.getByTestId('boost-remaining')).toHaveText(/^(2 h|3 h)/);
    const limits = page.getByTestId('boost-limits');
    await expect(limits).toContainText(/Reads\s*[\d,]+ → [\d,]+ an hour/);
    const [before, after] = (await limits.getByRole('row').first().textContent())!
      .replace(/,/g, '')
      .match(/(\d+) → (\d+)/)!
      .slice(1)
      .map(Number);
    expect(after).toBe(Math.floor(before! * 2));
  });
});
