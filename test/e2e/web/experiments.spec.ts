// Experiments as an ML engineer uses them: create one, add three runs that follow training jobs
// (created through the bridge and trained on the emulator's clock), compare the three and read a
// p-value in the paired tests table (the one the API computed, as the console writes it),
// switch "differences only" off and on, export the runs as CSV through main, write the notes and
// conclusion and complete it, clone it with its runs and archive the clone.
import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { formatPValue } from '../../../renderer/src/features/training/experiments/compare/compare-logic';
import { openConsole, uniqueName } from './console-page';
import { advanceClock, bridgeCall, bridgeInvoke } from './lifecycle-page';

interface Job {
  id: string;
  name: string;
  status: string;
}

test.describe('Experiments', () => {
  test('create, add three runs from training jobs, compare them with a p-value, differences only, export', async ({ page }) => {
    await openConsole(page);
    await bridgeInvoke(page, 'emulator:reset', {});
    const { datasets } = await bridgeCall<{ datasets: { id: string; name: string }[] }>(page, 'training.datasets.list', {
      query: { status: 'ready' },
    });
    const dataset = datasets.find((d) => d.name === 'support-chat-v3') ?? datasets[0];
    if (!dataset) throw new Error('the seeded world has no ready dataset');
    const rates = [0.0001, 0.0002, 0.0004];
    const jobs: Job[] = [];
    for (const lr of rates)
      jobs.push(
        await bridgeCall<Job>(page, 'training.jobs.create', {
          body: {
            name: uniqueName(`lr-${lr}`),
            modelType: 'llm',
            datasetId: dataset.id,
            config: {
              baseModel: 'llama-3-8b',
              strategy: 'lora',
              parameters: { rank: 8 },
              training: { epochs: 2, batch_size: 4, learning_rate: lr },
            },
          },
        }),
      );
    // Provisioning, then every step of the three jobs.
    await advanceClock(page, 4 * 3600);

    // The list, with the seeded experiments and their runs (completed of all).
    const { experiments } = await bridgeCall<{ experiments: { id: string; name: string; runCount: number }[] }>(
      page,
      'training.experiments.list',
    );
    expect(experiments.length).toBeGreaterThan(0);
    await page.goto('/#/experiments');
    await expect(page.getByRole('heading', { name: 'Experiments', level: 1 })).toBeVisible();
    for (const e of experiments) await expect(page.getByTestId(`experiment-row-${e.id}`)).toContainText(e.name);
    // A status filter the seeded ones do not match says so, with a way back.
    await page.getByTestId('experiment-status-filter-archived').click();
    await expect(page.getByTestId('empty-state')).toContainText('No experiments match the filters');
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // Create: a missing name is refused on its field, then the experiment opens.
    await page.getByTestId('create-experiment').click();
    const create = page.getByRole('dialog', { name: 'New experiment' });
    await create.getByTestId('create-experiment-submit').click();
    const name = create.getByRole('textbox', { name: 'Name' });
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('A name is required');
    const title = uniqueName('Learning rate sweep');
    await name.fill(title);
    await create.getByRole('textbox', { name: 'Description' }).fill('LoRA rank 8 on support chat, three learning rates');
    await create.getByRole('textbox', { name: 'Hypothesis' }).fill('2e-4 reaches the lowest validation loss');
    await create.getByRole('textbox', { name: 'Tags' }).fill('lora, sweep');
    await create.getByTestId('create-experiment-submit').click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByTestId('experiment-detail-status')).toHaveText('active');

    // Three runs, each from its job.
    for (const job of jobs) {
      await page.getByTestId('add-run').click();
      const dialog = page.getByRole('dialog', { name: 'Add a run' });
      await dialog.getByTestId('run-job-input').fill(job.id);
      await page.getByTestId(`job-option-${job.id}`).click();
      await dialog.getByRole('textbox', { name: 'Tags' }).fill('seed-1');
      await dialog.getByTestId('add-run-submit').click();
      await expect(dialog).toBeHidden();
    }
    const runsTable = page.getByRole('table', { name: 'Runs' });
    for (const job of jobs) await expect(runsTable.getByText(job.name, { exact: true })).toBeVisible();
    await expect(page.getByTestId('stat-total-runs')).toHaveText('3');
    await expect(page.getByTestId('stat-completed-runs')).toHaveText('3');

    // Compare the three.
    await expect(page.getByTestId('compare-runs')).toBeDisabled();
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByTestId('compare-runs').click();
    await expect(page.getByRole('heading', { name: 'Comparing 3 runs', level: 1 })).toBeVisible();
    const hash = new URL(page.url()).hash;
    const experimentId = /#\/experiments\/(exp_[A-Za-z0-9]+)\/compare/.exec(hash)![1]!;
    const runIds = decodeURIComponent(/runs=([^&]+)/.exec(hash)![1]!).split(',');
    expect(runIds).toHaveLength(3);

    // The three models share their dataset's evaluation examples: tested paired; the p-value the API
    // computed for each pair, as the table writes it. One run per configuration: nothing across seeds.
    const answer = await bridgeCall<{
      comparison: {
        statistical_analysis: {
          paired_tests: { runA: string; runB: string; wilcoxon: { pValue: number; pAdjusted: number } }[];
          replicate_tests: unknown[];
        };
      };
    }>(page, 'training.experiments.compare', {
      params: { experiment_id: experimentId },
      body: { runs: runIds, metrics: ['validation_loss', 'loss', 'perplexity', 'accuracy', 'cost', 'duration'] },
    });
    const pairs = answer.comparison.statistical_analysis.paired_tests;
    expect(pairs).toHaveLength(3);
    expect(answer.comparison.statistical_analysis.replicate_tests).toHaveLength(0);
    const tests = page.getByTestId('stat-paired-tests');
    for (const pair of pairs) {
      const row = page.getByTestId(`stat-paired-tests-row-${pair.runA}-${pair.runB}`);
      await expect(row.getByTestId('p-value')).toHaveText(formatPValue(pair.wilcoxon.pValue));
      await expect(row.getByTestId('p-adjusted')).toHaveText(formatPValue(pair.wilcoxon.pAdjusted));
    }
    await expect(tests.getByTestId('ci-bar')).toHaveCount(3);
    await expect(page.getByTestId('stat-replicate-tests')).toContainText('add seeds to compare configurations');

    // Each run's training-loss curve, read from its job, overlaid by step.
    const curves = page.getByTestId('compare-curves');
    for (const job of jobs) await expect(curves.getByText(job.name, { exact: true })).toBeVisible();
    await expect(curves).toContainText('3 of 3 shown');

    // Differences only: the learning rate differs, the base model does not.
    const diff = page.getByRole('table', { name: 'Compared runs' });
    await expect(page.getByTestId('differences-only')).toBeVisible();
    await expect(diff.getByRole('columnheader', { name: 'training.learning_rate' })).toBeVisible();
    await expect(diff.getByRole('columnheader', { name: 'baseModel' })).toHaveCount(0);
    await page.getByRole('switch', { name: 'Differences only' }).uncheck();
    await expect(diff.getByRole('columnheader', { name: 'baseModel' })).toBeVisible();
    await expect(page.getByTestId('parameter-count')).toContainText('parameters,');
    await page.getByRole('switch', { name: 'Differences only' }).check();
    await expect(diff.getByRole('columnheader', { name: 'baseModel' })).toHaveCount(0);

    // Brushing the learning-rate axis (the first) from its top to 40 % down keeps the 0.0004 run:
    // the curves show only it.
    const parallelPanel = page.getByTestId('compare-parallel-panel');
    await parallelPanel.scrollIntoViewIfNeeded();
    const plot = parallelPanel.locator('[data-testid="parallel-plot"] canvas').first();
    await expect(plot).toBeVisible();
    const box = (await plot.boundingBox())!;
    const top = box.y + 10;
    const bottom = box.y + box.height - 14;
    const x = box.x + 56;
    // From above the axis' top (a brush is clamped to the axis), so the top value is inside it.
    await page.mouse.move(x, box.y + 1);
    await page.mouse.down();
    await page.mouse.move(x, top + 0.4 * (bottom - top), { steps: 8 });
    await page.mouse.up();
    await expect(page.getByTestId('compare-curves-panel')).toContainText('1 of 3 runs, as brushed in the parallel coordinates');
    await expect(curves.getByText(jobs[2]!.name, { exact: true })).toBeVisible();
    await expect(curves.getByText(jobs[0]!.name, { exact: true })).toHaveCount(0);

    // Export: written to the object store, saved as a file with a row per run.
    await page.getByRole('link', { name: title }).click();
    await page.getByTestId('export-experiment').click();
    const exportDialog = page.getByRole('dialog', { name: 'Export runs as CSV' });
    await exportDialog.getByTestId('export-path').fill('e2e/sweep.csv');
    const download = page.waitForEvent('download');
    await exportDialog.getByTestId('export-submit').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('sweep.csv');
    const csv = await readFile((await file.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain('run_id');
    expect(lines).toHaveLength(4);
    for (const id of runIds) expect(csv).toContain(id);
    await expect(page.getByText(/Exported 3 runs to /)).toBeVisible();

    // Notes and conclusion, then completed.
    await page.getByTestId('experiment-notes-input').fill('0.0004 converges fastest; no divergence');
    await page.getByTestId('experiment-conclusion-input').fill('Higher learning rates win within this range.');
    await page.getByTestId('complete-experiment').click();
    await expect(page.getByTestId('experiment-detail-status')).toHaveText('completed');
    await page.reload();
    await expect(page.getByTestId('experiment-notes-input')).toHaveValue('0.0004 converges fastest; no divergence');
    await expect(page.getByTestId('experiment-conclusion-input')).toHaveValue('Higher learning rates win within this range.');

    // Clone with its runs: a new active experiment following the same jobs.
    await page.getByTestId('clone-experiment').click();
    const clone = page.getByRole('dialog', { name: `Clone ${title}` });
    await clone.getByRole('checkbox', { name: /Copy its 3 runs/ }).check();
    await clone.getByTestId('clone-submit').click();
    await expect(page.getByRole('heading', { name: `${title} (copy)`, level: 1 })).toBeVisible();
    await expect(page.getByTestId('experiment-detail-status')).toHaveText('active');
    await expect(page.getByTestId('stat-total-runs')).toHaveText('3');

    // Archive the clone, with a reason: read-only from then on.
    await page.getByTestId('archive-experiment').click();
    const confirm = page.getByRole('dialog', { name: `Archive ${title} (copy)?` });
    await confirm.getByTestId('archive-reason').fill('duplicate of the original');
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByTestId('archived-notice')).toContainText('duplicate of the original');
    await expect(page.getByTestId('experiment-detail-status')).toHaveText('archived');
    await expect(page.getByTestId('add-run')).toHaveCount(0);
  });

  test('a pair nothing valid can be said of is "not testable: add seeds", and the button starts the replicates', async ({ page }) => {
    await openConsole(page);
    await bridgeInvoke(page, 'emulator:reset', {});
    const { datasets } = await bridgeCall<{ datasets: { id: string; name: string }[] }>(page, 'training.datasets.list', {
      query: { status: 'ready' },
    });
    // Two configurations, one run each, on two datasets: no replicates, no shared evaluation examples.
    const first = datasets.find((d) => d.name === 'support-chat-v3')!;
    const second = datasets.find((d) => d.id !== first.id)!;
    const jobs: Job[] = [];
    for (const [i, dataset] of [first, second].entries())
      jobs.push(
        await bridgeCall<Job>(page, 'training.jobs.create', {
          body: {
            name: uniqueName(`cfg-${i}`),
            modelType: 'llm',
            datasetId: dataset.id,
            config: { baseModel: 'llama-3-8b', strategy: 'lora', parameters: { rank: 8 }, training: { epochs: 2, batch_size: 4 } },
          },
        }),
      );
    await advanceClock(page, 4 * 3600);
    const exp = await bridgeCall<{ id: string }>(page, 'training.experiments.create', {
      body: { name: uniqueName('Two datasets'), description: 'One run per configuration' },
    });
    const runs: { id: string; name: string }[] = [];
    for (const job of jobs)
      runs.push(
        await bridgeCall<{ id: string; name: string }>(page, 'training.experiments.runs.create', {
          params: { experiment_id: exp.id },
          body: { trainingJobId: job.id },
        }),
      );
    await page.goto(`/#/experiments/${exp.id}/compare?runs=${runs.map((r) => r.id).join(',')}`);
    await expect(page.getByRole('heading', { name: 'Comparing 2 runs', level: 1 })).toBeVisible();
    const row = page.getByTestId('not-testable-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('not testable: add seeds');
    await expect(row).toContainText('No p-value is given');
    await expect(page.getByTestId('stat-paired-tests')).toContainText('No two runs with a validation loss share an evaluation set');

    // Add seeds: the count and the estimated cost first, then 4 new jobs (2 per configuration) as runs.
    await row.getByTestId('add-seeds').click();
    const dialog = page.getByRole('dialog', { name: 'Add seeds' });
    await expect(dialog).toContainText('Start 4 new training jobs');
    await expect(dialog.getByTestId('add-seeds-cost')).toHaveText(/^\$\d/);
    await dialog.getByRole('button', { name: 'Start 4 jobs' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Comparing 6 runs', level: 1 })).toBeVisible();
    for (const r of runs)
      for (const k of [2, 3])
        await expect(page.getByTestId('compare-runs').getByText(`${r.name} · seed ${k}`, { exact: true })).toBeVisible();

    // Once they have trained, the two configurations are compared across their 3 seeds each.
    await advanceClock(page, 4 * 3600);
    await page.getByRole('button', { name: 'Compare again' }).click();
    await expect(page.getByTestId('not-testable-row')).toHaveCount(0);
    await expect(page.getByTestId('stat-replicate-tests').getByTestId('p-value')).toHaveCount(1);
  });
});

test('a run that failed shows its best loss marked as such, with where its curve ended; its curves start on a log axis', async ({
  page,
}) => {
  await openConsole(page);
  await bridgeInvoke(page, 'emulator:reset', {});
  const { experiments } = await bridgeCall<{ experiments: { id: string }[] }>(page, 'training.experiments.list', {});
  let found: { id: string; runs: { id: string; name: string; status: string }[] } | null = null;
  for (const e of experiments) {
    const full = await bridgeCall<{ id: string; runs: { id: string; name: string; status: string }[] }>(page, 'training.experiments.get', {
      params: { experiment_id: e.id },
    });
    if (full.runs.some((r) => r.status === 'failed')) found = full;
  }
  expect(found, 'the seeded world has an experiment with a diverged run').toBeTruthy();
  const failed = found!.runs.find((r) => r.status === 'failed')!;
  await page.goto(`/#/experiments/${found!.id}`);
  const row = page.getByRole('row').filter({ hasText: failed.name });
  const best = row.getByTestId('figure-not-final').first();
  await expect(best).toContainText('best');
  await expect(best).toHaveAttribute(
    'title',
    /not a final figure\. It failed at step \d+, where its training loss was ([\d.,]+|no longer a finite number)\./,
  );
  await page.goto(`/#/experiments/${found!.id}/compare?runs=${found!.runs.map((r) => r.id).join(',')}`);
  // The charts load when their panel comes into view.
  await page.getByTestId('compare-curves-panel').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('step-curves-plot')).toHaveAttribute('data-log', 'true');
});
