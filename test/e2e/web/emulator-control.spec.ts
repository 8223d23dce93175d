// The Emulator view (issue 8, 12): the clock moved by a preset, a chaos rule that makes a call
// fail (then removed), the journal's rows, a snapshot exported and imported back with its diff
// summary, a reset with its confirmation, the palette's commands, and no such view on a remote
// profile.
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { openConsole, statusBar, switchProfile } from './console-page';
import { bridgeInvoke } from './lifecycle-page';

const LOCAL = 'Local emulator';

async function openEmulator(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Areas' }).getByText('Emulator', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Emulator', level: 1 })).toBeVisible();
  await expect(page.getByTestId('clock-now-utc')).toBeVisible();
}

/** Simulated now as the clock panel shows it (`2026-11-25 06:51:50 UTC`), in ms. */
async function shownNow(page: Page): Promise<number> {
  const text = (await page.getByTestId('clock-now-utc').textContent()) ?? '';
  return Date.parse(text.replace(' UTC', 'Z').replace(' ', 'T'));
}

function notification(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}

test.describe('Emulator view', () => {
  test.afterEach(async ({ page }) => {
    // A failed step must not leave its chaos rule behind for the next flows on this server.
    await bridgeInvoke(page, 'profiles:activate', { id: 'local-emulator' });
    await bridgeInvoke(page, 'emulator:setChaos', { rules: [] });
  });

  test('moves the clock, injects a failure, shows the journal, exports, imports with a diff, resets', async ({ page }, testInfo) => {
    await openConsole(page);
    await openEmulator(page);

    // The clock: +1 hour moves "now" by at least an hour.
    const before = await shownNow(page);
    await page.getByRole('button', { name: '+1 hour' }).click();
    await expect(notification(page, /^Clock moved forward 1 h/)).toBeVisible();
    await expect.poll(() => shownNow(page)).toBeGreaterThanOrEqual(before + 3_600_000);
    // A duration beyond the bound is refused on the field, in words.
    await page.getByRole('textbox', { name: 'Duration to move forward' }).fill('400');
    await page.getByRole('combobox', { name: 'Unit' }).click();
    await page.getByRole('option', { name: 'days' }).click();
    await page.getByRole('button', { name: 'Advance' }).click();
    await expect(page.getByText('At most 366 days per step')).toBeVisible();

    // A chaos rule that fails every read of the keys list.
    await page.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add chaos rule' });
    await dialog.getByRole('textbox', { name: 'Route pattern' }).fill('/v2/accounts/api-keys');
    await dialog.getByRole('textbox', { name: 'Added latency' }).fill('20000');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await expect(dialog.getByText('Enter whole milliseconds from 0 to 10,000')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Added latency' }).fill('0');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('chaos-rule-row')).toHaveCount(1);
    await expect(page.getByTestId('chaos-rule-row')).toContainText('/v2/accounts/api-keys');

    // The API keys list now fails with the injected error (its rows stay, stale, below it).
    await page.getByRole('navigation', { name: 'Areas' }).getByText('API keys', { exact: true }).click();
    await page.getByRole('button', { name: 'Refresh keys' }).click();
    await expect(page.getByTestId('stale-notice')).toContainText('CHAOS_INJECTED');

    // The journal lists it; the 5xx class keeps only such rows.
    await openEmulator(page);
    const journal = page.getByTestId('emulator-journal');
    await expect(journal.getByTestId('journal-row').first()).toBeVisible();
    await journal.getByRole('button', { name: '5xx' }).click();
    await journal.getByRole('textbox', { name: 'Filter the journal' }).fill('/v2/accounts/api-keys');
    await expect(journal.getByTestId('journal-row').first()).toContainText('503');
    await expect(journal.getByTestId('journal-row').first()).toContainText('key_');
    // Paused, the journal stops following; resumed, it follows again.
    await journal.getByRole('button', { name: 'Pause' }).click();
    await expect(journal.getByTestId('journal-state')).toHaveText('Paused');
    await journal.getByRole('button', { name: 'Resume' }).click();
    await expect(journal.getByTestId('journal-state')).toHaveText('Live');

    // Removing the rule lets the call through again.
    await page.getByRole('button', { name: 'Remove rule /v2/accounts/api-keys' }).click();
    await expect(page.getByText('No chaos rules')).toBeVisible();

    // Export to a file named with the date of the world's (simulated) clock, not this machine's.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export snapshot' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^emulator-snapshot-\d{4}-\d{2}-\d{2}-\d{4}\.json$/);
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    const snapshot = JSON.parse(await readFile(file, 'utf8')) as {
      clock: { now: number };
      seed: number;
      state: { areas: { accounts: { keys: Array<{ id: string; owner: boolean }> } } };
    };
    const simulatedName = await page.evaluate((now) => {
      const at = new Date(now);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `emulator-snapshot-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}.json`;
    }, snapshot.clock.now);
    expect(download.suggestedFilename()).toBe(simulatedName);
    // Edited as a user might: one key fewer, another seed.
    const keys = snapshot.state.areas.accounts.keys;
    const dropped = keys.findIndex((k) => !k.owner);
    keys.splice(dropped, 1);
    snapshot.seed += 1;
    const edited = testInfo.outputPath('edited-snapshot.json');
    await writeFile(edited, JSON.stringify(snapshot));

    // Import: the diff summary comes first, then the import on confirmation.
    await page.getByTestId('snapshot-file-input').setInputFiles(edited);
    const importDialog = page.getByRole('dialog', { name: 'Import this snapshot?' });
    await expect(importDialog).toBeVisible();
    await expect(importDialog.getByTestId('import-diff-row').filter({ hasText: 'API keys' })).toContainText('1 removed');
    await expect(importDialog.getByTestId('import-summary')).toContainText(`${snapshot.seed - 1} → ${snapshot.seed}`);
    await importDialog.getByRole('button', { name: 'Import snapshot' }).click();
    await expect(importDialog).toBeHidden();
    await expect(notification(page, `Snapshot imported: ${keys.length} API keys`)).toBeVisible();
    await expect(page.getByTestId('world-summary')).toContainText(`Seed ${snapshot.seed} · ${keys.length} API keys`);

    // A file that is not a snapshot is refused in words, before anything is sent.
    const junk = testInfo.outputPath('junk.json');
    await writeFile(junk, '{"hello": "world"}');
    await page.getByTestId('snapshot-file-input').setInputFiles(junk);
    await expect(page.getByTestId('import-error')).toHaveText('The file is JSON but not an emulator snapshot.');

    // Reset, after a confirmation that says what is lost.
    await page.getByRole('button', { name: 'Reset to seeded world…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset the emulator?' });
    await expect(confirm).toContainText('Everything changed since is lost');
    await confirm.getByRole('button', { name: 'Reset' }).click();
    await expect(confirm).toBeHidden();
    await expect(notification(page, `Emulator reset to the seeded world (seed ${snapshot.seed})`)).toBeVisible();
    // The seeded world: its eight keys, one per assignable role (issue 19) and the owner's, whatever was created before.
    await expect(page.getByTestId('world-summary')).toContainText(`Seed ${snapshot.seed} · 12 API keys`);
  });

  test('the palette advances the clock and asks before a reset', async ({ page }) => {
    await openConsole(page);
    await openEmulator(page);
    const before = await shownNow(page);
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('command-palette');
    await palette.getByRole('combobox', { name: 'Command' }).fill('Emulator: advance');
    await page.keyboard.press('Enter');
    await expect.poll(() => shownNow(page)).toBeGreaterThanOrEqual(before + 3_600_000);

    await page.getByRole('navigation', { name: 'Areas' }).getByText('API keys', { exact: true }).click();
    await page.keyboard.press('Control+k');
    await palette.getByRole('combobox', { name: 'Command' }).fill('Emulator: reset');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Reset the emulator?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Emulator', level: 1 })).toBeVisible();
  });

  test('is not offered on a remote profile', async ({ page }) => {
    await openConsole(page);
    await page.getByTestId('profile-switcher').click();
    await page.getByRole('menuitem', { name: 'Add remote profile…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add remote profile' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Remote for emulator view');
    await dialog.getByRole('textbox', { name: 'Base URL' }).fill('http://127.0.0.1:9');
    await dialog.getByLabel('API key').fill('gpc_test_unreachable_0123456789');
    await dialog.getByRole('button', { name: 'Add profile' }).click();
    await expect(statusBar(page).getByTestId('status-profile')).toHaveText('Remote for emulator view');

    const nav = page.getByRole('navigation', { name: 'Areas' });
    await expect(nav.getByText('API keys', { exact: true })).toBeVisible();
    await expect(nav.getByText('Emulator', { exact: true })).toHaveCount(0);
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('command-palette');
    await palette.getByRole('combobox', { name: 'Command' }).fill('Emulator: open');
    await expect(palette.getByRole('option').filter({ hasText: /^Emulator: open/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/#/emulator');
    await expect(page.getByRole('heading', { name: 'Emulator is for emulator profiles' })).toBeVisible();

    await switchProfile(page, LOCAL);
    await expect(page.getByRole('heading', { name: 'Emulator', level: 1 })).toBeVisible();
    await page.getByTestId('profile-switcher').click();
    await page.getByRole('button', { name: 'Remove profile Remote for emulator view' }).click();
    await page
      .getByRole('dialog', { name: 'Remove profile “Remote for emulator view”?' })
      .getByRole('button', { name: 'Remove profile' })
      .click();
    await expect(nav.getByText('Emulator', { exact: true })).toBeVisible();
  });
});
