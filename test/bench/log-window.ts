// Log window in Chromium (issue 9, Performance): lines arriving at 20,000 per second for 10 s
// into the 100,000-line buffer — median frame rate, the longest task, the JS heap after — and
// the regex filter over 100,000 lines. The baseline, measured in the same run, is a naive
// viewer of the same feed: a DOM row per line appended as each batch arrives (100,000 rows
// kept), and a filter that builds each line's text and tests it every time.
// Run alone: npx tsx test/bench/log-window.ts
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from '@playwright/test';
import { launchChromium } from './browser-harness';
import type { Mode, RunResult } from './log-window-page';
import { median } from './timing';

const HERE = dirname(fileURLToPath(import.meta.url));
const RATE = 20_000;
const SECONDS = 10;
const BUFFER = 100_000;
/** A plain search (most of them) and a regular expression. */
const PATTERNS = ['out of memory', 'gpu_[0-3].*(error|fatal)|xid \\d+'];

async function bundleLogWindowPage(): Promise<string> {
  const out = await build({
    entryPoints: [join(HERE, 'log-window-page.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    // BENCH_NO_MINIFY=1 keeps function names readable in a profile of the page.
    minify: process.env.BENCH_NO_MINIFY !== '1',
    platform: 'browser',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

async function openLogWindowPage(browser: Browser, script: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.setContent('<!doctype html><html><body style="margin:0"><div id="root"></div></body></html>');
  await page.addScriptTag({ content: script });
  return page;
}

interface LogWindowFigures {
  fps: number;
  maxLongTaskMs: number;
  longTasks: number;
  heapMb: number;
  filterMs: number;
  lines: number;
}

async function measure(browser: Browser, script: string, mode: Mode): Promise<LogWindowFigures> {
  const page = await openLogWindowPage(browser, script);
  try {
    const cdp = await page.context().newCDPSession(page);
    await page.evaluate((m) => window.logBench.setup(m), mode);
    await page.waitForTimeout(500);
    const r: RunResult = await page.evaluate(([rate, s]) => window.logBench.run(rate, s), [RATE, SECONDS] as const);
    await page.waitForTimeout(300);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    // The filter, each pattern three times, over a full buffer (the run above filled it).
    const filters: number[] = [];
    for (const p of PATTERNS) {
      const runs: number[] = [];
      for (let i = 0; i < 3; i++) {
        runs.push(await page.evaluate((pattern) => window.logBench.filterMs(pattern), p));
        await page.evaluate(() => window.logBench.filterMs(''));
      }
      filters.push(median(runs));
    }
    return {
      fps: 1000 / median(r.frameMs),
      maxLongTaskMs: r.longTasks.length ? Math.max(...r.longTasks) : 0,
      longTasks: r.longTasks.length,
      heapMb: heap.usedSize / 1e6,
      filterMs: Math.max(...filters),
      lines: r.lines,
    };
  } finally {
    await page.close();
  }
}

export interface LogWindowResult {
  tuned: LogWindowFigures;
  naive: LogWindowFigures;
  buffer: number;
}

export async function benchLogWindow(): Promise<LogWindowResult> {
  const script = await bundleLogWindowPage();
  const browser = await launchChromium();
  try {
    const tuned = await measure(browser, script, 'tuned');
    const naive = await measure(browser, script, 'naive');
    const r1 = (n: number) => Math.round(n * 10) / 10;
    const round = (f: LogWindowFigures): LogWindowFigures => ({
      fps: r1(f.fps),
      maxLongTaskMs: r1(f.maxLongTaskMs),
      longTasks: f.longTasks,
      heapMb: r1(f.heapMb),
      filterMs: r1(f.filterMs),
      lines: f.lines,
    });
    return { tuned: round(tuned), naive: round(naive), buffer: BUFFER };
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchLogWindow().then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
