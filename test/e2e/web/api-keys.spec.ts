// The API key lifecycle as an operator lives it: create → see the value once → copy →
// rotate → revoke; plus validation and the usage view.
import { expect, test } from '@playwright/test';
import { closeReveal, createKey, filterKeys, keyRow, openConsole, statusBar, uniqueName } from './console-page';

test.describe('API keys', () => {
  test('create shows the key once, copy, rotate, revoke', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openConsole(page);
    const name = uniqueName('e2e lifecycle');

    const value = await createKey(page, name, { permissions: ['read', 'write'] });

    // Copy puts exactly the value on the clipboard.
    await page.getByRole('button', { name: 'Copy key' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);

    await closeReveal(page);
    await filterKeys(page, name);
    const row = keyRow(page, name);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('key-status')).toHaveText('active');
    await expect(row.locator('[data-column="permissions"]')).toContainText('write');
    // The list shows only the prefix, never the value: not now, not after a reload.
    expect(value.startsWith((await row.getByTestId('key-prefix').textContent())!.replace('…', ''))).toBe(true);
    expect(await page.content()).not.toContain(value);
    await page.reload();
    await expect(page.getByRole('table', { name: 'API keys' })).toBeVisible();
    await filterKeys(page, name);
    await expect(keyRow(page, name)).toBeVisible();
    expect(await page.content()).not.toContain(value);

    // The status bar reports the rate limit of the last call.
    await expect(statusBar(page).getByTestId('status-rate-limit')).toHaveText(/\d[\d,]*\/\d[\d,]* left/);

    // Rotate: confirm, then a new value shown once.
    await keyRow(page, name)
      .getByRole('button', { name: `Rotate ${name}` })
      .click();
    const confirmRotate = page.getByRole('dialog', { name: `Rotate “${name}”?` });
    await expect(confirmRotate).toBeVisible();
    await confirmRotate.getByRole('button', { name: 'Rotate key' }).click();
    const rotated = page.getByRole('dialog', { name: 'API key rotated' });
    await expect(rotated).toBeVisible();
    const newValue = (await rotated.getByTestId('revealed-key').textContent())?.trim() ?? '';
    expect(newValue.length).toBeGreaterThanOrEqual(16);
    expect(newValue).not.toBe(value);
    await closeReveal(page);
    expect(await page.content()).not.toContain(newValue);

    // Revoke: confirm, then the status says so and the actions are gone.
    await keyRow(page, name)
      .getByRole('button', { name: `Revoke ${name}` })
      .click();
    const confirmRevoke = page.getByRole('dialog', { name: `Revoke “${name}”?` });
    await confirmRevoke.getByRole('button', { name: 'Revoke key' }).click();
    await expect(confirmRevoke).toBeHidden();
    await expect(keyRow(page, name).getByTestId('key-status')).toHaveText('revoked');
    await expect(keyRow(page, name).getByRole('button', { name: `Rotate ${name}` })).toBeDisabled();

    // Still revoked after a fresh load from the server.
    await page.getByRole('button', { name: 'Refresh keys' }).click();
    await expect(keyRow(page, name).getByTestId('key-status')).toHaveText('revoked');
  });

  test('the create form validates with the shared schema before sending', async ({ page }) => {
    await openConsole(page);
    await page.getByTestId('create-key-button').click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByRole('checkbox', { name: /^read —/ }).uncheck();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Choose at least one permission')).toBeVisible();

    await dialog.getByTestId('key-name-input').fill('x'.repeat(101));
    await expect(dialog.getByText('Name is at most 100 characters')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reads' }).fill('-5');
    await expect(dialog.getByText(/whole number of requests per hour/)).toBeVisible();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // A filter that matches nothing says so, and how to get the list back.
    await filterKeys(page, 'no such key zzz');
    await expect(page.getByTestId('empty-state')).toContainText('No keys match the filter');
    await filterKeys(page, '');
    await expect(page.getByTestId('empty-state')).toBeHidden();
  });

  test('a key shows its usage for a period and granularity', async ({ page }) => {
    await openConsole(page);
    const first = page.getByRole('rowgroup').getByRole('row').first();
    const name = (await first.getByRole('cell').first().locator('p').textContent())!;
    await first.click();
    const drawer = page.getByTestId('usage-drawer');
    await expect(drawer.getByRole('heading', { name: `Usage · ${name}` })).toBeVisible();
    await expect(drawer.getByTestId('usage-total')).toBeVisible();
    await expect(drawer.getByTestId('key-limits')).toHaveText(/^Limits per hour: .+ reads · .+ writes · .+ executions$/);
    await drawer.getByRole('button', { name: 'Period 30d' }).click();
    await expect(drawer.getByRole('button', { name: 'Period 30d' })).toHaveAttribute('aria-pressed', 'true');
    await drawer.getByRole('button', { name: 'By week' }).click();
    await expect(drawer.getByRole('button', { name: 'By week' })).toHaveAttribute('aria-pressed', 'true');
    await expect(drawer.getByTestId('usage-chart').or(drawer.getByTestId('empty-state'))).toBeVisible();
    await drawer.getByRole('button', { name: 'Close usage' }).click();
    await expect(drawer.getByTestId('usage-total')).toBeHidden();
  });
});
