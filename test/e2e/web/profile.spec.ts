// The Profile page (issue 20): a field's rule shown on it as it is broken; an avatar picked
// (a PNG made here), cropped in the dialog, uploaded with progress and shown; the theme
// preference is the console's own.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { openConsole } from './console-page';

async function openProfile(page: import('@playwright/test').Page) {
  await openConsole(page);
  await page.evaluate(() => (window.location.hash = '#/profile'));
  await expect(page.getByRole('form', { name: 'Profile' })).toBeVisible();
}

test.describe('Profile', () => {
  test('a broken rule shows on its field; a bio saves', async ({ page }) => {
    await openProfile(page);
    const form = page.getByRole('form', { name: 'Profile' });
    const website = form.getByLabel('Website');
    await website.fill('example.com');
    await expect(form.getByText('A full http or https address, such as https://example.com')).toBeVisible();
    await website.fill('https://example.com/me');
    await expect(form.getByText('A full http or https address, such as https://example.com')).toHaveCount(0);
    const bio = form.getByLabel('Bio');
    await bio.fill('x'.repeat(501));
    await expect(form.getByText('At most 500 characters', { exact: true })).toBeVisible();
    const text = `Runs the e2e fleet ${Date.now().toString(36)}`;
    await bio.fill(text);
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(form.getByRole('status')).toHaveText('Saved');
    await page.reload();
    await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('Bio')).toHaveValue(text);
  });

  test('crop and upload an avatar, then see it shown', async ({ page }) => {
    await openProfile(page);
    // 400 × 300: left half green, right half blue.
    const half = await sharp({ create: { width: 200, height: 300, channels: 3, background: { r: 0, g: 0, b: 255 } } })
      .png()
      .toBuffer();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 0, g: 200, b: 0 } } })
      .composite([{ input: half, left: 200, top: 0 }])
      .png()
      .toBuffer();
    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const dialog = page.getByRole('dialog', { name: 'Crop your avatar' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('avatar-file-facts')).toContainText('400 × 300 px');
    // Zoom in: the square kept gets smaller than the picture's 300 px side.
    const slider = dialog.getByRole('slider');
    await slider.focus();
    for (let i = 0; i < 20; i++) await slider.press('ArrowRight');
    await expect(dialog.getByTestId('avatar-file-facts')).toContainText(/square of (2[0-9]{2}|1[0-9]{2}) px/);
    await dialog.getByRole('button', { name: 'Upload avatar' }).click();
    await expect(dialog).toBeHidden();
    const shown = page.getByTestId('profile-avatar').locator('img');
    await expect(shown).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(page.getByRole('button', { name: 'Change avatar…' })).toBeVisible();

    // The team sees the same picture beside the member's name: in the list and in their detail.
    // The Profile section's line under its title: "<email> · @<username> · <plan> plan".
    const line = await page
      .getByRole('region', { name: 'Profile' })
      .getByText(/ plan$/)
      .textContent();
    const email = line!.split(' · ')[0]!;
    await page.goto('/#/team');
    await page.getByRole('textbox', { name: 'Filter members' }).fill(email);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('row').nth(1).locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await page.getByRole('row').nth(1).click();
    await expect(page.getByTestId('member-avatar').locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
  });

  test('the theme preference is the console theme', async ({ page }) => {
    await openProfile(page);
    const prefs = page.getByRole('form', { name: 'Preferences' });
    const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const theme = prefs.getByLabel('Theme');
    const current = (await theme.textContent())?.trim();
    const other = current === 'Dark' ? 'Light' : 'Dark';
    await theme.click();
    await page.getByRole('option', { name: other }).click();
    await expect(prefs.getByText('Shown now; save to keep it')).toBeVisible();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(before);
    // Back to the saved one: nothing left to save.
    await theme.click();
    await page.getByRole('option', { name: current! }).click();
    await expect(prefs.getByRole('button', { name: 'Save preferences' })).toBeDisabled();
  });
});
