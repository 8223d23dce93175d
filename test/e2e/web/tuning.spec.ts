// Hyperparameter tuning in the console: a search space the API would refuse is refused in the
// start dialog before anything is sent (the message on the parameter's row), a tuning job
// started from a training job's link fills the parallel coordinates trial by trial as the
// simulated clock advances, brushing its objective's axis filters the trials table, a stop that
// cancels the running trials ends it, and the best trial is trained again as a new job.
import { expect, test, type Page } from '@playwright/test';
import { PLOT_MARGIN } from '../../../renderer/src/components/charts/parallel-core';
import { openConsole } from './console-page';
import { advanceClock, bridgeCall, bridgeInvoke } from './lifecycle-page';

interface JobItem {
  id: string;
  status: string;
  modelType: string;
}

async function tuningTotal(page: Page): Promise<number> {
  return (await bridgeCall<{ pagination: { total: number } }>(page, 'training.tune.list', { query: { limit: 1 } })).pagination.total;
}

/** How many trials the parallel coordinates draw (one line per completed trial); 0 before the first. */
async function linesDrawn(page: Page): Promise<number> {
  const plot = page.getByTestId('parallel-plot');
  if ((await plot.count()) === 0) return 0;
  return Number(await plot.getAttribute('data-selected'));
}

