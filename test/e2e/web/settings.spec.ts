// The settings editors as an operator uses them: a value out of bounds is refused on its own
// field with its rule, an allow-list entry on its own row with its reason (and the range meant
// offered), a valid Save reads back after a reload; write-only values are set and cleared
// without ever being shown; leaving with unsaved changes asks.
import { expect, test, type Page } from '@playwright/test';
import { closeReveal, openConsole, statusBar, uniqueName } from './console-page';
import { bridgeInvoke } from './lifecycle-page';

async function openSection(page: Page, section: string) {
  await openConsole(page);
  await page.goto(`/#/settings/${section}`);
  await expect(page.getByRole('form', { name: new RegExp(`settings$`, 'i') })).toBeVisible();
}

const saveBar = (page: Page) => page.getByTestId('settings-save-bar');

test.describe('Settings', () => {
  test('security: errors on their fields and rows, then a valid save that reads back', async ({ page }) => {
    await openSection(page, 'security');
    const timeout = page.getByLabel('Session timeout (hours)');
    await expect(timeout).toHaveAccessibleDescription('1 to 168 hours');
    await timeout.fill('200');

    await page.getByRole('button', { name: 'Add address or range' }).click();
    const entry = page.getByTestId('allow-row').last().getByLabel('Address or range');
    await entry.fill('10.0.0.1/8');
    await saveBar(page).getByRole('button', { name: 'Save' }).click();

    // Each refusal sits on what it concerns, in the rule's words.
    await expect(timeout).toHaveAttribute('aria-invalid', 'true');
    await expect(timeout).toHaveAccessibleDescription('1 to 168 hours');
    await expect(entry).toHaveAttribute('aria-invalid', 'true');
    await expect(entry).toHaveAccessibleDescription(/10\.0\.0\.1\/8 has host bits set: the range is 10\.0\.0\.0\/8/i);
    await expect(page.getByText(/Too big|expected number/)).toHaveCount(0);

    // The range meant is offered; taking it and a valid timeout saves.
    await page.getByRole('button', { name: 'Use 10.0.0.0/8' }).click();
    await expect(entry).toHaveValue('10.0.0.0/8');
    await timeout.fill('12');
    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    await expect(saveBar(page)).toContainText('Security: all changes saved');

    await page.reload();
    await expect(page.getByLabel('Session timeout (hours)')).toHaveValue('12');
    await expect(page.getByTestId('allow-row').getByLabel('Address or range').last()).toHaveValue('10.0.0.0/8');
    await expect(page.getByTestId('your-address')).toContainText('You are connecting from');
  });

  test('security: requiring an allow-list without your address warns before saving', async ({ page }) => {
    await openSection(page, 'security');
    // Only a range that cannot hold the console's address.
    const rows = page.getByTestId('allow-row');
    for (let n = await rows.count(); n > 0; n--) await page.getByRole('button', { name: `Remove entry ${n}` }).click();
    await page.getByRole('button', { name: 'Add address or range' }).click();
    await rows.last().getByLabel('Address or range').fill('198.51.100.0/24');
    await page.getByLabel('Only allow these addresses').check();
    await expect(page.getByTestId('lockout-warning')).toContainText('Saving this would refuse your own address');

    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: 'Lock out your own address?' });
    await expect(confirm).toContainText('can no longer call the API');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    // Nothing was sent: the section still has its unsaved changes, and Discard drops them.
    await expect(saveBar(page)).toContainText('Unsaved changes to Security');
    await saveBar(page).getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByTestId('lockout-warning')).toHaveCount(0);
  });

  test('notifications: the webhook secret is set and cleared without being shown', async ({ page }) => {
    await openSection(page, 'notifications');
    const secret = page.getByTestId('write-only-Signing secret');
    const status = secret.getByTestId('write-only-status');
    // Start from a known state: clear it if an earlier run set it.
    if ((await status.textContent()) === 'Set') {
      await secret.getByRole('button', { name: 'Clear' }).click();
      await page.getByRole('dialog', { name: 'Clear the signing secret?' }).getByRole('button', { name: 'Clear on Save' }).click();
      await saveBar(page).getByRole('button', { name: 'Save' }).click();
      await expect(status).toHaveText('Not set');
    }
    await secret.getByRole('button', { name: 'Set…' }).click();
    const value = `whsec-${Date.now()}`;
    await secret.getByLabel('New signing secret').fill(value);
    await expect(status).toHaveText('Will be set on Save');
    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    await expect(saveBar(page)).toContainText('Notifications: all changes saved');
    await expect(status).toHaveText('Set');
    expect(await page.content()).not.toContain(value);
    expect(await page.content()).not.toContain('********');

    await page.reload();
    await expect(page.getByTestId('write-only-Signing secret').getByTestId('write-only-status')).toHaveText('Set');
    await page.getByTestId('write-only-Signing secret').getByRole('button', { name: 'Clear' }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear the signing secret?' });
    await expect(confirm).toContainText('no longer be signed');
    await confirm.getByRole('button', { name: 'Clear on Save' }).click();
    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('write-only-Signing secret').getByTestId('write-only-status')).toHaveText('Not set');

    // The chat test sends a real message and says what happened: here, nothing listens.
    await page.getByRole('textbox', { name: 'Webhook address' }).first().fill('http://127.0.0.1:9/hook');
    await page.getByRole('button', { name: 'Send test message' }).click();
    await expect(page.getByTestId('chat-test-result')).toContainText('could not be reached');
    await saveBar(page).getByRole('button', { name: 'Discard' }).click();
    await expect(saveBar(page)).toContainText('Notifications: all changes saved');
  });

  test('leaving a section with unsaved changes asks first', async ({ page }) => {
    await openSection(page, 'preferences');
    const dateFormat = page.getByLabel('Date format');
    const before = (await dateFormat.textContent()) ?? '';
    await dateFormat.click();
    await page
      .getByRole('option')
      .filter({ hasNotText: before.split(' — ')[0] ?? '' })
      .first()
      .click();
    await expect(saveBar(page)).toContainText('Unsaved changes to Preferences');

    await page.getByRole('tab', { name: 'Billing' }).click();
    const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(/#\/settings\/preferences/);
    await expect(saveBar(page)).toContainText('Unsaved changes to Preferences');

    await page.getByRole('tab', { name: 'Billing' }).click();
    await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Discard and leave' }).click();
    await expect(page).toHaveURL(/#\/settings\/billing/);
    await expect(page.getByRole('form', { name: 'Billing settings' })).toBeVisible();

    // The palette opens a section by name.
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('command-palette');
    await palette.getByRole('combobox', { name: 'Command' }).fill('Settings: Security');
    await expect(palette.getByRole('option').first()).toContainText('Settings: Security');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/settings\/security$/);
    await expect(page.getByRole('form', { name: 'Security settings' })).toBeVisible();
  });

  test('billing: a cost alert over its bound is refused on its row; Mod+S saves and it reads back', async ({ page }) => {
    await openSection(page, 'billing');
    await page.getByRole('button', { name: 'Add cost alert' }).click();
    const threshold = page
      .getByTestId('cost-alert-row')
      .last()
      .getByLabel(/^Threshold/);
    await threshold.fill('2000000000');
    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    await expect(threshold).toHaveAttribute('aria-invalid', 'true');
    await expect(threshold).toHaveAccessibleDescription(/^0 to 1,000,000,000 [A-Z]{3}$/);

    const amount = String(1000 + Math.floor(Math.random() * 9000));
    await threshold.fill(amount);
    await page.keyboard.press('ControlOrMeta+s');
    await expect(saveBar(page)).toContainText('Billing: all changes saved');
    await page.reload();
    await expect(
      page
        .getByTestId('cost-alert-row')
        .last()
        .getByLabel(/^Threshold/),
    ).toHaveValue(amount);
    // Leave the account's alerts as they were for later runs.
    await page.getByRole('button', { name: `Remove cost alert ${await page.getByTestId('cost-alert-row').count()}` }).click();
    await saveBar(page).getByRole('button', { name: 'Save' }).click();
    await expect(saveBar(page)).toContainText('Billing: all changes saved');
  });

  test('a refused Save offers "Why?", which explains the refusal', async ({ page }) => {
    await openConsole(page);
    const { activeId } = await bridgeInvoke<{ activeId: string }>(page, 'profiles:list', {});
    // A read-only key of the accounts scope (the create form's default permissions).
    const name = uniqueName('e2e settings read-only');
    await page.getByTestId('create-key-button').click();
    const create = page.getByRole('dialog', { name: 'Create API key' });
    await create.getByTestId('key-name-input').fill(name);
    await create.getByRole('button', { name: 'Create key' }).click();
    const value = ((await page.getByTestId('revealed-key').textContent()) ?? '').trim();
    await closeReveal(page);
    await bridgeInvoke(page, 'profiles:fromKey', { name, apiKey: value, activate: true });
    try {
      await expect(statusBar(page).getByTestId('status-profile')).toHaveText(name);
      await page.goto('/#/settings/preferences');
      const dateFormat = page.getByRole('combobox', { name: 'Date format' });
      const before = (await dateFormat.textContent()) ?? '';
      await dateFormat.click();
      await page
        .getByRole('option')
        .filter({ hasNotText: before.split(' — ')[0] ?? '' })
        .first()
        .click();
      await saveBar(page).getByRole('button', { name: 'Save' }).click();
      const refused = page.getByTestId('error-alert');
      await expect(refused).toContainText('403');
      await refused.getByRole('button', { name: 'Why?' }).click();
      const why = page.getByTestId('why-dialog');
      await expect(why).toContainText('It needs write on accounts');
      await why.getByRole('button', { name: 'Close' }).click();
      await saveBar(page).getByRole('button', { name: 'Discard' }).click();
    } finally {
      await bridgeInvoke(page, 'profiles:activate', { id: activeId });
    }
  });
});
