// The Team page with 5,000 members in web mode (issue 19): time from opening /team in a loaded
// console to the first rows of the table, and from typing a filter to the table showing the
// filtered rows (measured in the page with performance.now). The web server runs in-process
// over an emulator scaled with `scale.members`.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withScaledConsole } from './browser-harness';
import { measureFilter, measureOpen, rowsOf, type ListPageSpec } from './list-page';
import { median } from './timing';

const MEMBERS = 5000;
const PAGE: ListPageSpec = { hash: '#/team', table: 'Team members', filter: 'Filter members' };

export async function benchTeamList(): Promise<{ members: number; renderMs: number; filterMs: number }> {
  return withScaledConsole({ members: MEMBERS }, async (web) => {
    const renders: number[] = [];
    const filters: number[] = [];
    let members = 0;
    for (let run = 0; run < 4; run++) {
      await web.withPage(async (page) => {
        const open = await measureOpen(page, PAGE);
        members = open.rows;
        // The first run warms the server (JIT, the scaled world); it is not counted.
        if (run > 0) renders.push(open.ms);
        // A department word (a share of the rows), everything again, one member's email (one row), everything.
        const email = (await page.locator(rowsOf(PAGE)).nth(5).textContent())?.match(/[\w.+-]+@[\w.-]+/)?.[0] ?? '@';
        for (const text of ['research', '', email, '']) {
          const ms = await measureFilter(page, PAGE, text);
          if (run > 0) filters.push(ms);
        }
      });
    }
    if (process.env.BENCH_DEBUG) console.log({ renders, filters });
    return { members, renderMs: Math.round(median(renders)), filterMs: Math.round(median(filters)) };
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchTeamList().then(
    (r) =>
      console.log(`team list: ${r.members} members, first rows in ${r.renderMs} ms (target 300), filter in ${r.filterMs} ms (target 50)`),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
