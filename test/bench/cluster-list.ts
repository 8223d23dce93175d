// Clusters list with 500 clusters in web mode: time from opening /clusters in a loaded
// console to the first rows of the table, and from typing a filter to the table showing
// the filtered rows (both measured in the page with performance.now). The web server runs
// in-process over an emulator scaled with `scale.clusters`.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withScaledConsole } from './browser-harness';
import { measureFilter, measureOpen, rowsOf, type ListPageSpec } from './list-page';
import { median } from './timing';

const CLUSTERS = 500;
const PAGE: ListPageSpec = { hash: '#/clusters', table: 'Clusters', filter: 'Filter clusters' };
const ROWS = rowsOf(PAGE);

export async function benchClusterList(): Promise<{ clusters: number; renderMs: number; filterMs: number }> {
  return withScaledConsole({ clusters: CLUSTERS, secretsPerCluster: 0 }, async (web) => {
    const renders: number[] = [];
    const filters: number[] = [];
    let clusters = 0;
    for (let run = 0; run < 4; run++) {
      await web.withPage(async (page) => {
        const open = await measureOpen(page, PAGE);
        clusters = open.rows;
        // The first run warms the server (JIT, the scaled world); it is not counted.
        if (run > 0) renders.push(open.ms);
        // A GPU type (a share of the rows), everything again, one cluster's id (one row), everything.
        const firstGpu = (await page.locator(`${ROWS} [data-column="gpu"]`).first().textContent())?.split(' ')[0] ?? 'A100';
        const oneId = (await page.locator(ROWS).nth(5).getAttribute('data-testid'))?.replace('cluster-row-', '') ?? 'cluster_';
        for (const text of [firstGpu, '', oneId, '']) {
          const ms = await measureFilter(page, PAGE, text);
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
