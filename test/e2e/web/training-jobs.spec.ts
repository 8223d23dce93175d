// Training jobs as an ML engineer runs them: the new-job form with its estimated cost and its
// errors in words, then the job's page, whose loss chart moves as the emulator's simulated
// clock advances (the points stream in; the page reads nothing again), stop with a checkpoint
// and resume from it. The clock is slowed to 0.001× and moved by the test, phase by phase.
import { expect, test, type Page } from '@playwright/test';
import { openConsole, uniqueName } from './console-page';
import { advanceClock, bridgeCall, bridgeInvoke } from './lifecycle-page';

async function openJobs(page: Page): Promise<void> {
  await openConsole(page);
  await page.getByRole('link', { name: 'Training jobs' }).first().click();
  await expect(page.getByRole('table', { name: 'Training jobs' })).toBeVisible();
}

/** The last step the loss chart holds, from its description (what screen readers get instead of the canvas). */
async function chartLastStep(page: Page): Promise<number> {
  const label = (await page.getByTestId('job-chart-loss').locator('canvas').getAttribute('aria-label')) ?? '';
  const m = /up to step (-?\d+)/.exec(label);
  return m ? Number(m[1]) : -1;
}

async function startJob(page: Page, name: string, epochs: string): Promise<void> {
  await page.getByTestId('create-job').click();
  const dialog = page.getByRole('dialog', { name: 'New training job' });
  await dialog.getByTestId('job-name').fill(name);
  await dialog.getByTestId('job-datasetId').locator('..').click();
  await page.getByRole('option', { name: /support-chat-v3/ }).click();
  await dialog.getByTestId('job-epochs').fill(epochs);
  await expect(dialog.getByTestId('job-estimate')).toContainText(/Estimated cost \$\d+\.\d\d/);
  await dialog.getByTestId('submit-job').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('job-detail').getByRole('heading', { name })).toBeVisible();
}

test.describe('Training jobs', () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => {
    await openJobs(page);
    await bridgeInvoke(page, 'emulator:setClockSpeed', { speed: 0.001 });
  });
  test.afterEach(async ({ page }) => {
    await bridgeInvoke(page, 'emulator:setClockSpeed', { speed: 1 });
  });

  test('the form says its rules on the fields and shows the estimated cost', async ({ page }) => {
    await page.getByTestId('create-job').click();
    const dialog = page.getByRole('dialog', { name: 'New training job' });
    await expect(dialog.getByTestId('job-estimate')).toContainText('Choose a dataset to see the estimated cost');
    await dialog.getByTestId('job-learningRate').fill('0.5');
    await dialog.getByTestId('job-workers').fill('40');
    await expect(dialog.getByText('A learning rate is 1e-6 to 1e-1 (0.000001 to 0.1)')).toBeVisible();
    await expect(dialog.getByText('Enter 1 to 32 GPUs')).toBeVisible();
    await dialog.getByTestId('submit-job').click();
    await expect(dialog.getByText('Name the job')).toBeVisible();
    await expect(dialog.getByText('Choose a ready dataset to train on')).toBeVisible();
  });

  test('a new job’s loss chart moves as the clock advances', async ({ page }) => {
    const name = uniqueName('finetune');
    await startJob(page, name, '2');
    const detail = page.getByTestId('job-detail');
    await expect(detail.getByTestId('job-detail-status')).toHaveText(/pending/i);
    await advanceClock(page, 90);
    await expect(detail.getByTestId('job-detail-status')).toHaveText(/running/i, { timeout: 15_000 });
    await advanceClock(page, 10);
    await expect.poll(() => chartLastStep(page), { timeout: 15_000 }).toBeGreaterThan(0);
    const before = await chartLastStep(page);
    await advanceClock(page, 20);
    await expect.poll(() => chartLastStep(page), { timeout: 15_000 }).toBeGreaterThan(before);
    await expect(detail.getByTestId('job-readout')).toContainText(/Latest step \d+ · loss \d/);
    await expect(detail.getByTestId('job-cost')).not.toHaveText('$0.00');
  });

  test('stop with a checkpoint, then resume from it', async ({ page }) => {
    const name = uniqueName('stoppable');
    await startJob(page, name, '4');
    const detail = page.getByTestId('job-detail');
    await advanceClock(page, 90);
    await expect(detail.getByTestId('job-detail-status')).toHaveText(/running/i, { timeout: 15_000 });
    await advanceClock(page, 20);
    await expect.poll(() => chartLastStep(page), { timeout: 15_000 }).toBeGreaterThan(0);
    await detail.getByTestId('stop-job').click();
    const stop = page.getByRole('dialog', { name: /Stop job/ });
    await stop.getByLabel('Reason').fill('checking the curve');
    await stop.getByTestId('confirm-stop-job').click();
    await expect(detail.getByTestId('job-detail-status')).toHaveText(/stopped/i, { timeout: 15_000 });
    await expect(detail.getByTestId('job-checkpoints')).toContainText('at stop');
    await detail.getByTestId('resume-job').click();
    const resume = page.getByRole('dialog', { name: /Resume job/ });
    await expect(resume.getByRole('combobox', { name: 'Checkpoint' })).toContainText('(latest)');
    await resume.getByTestId('confirm-resume-job').click();
    await expect(detail.getByTestId('job-detail-status')).toHaveText(/running/i, { timeout: 15_000 });
  });

  test('a pending job says when it should start, in the list and on its page, and how often it saves checkpoints', async ({ page }) => {
    await bridgeInvoke(page, 'emulator:reset', {});
    await bridgeInvoke(page, 'emulator:setClockSpeed', { speed: 0.001 });
    const { jobs } = await bridgeCall<{ jobs: Array<{ id: string; name: string; status: string }> }>(page, 'training.jobs.list', {
      query: { status: 'pending' },
    });
    const pending = jobs.find((j) => j.name === 'support-assistant-v2');
    if (!pending) throw new Error('the seeded world has no pending job');
    await page.getByRole('button', { name: 'Refresh training jobs' }).click();
    await expect(page.getByTestId(`job-start-${pending.id}`)).toHaveText(/^Should start in ~\d+ min \(at .+\)$/);
    await page.getByTestId(`job-row-${pending.id}`).click();
    const detail = page.getByTestId('job-detail');
    await expect(detail.getByTestId('job-pending')).toContainText(/Should start in ~\d+ min \(at .+\), when provisioning ends\./);
    const checkpoints = detail.getByTestId('job-checkpoints');
    await expect(checkpoints).toContainText(/A checkpoint is saved every \d+ steps \(once an epoch\)/);
    await expect(checkpoints).not.toContainText('every 0 steps');
  });
});
