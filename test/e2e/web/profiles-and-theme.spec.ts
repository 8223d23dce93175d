// Switching profiles (a new key used as a profile, a remote profile), the status bar
// following the switch, the error state of an unreachable profile, and the theme.
import { expect, test } from '@playwright/test';
import { closeReveal, createKey, openConsole, statusBar, switchProfile, uniqueName } from './console-page';

const LOCAL = 'Local emulator';

test.describe('profiles', () => {
  test.afterEach(async ({ page }) => {
    // Leave the server on the built-in profile for the next flow.
    if (!(await statusBar(page).getByTestId('status-profile').textContent())?.includes(LOCAL)) await switchProfile(page, LOCAL);
  });

  test('a new key used as a profile becomes the active profile', async ({ page }) => {
    await openConsole(page);
    await expect(statusBar(page).getByTestId('status-profile')).toHaveText(LOCAL);
    await expect(statusBar(page).getByTestId('status-vault')).toContainText('Keys:');

    const keyName = uniqueName('e2e profile key');
    await createKey(page, keyName, { permissions: ['read', 'write'] });
    const reveal = page.getByTestId('key-reveal-dialog');
    const profileName = uniqueName('E2E').slice(0, 60);
    await reveal.getByRole('textbox', { name: 'Profile name' }).fill(profileName);
    await reveal.getByRole('checkbox', { name: 'Switch to this profile now' }).check();
    await reveal.getByRole('button', { name: 'Use as a profile' }).click();
    await expect(reveal.getByText(`Saved as profile “${profileName}”`)).toBeVisible();
    await closeReveal(page);

    await expect(statusBar(page).getByTestId('status-profile')).toHaveText(profileName);
    // The new profile works: its key lists the keys (it has read + accounts).
    await expect(page.getByTestId('create-key-button')).toBeEnabled();
    await expect(statusBar(page).getByTestId('status-rate-limit')).toHaveText(/left/);

    await switchProfile(page, LOCAL);
    await expect(statusBar(page).getByTestId('status-profile')).toHaveText(LOCAL);
  });

  test('a read-only profile sees the API refuse to create a key, with the error details', async ({ page }) => {
    await openConsole(page);
    const keyName = uniqueName('e2e read-only');
    await createKey(page, keyName);
    const reveal = page.getByTestId('key-reveal-dialog');
    const profileName = uniqueName('Read only').slice(0, 60);
    await reveal.getByRole('textbox', { name: 'Profile name' }).fill(profileName);
    await reveal.getByRole('button', { name: 'Use as a profile' }).click();
    await expect(reveal.getByText(`Saved as profile “${profileName}”`)).toBeVisible();
    await closeReveal(page);
    await expect(statusBar(page).getByTestId('status-profile')).toHaveText(profileName);

    await page.getByTestId('create-key-button').click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByTestId('key-name-input').fill(uniqueName('should fail'));
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const alert = dialog.getByTestId('error-alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('INSUFFICIENT_PERMISSIONS');
    await expect(alert).toContainText('403');
    await expect(alert.locator('dt').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('add a remote profile with validation, switch to it, see the error state, remove it', async ({ page }) => {
    await openConsole(page);
    await page.getByTestId('profile-switcher').click();
    await page.getByRole('menuitem', { name: 'Add remote profile…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add remote profile' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Unreachable');
    await dialog.getByRole('textbox', { name: 'Base URL' }).fill('http://example.com');
    await dialog.getByLabel('API key').fill('short');
    await dialog.getByRole('button', { name: 'Add profile' }).click();
    await expect(dialog.getByText('Use https (plain http only for localhost)')).toBeVisible();
    await expect(dialog.getByText(/8–512 printable characters/)).toBeVisible();

    // Port 9 on loopback: nothing listens, so every call fails fast.
    await dialog.getByRole('textbox', { name: 'Base URL' }).fill('http://127.0.0.1:9');
    await dialog.getByLabel('API key').fill('gpc_test_unreachable_0123456789');
    await dialog.getByRole('button', { name: 'Add profile' }).click();
    await expect(dialog).toBeHidden();
    await expect(statusBar(page).getByTestId('status-profile')).toHaveText('Unreachable');
    await expect(page.getByTestId('error-state')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

    await switchProfile(page, LOCAL);
    await expect(page.getByRole('table', { name: 'API keys' })).toBeVisible();

    await page.getByTestId('profile-switcher').click();
    await page.getByRole('button', { name: 'Remove profile Unreachable' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove profile “Unreachable”?' });
    await confirm.getByRole('button', { name: 'Remove profile' }).click();
    await expect(confirm).toBeHidden();
    await page.getByTestId('profile-switcher').click();
    await expect(page.getByRole('menuitem').filter({ hasText: 'Unreachable' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });
});

test.describe('command palette and shortcuts', () => {
  test('Ctrl+K filters commands, arrows move, Enter runs; N and ? work outside fields', async ({ page }) => {
    await openConsole(page);
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('command-palette');
    const input = palette.getByRole('combobox', { name: 'Command' });
    await expect(input).toBeFocused();
    await input.fill('crea');
    await expect(palette.getByRole('option').first()).toHaveText(/Create API key/);
    await input.fill('');
    await page.keyboard.press('ArrowDown');
    await expect(palette.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
    await input.fill('create api');
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.keyboard.press('n');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.keyboard.press('Shift+?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  });
});

test.describe('theme', () => {
  const background = () => getComputedStyle(document.body).backgroundColor;

  test('the theme menu and the command palette switch the palette mode, and it persists', async ({ page }) => {
    await openConsole(page);
    await page.getByTestId('theme-button').click();
    await page.getByTestId('theme-dark').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const dark = await page.evaluate(background);

    await page.getByTestId('theme-button').click();
    await page.getByTestId('theme-light').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    const light = await page.evaluate(background);
    expect(light).not.toBe(dark);

    // Ctrl+K → "toggle theme" flips it back to dark.
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('command-palette');
    await palette.getByRole('combobox', { name: 'Command' }).fill('toggle theme');
    await expect(palette.getByRole('option').first()).toContainText('Toggle light/dark theme');
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(background)).toBe(dark);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(background)).toBe(dark);
  });
});