test.describe('Tuning', () => {
  test.describe.configure({ timeout: 180_000 });

  test.afterEach(async ({ page }) => {
    await bridgeInvoke(page, 'emulator:setClockSpeed', { speed: 1 }).catch(() => {});
  });

  test('refuses a search space before sending, fills the parallel coordinates as the clock advances, brushes, stops and deploys the best', async ({
    page,
  }) => {
    await openConsole(page);
    await bridgeInvoke(page, 'emulator:reset', {});
    // The clock moves only when the test moves it: each step is seen, whatever the machine's load.
    await bridgeInvoke(page, 'emulator:setClockSpeed', { speed: 0.001 });
    const jobs = (await bridgeCall<{ jobs: JobItem[] }>(page, 'training.jobs.list', { query: { limit: 100 } })).jobs;
    const job = jobs.find((j) => j.status === 'completed' && j.modelType === 'llm');
    expect(job, 'the seeded world has a completed language-model training job').toBeTruthy();
    const before = await tuningTotal(page);

    // The training views link here with the job chosen.
    await page.goto(`/#/tuning?start=${job!.id}`);
    const dialog = page.getByTestId('start-tuning-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Training job' })).toContainText(job!.id);

    // A grid cannot enumerate a log-uniform learning rate, and a range must rise.
    await dialog.getByRole('combobox', { name: 'Algorithm' }).click();
    await page.getByRole('option', { name: 'Grid' }).click();
    await dialog.getByRole('textbox', { name: 'Min of lora_rank' }).fill('64');
    await dialog.getByRole('textbox', { name: 'Max of lora_rank' }).fill('4');
    await dialog.getByTestId('start-tuning-submit').click();
    await expect(dialog.getByTestId('param-row-0')).toContainText(
      "grid needs choice or integer parameters — log uniform 'learning_rate' can't be enumerated",
    );
    await expect(dialog.getByTestId('param-row-2')).toContainText('min must be below max');
    await expect(dialog.getByTestId('param-row-0').getByRole('combobox', { name: 'Type' })).toHaveAttribute('aria-invalid', 'true');
    expect(await tuningTotal(page), 'nothing was sent').toBe(before);

    // Fixed: TPE over the default space, 24 trials, 4 at a time.
    await dialog.getByRole('textbox', { name: 'Min of lora_rank' }).fill('4');
    await dialog.getByRole('textbox', { name: 'Max of lora_rank' }).fill('64');
    await expect(dialog.getByTestId('param-row-2')).not.toContainText('min must be below max');
    await dialog.getByRole('combobox', { name: 'Algorithm' }).click();
    await page.getByRole('option', { name: 'TPE' }).click();
    await dialog.getByRole('textbox', { name: 'Max trials' }).fill('24');
    await expect(dialog.getByTestId('tuning-estimate')).toContainText('for 24 trials');
    await dialog.getByTestId('start-tuning-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`#/tuning/${job!.id}/tune_[A-Za-z0-9]+$`));
    await expect(page.getByTestId('tuning-detail')).toBeVisible();
    await expect(page.getByTestId('tuning-parallel-empty')).toBeVisible();
    expect(await tuningTotal(page)).toBe(before + 1);

    // Trials complete as the clock advances; each completed trial is a line of the parallel coordinates.
    let drawn = 0;
    for (let step = 0; step < 30 && drawn === 0; step++) {
      await advanceClock(page, 60);
      await page.waitForTimeout(2_500);
      drawn = await linesDrawn(page);
    }
    expect(drawn, 'the first trials are drawn').toBeGreaterThan(0);
    await expect(page.getByTestId('tuning-progress')).toContainText(`${drawn} / 24 trials`);
    await expect(page.getByTestId('tuning-detail-status')).toHaveText(/running/i);
    const first = drawn;
    await advanceClock(page, 150);
    await expect.poll(() => linesDrawn(page), { timeout: 15_000 }).toBeGreaterThan(first);
    const rows = page.getByRole('table', { name: 'Trials' }).getByRole('row');
    await expect.poll(async () => (await rows.count()) - 1).toBeGreaterThan(await linesDrawn(page));

    // Brushing the top of the objective's axis (the worse values) leaves only those trials in the table.
    const plot = page.getByRole('img', { name: /^Parameters → objective/ });
    await plot.scrollIntoViewIfNeeded();
    const box = (await plot.boundingBox())!;
    // The objective is the last axis, at the plot's right margin.
    const x = box.x + box.width - PLOT_MARGIN.right;
    await page.mouse.move(x, box.y + 12);
    await page.mouse.down();
    await page.mouse.move(x, box.y + box.height * 0.3, { steps: 4 });
    await page.mouse.move(x, box.y + box.height * 0.55, { steps: 4 });
    await page.mouse.up();
    await expect(page.getByTestId('brush-note')).toBeVisible();
    const panel = page.getByTestId('trials-panel');
    await expect(panel).toContainText(/Trials · \d+ of \d+ in the brushed ranges/);
    const [shown, all] = (/(\d+) of (\d+) in the brushed/.exec((await panel.textContent()) ?? '') ?? []).slice(1).map(Number);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(all!);
    await expect(panel.getByRole('row').filter({ hasText: /Running|Failed/ })).toHaveCount(0);
    await page.getByTestId('parallel-clear').click();
    await expect(page.getByTestId('brush-note')).toBeHidden();

    // Stop, cancelling the running trials.
    await page.getByTestId('stop-tuning').click();
    const stop = page.getByTestId('stop-tuning-dialog');
    await expect(stop).toBeVisible();
    await expect(stop.getByTestId('stop-consequence')).toContainText(/finish(es)? first/);
    await stop.getByRole('switch', { name: 'Let running trials finish' }).uncheck();
    await expect(stop.getByTestId('stop-consequence')).toHaveText(/^The \d+ running trials? (is|are) cancelled now\.$/);
    await stop.getByTestId('stop-tuning-submit').click();
    await expect(stop).toBeHidden();
    await expect(page.getByTestId('tuning-detail-status')).toHaveText(/cancelled/i);
    await expect(page.getByTestId('stop-tuning')).toBeHidden();
    await expect(page.getByTestId('tuning-progress')).toContainText('cancelled');
    await expect(page.getByRole('table', { name: 'Trials' }).getByRole('row').filter({ hasText: 'Running' })).toHaveCount(0);

    // Deploy the best trial: a new training job from its parameters, linked.
    await page.getByTestId('deploy-best').click();
    const deploy = page.getByTestId('deploy-best-dialog');
    await expect(deploy.getByRole('combobox', { name: 'Trial' })).toContainText('Best: trial');
    await deploy.getByRole('textbox', { name: 'Epochs' }).fill('0');
    await deploy.getByTestId('deploy-best-submit').click();
    await expect(deploy).toContainText('Epochs is a whole number from 1 to 100');
    await deploy.getByRole('textbox', { name: 'Epochs' }).fill('2');
    await deploy.getByTestId('deploy-best-submit').click();
    await expect(deploy.getByTestId('deploy-best-result')).toContainText(/Training job .+ \(job_[A-Za-z0-9]+\) created from trial \d+/);
    await expect(deploy.getByRole('link', { name: 'Open training job' })).toHaveAttribute('href', /^#\/training\/jobs\/job_[A-Za-z0-9]+$/);
  });
});
