// Experiment comparison charts in Chromium (issue 10, Performance): the step curves of 200 runs
// × 1,000 steps, first render (the slowest of 5 mounts ≤ 500 ms), against Chart.js given every
// point; and
// brushing the parallel coordinates of 2,000 trials, per pointer move over a scripted drag that
// grows and then shrinks a brush on two axes (median and p95, target ≤ 16 ms), against a canvas
// that scales and strokes every line on each move. Both baselines are measured in the same run,
// in the same page.
// Run alone: npx tsx test/bench/charts.ts
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { launchChromium } from './browser-harness';
import { bundleChartsPage, openChartsPage } from './charts-bundle';
import { median } from './timing';

const RUNS = 200;
const STEPS = 1000;
const TRIALS = 2000;
const RENDERS = 5;
const MOVES = 60;

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

/**
 * Mounts of the chart with its data (first renders, not updates), tuned and baseline
 * alternating after one warm-up mount of each (the app has React, MUI and Chart.js running
 * long before a comparison opens): median and slowest of each.
 */
async function firstRenders(page: Page): Promise<Record<'tuned' | 'baseline', { median: number; max: number }>> {
  const once = (mode: 'tuned' | 'baseline') =>
    page.evaluate(([m, r, s]) => window.chartsPage.stepCurvesFirstRender(m, r, s), [mode, RUNS, STEPS] as const);
  await once('tuned');
  await once('baseline');
  const times = { tuned: [] as number[], baseline: [] as number[] };
  for (let i = 0; i < RENDERS; i++) {
    times.tuned.push(await once('tuned'));
    times.baseline.push(await once('baseline'));
  }
  return {
    tuned: { median: median(times.tuned), max: Math.max(...times.tuned) },
    baseline: { median: median(times.baseline), max: Math.max(...times.baseline) },
  };
}

/** A drag along the "Eval loss" axis (the last), then along "Learning rate" (the first) with the first brush kept. */
async function brushing(page: Page, mode: 'tuned' | 'baseline'): Promise<{ median: number; p95: number; moves: number }> {
  await page.evaluate(([m, n]) => window.chartsPage.setupBrushing(m, n), [mode, TRIALS] as const);
  await page.waitForTimeout(300);
  const canvas = page.locator(mode === 'tuned' ? '[data-testid="parallel-plot"] canvas' : '[data-testid="naive-parallel"]').first();
  const box = (await canvas.boundingBox())!;
  const axes = 10;
  const axisX = (k: number) => box.x + 56 + (k * (box.width - 84)) / (axes - 1);
  // Down the axis, then back up a third of the way (a brush that grows, then shrinks).
  const drag = async (x: number) => {
    const y = (f: number) => box.y + 30 + (box.height - 60) * f;
    await page.mouse.move(x, y(0));
    await page.mouse.down();
    for (let i = 1; i <= MOVES / 2; i++) await page.mouse.move(x, y(i / (MOVES / 2)));
    for (let i = 1; i <= MOVES / 6; i++) await page.mouse.move(x, y(1 - i / (MOVES / 2)));
    await page.mouse.up();
  };
  await page.evaluate(() => window.chartsPage.startTiming());
  await drag(axisX(axes - 1));
  await drag(axisX(0));
  const times = await page.evaluate(() => window.chartsPage.stopTiming());
  return { median: median(times), p95: p95(times), moves: times.length };
}

export interface ChartsResult {
  stepCurves: {
    runs: number;
    steps: number;
    tunedMedianMs: number;
    tunedMaxMs: number;
    baselineMedianMs: number;
    baselineMaxMs: number;
  };
  brushing: { trials: number; tunedMedianMs: number; tunedP95Ms: number; baselineMedianMs: number; baselineP95Ms: number; moves: number };
}

export async function benchCharts(): Promise<ChartsResult> {
  const script = await bundleChartsPage();
  const browser = await launchChromium();
  try {
    const page = await openChartsPage(browser, script);
    const renders = await firstRenders(page);
    const bTuned = await brushing(page, 'tuned');
    const bBase = await brushing(page, 'baseline');
    const r1 = (n: number) => Math.round(n * 10) / 10;
    return {
      stepCurves: {
        runs: RUNS,
        steps: STEPS,
        tunedMedianMs: r1(renders.tuned.median),
        tunedMaxMs: r1(renders.tuned.max),
        baselineMedianMs: r1(renders.baseline.median),
        baselineMaxMs: r1(renders.baseline.max),
      },
      brushing: {
        trials: TRIALS,
        tunedMedianMs: r1(bTuned.median),
        tunedP95Ms: r1(bTuned.p95),
        baselineMedianMs: r1(bBase.median),
        baselineP95Ms: r1(bBase.p95),
        moves: bTuned.moves,
      },
    };
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchCharts().then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
