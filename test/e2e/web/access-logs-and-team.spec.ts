// Issue 8 #16 and #17: the access logs filter by status over a time range of more than 50
// rows and export what is shown as CSV; the allowed-users picker names people.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { openClusters, openRunningCluster, portDialog } from './clusters-page';

test.describe('access logs', () => {
  test('last 24 h shows more than 50 requests; a status filter narrows them, lives in the address, and exports as CSV', async ({
    page,
  }) => {
    await openClusters(page);
    await openRunningCluster(page);
    const logs = page.getByTestId('access-logs');
    const count = logs.getByTestId('access-logs-count');
    await logs.getByRole('button', { name: 'Last 24 h' }).click();
    await expect(page).toHaveURL(/logs_range=24h/);
    // The rows shown are the 24 h window's (the last hour's stay on screen until they arrive).
    await expect
      .poll(async () => {
        const [since, until] = ((await count.getAttribute('data-window')) ?? '..').split('..');
        return (Date.parse(until!) - Date.parse(since!)) / 3_600_000;
      })
      .toBe(24);
    await expect(count).toHaveText(/^[\d,]+ requests$/);
    const total = Number((await count.textContent())!.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(50);

    await logs.getByTestId('access-logs-status').click();
    await page.getByRole('option', { name: '4xx' }).click();
    await expect(page).toHaveURL(/logs_status=4xx/);
    await expect(count).toHaveText(new RegExp(`^[\\d,]+ of ${total.toLocaleString('en-US')} requests$`));
    const shown = Number((await count.textContent())!.split(' of ')[0]!.replace(/\D/g, ''));
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(total);
    const table = logs.getByRole('table', { name: 'Access logs' });
    for (const code of await table.locator('[data-column="status"]').allTextContents()) expect(code).toMatch(/^4\d\d$/);

    const [download] = await Promise.all([page.waitForEvent('download'), logs.getByTestId('access-logs-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^access-logs-.+\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const records = csv.trimEnd().split('\r\n');
    expect(records[0]).toBe('timestamp,status_code,method,path,user,client_ip,response_time_ms,user_agent');
    expect(records).toHaveLength(shown + 1);
    for (const r of records.slice(1)) expect(r.split(',')[1]).toMatch(/^4\d\d$/);

    // Reload keeps the range and the filter.
    await page.reload();
    await expect(page.getByTestId('access-logs').getByTestId('access-logs-count')).toHaveText(/ of /);
  });
});

test.describe('team picker', () => {
  test('allowed users are offered and shown by name and email, not user ids', async ({ page }) => {
    await openClusters(page);
    await openRunningCluster(page);
    await page.getByTestId('add-port-button').click();
    const dialog = portDialog(page);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Allowed users' }).click();
    const option = page.locator('[data-testid^="allowed-user-option-"]').first();
    await expect(option).toBeVisible();
    await expect(option).toContainText('@');
    const primary = (await option.locator('p, span').first().textContent())!.trim();
    expect(primary).not.toMatch(/^usr_/);
    await option.click();
    const chip = dialog.locator('.MuiChip-root').first();
    await expect(chip).toHaveText(primary);
  });
});
