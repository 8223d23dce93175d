// Experiment comparison in Chromium (issue 10, Performance): the first render of the comparison
// of 200 runs × 1,000 steps (runs table, metric curves, 199 tests against the best run; the charts below
// the fold mount on scroll), target ≤ 500 ms, against Chart.js drawing every point of every run
// (no decimation), measured in the same run and page: the slowest of 5 mounts after a warm-up (as
// the charts' bench), and the cold first mount of a fresh page reported beside it.
// Run alone: npx tsx test/bench/experiment-compare.ts
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Page } from '@playwright/test';
import { launchChromium } from './browser-harness';
import { median } from './timing';

const HERE = dirname(fileURLToPath(import.meta.url));
const RUNS = 200;
const STEPS = 1000;
const RENDERS = 5;

async function bundlePage(): Promise<string> {
  const out = await build({
    entryPoints: [join(HERE, 'experiment-compare-page.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    minify: process.env.BENCH_NO_MINIFY !== '1',
    platform: 'browser',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/**
 * The first mount in a fresh page (cold: this code, React and MUI not yet compiled), then 5 mounts
 * of each alternating after it (the app has React, MUI and Chart.js running long before a
 * comparison opens), as the charts' bench does: median and slowest of each.
 */
async function renders(page: Page) {
  const once = (mode: 'tuned' | 'baseline') =>
    page.evaluate(([m, r, s]) => window.compareBench.firstRender(m, r, s), [mode, RUNS, STEPS] as const);
  const cold = await once('tuned');
  const coldBaseline = await once('baseline');
  const times = { tuned: [] as number[], baseline: [] as number[] };
  for (let i = 0; i < RENDERS; i++) {
    times.tuned.push(await once('tuned'));
    times.baseline.push(await once('baseline'));
  }
  return {
    cold,
    coldBaseline,
    tuned: { median: median(times.tuned), max: Math.max(...times.tuned) },
    baseline: { median: median(times.baseline), max: Math.max(...times.baseline) },
  };
}

export interface CompareBenchResult {
  runs: number;
  steps: number;
  pairs: number;
  /** The first mount in a fresh page. */
  coldMs: number;
  coldBaselineMs: number;
  tunedMedianMs: number;
  tunedMaxMs: number;
  baselineMedianMs: number;
  baselineMaxMs: number;
}

export async function benchExperimentCompare(): Promise<CompareBenchResult> {
  const script = await bundlePage();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.setContent('<!doctype html><html><body style="margin:0"><div id="root"></div></body></html>');
    await page.addScriptTag({ content: script });
    const r = await renders(page);
    const r1 = (n: number) => Math.round(n * 10) / 10;
    return {
      runs: RUNS,
      steps: STEPS,
      pairs: RUNS - 1,
      coldMs: r1(r.cold),
      coldBaselineMs: r1(r.coldBaseline),
      tunedMedianMs: r1(r.tuned.median),
      tunedMaxMs: r1(r.tuned.max),
      baselineMedianMs: r1(r.baseline.median),
      baselineMaxMs: r1(r.baseline.max),
    };
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchExperimentCompare().then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
