// Issue 19, console: the permission audit log. A read-only profile is refused a key creation
// (403); the refusal is an access_denied event the log shows with the route, the key and what
// was missing; the summary figure filters by type through the address; the filtered events
// export as CSV; the key links to the keys list; a filter that matches nothing says so.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { closeReveal, createKey, openConsole, statusBar, switchProfile, uniqueName } from './console-page';

const LOCAL = 'Local emulator';

/** A key with only `read` (the create dialog's default) used as the active profile, refused a write. */
async function causeRefusal(page: Page): Promise<string> {
  const keyName = uniqueName('e2e audit read-only');
  await createKey(page, keyName);
  const reveal = page.getByTestId('key-reveal-dialog');
  const profileName = uniqueName('Audit RO').slice(0, 60);
  await reveal.getByRole('textbox', { name: 'Profile name' }).fill(profileName);
  await reveal.getByRole('checkbox', { name: 'Switch to this profile now' }).check();
  await reveal.getByRole('button', { name: 'Use as a profile' }).click();
  await expect(reveal.getByText(`Saved as profile “${profileName}”`)).toBeVisible();
  await closeReveal(page);
  await expect(statusBar(page).getByTestId('status-profile')).toHaveText(profileName);

  await page.getByTestId('create-key-button').click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByTestId('key-name-input').fill(uniqueName('refused'));
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByTestId('error-alert')).toContainText('403');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await switchProfile(page, LOCAL);
  return keyName;
}

test.describe('audit log', () => {
  test.afterEach(async ({ page }) => {
    if (!(await statusBar(page).getByTestId('status-profile').textContent())?.includes(LOCAL)) await switchProfile(page, LOCAL);
  });

  test('a refused write is an access_denied event; the figure filters by type in the address; CSV export; the key links back', async ({
    page,
  }) => {
    await openConsole(page);
    const keyName = await causeRefusal(page);

    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/#\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Audit log' });
    const count = page.getByTestId('audit-count');
    await expect(count).toHaveText(/^Showing [\d,]+ of [\d,]+ events?$/);

    // The figure is the type filter: a click puts it in the address, the rows are of that type.
    const denied = page.getByTestId('audit-figure-access_denied');
    const deniedCount = Number((await page.getByTestId('audit-count-accessDenied').textContent())!.replace(/\D/g, ''));
    expect(deniedCount).toBeGreaterThan(0);
    await denied.click();
    await expect(page).toHaveURL(/[?&]type=access_denied/);
    await expect(denied).toHaveAttribute('aria-pressed', 'true');
    await expect(count).toHaveText(new RegExp(`of ${deniedCount.toLocaleString('en-US')} events?$`));
    for (const chip of await table.locator('[data-column="type"]').allTextContents()) expect(chip).toBe('Access denied');

    // The newest refusal is ours: the route, what was missing and the key are in its details.
    const first = table.locator('[data-testid^="audit-row-"]').first();
    await expect(first.locator('[data-column="action"]')).toContainText('Write refused');
    await expect(first.locator('[data-column="action"]')).toContainText('POST /v2/accounts/api-keys');
    await first.click();
    const drawer = page.getByRole('region', { name: 'Audit event' });
    await expect(drawer.getByTestId('audit-event-sentence')).toHaveText(
      'Write refused: POST /v2/accounts/api-keys — needs write on accounts',
    );
    const details = drawer.getByTestId('audit-event-details');
    await expect(details).toContainText('INSUFFICIENT_PERMISSIONS');
    await expect(details).toContainText('write on accounts');
    const keyId = (await drawer.getByTestId('audit-drawer-key').textContent())!.trim();
    expect(keyId).toMatch(/^key_/);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The export holds the filtered events, all of them, ours among them.
    const shown = Number((await count.textContent())!.split(' of ')[1]!.replace(/\D/g, ''));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-7d-access_denied-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(records[0]!.startsWith('timestamp,type,action,summary,actor_id,actor_name,actor_ip,actor_key_id,')).toBe(true);
    expect(records).toHaveLength(Math.min(shown, 10_000) + 1);
    for (const r of records.slice(1)) expect(r.split(',')[1]).toBe('access_denied');
    expect(records.some((r) => r.includes(`,${keyId},`) && r.includes('POST /v2/accounts/api-keys'))).toBe(true);

    // A second click on the figure shows every type again.
    await denied.click();
    await expect(page).not.toHaveURL(/type=/);
    await expect(denied).toHaveAttribute('aria-pressed', 'false');

    // The actor's link shows that member's events, by the member filter in the address.
    const actor = first.getByTestId('audit-member-link');
    const actorName = (await actor.textContent())!.trim();
    await actor.click();
    await expect(page).toHaveURL(/[?&]user=usr_/);
    await expect(page.getByTestId('audit-user-filter')).toContainText(actorName);
    await expect(page.getByRole('region', { name: 'Audit event' })).toBeHidden();
    // Each event names the member, as its actor or its target.
    for (const row of await table.locator('[data-testid^="audit-row-"]').allTextContents()) expect(row).toContain(actorName);

    // The key of the event opens the keys list on that key.
    await first.click();
    await drawer.getByTestId('audit-drawer-key').click();
    await expect(page).toHaveURL(new RegExp(`#/api-keys\\?q=${keyId}$`));
    await expect(page.getByRole('table', { name: 'API keys' }).getByText(keyName, { exact: true })).toBeVisible();
  });

  test('the palette opens the refused requests; a resource id nothing matches says what to try; reload keeps the filters', async ({
    page,
  }) => {
    await openConsole(page);
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('command-palette');
    await palette.getByRole('combobox', { name: 'Command' }).fill('refused requests');
    await expect(palette.getByRole('option').first()).toContainText('Show refused requests');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/audit\?type=access_denied$/);
    await expect(page.getByTestId('audit-figure-access_denied')).toHaveAttribute('aria-pressed', 'true');

    await page.getByTestId('audit-period-30d').click();
    await page.getByRole('textbox', { name: 'Filter by resource id' }).fill('cluster_nothingmatches');
    await expect(page).toHaveURL(/q=cluster_nothingmatches/);
    const empty = page.getByTestId('empty-state');
    await expect(empty).toContainText('No events match the filters');
    await expect(empty).toContainText('No events in the last 30 days for access denied, resource cluster_nothingmatches.');
    await expect(page.getByTestId('audit-count')).toHaveText('No events');
    await expect(page.getByTestId('audit-export')).toBeDisabled();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Filter by resource id' })).toHaveValue('cluster_nothingmatches');
    await expect(page.getByTestId('audit-period-30d')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('empty-state').getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/#\/audit$/);
    await expect(page.getByTestId('audit-count')).toHaveText(/^Showing|^No events$/);
  });
});
