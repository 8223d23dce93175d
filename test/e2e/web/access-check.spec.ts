// The explained permission check (issue 19): the Check tab answers "Can … do …?" with the chain
// of steps that decided it, and a 403 anywhere in the console offers "Why?", which opens that
// check for the refused request (here a key-level refusal: a read-only key writing to a cluster).
import { expect, test, type Page } from '@playwright/test';
import { openRunningCluster, portDialog, unusedInternalPort } from './clusters-page';
import { closeReveal, openConsole, statusBar, uniqueName } from './console-page';
import { bridgeInvoke } from './lifecycle-page';
import { keyIdOf, makeKeyValue } from '../../../main/emulator/core/ids';
import { allAccessKey } from '../../../main/emulator/areas/accounts/owner-key';

interface WorldSnapshot {
  clock: { now: number };
  state: { areas: { accounts: { members: Array<Record<string, unknown>>; keys: unknown[] } } };
}

/**
 * A viewer of their own with a key whose own permissions are broad, put into the running world
 * (export, add, import: the world other specs built is kept), so only the viewer's role refuses.
 */
async function viewerKey(page: Page, name: string): Promise<string> {
  const snapshot = await bridgeInvoke<WorldSnapshot>(page, 'emulator:exportSnapshot', {});
  const now = snapshot.clock.now;
  const userId = `usr_e2e${Date.now().toString(36)}`;
  const accounts = snapshot.state.areas.accounts;
  accounts.members.push({
    id: userId,
    email: `${userId}@example.com`,
    name: `Vera Viewer ${userId.slice(-4)}`,
    username: userId,
    role: 'viewer',
    status: 'active',
    joinedAt: now,
    lastActive: null,
    invitedAt: null,
    invitedBy: null,
    department: null,
    title: null,
    removedAt: null,
  });
  const value = makeKeyValue('live');
  accounts.keys.push(allAccessKey(value, { id: keyIdOf(value), name, createdAt: now, owner: false, createdBy: userId }));
  await bridgeInvoke(page, 'emulator:importSnapshot', snapshot);
  return value;
}

/** Through the palette's "Check a permission…". */
async function openCheck(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open command palette' }).click();
  const palette = page.getByTestId('command-palette');
  await palette.getByRole('combobox', { name: 'Command' }).fill('Check a permission');
  await palette
    .getByRole('option', { name: /Check a permission/ })
    .first()
    .click();
  await expect(page).toHaveURL(/#\/access\?tab=check$/);
  await expect(page.getByRole('tab', { name: 'Check' })).toHaveAttribute('aria-selected', 'true');
}

/** Picks the first active member of a role in the Check form's member picker. */
async function pickMember(page: Page, role: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Member' }).click();
  await page
    .getByRole('option')
    .filter({ hasText: `${role} · active` })
    .first()
    .click();
}

async function choose(page: Page, label: 'Permission' | 'Scope', value: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: new RegExp(`^${value}\\b`) }).click();
}

