// Experiment comparison in Chromium (issue 10, Performance): the first render of the comparison
// of 200 runs × 1,000 steps (runs table, metric curves, the tests of every pair; the charts below
// the fold mount on scroll), target ≤ 500 ms, against Chart.js drawing every point of every run
// (no decimation), measured in the same run and page. The first render of a session includes
// loading the lazily imported chart module (already parsed in this bundle); the median is of
// renders after it.
// Run alone: npx tsx test/bench/experiment-compare.ts
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { launchChromium } from './browser-harness';
import { median } from './timing';

const HERE = dirname(fileURLToPath(import.meta.url));
export const RUNS = 200;
export const STEPS = 1000;
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

async function renders(page: Page, mode: 'tuned' | 'baseline'): Promise<{ first: number; median: number }> {
  const times: number[] = [];
  for (let i = 0; i < RENDERS; i++)
    times.push(await page.evaluate(([m, r, s]) => window.compareBench.firstRender(m, r, s), [mode, RUNS, STEPS] as const));
  return { first: times[0]!, median: median(times) };
}

export interface CompareBenchResult {
  runs: number;
  steps: number;
  pairs: number;
  tunedFirstMs: number;
  tunedMedianMs: number;
  baselineFirstMs: number;
  baselineMedianMs: number;
}

export async function benchExperimentCompare(): Promise<CompareBenchResult> {
  const script = await bundlePage();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.setContent('<!doctype html><html><body style="margin:0"><div id="root"></div></body></html>');
    await page.addScriptTag({ content: script });
    const tuned = await renders(page, 'tuned');
    const base = await renders(page, 'baseline');
    const r1 = (n: number) => Math.round(n * 10) / 10;
    return {
      runs: RUNS,
      steps: STEPS,
      pairs: (RUNS * (RUNS - 1)) / 2,
      tunedFirstMs: r1(tuned.first),
      tunedMedianMs: r1(tuned.median),
      baselineFirstMs: r1(base.first),
      baselineMedianMs: r1(base.median),
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
