// Issue 8 #14 and #15: the command palette finds resources and opens them (and leaves no
// ripple behind, issue 18 part 5); a list's filters
// and sort live in the address (reload and back keep them); filter boxes clear with a button and Esc.
import { expect, test } from '@playwright/test';
import { openClusters } from './clusters-page';
import { openConsole } from './console-page';

test.describe('command palette finds resources', () => {
  test('Ctrl+K, "llm", Enter opens llm-pretraining; a theme command is not first', async ({ page }) => {
    await openConsole(page);
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('command-palette');
    await palette.getByRole('combobox', { name: 'Command' }).fill('llm');
    const first = palette.getByRole('option').first();
    await expect(first).toContainText('llm-pretraining');
    await expect(first).toContainText('Clusters');
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    await expect(page).toHaveURL(/#\/clusters\/[^/?]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'llm-pretraining' })).toBeVisible();
  });

  test('a command chosen leaves no ripple on the page; Esc gives focus back (issue 18 part 5)', async ({ page }) => {
    await openConsole(page);
    const opener = page.getByRole('button', { name: 'Open command palette' });
    const palette = page.getByTestId('command-palette');
    const ripples = page.locator('.MuiTouchRipple-child');
    // Opened with the mouse, an item chosen with Enter: focus used to go back to the opener,
    // whose focus ripple then pulsed on the page of the command.
    await opener.click();
    await palette.getByRole('combobox', { name: 'Command' }).fill('clusters');
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    await expect(page).toHaveURL(/#\/clusters/);
    await expect(opener).not.toBeFocused();
    await expect(page.locator('.Mui-focusVisible')).toHaveCount(0);
    await expect(ripples).toHaveCount(0);
    // Closed without a command, focus goes back to where it was.
    await opener.click();
    await expect(palette).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('finds a secret of the open cluster and opens the Secrets tab filtered to it', async ({ page }) => {
    await openConsole(page);
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('command-palette');
    await palette.getByRole('combobox', { name: 'Command' }).fill('llm-pretraining');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'llm-pretraining' })).toBeVisible();

    await page.keyboard.press('Control+k');
    const input = palette.getByRole('combobox', { name: 'Command' });
    await input.fill('wandb');
    await expect(palette.getByTestId('palette-notes')).toContainText('open cluster (llm-pretraining)');
    const name = 'WANDB_API_KEY';
    const secret = palette.getByRole('option').filter({ hasText: name });
    await expect(secret).toContainText('Secrets of llm-pretraining');
    await secret.click();
    await expect(page).toHaveURL(new RegExp(`/secrets\\?q=${name}$`));
    await expect(page.getByRole('textbox', { name: 'Search secrets' })).toHaveValue(name);
    await expect(page.getByTestId(`secret-row-${name}`)).toBeVisible();
  });
});

test.describe('filters and sort in the address', () => {
  test('a clusters filter survives reload; back returns to the previous filter; the box clears', async ({ page }) => {
    await openClusters(page);
    const box = page.getByRole('textbox', { name: 'Filter clusters' });
    await box.fill('llm');
    await expect(page).toHaveURL(/#\/clusters\?q=llm$/);
    await page.getByTestId('status-filter-running').click();
    await expect(page).toHaveURL(/#\/clusters\?q=llm&status=running$/);
    await page.getByRole('columnheader', { name: 'Name' }).click();
    await expect(page).toHaveURL(/&sort=name$/);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Filter clusters' })).toHaveValue('llm');
    await expect(page.getByTestId('status-filter-running')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    const rows = page.locator('[data-testid^="cluster-row-"]');
    await expect(rows.first()).toBeVisible();
    for (const name of await rows.getByTestId('cluster-status').allTextContents()) expect(name).toBe('running');

    await page.goBack();
    await expect(page).toHaveURL(/#\/clusters\?q=llm&status=running$/);
    await expect(page.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort', /./);
    await page.goBack();
    await expect(page).toHaveURL(/#\/clusters\?q=llm$/);
    await expect(page.getByTestId('status-filter-running')).toHaveAttribute('aria-pressed', 'false');
    await expect(box).toHaveValue('llm');

    await box.press('Escape');
    await expect(box).toHaveValue('');
    await expect(page).toHaveURL(/#\/clusters$/);
    await box.fill('x');
    await page.getByRole('button', { name: 'Clear filter clusters' }).click();
    await expect(box).toHaveValue('');
  });
});