test.describe('explained permission check', () => {
  test.afterEach(async ({ page }) => {
    await bridgeInvoke(page, 'profiles:activate', { id: 'local-emulator' });
  });

  test('the viewer is refused write on clusters, the admin allowed, each with the chain that decided it', async ({ page }) => {
    await openConsole(page);
    await openCheck(page);
    await expect(page.getByTestId('empty-state')).toContainText('Pick a member');

    await pickMember(page, 'viewer');
    await choose(page, 'Permission', 'write');
    await choose(page, 'Scope', 'clusters');
    // Enter submits.
    await page.getByRole('textbox', { name: 'Resource id (optional)' }).press('Enter');
    await expect(page.getByTestId('check-verdict')).toContainText('Refused');
    await expect(page.getByRole('button', { name: 'Check' })).toBeEnabled();
    const chain = page.getByTestId('check-chain');
    await expect(chain.getByTestId('chain-step').first()).toContainText('Role viewer');
    await expect(chain).toContainText('No grants');
    await expect(chain).toContainText('No shares');
    await expect(page.getByTestId('check-limitations')).toContainText('Executions this hour');
    // The question is in the address: reloading asks it again.
    // (clusters is the default scope: the address leaves it out.)
    expect(page.url()).toMatch(/#\/access\?.*user=usr_\w+.*permission=write/);
    await page.reload();
    await expect(page.getByTestId('check-verdict')).toContainText('Refused');

    await pickMember(page, 'admin');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByTestId('check-verdict')).toContainText(/Allowed via (inherited )?role/);
    await expect(page.locator('[data-testid="chain-step"][data-outcome="matched"]')).toHaveCount(1);
  });

  test('a 403 offers "Why?", which explains the refusal of a read-only key', async ({ page }) => {
    await openConsole(page);
    // A read-only key that may read clusters, not write them.
    const name = uniqueName('e2e read-only');
    await page.getByTestId('create-key-button').click();
    const create = page.getByRole('dialog', { name: 'Create API key' });
    await create.getByTestId('key-name-input').fill(name);
    await create.getByRole('checkbox', { name: /^clusters\b/ }).check();
    await create.getByRole('button', { name: 'Create key' }).click();
    const value = ((await page.getByTestId('revealed-key').textContent()) ?? '').trim();
    expect(value.length).toBeGreaterThanOrEqual(16);
    await closeReveal(page);
    await bridgeInvoke(page, 'profiles:fromKey', { name, apiKey: value, activate: true });
    await expect(statusBar(page).getByTestId('status-profile')).toHaveText(name);

    await page.getByRole('link', { name: 'Clusters' }).click();
    await openRunningCluster(page);
    await page.getByTestId('add-port-button').click();
    const dialog = portDialog(page);
    await dialog.getByTestId('port-internal-input').fill(String(unusedInternalPort()));
    await dialog.getByTestId('port-description-input').fill('refused');
    await dialog.getByTestId('port-save').click();
    await dialog.getByRole('button', { name: 'Why?' }).click();

    const why = page.getByTestId('why-dialog');
    await expect(why).toBeVisible();
    await expect(why).toContainText('It needs write on clusters');
    await expect(why.getByTestId('why-key-level')).toContainText('Your API key itself does not allow write on clusters');
    await expect(why.getByTestId('why-key-level')).toContainText('its permissions are read');
    // The check for a member, picked here: the viewer's role refuses it too.
    await why.getByRole('combobox', { name: 'Check for a member' }).click();
    await page.getByRole('option').filter({ hasText: 'viewer · active' }).first().click();
    await expect(why.getByTestId('check-verdict')).toBeVisible();
    await why.getByRole('button', { name: 'Close' }).click();
    await expect(why).toBeHidden();
  });

  test("a member's own 403 opens the chain that refused them: role viewer, no grant, no share", async ({ page }) => {
    await openConsole(page);
    const name = uniqueName('e2e viewer');
    const value = await viewerKey(page, name);
    await bridgeInvoke(page, 'profiles:fromKey', { name, apiKey: value, activate: true });
    await expect(statusBar(page).getByTestId('status-profile')).toHaveText(name);

    await page.getByRole('link', { name: 'Clusters' }).click();
    await openRunningCluster(page);
    await page.getByTestId('add-port-button').click();
    const dialog = portDialog(page);
    await dialog.getByTestId('port-internal-input').fill(String(unusedInternalPort()));
    await dialog.getByTestId('port-description-input').fill('refused by role');
    await dialog.getByTestId('port-save').click();
    // The key allows the write; the member's role does not.
    await expect(dialog).toContainText('does not allow write on clusters');
    await dialog.getByRole('button', { name: 'Why?' }).click();

    const why = page.getByTestId('why-dialog');
    await expect(why.getByTestId('why-key-level')).toHaveCount(0);
    await expect(why.getByTestId('check-verdict')).toContainText('Refused');
    const chain = why.getByTestId('check-chain');
    await expect(chain.getByTestId('chain-step').first()).toContainText('Role viewer');
    await expect(chain).toContainText('No grants');
    await expect(chain).toContainText('No shares');
    await why.getByRole('button', { name: 'Close' }).click();
  });
});
