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
    await expect(dialog.getByText('1 to 1,000,000 requests per hour, or empty for no per-key limit')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reads' }).fill('0');
    await expect(dialog.getByTestId('key-rate-help')).toHaveText(/^Reads: Leave it empty for no per-key limit/);

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
    await expect(drawer.getByTestId('key-limits')).toHaveText(/^Reads: .+ · Writes: .+ · Executions: .+$/);
    await expect(drawer.getByTestId('key-expiry')).toHaveText(/^Never$|^\w{3} \d{1,2}, \d{4} · /);
    await drawer.getByRole('button', { name: 'Period 30d' }).click();
    await expect(drawer.getByRole('button', { name: 'Period 30d' })).toHaveAttribute('aria-pressed', 'true');
    await drawer.getByRole('button', { name: 'By week' }).click();
    await expect(drawer.getByRole('button', { name: 'By week' })).toHaveAttribute('aria-pressed', 'true');
    await expect(drawer.getByTestId('usage-chart').or(drawer.getByTestId('empty-state'))).toBeVisible();
    await drawer.getByRole('button', { name: 'Close usage' }).click();
    await expect(drawer.getByTestId('usage-total')).toBeHidden();
  });

  test('the one-time value stays on Esc until it is copied or marked as saved', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openConsole(page);
    const name = uniqueName('e2e keep');
    const value = await createKey(page, name);
    const reveal = page.getByTestId('key-reveal-dialog');

    // Esc and Done do not drop a value nobody saved: the dialog stays, with the value, and says why.
    await page.keyboard.press('Escape');
    await expect(reveal.getByTestId('reveal-close-hint')).toBeVisible();
    await expect(reveal.getByTestId('revealed-key')).toHaveText(value);
    await reveal.getByRole('button', { name: 'Done' }).click();
    await expect(reveal.getByTestId('revealed-key')).toHaveText(value);

    // Copied: now Esc closes it.
    await reveal.getByRole('button', { name: 'Copy key' }).click();
    await expect(reveal.getByRole('button', { name: 'Copied' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(reveal).toBeHidden();

    // Rotated: the same rule; ticking "I have saved this key" lets it close.
    await filterKeys(page, name);
    await keyRow(page, name)
      .getByRole('button', { name: `Rotate ${name}` })
      .click();
    await page
      .getByRole('dialog', { name: `Rotate “${name}”?` })
      .getByRole('button', { name: 'Rotate key' })
      .click();
    const rotated = page.getByRole('dialog', { name: 'API key rotated' });
    await expect(rotated).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(rotated.getByTestId('reveal-close-hint')).toBeVisible();
    await expect(rotated.getByTestId('revealed-key')).not.toHaveText(value);
    await rotated.getByRole('checkbox', { name: 'I have saved this key' }).check();
    await page.keyboard.press('Escape');
    await expect(rotated).toBeHidden();
  });

  test('edit a key: name and rate limit, from the list and the drawer', async ({ page }) => {
    await openConsole(page);
    const name = uniqueName('e2e edit');
    await createKey(page, name);
    await closeReveal(page);
    await filterKeys(page, name);
    await expect(keyRow(page, name).getByTestId('key-limits-cell')).toHaveText('No per-key limit');

    await keyRow(page, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit API key' });
    await expect(dialog.getByTestId('key-name-input')).toHaveValue(name);
    // Nothing changed: saving says so instead of sending an empty update.
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByTestId('edit-key-form-error')).toHaveText('Nothing to save: no field was changed');
    await dialog.getByRole('textbox', { name: 'Reads' }).fill('2000000');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('1 to 1,000,000 requests per hour, or empty for no per-key limit')).toBeVisible();

    const renamed = `${name} v2`;
    await dialog.getByTestId('key-name-input').fill(renamed);
    await dialog.getByRole('textbox', { name: 'Reads' }).fill('250');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    const row = keyRow(page, renamed);
    await expect(row.getByTestId('key-limits-cell')).toHaveText('R 250');

    // The drawer shows the saved configuration and edits it too.
    await row.click();
    const drawer = page.getByTestId('usage-drawer');
    await expect(drawer.getByRole('heading', { name: `Usage · ${renamed}` })).toBeVisible();
    await expect(drawer.getByTestId('key-limits')).toHaveText(
      'Reads: 250 per hour · Writes: no per-key limit · Executions: no per-key limit',
    );
    await expect(drawer.getByTestId('key-expiry')).toHaveText('Never');
    await drawer.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByRole('textbox', { name: 'Reads' }).fill('');
    await dialog.getByRole('textbox', { name: 'Writes' }).fill('40');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(drawer.getByTestId('key-limits')).toHaveText(
      'Reads: no per-key limit · Writes: 40 per hour · Executions: no per-key limit',
    );

    // What the server keeps, after a fresh load.
    await drawer.getByRole('button', { name: 'Close usage' }).click();
    await page.getByRole('button', { name: 'Refresh keys' }).click();
    await expect(keyRow(page, renamed).getByTestId('key-limits-cell')).toHaveText('W 40');
  });

  test('the owner key cannot be edited, rotated or revoked, and the row says why', async ({ page }) => {
    await openConsole(page);
    await filterKeys(page, 'Owner key (emulator)');
    const row = keyRow(page, 'Owner key (emulator)');
    for (const action of ['Edit', 'Rotate', 'Revoke']) {
      await expect(row.getByRole('button', { name: `${action} Owner key (emulator)` })).toBeDisabled();
    }
    await row.getByRole('button', { name: 'Revoke Owner key (emulator)' }).locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText(/owner key.*does not let it be changed, rotated or revoked/);
  });

  test('revoking a key a saved profile uses names the profile first', async ({ page }) => {
    await openConsole(page);
    const name = uniqueName('e2e profile key');
    const profileName = uniqueName('Staging').slice(0, 40);
    await createKey(page, name);
    const reveal = page.getByTestId('key-reveal-dialog');
    await reveal.getByRole('textbox', { name: 'Profile name' }).fill(profileName);
    await reveal.getByRole('checkbox', { name: 'Switch to this profile now' }).uncheck();
    await reveal.getByRole('button', { name: 'Use as a profile' }).click();
    await expect(reveal.getByText(`Saved as profile “${profileName}”`)).toBeVisible();
    // Kept as a profile counts as saved: Done closes.
    await reveal.getByRole('button', { name: 'Done' }).click();
    await expect(reveal).toBeHidden();

    await filterKeys(page, name);
    await keyRow(page, name)
      .getByRole('button', { name: `Revoke ${name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: `Revoke “${name}”?` });
    await expect(confirm.getByTestId('key-holders-warning')).toHaveText(
      `The profile “${profileName}” uses this key; after revoking, it will no longer connect.`,
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // A key no profile holds gets no such warning.
    const other = uniqueName('e2e no profile');
    await createKey(page, other);
    await closeReveal(page);
    await filterKeys(page, other);
    await keyRow(page, other)
      .getByRole('button', { name: `Revoke ${other}` })
      .click();
    const plain = page.getByRole('dialog', { name: `Revoke “${other}”?` });
    await expect(plain).toContainText('The key stops working at once.');
    await expect(plain.getByTestId('key-holders-warning')).toHaveCount(0);
  });
});
