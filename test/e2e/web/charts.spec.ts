// The experiment comparison's chart components in Chromium, each rendered alone in a harness
// page (test/bench/charts-page.tsx, the benchmark's page) with seeded data: legend toggles and
// the CSV of the step curves, brushing of the parallel coordinates (ids selected, AND across
// axes, a click clearing a brush, axis reorder), the pareto frontier's points (checked against
// every pair compared here), the correlation grid's keyboard use, the history's best trial, and
// the empty states. No console server is needed; the run's web server is left alone.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { bundleChartsPage, loadChartsPage } from '../../bench/charts-bundle';
import { OPTIMIZERS, trials } from '../../bench/charts-data';

let script = '';
test.beforeAll(async () => {
  script = await bundleChartsPage();
});

async function show(page: Page, component: string, scenario: string, theme = 'light'): Promise<void> {
  await loadChartsPage(page, script);
  await page.evaluate(([c, s, t]) => window.chartsPage.render(c as never, s as never, t as never), [component, scenario, theme]);
}

test.describe('Comparison charts', () => {
  test('step curves: a legend toggle hides a run, the CSV holds the runs shown, log axis, zoom and reset', async ({ page }) => {
    await show(page, 'steps', 'full');
    const plot = page.getByTestId('step-curves-plot');
    await expect(plot).toHaveAttribute('data-shown-runs', '12');
    const run1 = page.getByTestId('legend-run_001');
    await run1.click();
    await expect(run1).toHaveAttribute('aria-pressed', 'false');
    await expect(plot).toHaveAttribute('data-shown-runs', '11');

    const download = page.waitForEvent('download');
    await page.getByTestId('chart-export-csv').click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('run_id,run,step,loss');
    expect(lines).toHaveLength(1 + 11 * 1000);
    expect(csv).not.toContain('run_001,');
    expect(csv).toContain('run_002,');

    const png = page.waitForEvent('download');
    await page.getByTestId('chart-export-png').click();
    const picture = await readFile((await (await png).path())!);
    expect((await png).suggestedFilename()).toBe('training-loss-by-step.png');
    expect(picture.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');

    // The crosshair readout lists the runs shown at the step under the pointer.
    const box = (await plot.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByTestId('step-readout')).toContainText('loss at step');
    await expect(page.getByTestId('step-readout')).toContainText('and 3 more runs');

    await page.getByTestId('axis-log').click();
    await expect(plot).toHaveAttribute('data-log', 'true');

    // Drag to zoom; double-click resets.
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId('chart-reset-zoom')).toBeVisible();
    await page.mouse.dblclick(box.x + box.width * 0.4, box.y + box.height * 0.5);
    await expect(page.getByTestId('chart-reset-zoom')).toBeHidden();
  });

  test('parallel coordinates: brushing selects the expected ids, axes combine with AND, a click clears a brush', async ({ page }) => {
    await show(page, 'parallel', 'full');
    const data = trials(300);
    const canvas = page.locator('[data-testid="parallel-plot"] canvas').first();
    const box = (await canvas.boundingBox())!;
    const top = box.y + 10;
    const bottom = box.y + box.height - 14;
    const axisX = (k: number) => box.x + 56 + (k * (box.width - 84)) / 9;
    const drag = async (k: number, y0: number, y1: number) => {
      await page.mouse.move(axisX(k), y0);
      await page.mouse.down();
      await page.mouse.move(axisX(k), y1, { steps: 8 });
      await page.mouse.up();
    };
    const selection = () => page.evaluate(() => window.chartsPage.events.selection);

    // Eval loss (the last axis) from 90 % down to 40 % of its range.
    await drag(9, top + 0.1 * (bottom - top), top + 0.6 * (bottom - top));
    const losses = data.map((t) => t.values.eval_loss).filter((v): v is number => typeof v === 'number');
    const [lo, hi] = [Math.min(...losses), Math.max(...losses)];
    const at = (f: number) => lo + f * (hi - lo);
    const margin = 0.01 * (hi - lo);
    const inLoss = (t: (typeof data)[number]) =>
      typeof t.values.eval_loss === 'number' && t.values.eval_loss >= at(0.4) && t.values.eval_loss <= at(0.9);
    const near = (t: (typeof data)[number]) =>
      typeof t.values.eval_loss === 'number' && [at(0.4), at(0.9)].some((edge) => Math.abs((t.values.eval_loss as number) - edge) < margin);
    let got = new Set(await selection());
    for (const t of data) if (!near(t)) expect(got.has(t.id), `${t.id} (eval_loss ${t.values.eval_loss})`).toBe(inLoss(t));
    await expect(page.getByTestId('parallel-plot')).toHaveAttribute('data-brushes', '1');

    // And the optimizer "sgd" (the top category of Optimizer, the sixth axis).
    expect([...OPTIMIZERS].sort()[3]).toBe('sgd');
    await drag(5, box.y + 3, top + 0.2 * (bottom - top));
    got = new Set(await selection());
    for (const t of data) if (!near(t)) expect(got.has(t.id), t.id).toBe(inLoss(t) && t.values.optimizer === 'sgd');
    expect(got.size).toBeGreaterThan(0);

    // A click on the Eval loss axis clears its brush: every sgd trial, with or without a loss.
    await page.mouse.click(axisX(9), top + 0.5 * (bottom - top));
    await expect(page.getByTestId('parallel-plot')).toHaveAttribute('data-brushes', '1');
    expect((await selection())!.sort()).toEqual(
      data
        .filter((t) => t.values.optimizer === 'sgd')
        .map((t) => t.id)
        .sort(),
    );

    await page.getByTestId('parallel-clear').click();
    expect(await selection()).toHaveLength(300);

    // A category axis names its values in full (its tick labels are cut to the room between axes).
    await expect(page.getByTestId('parallel-axis-optimizer')).toHaveAttribute(
      'title',
      /^Optimizer \(values, bottom to top: [a-z]+(, [a-z]+){3}\) — drag to move/,
    );

    // Axes move with the arrow keys on their names.
    const first = page.getByTestId('parallel-axis-learning_rate');
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await expect(first).toHaveAccessibleName(/axis 2 of 10/);
    await expect(page.getByTestId('parallel-axis-batch_size')).toHaveAccessibleName(/axis 1 of 10/);

    // And by dragging a name: Eval loss to the first place.
    const evalName = page.getByTestId('parallel-axis-eval_loss');
    const nameBox = (await evalName.boundingBox())!;
    await page.mouse.move(nameBox.x + nameBox.width / 2, nameBox.y + nameBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(axisX(0), nameBox.y + nameBox.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect(evalName).toHaveAccessibleName(/axis 1 of 10/);
    await expect(page.getByTestId('parallel-axis-batch_size')).toHaveAccessibleName(/axis 2 of 10/);
    await page.keyboard.press('Escape');
    // Put back, for the hover below (Eval loss last again).
    await evalName.focus();
    for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowRight');
    await expect(evalName).toHaveAccessibleName(/axis 10 of 10/);

    // Hovering a line shows its values: the highest loss is alone at the top of its axis (now still the last).
    const worst = data.find((t) => t.values.eval_loss === hi)!;
    await page.mouse.move(axisX(9) - 3, top + 1);
    await page.mouse.move(axisX(9), top);
    const card = page.getByTestId('parallel-hover');
    await expect(card).toContainText(`Trial ${worst.id.slice(6)}`);
    await expect(card).toContainText(String(worst.values.optimizer));
  });

  test('pareto scatter: the frontier is the set no other run dominates, for either direction and the groups shown', async ({ page }) => {
    await show(page, 'pareto', 'full');
    const data = trials(60, 5).filter((t) => typeof t.values.cost_usd === 'number' && typeof t.values.eval_loss === 'number');
    const frontier = (dirY: 'min' | 'max', keep: (t: (typeof data)[number]) => boolean) => {
      const pts = data.filter(keep);
      const s = dirY === 'min' ? 1 : -1;
      return pts
        .filter((p) => {
          const [px, py] = [p.values.cost_usd as number, s * (p.values.eval_loss as number)];
          return !pts.some((q) => {
            const [qx, qy] = [q.values.cost_usd as number, s * (q.values.eval_loss as number)];
            return qx <= px && qy <= py && (qx < px || qy < py);
          });
        })
        .map((p) => p.id)
        .sort();
    };
    const got = async () => ((await page.evaluate(() => window.chartsPage.events.frontier)) ?? []).slice().sort();
    const expected = frontier('min', () => true);
    expect(expected.length).toBeGreaterThan(1);
    await expect.poll(got).toEqual(expected);
    await expect(page.getByTestId('chart')).toContainText(`${expected.length} of ${data.length} on the frontier of these two metrics`);

    // A click on the cheapest frontier point selects it (and rings it).
    const cheapest = data
      .filter((t) => expected.includes(t.id))
      .sort((a, b) => (a.values.cost_usd as number) - (b.values.cost_usd as number))[0]!;
    const point = (await page.evaluate(() => window.chartsPage.scatterPoints())).find(
      (p) => p.dataset === cheapest.values.optimizer && p.x === cheapest.values.cost_usd && p.y === cheapest.values.eval_loss,
    )!;
    await page.mouse.click(point.px, point.py);
    await expect.poll(() => page.evaluate(() => window.chartsPage.events.selected)).toBe(cheapest.id);
    await expect
      .poll(async () => (await page.evaluate(() => window.chartsPage.scatterPoints())).filter((p) => p.dataset === 'Selected'))
      .toHaveLength(1);
    // Hovering it names the run and says it is on the frontier.
    await page.mouse.move(point.px + 1, point.py);
    await page.mouse.move(point.px, point.py);
    await expect.poll(() => page.evaluate(() => window.chartsPage.scatterTooltip())).toContain('On the pareto frontier');
    expect(await page.evaluate(() => window.chartsPage.scatterTooltip())).toContain(
      `Cost: $${(cheapest.values.cost_usd as number).toFixed(2)}`,
    );

    await page.getByTestId('scatter-y-direction').click();
    await expect.poll(got).toEqual(frontier('max', () => true));

    await page.getByTestId('legend-sgd').click();
    await expect.poll(got).toEqual(frontier('max', (t) => t.values.optimizer !== 'sgd'));
  });

  test('correlation heat map: cells carry r and p, hatched when not significant, arrow keys move between them', async ({ page }) => {
    await show(page, 'heatmap', 'full');
    const lrLoss = page.getByTestId('corr-learning_rate-eval_loss');
    await expect(lrLoss).toHaveText('−0.62');
    await expect(lrLoss).toHaveAttribute('data-significant', 'true');
    await expect(page.getByTestId('corr-batch_size-eval_loss')).toHaveAttribute('data-significant', 'false');
    await lrLoss.focus();
    // The focused cell's tooltip (the one it leaves fades out meanwhile).
    const tip = (pair: string) => page.getByRole('tooltip').filter({ hasText: pair });
    await expect(tip('learning_rate × eval_loss')).toContainText('Spearman r = −0.62, p < 0.001, n = 48');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('corr-learning_rate-accuracy')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('corr-batch_size-accuracy')).toBeFocused();
    await expect(tip('batch_size × accuracy')).toContainText('r = 0.12, p = 0.410, n = 48 — not significant (p ≥ 0.05)');
    await page.keyboard.press('End');
    await expect(page.getByTestId('corr-batch_size-duration_min')).toBeFocused();
  });

  test('optimization history names the best trial', async ({ page }) => {
    await show(page, 'history', 'full');
    const values = trials(80, 3).map((t, i) => ({ n: i + 1, v: t.values.eval_loss as number | null }));
    const best = values.filter((t) => t.v !== null).reduce((a, b) => (b.v! < a.v! ? b : a));
    await expect(page.getByTestId('chart')).toContainText(`at trial ${best.n} ·`);
  });

  test('every chart says so when there is nothing to draw', async ({ page }) => {
    for (const [component, text] of [
      ['steps', 'No runs to compare'],
      ['parallel', 'No trials to compare'],
      ['pareto', 'No runs to compare'],
      ['heatmap', 'No correlations to show'],
      ['history', 'No finished trials yet'],
    ] as const) {
      await show(page, component, 'empty');
      await expect(page.getByTestId('empty-state')).toContainText(text);
      await expect(page.getByTestId('chart-export-png')).toHaveCount(0);
    }
  });
});
