// Issue 18 part 4 at 1,440×900: names, not ids, and nothing that identifies a thing is cut off:
// a revealed secret opens whole, the chaos rules' headers fit, GPUs are named one way, runs,
// trials, axes and references read in full and link to their objects.
import { expect, test, type Page } from '@playwright/test';
import { openConsole } from './console-page';
import { bridgeCall, bridgeInvoke, clusterWithStatus, openClusterTab } from './lifecycle-page';

/** Headers of the table, and cells of the given columns, whose text is cut, as "column: text". */
async function cutIn(page: Page, table: string, columns: readonly string[] = []): Promise<string[]> {
  await expect(page.getByRole('table', { name: table }).getByRole('cell').first()).toBeVisible();
  return page.getByRole('table', { name: table }).evaluate(
    (root, cols) => {
      const cut = (el: Element) => el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX !== 'visible';
      const out: string[] = [];
      for (const header of Array.from(root.querySelectorAll('[role=columnheader]'))) {
        if ([header, ...Array.from(header.querySelectorAll('*'))].some(cut)) out.push(`header: ${header.textContent}`);
      }
      for (const cell of Array.from(root.querySelectorAll('[role=cell]'))) {
        const column = cell.getAttribute('data-column') ?? '';
        if (cols.includes(column) && [cell, ...Array.from(cell.querySelectorAll('*'))].some(cut))
          out.push(`${column}: ${cell.textContent}`);
      }
      return out;
    },
    [...columns],
  );
}

