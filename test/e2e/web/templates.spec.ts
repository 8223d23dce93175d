// Templates as an operator uses them: create one from the form (inline validation from the
// shared schema first) and find it in the list; official templates are read-only.
import { expect, test } from '@playwright/test';
import { openConsole } from './console-page';

test.describe('Templates', () => {
  test('create a template from the form and see it in the list', async ({ page }) => {
    await openConsole(page);
    await page.goto('/#/templates');
    await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
    await expect(page.getByTestId('templates-count')).toHaveText(/\d+ templates?/);

    const name = `e2e template ${Date.now().toString(36)}`;
    await page.getByTestId('create-template-button').click();
    const dialog = page.getByRole('dialog', { name: 'New template' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Made by the end-to-end test');
    await dialog.getByRole('textbox', { name: 'Container image' }).fill('registry.example.com/e2e/pytorch:2.3-cuda12');
    // min ≤ default ≤ max, shown on the field before anything is sent.
    await dialog.getByRole('textbox', { name: 'Maximum CPU cores' }).fill('4');
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expect(dialog.getByText('Choose a category')).toBeVisible();
    await expect(dialog.getByText('The default is at most the maximum (4)')).toBeVisible();

    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'ml', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Framework' }).click();
    await page.getByRole('option', { name: 'pytorch' }).click();
    await dialog.getByRole('textbox', { name: 'Maximum CPU cores' }).fill('32');
    await expect(dialog.getByText(/at most the maximum/)).toBeHidden();
    await dialog.getByRole('button', { name: 'Add port' }).click();
    await dialog.getByRole('textbox', { name: 'Internal port' }).fill('8888');
    await dialog.getByRole('textbox', { name: 'Description', exact: true }).last().fill('Jupyter Lab');
    await dialog.getByRole('textbox', { name: 'Startup script' }).fill('pip install -r requirements.txt\njupyter lab --ip 0.0.0.0');
    await expect(dialog.getByTestId('template-cost-preview')).toContainText('/h');
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expect(dialog).toBeHidden();

    // In the list (server-side search), in both views.
    await page.getByRole('textbox', { name: 'Search templates' }).fill(name);
    await expect(page.getByTestId('templates-count')).toHaveText('1 template');
    const card = page.getByRole('button', { name: `Open template ${name}` });
    await expect(card).toBeVisible();
    await page.getByRole('button', { name: 'Table view' }).click();
    await expect(page.getByRole('table', { name: 'Templates' }).getByText(name)).toBeVisible();

    // Its detail shows what was entered; a custom template can be edited.
    await page.getByRole('table', { name: 'Templates' }).getByText(name).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByTestId('startup-script')).toContainText('jupyter lab --ip 0.0.0.0');
    await expect(page.getByRole('button', { name: 'Edit' })).toBeEnabled();
  });

  test('official templates are read-only and can be duplicated', async ({ page }) => {
    await openConsole(page);
    await page.goto('/#/templates');
    await page.getByRole('combobox', { name: 'Source' }).click();
    await page.getByRole('option', { name: 'Official' }).click();
    await page.getByRole('button', { name: 'Gallery view' }).click();
    const first = page.getByRole('button', { name: /^Open template / }).first();
    const title = ((await first.getAttribute('aria-label')) ?? '').replace('Open template ', '');
    await first.click();
    // The gallery stays on screen while the detail's code loads (a route transition): read the detail's own.
    const detail = page.getByTestId('template-detail');
    await expect(detail.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(detail.getByTestId('badge-official')).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Edit' })).toBeDisabled();
    await expect(detail.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await detail.getByRole('button', { name: 'Duplicate as new template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate as new template' });
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`${title} (copy)`.slice(0, 100));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
