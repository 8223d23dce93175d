// Metrics dashboard in Chromium (issue 9, Performance): 8 GPUs × 6 metrics × 3,600 points
// updated at 1 Hz, scripting time per tick; and a 7-day historical range (8 GPUs at 15
// minutes, read from the route's shape into series) drawn in six charts of the dashboard's size. Each against a naive
// Chart.js setup (parsing on, default animation, no decimation) measured in the same run.
// Scripting is Chromium's own count (CDP Performance.getMetrics ScriptDuration) over the
// whole period, so the naive setup's animation frames after each tick are counted too.
// Run alone: npx tsx test/bench/metrics-dashboard.ts
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { CDPSession, Page } from '@playwright/test';
import { launchChromium } from './browser-harness';
import { median } from './timing';
import type { Mode } from './metrics-dashboard-page';

const HERE = dirname(fileURLToPath(import.meta.url));
const POINTS = 3_600;
const TICKS = 8;
const WARM_UP = 30;

async function bundle(): Promise<string> {
  const out = await build({
    entryPoints: [join(HERE, 'metrics-dashboard-page.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    platform: 'browser',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

async function scriptSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'ScriptDuration')!.value;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function liveTicks(page: Page, cdp: CDPSession, mode: Mode): Promise<{ scriptMsPerTick: number; syncMsPerTick: number }> {
  await page.evaluate(([m, n]) => (window.metricsBench.live = window.metricsBench.setupLive(m, n)), [mode, POINTS] as const);
  await sleep(1500); // the first draw (and the naive setup's entry animation) is not a tick
  await page.evaluate((w) => void window.metricsBench.runTicks(window.metricsBench.live!, 0, w), WARM_UP);
  await sleep(1500); // what the warm-up set going (the naive setup's animations) runs out
  const before = await scriptSeconds(cdp);
  const sync = await page.evaluate((n) => window.metricsBench.runTicks(window.metricsBench.live!, n, 0), TICKS);
  const after = await scriptSeconds(cdp);
  await page.evaluate(() => window.metricsBench.live!.destroy());
  // The second after the last tick is idle for the tuned setup; the naive one animates in it.
  return { scriptMsPerTick: ((after - before) * 1000) / TICKS, syncMsPerTick: sync };
}

async function sevenDays(page: Page, cdp: CDPSession, mode: Mode): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const before = await scriptSeconds(cdp);
    await page.evaluate(async (m) => {
      window.metricsBench.teardown = await window.metricsBench.renderLater(m);
    }, mode);
    await sleep(1500); // until the naive setup's animation has run out
    runs.push((await scriptSeconds(cdp)) - before);
    await page.evaluate(() => window.metricsBench.teardown!());
  }
  return median(runs) * 1000;
}

export interface MetricsDashboardResult {
  tick: { tunedMs: number; tunedSyncMs: number; naiveMs: number; ratio: number };
  sevenDays: { tunedMs: number; naiveMs: number; ratio: number };
}

export async function benchMetricsDashboard(): Promise<MetricsDashboardResult> {
  const script = await bundle();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.setContent('<!doctype html><html><body style="margin:0"><div id="root"></div></body></html>');
    await page.addScriptTag({ content: script });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const tuned = await liveTicks(page, cdp, 'tuned');
    const naive = await liveTicks(page, cdp, 'naive');
    const tuned7 = await sevenDays(page, cdp, 'tuned');
    const naive7 = await sevenDays(page, cdp, 'naive');
    const r2 = (n: number) => Math.round(n * 100) / 100;
    return {
      tick: {
        tunedMs: r2(tuned.scriptMsPerTick),
        tunedSyncMs: r2(tuned.syncMsPerTick),
        naiveMs: r2(naive.scriptMsPerTick),
        ratio: r2(naive.scriptMsPerTick / tuned.scriptMsPerTick),
      },
      sevenDays: { tunedMs: r2(tuned7), naiveMs: r2(naive7), ratio: r2(naive7 / tuned7) },
    };
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchMetricsDashboard().then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
