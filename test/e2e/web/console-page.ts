// Page helpers for the web-mode console: sign in through the token fragment as a user
// would, and reach the API keys table, its dialogs and the status bar by role and label.
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_TOKEN } from './server-constants';

/**
 * Signs in straight onto the API keys page (the console opens on the overview; the flows that
 * start from the keys go there explicitly, and do not spend the usage API's reads the overview makes).
 */
export async function openConsole(page: Page): Promise<void> {
  await page.goto(`/#/api-keys?token=${E2E_TOKEN}`);
  await expect(page.getByRole('table', { name: 'API keys' })).toBeVisible();
  await expect(page.getByTestId('create-key-button')).toBeEnabled();
  // The token never stays in the address bar.
  expect(page.url()).not.toContain(E2E_TOKEN);
}

/** The console's first screen, where it opens without a route (the printed address, a sign-in). */
export async function expectOverview(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
}

export function keyRow(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
}

export async function filterKeys(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Filter keys' }).fill(text);
}

export async function createKey(
  page: Page,
  name: string,
  options: { permissions?: Array<'read' | 'write' | 'execute'> } = {},
): Promise<string> {
  await page.getByTestId('create-key-button').click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('key-name-input').fill(name);
  for (const p of options.permissions ?? []) {
    const box = dialog.getByRole('checkbox', { name: new RegExp(`^${p} —`) });
    if (!(await box.isChecked())) await box.check();
  }
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const reveal = page.getByRole('dialog', { name: 'API key created' });
  await expect(reveal).toBeVisible();
  const value = (await reveal.getByTestId('revealed-key').textContent())?.trim() ?? '';
  expect(value.length).toBeGreaterThanOrEqual(16);
  return value;
}

/** Says the key was saved (the dialog closes only then), and closes it. */
export async function closeReveal(page: Page): Promise<void> {
  const reveal = page.getByTestId('key-reveal-dialog');
  await reveal.getByRole('checkbox', { name: 'I have saved this key' }).check();
  await reveal.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('key-reveal-dialog')).toBeHidden();
}

export function statusBar(page: Page): Locator {
  return page.getByTestId('status-bar');
}

export async function switchProfile(page: Page, name: string): Promise<void> {
  await page.getByTestId('profile-switcher').click();
  await page.getByRole('menuitem').filter({ hasText: name }).first().click();
  await expect(statusBar(page).getByTestId('status-profile')).toHaveText(name);
}

export function uniqueName(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}
