// Issue 21, console: the usage dashboard (#/usage). The period's cost shown equals the sum of
// the breakdown's amounts shown (to the cent, as on screen); a resource's cost opens the
// resource that spent it (a cluster, an endpoint).
import { expect, test, type Page } from '@playwright/test';
import { openConsole } from './console-page';

/** "$34,147.44" → 3414744 (cents), as the screen writes it. */
function cents(text: string | null): number {
  const match = /-?[\d,]+\.\d{2}/.exec(text ?? '');
  expect(match, `an amount in ${JSON.stringify(text)}`).not.toBeNull();
  return Math.round(Number(match![0].replace(/,/g, '')) * 100);
}

async function openUsage(page: Page): Promise<void> {
  await openConsole(page);
  await page.getByRole('link', { name: 'Usage and costs', exact: true }).click();
  await expect(page).toHaveURL(/#\/usage$/);
  await expect(page.getByRole('heading', { name: 'Usage and costs', level: 1 })).toBeVisible();
}

test.describe('Usage and costs', () => {
  test('the period’s cost equals the sum of its breakdown as shown, for two periods', async ({ page }) => {
    await openUsage(page);
    for (const period of ['30d', '7d'] as const) {
      await page.getByTestId(`usage-period-${period}`).click();
      await expect(page.getByTestId(`usage-period-${period}`)).toHaveAttribute('aria-pressed', 'true');
      const total = page.getByTestId('usage-total');
      await expect(total).toHaveText(/\$[\d,]+\.\d{2}/);
      const totalCents = cents(await total.textContent());
      expect(totalCents).toBeGreaterThan(0);
      const amounts = await page.getByTestId('usage-breakdown').getByTestId('amount').allTextContents();
      expect(amounts).toHaveLength(4);
      expect(amounts.reduce((sum, a) => sum + cents(a), 0)).toBe(totalCents);
    }
    // The month chart states its method and confidence in words.
    await expect(page.getByTestId('usage-forecast-words')).toContainText(/\d+ % likely to end between/);
  });

  test('a resource’s cost opens the resource that spent it', async ({ page }) => {
    await openUsage(page);
    const costs = page.getByRole('table', { name: 'Costs' });
    await expect(page.getByTestId('usage-by-resource')).toHaveAttribute('aria-pressed', 'true');
    const clusterLink = costs.locator('[data-testid^="usage-cost-link-cluster_"]').first();
    await expect(clusterLink).toBeVisible();
    const clusterId = (await clusterLink.getAttribute('data-testid'))!.replace('usage-cost-link-', '');
    const clusterName = (await clusterLink.textContent())!.trim();
    await clusterLink.click();
    await expect(page).toHaveURL(new RegExp(`#/clusters/${clusterId}$`));
    await expect(page.getByRole('heading', { name: clusterName, exact: true })).toBeVisible();

    // Back on the dashboard (its answers kept, no read spent), an endpoint's row opens the endpoint.
    await page.goBack();
    const endpointRow = costs.locator('[data-testid^="usage-cost-ep_"]').first();
    await expect(endpointRow).toBeVisible();
    const endpointId = (await endpointRow.getAttribute('data-testid'))!.replace('usage-cost-', '');
    await endpointRow.click();
    await expect(page).toHaveURL(new RegExp(`#/endpoints/${endpointId}$`));
  });
});
