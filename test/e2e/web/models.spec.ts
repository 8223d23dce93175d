// The Models views in web mode against the emulator: the seeded world's completed job has a
// model, and its running job completes (registering a second one) once the simulated clock
// passes its remaining time. A model is opened, renamed, deployed (a field error first, then
// followed until active as the clock advances), compared with the other, and archived.
import { expect, test, type Page } from '@playwright/test';
import { openConsole, uniqueName } from './console-page';
import { advanceClock, bridgeCall, bridgeInvoke } from './lifecycle-page';

interface JobRow {
  id: string;
  name: string;
  status: string;
  progress: { remainingTime: number | null } | null;
}
interface ModelRow {
  id: string;
  name: string;
  trainingJobId: string | null;
}

async function models(page: Page): Promise<ModelRow[]> {
  return (await bridgeCall<{ models: ModelRow[] }>(page, 'training.models.list', { query: {} })).models;
}

test.describe('Models', () => {
  test.describe.configure({ timeout: 180_000 });

  test('registry, rename, deploy until active, compare two models, archive', async ({ page }) => {
    await openConsole(page);
    await bridgeInvoke(page, 'emulator:reset', {});
    // The seeded running job completes once its remaining time has passed: a second model.
    const jobs = (await bridgeCall<{ jobs: JobRow[] }>(page, 'training.jobs.list', { query: {} })).jobs;
    const running = jobs.find((j) => j.status === 'running' && j.progress?.remainingTime);
    expect(running, 'the seeded world has a running training job').toBeTruthy();
    await advanceClock(page, running!.progress!.remainingTime! + 120);
    const registered = await models(page);
    const seeded = registered.find((m) => m.trainingJobId !== running!.id)!;
    const fresh = registered.find((m) => m.trainingJobId === running!.id);
    expect(fresh, 'the completed job registered a model').toBeTruthy();

    // The registry lists both; a search narrows it.
    await page.goto('/#/models');
    const table = page.getByRole('table', { name: 'Models' });
    await expect(table.getByTestId(`model-row-${seeded.id}`)).toBeVisible();
    await expect(table.getByTestId(`model-row-${fresh!.id}`)).toBeVisible();
    await page.getByRole('textbox', { name: 'Search models' }).fill(fresh!.name);
    await expect(table.getByTestId(`model-row-${seeded.id}`)).toBeHidden();
    await page.getByRole('textbox', { name: 'Search models' }).fill('');

    // Open it and rename it.
    await table.getByTestId(`model-row-${seeded.id}`).click();
    await expect(page.getByTestId('model-detail')).toBeVisible();
    await expect(page.getByTestId('model-status')).toHaveText(/ready/i);
    await expect(page.getByTestId('model-job-link')).toHaveAttribute('href', `#/training/jobs/${seeded.trainingJobId}`);
    const newName = uniqueName('assistant renamed');
    await page.getByTestId('edit-model').click();
    const edit = page.getByTestId('edit-model-dialog');
    await edit.getByTestId('edit-model-name').fill(newName);
    await edit.getByTestId('edit-model-submit').click();
    await expect(edit).toBeHidden();
    await expect(page.getByTestId('model-name')).toHaveText(newName);

    // Versions: the first one, with its metrics.
    await page.getByRole('tab', { name: 'Versions' }).click();
    await expect(page.getByTestId('version-v1.0.0')).toContainText('Latest');

    // Deploy: a temperature out of range is refused on its field, in words.
    await page.getByTestId('deploy-model').click();
    const deploy = page.getByTestId('deploy-dialog');
    await deploy.getByTestId('deploy-temperature').fill('3');
    await deploy.getByTestId('deploy-submit').click();
    await expect(deploy.getByText('0 to 2', { exact: true })).toBeVisible();
    await deploy.getByTestId('deploy-temperature').fill('0.5');
    await deploy.getByTestId('deploy-submit').click();
    await expect(deploy.getByTestId('deploy-follow-status')).toHaveText(/deploying/i);
    await expect(deploy.getByTestId('deploy-follow-eta')).toContainText('ready about');
    // Active after 3–5 simulated minutes: the dialog follows it.
    await advanceClock(page, 301);
    await expect(deploy.getByTestId('deploy-follow-active')).toBeVisible({ timeout: 15_000 });
    await expect(deploy.getByTestId('deploy-follow-status')).toHaveText(/active/i);
    await deploy.getByTestId('deploy-close').click();
    await page.getByRole('tab', { name: /Deployments/ }).click();
    await expect(page.getByTestId('model-deployments').getByText('active', { exact: true })).toBeVisible();
    // The deployment is an endpoint: its name opens it, healthy, and the endpoint names the model back.
    await page.getByTestId('model-deployments').getByRole('link').first().click();
    await expect(page).toHaveURL(/#\/endpoints\/ep_/);
    await expect(page.getByTestId('endpoint-detail-status')).toHaveText('healthy');
    await expect(page.getByTestId('endpoint-model')).toHaveText(newName);
    await expect(page.getByTestId('health-checks')).toBeVisible();
    await page.goto('/#/endpoints');
    await expect(page.getByRole('table', { name: 'Endpoints' }).getByText(newName, { exact: true }).first()).toBeVisible();

    // Compare the two from the registry's ticks.
    await page.goto('/#/models');
    await expect(page.getByTestId('compare-models')).toBeDisabled();
    await page.getByRole('checkbox', { name: `Select ${newName} to compare` }).check();
    await page.getByRole('checkbox', { name: `Select ${fresh!.name} to compare` }).check();
    await page.getByTestId('compare-models').click();
    await expect(page).toHaveURL(/#\/models\/compare\?ids=/);
    const compare = page.getByTestId('model-compare');
    await expect(compare.getByRole('table', { name: 'Comparison' })).toContainText(newName);
    // Each measure names one best model: exactly one highlighted cell in the accuracy row.
    await expect(compare.getByTestId('compare-row-accuracy').locator('[data-best]')).toHaveCount(1);
    await expect(compare.getByTestId('compare-recommendations')).toBeVisible();
    await expect(compare.getByTestId('compare-chart-validationLoss')).toBeVisible();

    // Archive the other one: a retention out of range is refused, then it is archived.
    await page.goto(`/#/models/${fresh!.id}`);
    await page.getByTestId('archive-model').click();
    const archive = page.getByTestId('archive-model-dialog');
    await archive.getByTestId('archive-days').fill('5000');
    await archive.getByTestId('archive-model-submit').click();
    await expect(archive.getByText('1 to 3,650 days', { exact: true })).toBeVisible();
    await archive.getByTestId('archive-days').fill('30');
    await archive.getByTestId('archive-reason').fill('superseded');
    await archive.getByTestId('archive-model-submit').click();
    await expect(archive).toBeHidden();
    await expect(page.getByTestId('model-status')).toHaveText(/archived/i);
    await expect(page.getByTestId('model-archived')).toContainText('superseded');
    await expect(page.getByTestId('deploy-model')).toBeDisabled();
  });
});
