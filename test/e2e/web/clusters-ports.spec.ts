// Port mappings of a cluster's proxy as an operator edits them: add with an auto-assigned
// external port, inline CIDR validation, edit, delete.
import { expect, test } from '@playwright/test';
import { uniqueName } from './console-page';
import { addPort, openClusters, openRunningCluster, portDialog, portRow, unusedInternalPort } from './clusters-page';

test.describe('Cluster proxy ports', () => {
  test('add a mapping with an auto-assigned external port and see it with its URL', async ({ page }) => {
    await openClusters(page);
    await openRunningCluster(page);
    const internal = unusedInternalPort();
    const description = uniqueName('e2e auto port');

    await page.getByTestId('add-port-button').click();
    const dialog = portDialog(page);
    await expect(dialog.getByTestId('port-external-input')).toHaveValue('');
    await expect(dialog).toContainText('Blank: assigned automatically');
    await dialog.getByTestId('port-internal-input').fill(String(internal));
    await dialog.getByTestId('port-description-input').fill(description);
    await dialog.getByTestId('port-save').click();
    await expect(dialog).toBeHidden();

    const row = portRow(page, internal);
    await expect(row).toBeVisible();
    await expect(row).toContainText(description);
    const mapping = (await row.getByTestId('port-mapping').textContent()) ?? '';
    const match = new RegExp(`^${internal} → (\\d+)$`).exec(mapping.trim());
    expect(match, `mapping cell "${mapping}"`).not.toBeNull();
    const external = Number(match![1]);
    expect(external).toBeGreaterThanOrEqual(1);
    expect(external).toBeLessThanOrEqual(65535);
    // The URL is the proxy address with the assigned external port.
    const proxyUrl = ((await page.getByTestId('proxy-url').textContent()) ?? '').trim();
    const url = ((await row.getByTestId('port-url').textContent()) ?? '').trim();
    expect(url).toMatch(/^https:\/\//);
    expect(url).toContain(String(external));
    expect(new URL(url).hostname).toBe(new URL(proxyUrl).hostname);
    await expect(page.getByText(`Port ${internal} mapped to ${external} (assigned automatically)`)).toBeVisible();
  });

  test('an invalid CIDR in the allow-list is shown inline and blocks saving', async ({ page }) => {
    await openClusters(page);
    await openRunningCluster(page);
    await page.getByTestId('add-port-button').click();
    const dialog = portDialog(page);
    await dialog.getByTestId('port-internal-input').fill(String(unusedInternalPort()));
    await dialog.getByTestId('port-description-input').fill('CIDR check');
    const allowList = dialog.getByTestId('port-ip-allowlist');
    await allowList.getByRole('button', { name: 'Add address or range' }).click();
    const entry = allowList.getByRole('textbox', { name: 'IP allow-list entry 1' });
    await entry.fill('10.0.0.0/33');
    await expect(allowList).toContainText('Not an IPv4/IPv6 address or CIDR range');
    await expect(entry).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByTestId('port-save')).toBeDisabled();

    await entry.fill('10.0.0.0/24');
    await expect(allowList).not.toContainText('Not an IPv4/IPv6 address or CIDR range');
    await expect(dialog.getByTestId('port-save')).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('edit and delete a mapping', async ({ page }) => {
    await openClusters(page);
    await openRunningCluster(page);
    const internal = unusedInternalPort();
    await addPort(page, { internal, description: uniqueName('e2e edit port') });
    const row = portRow(page, internal);
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Edit port ${internal}` }).click();
    const dialog = portDialog(page);
    await expect(dialog).toContainText(`Edit port ${internal} →`);
    await expect(dialog.getByTestId('port-internal-input')).toBeDisabled();
    const renamed = uniqueName('e2e renamed port');
    await dialog.getByTestId('port-description-input').fill(renamed);
    await dialog.getByLabel('Public access').check();
    await expect(dialog.getByTestId('public-access-warning')).toBeVisible();
    await dialog.getByTestId('port-save').click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(renamed);
    await expect(row.getByTestId('port-access')).toContainText('Public');

    // The change is the API's, not only the table's: it survives a reload.
    await page.reload();
    await expect(portRow(page, internal)).toContainText(renamed);

    await portRow(page, internal)
      .getByRole('button', { name: `Delete port ${internal}` })
      .click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText(`Delete port ${internal} →`);
    await confirm.getByRole('button', { name: 'Delete mapping' }).click();
    await expect(confirm).toBeHidden();
    await expect(portRow(page, internal)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('table', { name: 'Port mappings' })).toBeVisible();
    await expect(portRow(page, internal)).toHaveCount(0);
  });

  test('a taken external port is refused on the external-port field, naming the mapping that holds it', async ({ page }) => {
    await openClusters(page);
    await openRunningCluster(page);
    const first = page.locator('[data-testid^="port-row-"]').first();
    const firstMapping = ((await first.getByTestId('port-mapping').textContent()) ?? '').trim();
    const [, holderInternal, taken] = /^(\d+) → (\d+)$/.exec(firstMapping) ?? [];
    expect(Number(taken)).toBeGreaterThan(0);

    await page.getByTestId('add-port-button').click();
    const dialog = portDialog(page);
    const internal = unusedInternalPort();
    const external = dialog.getByTestId('port-external-input');
    await dialog.getByTestId('port-internal-input').fill(String(internal));
    await external.fill(String(taken));
    await dialog.getByTestId('port-description-input').fill('conflict check');
    await dialog.getByTestId('port-save').click();
    // On the field (not an alert at the bottom), naming the holder and the way out; the dialog stays open.
    const message = dialog.getByText(
      new RegExp(`^${taken} is taken by ${holderInternal} → ${taken}, .+\\. Leave it blank to assign a free port automatically$`),
    );
    await expect(message).toBeVisible();
    await expect(external).toHaveAttribute('aria-invalid', 'true');
    await expect(external).toBeFocused();
    await expect(dialog.getByTestId('error-alert')).toHaveCount(0);
    // Leaving it blank clears the error.
    await external.fill('');
    await expect(message).toBeHidden();
    await expect(dialog.getByText('Blank: assigned automatically')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(portRow(page, internal)).toHaveCount(0);
  });
});
