// Clusters list with 500 clusters in web mode: time from opening /clusters in a loaded
// console to the first rows of the table, and from typing a filter to the table showing
// the filtered rows (both measured in the page with performance.now). The web server runs
// in-process over an emulator scaled with `scale.clusters`.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { withScaledConsole } from './browser-harness';
import { median } from './timing';

const CLUSTERS = 500;
const ROWS = '[role="table"][aria-label="Clusters"] [role="rowgroup"] [role="row"]:not([aria-busy])';

/** In a loaded console: hash navigation to /clusters until the first real rows are on screen. */
async function measureOpen(page: Page): Promise<{ ms: number; rows: number }> {
  return page.evaluate(
    (selector) =>
      new Promise<{ ms: number; rows: number }>((done, fail) => {
        const started = performance.now();
        window.location.hash = '#/clusters';
        const deadline = started + 30_000;
        const check = () => {
          const table = document.querySelector('[role="table"][aria-label="Clusters"]');
          if (table && document.querySelector(selector)) {
            return done({ ms: performance.now() - started, rows: Number(table.getAttribute('aria-rowcount') ?? '1') - 1 });
          }
          if (performance.now() > deadline) return fail(new Error('the clusters table did not render'));
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    ROWS,
  );
}

/** Types `text` into the filter (as one input event) and waits for the table to change, then for the frame that shows it. */
async function measureFilter(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (value) =>
      new Promise<number>((done, fail) => {
        const input = document.querySelector<HTMLInputElement>('input[aria-label="Filter clusters"]');
        const table = document.querySelector('[role="table"][aria-label="Clusters"]');
        if (!input || !table) return fail(new Error('no filter or table'));
        const timer = setTimeout(() => fail(new Error(`the table did not change for "${value}"`)), 10_000);
        let started = 0;
        const observer = new MutationObserver(() => {
          observer.disconnect();
          requestAnimationFrame(() => {
            clearTimeout(timer);
            done(performance.now() - started);
          });
        });
        observer.observe(table, { subtree: true, childList: true, attributes: true, characterData: true });
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        started = performance.now();
        setValue.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    text,
  );
}

export async function benchClusterList(): Promise<{ clusters: number; renderMs: number; filterMs: number }> {
  return withScaledConsole({ clusters: CLUSTERS, secretsPerCluster: 0 }, async (web) => {
    const renders: number[] = [];
    const filters: number[] = [];
    let clusters = 0;
    for (let run = 0; run < 4; run++) {
      await web.withPage(async (page) => {
        const open = await measureOpen(page);
        clusters = open.rows;
        // The first run warms the server (JIT, the scaled world); it is not counted.
        if (run > 0) renders.push(open.ms);
        // A GPU type (a share of the rows), everything again, one cluster's id (one row), everything.
        const firstGpu = (await page.locator(`${ROWS} [data-column="gpu"]`).first().textContent())?.split(' ')[0] ?? 'A100';
        const oneId = (await page.locator(ROWS).nth(5).getAttribute('data-testid'))?.replace('cluster-row-', '') ?? 'cluster_';
        for (const text of [firstGpu, '', oneId, '']) {
          const ms = await measureFilter(page, text);
          if (run > 0) filters.push(ms);
        }
      });
    }
    if (process.env.BENCH_DEBUG) console.log({ renders, filters });
    return { clusters, renderMs: Math.round(median(renders)), filterMs: Math.round(median(filters)) };
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchClusterList().then(
    (r) =>
      console.log(
        `cluster list: ${r.clusters} clusters, first rows in ${r.renderMs} ms (target 500), filter in ${r.filterMs} ms (target 100)`,
      ),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
