// Issue 20, console: settings as code. The settings are exported as YAML (the file is the
// server's document), edited as a user would, and imported: the plan is read before anything
// changes (+ added, ~ changed old → new, − removed, counts, the risk), applied after the
// confirmation its risk asks for, and the applied plan is the one previewed. A file whose
// allow-list would refuse the console's own address asks "you will lock yourself out" after
// the server's refusal, and is cancelled there. A file that is not YAML is refused in words.
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parse, stringify } from 'yaml';
import { openConsole } from './console-page';

interface Exported {
  export: {
    format: string;
    settings: {
      preferences: { theme: string; language: string };
      billing: { currency: string };
      security: { audit: { retention_days: number }; api_access: { ip_whitelist: string[]; require_ip_whitelist: boolean } };
      notifications: { webhook: { secret: string | null } };
    };
  };
}

async function openSettingsCode(page: Page): Promise<void> {
  await openConsole(page);
  await page.getByRole('link', { name: 'Settings as code' }).click();
  await expect(page).toHaveURL(/#\/settings-code$/);
  await expect(page.getByRole('heading', { name: 'Settings as code' })).toBeVisible();
}

test.describe('settings as code', () => {
  test('export YAML, import an edited file: the plan first, applied after confirming its risk, shown as previewed', async ({
    page,
  }, testInfo) => {
    await openSettingsCode(page);
    await expect(page.getByTestId('import-empty')).toBeVisible();

    // Export: YAML by default, every section; secrets redacted unless asked (with a warning).
    const exportPanel = page.getByTestId('settings-export');
    await exportPanel.getByLabel('Include secrets in clear').check();
    await expect(page.getByTestId('secrets-warning')).toContainText('store it like a password');
    await exportPanel.getByLabel('Include secrets in clear').uncheck();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exportPanel.getByRole('button', { name: 'Export YAML…' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^settings-\d{4}-\d{2}-\d{2}-\d{4}\.yaml$/);
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    const doc = parse(await readFile(file, 'utf8')) as Exported;
    expect(doc.export.format).toBe('yaml');
    const s = doc.export.settings;

    // Edited as a user would: another theme and currency, a shorter audit retention.
    const theme = s.preferences.theme === 'dark' ? 'light' : 'dark';
    const currency = s.billing.currency === 'EUR' ? 'GBP' : 'EUR';
    const retention = s.security.audit.retention_days === 30 ? 31 : 30;
    const oldRetention = s.security.audit.retention_days;
    const oldTheme = s.preferences.theme;
    s.preferences.theme = theme;
    s.billing.currency = currency;
    s.security.audit.retention_days = retention;
    const edited = testInfo.outputPath('edited-settings.yaml');
    await writeFile(edited, stringify(doc));

    // The plan, read before applying.
    await page.getByTestId('settings-file-input').setInputFiles(edited);
    const preview = page.getByTestId('plan-preview');
    await expect(preview).toBeVisible();
    await expect(page.getByTestId('settings-preview')).toContainText('nothing has changed yet');
    const lines = preview.getByTestId('plan-line');
    await expect(lines.filter({ hasText: 'preferences.theme' })).toHaveText(`~preferences.theme "${oldTheme}" → "${theme}"`);
    await expect(lines.filter({ hasText: 'billing.currency' })).toContainText(`→ "${currency}"`);
    await expect(lines.filter({ hasText: 'security.audit.retention_days' })).toHaveText(
      `~security.audit.retention_days ${oldRetention} → ${retention}`,
    );
    await expect(preview.getByTestId('plan-summary')).toContainText('0 to add, 3 to change, 0 to remove');
    await expect(preview.getByTestId('plan-section-security').getByTestId('plan-section-counts')).toHaveText('~1');
    await expect(preview.locator('[data-risk="audit_retention_shortened"]')).toContainText('Audit retention shortened');
    const previewed = await lines.allTextContents();

    // Apply: the risk asks first.
    await page.getByTestId('apply-import').click();
    const confirm = page.getByRole('dialog', { name: 'Apply a risky import?' });
    await expect(confirm).toContainText('Audit retention shortened');
    await confirm.getByRole('button', { name: 'Apply' }).click();
    await expect(confirm).toBeHidden();
    const applied = page.getByTestId('plan-applied');
    await expect(applied).toBeVisible();
    expect(await applied.getByTestId('plan-line').allTextContents()).toEqual(previewed);
    await expect(page.getByTestId('settings-applied')).toContainText('what the server applied');
    await expect(page.getByTestId('plan-drift')).toHaveCount(0);

    // The same file again: nothing left to change.
    await page.getByTestId('settings-file-input').setInputFiles(edited);
    await expect(page.getByTestId('plan-preview').getByTestId('plan-summary')).toContainText('0 to add, 0 to change, 0 to remove');
    await expect(page.getByTestId('apply-import')).toHaveText('Nothing to apply');
    await expect(page.getByTestId('apply-import')).toBeDisabled();

    // The exported file puts everything back (other tests share this server): no risk, no question.
    await page.getByTestId('settings-file-input').setInputFiles(file);
    await expect(page.getByTestId('plan-preview').getByTestId('plan-summary')).toContainText('0 to add, 3 to change, 0 to remove');
    await expect(page.getByTestId('plan-preview').getByTestId('plan-risks')).toHaveCount(0);
    await page.getByTestId('apply-import').click();
    await expect(page.getByTestId('plan-applied')).toBeVisible();
  });

  test('an allow-list that would refuse the console asks "you will lock yourself out", and cancelling changes nothing', async ({
    page,
  }, testInfo) => {
    await openSettingsCode(page);
    const locking = testInfo.outputPath('locking.yaml');
    await writeFile(locking, stringify({ security: { api_access: { ip_whitelist: ['203.0.113.0/24'], require_ip_whitelist: true } } }));
    await page.getByTestId('settings-file-input').setInputFiles(locking);
    const preview = page.getByTestId('plan-preview');
    await expect(preview.locator('[data-risk="self_lockout"]')).toContainText('You would lock yourself out');
    await expect(preview.getByTestId('plan-line').filter({ hasText: 'ip_whitelist =' })).toHaveText(
      '+security.api_access.ip_whitelist = "203.0.113.0/24"',
    );
    await page.getByTestId('apply-import').click();
    await page.getByRole('dialog', { name: 'Apply a risky import?' }).getByRole('button', { name: 'Apply' }).click();
    const lockout = page.getByRole('dialog', { name: 'You will lock yourself out' });
    await expect(lockout).toContainText('does not include your address');
    await lockout.getByRole('button', { name: 'Cancel' }).click();
    await expect(lockout).toBeHidden();
    // Still in, still the preview.
    await expect(page.getByTestId('settings-applied')).toBeHidden();
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByTestId('import-empty')).toBeVisible();

    // A file that is not YAML is refused in words, before anything is sent.
    const junk = testInfo.outputPath('junk.yaml');
    await writeFile(junk, 'security: [unclosed');
    await page.getByTestId('settings-file-input').setInputFiles(junk);
    await expect(page.getByTestId('settings-file-error')).toContainText('The file is not valid YAML');
  });
});
