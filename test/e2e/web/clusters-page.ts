// Page helpers for the clusters area in web mode: reach the list, open a running cluster's
// Proxy & ports tab, and find and add port mappings by role and label.
import { expect, type Locator, type Page } from '@playwright/test';
import { openConsole } from './console-page';

export async function openClusters(page: Page): Promise<void> {
  await openConsole(page);
  await page.getByRole('link', { name: 'Clusters' }).click();
  await expect(page.getByRole('table', { name: 'Clusters' })).toBeVisible();
  await expect(page.locator('[data-testid^="cluster-row-"]').first()).toBeVisible();
}

/** Opens the first running cluster of the list on the given tab; returns its id. */
export async function openRunningCluster(page: Page, tab: 'Overview' | 'Proxy & ports' = 'Proxy & ports'): Promise<string> {
  await page.getByTestId('status-filter-running').click();
  const row = page.locator('[data-testid^="cluster-row-"]').first();
  await expect(row.getByTestId('cluster-status')).toHaveText('running');
  const id = (await row.getAttribute('data-testid'))!.replace('cluster-row-', '');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`#/clusters/${id}$`));
  // The list stays on screen while the detail's code loads (a route transition): wait for the detail itself.
  await expect(page.getByRole('tablist', { name: 'Cluster sections' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Clusters');
  if (tab !== 'Overview') {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('table', { name: 'Port mappings' })).toBeVisible();
  }
  return id;
}

export function portRow(page: Page, internalPort: number): Locator {
  return page.getByTestId(`port-row-${internalPort}`);
}

export function portDialog(page: Page): Locator {
  return page.getByTestId('port-dialog');
}

/** A port unlikely to be mapped already on a seeded cluster. */
export function unusedInternalPort(): number {
  return 20_000 + Math.floor(Math.random() * 40_000);
}

/** Adds a mapping through the dialog, leaving the external port blank (auto-assign) unless given. */
export async function addPort(page: Page, options: { internal: number; description: string; external?: number }): Promise<void> {
  await page.getByTestId('add-port-button').click();
  const dialog = portDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('port-internal-input').fill(String(options.internal));
  if (options.external !== undefined) await dialog.getByTestId('port-external-input').fill(String(options.external));
  await dialog.getByTestId('port-description-input').fill(options.description);
  await dialog.getByTestId('port-save').click();
  await expect(dialog).toBeHidden();
}
