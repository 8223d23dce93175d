// The secret manager as an operator uses it: create a secret, reveal and hide its value,
// set a rotation policy and see the next rotation, delete it by typing its name.
import { expect, test } from '@playwright/test';
import { openConsole } from './console-page';
import { bridgeCall, clusterWithStatus, openClusterTab, secretRow } from './lifecycle-page';

test.describe('Cluster secrets', () => {
  test('create, reveal and hide, rotation policy, delete by typed name', async ({ page }) => {
    await openConsole(page);
    const cluster = await clusterWithStatus(page, 'running');
    await openClusterTab(page, cluster.id, 'secrets');
    await expect(page.getByRole('table', { name: 'Secrets' })).toBeVisible();

    const name = `e2e-secret-${Date.now().toString(36)}`;
    const value = `sk-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

    // Create: validated inline before anything is sent.
    await page.getByTestId('create-secret-button').click();
    const dialog = page.getByRole('dialog', { name: 'New secret' });
    await dialog.getByRole('button', { name: 'Create secret' }).click();
    await expect(dialog.getByText('A value is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'API key' }).click();
    await dialog.getByLabel('Secret value').fill(value);
    await dialog.getByRole('textbox', { name: 'Environment variable' }).fill('E2E_TOKEN_VALUE');
    await dialog.getByRole('button', { name: 'Create secret' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('textbox', { name: 'Search secrets' }).fill(name);
    const row = secretRow(page, name);
    await expect(row).toBeVisible();
    await expect(page.getByTestId('secrets-count')).toHaveText('1 secret match');
    await expect(row.getByTestId('secret-value')).toHaveText('••••••');
    await expect(row.getByTestId('secret-env')).toHaveText('E2E_TOKEN_VALUE');
    // Masked means absent: the value is nowhere in the page until it is revealed.
    expect(await page.content()).not.toContain(value);

    // Reveal on demand, then hide again.
    await row.getByRole('button', { name: `Reveal value of ${name}` }).click();
    await expect(row.getByTestId('secret-value')).toHaveText(value);
    await expect(row.getByRole('button', { name: `Copy value of ${name}` })).toBeVisible();
    await row.getByRole('button', { name: `Hide value of ${name}` }).click();
    await expect(row.getByTestId('secret-value')).toHaveText('••••••');
    expect(await page.content()).not.toContain(value);

    // Rotation policy: the service computes the next rotation.
    await expect(row.locator('[data-column="rotation"]')).toHaveText('Off');
    await row.getByRole('button', { name: `Rotation policy of ${name}` }).click();
    const rotation = page.getByRole('dialog', { name: `Rotation policy of ${name}` });
    await rotation.getByRole('checkbox', { name: 'Rotate on a schedule' }).check();
    await rotation.getByRole('textbox', { name: 'Interval (days)' }).fill('30');
    await rotation.getByRole('textbox', { name: 'Notify days before' }).fill('30');
    await rotation.getByRole('button', { name: 'Save policy' }).click();
    await expect(rotation.getByText('the notice comes before the rotation interval ends')).toBeVisible();
    await rotation.getByRole('textbox', { name: 'Notify days before' }).fill('5');
    await rotation.getByRole('button', { name: 'Save policy' }).click();
    await expect(rotation.getByText('Policy saved.')).toBeVisible();
    await expect(rotation.getByTestId('rotation-next')).toContainText(/Next rotation: .+\(in (4|5) weeks|in 30 days|next month\)/);
    await rotation.getByRole('button', { name: 'Done' }).click();
    await expect(rotation).toBeHidden();
    await expect(row.getByTestId('next-rotation')).toBeVisible();

    // Delete: only the exact name enables the button.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete secret “${name}”?` });
    const del = confirm.getByRole('button', { name: 'Delete secret' });
    await expect(del).toBeDisabled();
    await confirm.getByRole('textbox', { name: 'Type the secret name to confirm' }).fill(name.slice(0, -1));
    await expect(del).toBeDisabled();
    await confirm.getByRole('textbox', { name: 'Type the secret name to confirm' }).fill(name);
    await expect(del).toBeEnabled();
    await del.click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeHidden();
    await expect(page.getByText('No secrets match')).toBeVisible();
  });

  test('a blocked or refused create says why on the field: a too-long tag, a taken name until it changes', async ({ page }) => {
    await openConsole(page);
    const cluster = await clusterWithStatus(page, 'running');
    const existing = (
      await bridgeCall<{ data: { secrets: Array<{ name: string }> } }>(page, 'clusters.secrets.list', {
        params: { cluster_id: cluster.id },
      })
    ).data.secrets[0]!.name;
    await openClusterTab(page, cluster.id, 'secrets');

    await page.getByTestId('create-secret-button').click();
    const dialog = page.getByRole('dialog', { name: 'New secret' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    const tags = dialog.getByRole('textbox', { name: 'Tags' });
    await name.fill(existing);
    await dialog.getByLabel('Secret value').fill('e2e-value');
    // A 60-character tag: blocked before sending, the reason on the Tags field, which gets the focus.
    await tags.fill(`ml, ${'t'.repeat(60)}`);
    await dialog.getByRole('button', { name: 'Create secret' }).click();
    await expect(tags).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText(/has 60 characters; a tag has at most 50/)).toBeVisible();
    await expect(tags).toBeFocused();
    await tags.fill('ml, e2e');
    await expect(tags).not.toHaveAttribute('aria-invalid', 'true');

    // The name is taken: SECRET_EXISTS on the name field, and gone once the name changes.
    await dialog.getByRole('button', { name: 'Create secret' }).click();
    const taken = dialog.getByText(`A secret named ${existing} already exists on this cluster; choose another name`);
    await expect(taken).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();
    await expect(dialog.getByTestId('error-alert')).toHaveCount(0);
    await name.fill(`${existing}-2`);
    await expect(taken).toBeHidden();
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