test.describe('Names in full at 1,440 px', () => {
  test('a revealed secret opens whole, wrapped, with copy', async ({ page }) => {
    await openConsole(page);
    const cluster = await clusterWithStatus(page, 'running');
    await openClusterTab(page, cluster.id, 'secrets');
    const reveal = page
      .getByRole('table', { name: 'Secrets' })
      .getByRole('button', { name: /^Reveal value of / })
      .first();
    const name = ((await reveal.getAttribute('aria-label')) ?? '').replace('Reveal value of ', '');
    await reveal.click();
    const shown = page.getByRole('button', { name: `Show whole value of ${name}` });
    await expect(shown).toBeVisible();
    const value = (await shown.textContent()) ?? '';
    expect(value.length).toBeGreaterThan(0);
    await shown.click();
    const popover = page.getByRole('dialog', { name: `Value of ${name}` });
    const whole = popover.getByTestId('secret-value-whole');
    await expect(whole).toHaveText(value);
    expect(await whole.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    await expect(popover.getByRole('button', { name: `Copy whole value of ${name}` })).toBeVisible();
  });

  test("tuning jobs are named by their training job, and a reference shows its object's name and links to it", async ({ page }) => {
    await openConsole(page);
    const { tuningJobs } = await bridgeCall<{ tuningJobs: { id: string; trainingJobId: string }[] }>(page, 'training.tune.list', {
      query: { limit: 100 },
    });
    const tune = tuningJobs[0]!;
    const job = await bridgeCall<{ name: string; datasetId: string }>(page, 'training.jobs.get', {
      params: { job_id: tune.trainingJobId },
    });
    const dataset = await bridgeCall<{ name: string }>(page, 'training.datasets.get', { params: { dataset_id: job.datasetId } });
    expect(job.name).not.toBe(tune.trainingJobId);

    await page.goto('/#/tuning');
    const row = page.getByTestId(`tuning-row-${tune.id}`);
    await expect(row.locator('[data-column=id] p').first()).toHaveText(job.name);
    await expect(row.locator('[data-column=id]')).toContainText(tune.id);

    await row.click();
    // The best trial's model is named and linked too, when it has one.
    const best = await bridgeCall<{ bestTrial: { modelId: string | null } | null }>(page, 'training.tune.get', {
      params: { job_id: tune.trainingJobId, tune_id: tune.id },
    });
    if (best.bestTrial?.modelId) {
      const model = await bridgeCall<{ name: string }>(page, 'training.models.get', { params: { model_id: best.bestTrial.modelId } });
      await expect(page.getByTestId('best-trial-model')).toHaveText(model.name);
      await expect(page.getByTestId('best-trial-model')).toHaveAttribute('href', `#/models/${best.bestTrial.modelId}`);
    }
    const parent = page.getByTestId('tuning-parent-link');
    await expect(parent).toHaveText(job.name);
    await expect(parent).toHaveAttribute('href', `#/training/jobs/${tune.trainingJobId}`);
    await parent.click();
    const datasetLink = page.getByTestId('job-dataset-link');
    await expect(datasetLink).toHaveText(dataset.name);
    await expect(datasetLink).toHaveAttribute('href', `#/training/datasets/${job.datasetId}`);
  });

  test("a tuning job's trials table fits every column at 1,440 px, sorted by any, and its axis names are whole", async ({ page }) => {
    await openConsole(page);
    const { tuningJobs } = await bridgeCall<{ tuningJobs: { id: string; status: string }[] }>(page, 'training.tune.list', {
      query: { limit: 100 },
    });
    const tune = tuningJobs.find((t) => t.status === 'completed') ?? tuningJobs[0]!;
    await page.goto('/#/tuning');
    await page.getByTestId(`tuning-row-${tune.id}`).click();
    const table = page.getByRole('table', { name: 'Trials' });
    await expect(table.getByRole('cell').first()).toBeVisible();
    const allColumns = await table
      .locator('[role=row]')
      .nth(1)
      .locator('[role=cell]')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-column') ?? ''));
    expect(allColumns).toContain('cost');
    // No sideways scroll: the last column is inside the table's box.
    expect(await table.evaluate((root) => root.parentElement!.scrollWidth - root.parentElement!.clientWidth)).toBe(0);
    expect(await cutIn(page, 'Trials', allColumns)).toEqual([]);
    for (const header of ['Duration', 'Cost', 'Epochs']) {
      await table.getByRole('columnheader', { name: header }).click();
      expect(await cutIn(page, 'Trials', allColumns)).toEqual([]);
    }

    // The parallel coordinates' axis names wrap rather than end in an ellipsis.
    const axes = page.locator('[data-testid^="parallel-axis-"]');
    expect(await axes.count()).toBeGreaterThan(0);
    const cut = await axes.evaluateAll((els) =>
      els.filter((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight).map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
  });

  test('a comparison shows run names, parameter headers and axis names whole', async ({ page }) => {
    await openConsole(page);
    await page.goto('/#/experiments');
    await page
      .getByRole('row', { name: /support/ })
      .first()
      .click();
    // The experiment's runs name the job each trained in (when the job is among the latest read), not its id.
    const { jobs } = await bridgeCall<{ jobs: { id: string; name: string }[] }>(page, 'training.jobs.list', { query: { limit: 100 } });
    const runCells = page.getByRole('table', { name: 'Runs', exact: true }).locator('[data-column=name]');
    await expect(runCells.first()).toBeVisible();
    for (const cell of await runCells.all()) {
      const jobId = /job_[A-Za-z0-9]+/.exec((await cell.locator('[title]').first().getAttribute('title')) ?? '')?.[0];
      expect(jobId).toBeTruthy();
      await expect(cell).toContainText(`job ${jobs.find((j) => j.id === jobId)?.name ?? jobId}`);
    }
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByRole('button', { name: 'Compare' }).click();
    const table = page.getByRole('table', { name: 'Compared runs' });
    await expect(table.getByRole('cell').first()).toBeVisible();
    // Every header whole (parameter paths wrap after their dots), every run name whole.
    expect(await cutIn(page, 'Compared runs', ['name'])).toEqual([]);
    expect(
      await table
        .getByRole('columnheader')
        .evaluateAll((hs) => hs.filter((h) => h.scrollHeight > h.clientHeight).map((h) => h.textContent)),
    ).toEqual([]);

    // The statistical tests' headers are whole; a group's long configuration has its tooltip.
    for (const name of ['Groups of replicates', 'Models on the same evaluation examples', 'Validation loss by run']) {
      const t = page.getByRole('table', { name });
      if ((await t.count()) === 0) continue;
      expect(
        await t
          .getByRole('columnheader')
          .evaluateAll((hs) =>
            hs
              .filter((h) =>
                [h, ...Array.from(h.querySelectorAll('*'))].some(
                  (el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
                ),
              )
              .map((h) => h.textContent),
          ),
        name,
      ).toEqual([]);
    }
    const group = page.getByRole('table', { name: 'Groups of replicates' }).locator('[data-column=label] p').first();
    await expect(group).toHaveAttribute('title', (await group.textContent()) ?? '');

    // The chart is drawn once its panel is on screen.
    await page.getByTestId('compare-parallel-panel').scrollIntoViewIfNeeded();
    const plot = page.getByTestId('compare-parallel');
    const axes = plot.locator('[data-testid^="parallel-axis-"]');
    await expect(axes.first()).toBeVisible();
    const cut = await axes.evaluateAll((els) =>
      els.filter((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight).map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
    // Names of neighbouring axes do not overlap.
    const boxes = await axes.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        expect(overlap, `axis names ${i} and ${j} overlap`).toBe(false);
      }
  });

  test.describe('chaos rules', () => {
    test.afterEach(async ({ page }) => {
      await bridgeInvoke(page, 'profiles:activate', { id: 'local-emulator' });
      await bridgeInvoke(page, 'emulator:setChaos', { rules: [] });
    });

    test('the chaos rules and the request journal cut no header', async ({ page }) => {
      await openConsole(page);
      await page.getByRole('navigation', { name: 'Areas' }).getByText('Emulator', { exact: true }).click();
      await page.getByRole('button', { name: 'Add rule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add chaos rule' });
      await dialog.getByRole('textbox', { name: 'Route pattern' }).fill('/v2/accounts/api-keys');
      await dialog.getByRole('textbox', { name: 'Added latency' }).fill('0');
      await dialog.getByRole('button', { name: 'Add rule' }).click();
      await expect(dialog).toBeHidden();
      expect(await cutIn(page, 'Chaos rules', ['latency', 'rate', 'status'])).toEqual([]);
      // The request journal's fixed columns hold their headers, sorted by any of them too.
      const fixed = ['method', 'status', 'duration'];
      expect(await cutIn(page, 'Request journal', fixed)).toEqual([]);
      for (const header of ['Method', 'Status', 'Duration']) {
        await page.getByRole('table', { name: 'Request journal' }).getByRole('columnheader', { name: header }).click();
        expect(await cutIn(page, 'Request journal', fixed)).toEqual([]);
      }
    });
  });
});
