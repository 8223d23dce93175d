// Roles & permissions, the Roles and Grants tabs (issue 19): a custom role inheriting developer
// while declaring only read shows INVALID_ROLE_HIERARCHY before saving, and saves once fixed (its
// edit replays the last 30 days); a grant counts down to its expiry and is revoked after a
// confirmation.
import { expect, test, type Page } from '@playwright/test';
import { openConsole } from './console-page';

async function openTab(page: Page, tab: 'Roles' | 'Grants'): Promise<void> {
  await page.getByRole('link', { name: 'Roles & permissions' }).click();
  await page.getByRole('tab', { name: tab }).click();
  await expect(page).toHaveURL(new RegExp(`tab=${tab.toLowerCase()}`));
}

const roleName = () => `e2e_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

test.describe('roles and grants', () => {
  test('a custom role shows its hierarchy problem before saving, then saves and is drawn under its parent', async ({ page }) => {
    await openConsole(page);
    await openTab(page, 'Roles');
    await expect(page.getByTestId('role-node-developer')).toBeVisible();
    await expect(page.getByTestId('role-card-admin')).toContainText('Read-only');

    await page.getByRole('button', { name: 'New role' }).click();
    const editor = page.getByTestId('role-editor');
    const name = roleName();
    await editor.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await editor.getByRole('textbox', { name: 'Display name' }).fill('Release ops');
    await editor.getByRole('combobox', { name: 'Inherits' }).click();
    await page.getByRole('option', { name: 'developer', exact: true }).click();
    await editor.getByRole('checkbox', { name: /^read/ }).check();
    await editor.getByRole('checkbox', { name: /^endpoints/ }).check();
    await editor.getByRole('checkbox', { name: /^clusters/ }).check();
    // Before any save: the emulator's rule, worded as it would answer.
    const problem = editor.getByTestId('role-hierarchy-problem');
    await expect(problem).toContainText('INVALID_ROLE_HIERARCHY');
    await expect(problem).toContainText('developer holds permissions write, execute');
    await editor.getByTestId('role-save').click();
    await expect(editor).toBeVisible();
    await expect(editor.getByRole('combobox', { name: 'Inherits' })).toHaveAttribute('aria-invalid', 'true');

    await editor.getByRole('checkbox', { name: /^write/ }).check();
    await editor.getByRole('checkbox', { name: /^execute/ }).check();
    await expect(problem).toBeHidden();
    await expect(editor.getByTestId('role-effective')).toContainText('Holds read, write, execute');
    await editor.getByTestId('role-save').click();
    await expect(editor).toBeHidden();
    await expect(page.getByTestId(`role-card-${name}`)).toContainText('Release ops');
    await expect(page.getByTestId(`role-node-${name}`)).toBeVisible();

    // An edit replays the last 30 days for the role's members (none hold it yet).
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(editor.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
    await expect(editor.getByTestId('what-if-none')).toContainText('No call of the last 30 days would be refused');
    await editor.getByRole('textbox', { name: 'Display name' }).fill('Release operators');
    await editor.getByTestId('role-save').click();
    await expect(editor).toBeHidden();
    await expect(page.getByTestId(`role-card-${name}`)).toContainText('Release operators');

    // The palette finds the role by name and opens its card.
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('button', { name: 'Open command palette' }).click();
    const palette = page.getByTestId('command-palette');
    await palette.getByRole('combobox', { name: 'Command' }).fill(name);
    await palette
      .getByRole('option', { name: /Release operators/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`tab=roles&role=${name}`));
    await expect(page.getByTestId(`role-card-${name}`)).toBeVisible();
  });

  test('a grant counts down to its expiry and is revoked after a confirmation', async ({ page }) => {
    await openConsole(page);
    await openTab(page, 'Grants');
    await page.getByRole('button', { name: 'Grant…' }).click();
    const dialog = page.getByTestId('grant-dialog');
    await dialog.getByRole('combobox', { name: 'Member' }).click();
    await page.getByRole('option').filter({ hasText: 'viewer · active' }).first().click();
    await dialog.getByRole('checkbox', { name: 'write' }).check();
    await dialog.getByRole('checkbox', { name: 'clusters' }).check();
    await dialog.getByRole('combobox', { name: 'Expires' }).click();
    await page.getByRole('option', { name: 'In 8 hours' }).click();
    const reason = `e2e ${Date.now().toString(36)}`;
    await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill(reason);
    await dialog.getByTestId('grant-submit').click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: reason });
    await expect(row).toContainText(/expires in [78] h/);
    await expect(row).toContainText('active');

    // The matrix shows the grant as added to the viewer's role (write on clusters).
    await page.getByRole('tab', { name: 'Matrix' }).click();
    await page.getByRole('textbox', { name: 'Filter members' }).fill('viewer');
    const matrix = page.getByRole('table', { name: 'Permission matrix' });
    await expect(matrix.getByTitle('write on clusters: added on top of the base role', { exact: false }).first()).toBeVisible();
    await page.getByRole('tab', { name: 'Grants' }).click();
    await row.getByRole('button', { name: /^Revoke grant/ }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText('loses write on clusters');
    await confirm.getByRole('button', { name: 'Revoke grant' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('revoked');
    await expect(row.getByRole('button', { name: /^Revoke grant/ })).toHaveCount(0);

    // The state filter is in the address.
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Active' }).click();
    await expect(page).toHaveURL(/status=active/);
    await expect(page.getByRole('row').filter({ hasText: reason })).toHaveCount(0);
  });
});
