// Issue 21, console: the usage dashboard (#/usage). The period's cost shown equals the sum of
// the breakdown's amounts shown (to the cent, as on screen); a resource's cost opens the
// resource that spent it (a cluster, an endpoint); the seeded notebook, its GPUs mostly left
// idle, shows idle GPU money, with its metrics link and a confirmed stop.
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

  test('idle GPU money is shown for a cluster left idle, with its metrics and a confirmed stop', async ({ page }) => {
    await openUsage(page);
    // The seeded notebook: an interactive workload on its first GPU, the others left idle.
    const idle = page.getByRole('table', { name: 'Idle GPU money' });
    const notebook = idle.getByRole('row').filter({ hasText: 'notebook-sandbox' });
    await expect(notebook).toBeVisible();
    expect(cents(await notebook.getByTestId('idle-cost').textContent())).toBeGreaterThan(0);
    await expect(page.getByTestId('usage-idle')).toContainText(/paid for [\d,.]+ h of GPU time while utilisation stayed under 10 %/);

    // A higher threshold counts at least as much idle money.
    const at10 = cents(await notebook.getByTestId('idle-cost').textContent());
    await page.getByTestId('usage-idle').getByRole('combobox').click();
    await page.getByRole('option', { name: '30 %' }).click();
    await expect(page).toHaveURL(/idle=30/);
    await expect(page.getByTestId('usage-idle')).toContainText('under 30 %');
    expect(cents(await notebook.getByTestId('idle-cost').textContent())).toBeGreaterThanOrEqual(at10);

    // Stop cluster names what stops and what it saves an hour; cancelled here (other specs share the world).
    await notebook.getByRole('button', { name: 'Stop cluster' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop notebook-sandbox?' });
    await expect(dialog).toContainText(/saves \$[\d,]+\.\d{2}\/h/);
    await expect(dialog).toContainText('data volumes are kept');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // The longest idle run opens the cluster's metrics at its start.
    const metrics = notebook.getByRole('link', { name: / h from / });
    await expect(metrics).toHaveAttribute('href', /#\/clusters\/cluster_\w+\/metrics\?at=/);
  });
});
