// The usage dashboard's first render in Chromium over a big account (issue 21): a world of 500
// clusters, 200 endpoints and 1,000 training jobs, served by web mode in-process. Measured in
// the page with performance.now, from opening #/usage in a loaded console (its code not loaded
// yet, no answer kept) to the first screen drawn — the period's cost, the breakdown's amounts,
// the first rows of where the money went — and on to the charts drawn (the breakdown's doughnut
// and the month chart, whose Chart.js chunk loads beside the figures). The first run warms the
// server and is not counted. Run alone: npx tsx test/bench/usage-dashboard.ts
import { pathToFileURL } from 'node:url';
import { withScaledConsole } from './browser-harness';
import { median } from './timing';
import { USAGE_WORLD } from './usage';

const COSTS_TABLE = '[role="table"][aria-label="Costs"]';
const FIRST_SCREEN = [
  '[data-testid="usage-total"]',
  '[data-testid="usage-breakdown"] [data-testid="amount"]',
  `${COSTS_TABLE} [role="rowgroup"] [role="row"]:not([aria-busy])`,
];
const CHARTS = ['[data-testid="usage-breakdown"] canvas', '[data-testid="usage-month-chart"] canvas'];

export interface UsageDashboardBench {
  /** Median ms to the first screen. */
  renderMs: number;
  /** Median ms to the charts drawn. */
  chartsMs: number;
  costRows: number;
}

export async function benchUsageDashboard(): Promise<UsageDashboardBench> {
  return withScaledConsole(USAGE_WORLD, async (web) => {
    const renders: number[] = [];
    const charts: number[] = [];
    let costRows = 0;
    for (let run = 0; run < 4; run++) {
      await web.withPage(async (page) => {
        const open = await page.evaluate(
          ({ first, drawn, table }) =>
            new Promise<{ firstMs: number; chartsMs: number; rows: number }>((done, fail) => {
              const started = performance.now();
              window.location.hash = '#/usage';
              const deadline = started + 30_000;
              let firstMs: number | null = null;
              const all = (selectors: string[]) => selectors.every((s) => document.querySelector(s));
              const check = () => {
                if (firstMs === null && all(first)) firstMs = performance.now() - started;
                if (firstMs !== null && all(drawn)) {
                  const rows = Number(document.querySelector(table)?.getAttribute('aria-rowcount') ?? '1') - 1;
                  return done({ firstMs, chartsMs: performance.now() - started, rows });
                }
                if (performance.now() > deadline)
                  return fail(
                    new Error(`the dashboard did not render: ${[...first, ...drawn].filter((s) => !document.querySelector(s)).join(', ')}`),
                  );
                requestAnimationFrame(check);
              };
              requestAnimationFrame(check);
            }),
          { first: FIRST_SCREEN, drawn: CHARTS, table: COSTS_TABLE },
        );
        costRows = open.rows;
        if (run > 0) {
          renders.push(open.firstMs);
          charts.push(open.chartsMs);
        }
      });
    }
    if (process.env.BENCH_DEBUG) console.log({ renders, charts });
    return { renderMs: Math.round(median(renders)), chartsMs: Math.round(median(charts)), costRows };
  });
}

const entry = process.argv[1] ? pathToFileURL(process.argv[1]).href : '';
if (entry === import.meta.url) {
  const r = await benchUsageDashboard();
  process.stdout.write(
    `usage dashboard over 500 clusters, 200 endpoints, 1,000 jobs: first screen in ${r.renderMs} ms (target 500), charts drawn in ${r.chartsMs} ms; ${r.costRows} cost rows\n`,
  );
}
