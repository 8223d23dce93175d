// The chart harness page (charts-page.tsx) bundled for Chromium, and a blank page that runs
// it: shared by the chart benchmark (charts.ts) and the charts' browser test
// (test/e2e/web/charts.spec.ts), which need no console server.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from '@playwright/test';

const HERE = dirname(fileURLToPath(import.meta.url));

export async function bundleChartsPage(): Promise<string> {
  const out = await build({
    entryPoints: [join(HERE, 'charts-page.tsx')],
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

/** Loads the bundle into `page` (a blank page of its own). */
export async function loadChartsPage(page: Pick<Page, 'setContent' | 'addScriptTag'>, script: string): Promise<void> {
  await page.setContent('<!doctype html><html><body style="margin:0"><div id="root"></div></body></html>');
  await page.addScriptTag({ content: script });
}

export async function openChartsPage(browser: Browser, script: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await loadChartsPage(page, script);
  return page;
}
