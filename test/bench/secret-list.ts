// A cluster's Secrets tab with 2,000 secrets in web mode: time from opening the tab in a
// loaded console to the first rows of the table, and from typing a search to the table
// showing the matching rows (the tab filters the loaded list at once and sends the search
// to the service after a short debounce; the first is what the operator sees, and what is
// measured). Both are measured in the page with performance.now; the web server runs
// in-process over an emulator scaled with `scale.secretsPerCluster`.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { Services } from '../../main/services';
import { withScaledConsole } from './browser-harness';
import { median } from './timing';

const SECRETS = 2000;
const TABLE = '[role="table"][aria-label="Secrets"]';
const ROWS = `${TABLE} [role="rowgroup"] [role="row"]:not([aria-busy])`;

/** The id of the scaled world's bench cluster, read from the bench's own in-process emulator. */
async function benchClusterId(services: Services): Promise<string> {
  const res = await services.emulator.fetch(
    new Request('http://emulator/v1/clusters', { headers: { authorization: `Bearer ${services.emulator.ownerKey}` } }),
  );
  const body = (await res.json()) as { data: { clusters: Array<{ id: string; name: string }> } };
  const found = body.data.clusters.find((c) => c.name === 'bench-cluster-0001');
  if (!found) throw new Error('the scaled world has no bench-cluster-0001');
  return found.id;
}

/** In a loaded console: hash navigation to the cluster's Secrets tab until its first real rows are on screen. */
async function measureOpen(page: Page, clusterId: string): Promise<{ ms: number; rows: number }> {
  return page.evaluate(
    ([hash, table, rows]) =>
      new Promise<{ ms: number; rows: number }>((done, fail) => {
        const started = performance.now();
        window.location.hash = hash;
        const deadline = started + 30_000;
        const check = () => {
          const t = document.querySelector(table);
          if (t && document.querySelector(rows))
            return done({ ms: performance.now() - started, rows: Number(t.getAttribute('aria-rowcount') ?? '1') - 1 });
          if (performance.now() > deadline) return fail(new Error('the secrets table did not render'));
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    [`#/clusters/${clusterId}/secrets`, TABLE, ROWS] as const,
  );
}

/** Types `text` into the search (one input event) and waits until the table holds `expectRows` rows, then for the frame that shows them. */
async function measureSearch(page: Page, text: string, expectRows: number): Promise<number> {
  return page.evaluate(
    ([value, table, rows]) =>
      new Promise<number>((done, fail) => {
        const input = document.querySelector<HTMLInputElement>('input[aria-label="Search secrets"]');
        const t = document.querySelector(table);
        if (!input || !t) return fail(new Error('no search field or table'));
        const timer = setTimeout(() => fail(new Error(`the table did not show ${rows} rows for "${value}"`)), 10_000);
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (Number(t.getAttribute('aria-rowcount') ?? '0') - 1 !== rows) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            clearTimeout(timer);
            done(performance.now() - started);
          });
        });
        observer.observe(t, { subtree: true, childList: true, attributes: true, characterData: true });
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setValue.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    [text, TABLE, expectRows] as const,
  );
}

export async function benchSecretList(): Promise<{ secrets: number; renderMs: number; filterMs: number }> {
  return withScaledConsole({ clusters: 1, secretsPerCluster: SECRETS }, async (web) => {
    const clusterId = await benchClusterId(web.services);
    const renders: number[] = [];
    const searches: number[] = [];
    for (let run = 0; run < 4; run++) {
      await web.withPage(async (page) => {
        const open = await measureOpen(page, clusterId);
        // The first run warms the server (JIT, the scaled world); it is not counted.
        if (run > 0) renders.push(open.ms);
        // Wait for the whole list (the first rows may be the skeleton's successor before the count settles).
        await page.waitForFunction(
          ([table, n]) => document.querySelector(table)?.getAttribute('aria-rowcount') === String(n + 1),
          [TABLE, SECRETS] as const,
          { timeout: 30_000 },
        );
        // A hundred secrets (SECRET_01xx), everything again, one secret, everything.
        for (const [text, rows] of [
          ['SECRET_01', 100],
          ['', SECRETS],
          ['SECRET_1234', 1],
          ['', SECRETS],
        ] as const) {
          const ms = await measureSearch(page, text, rows);
          if (run > 0) searches.push(ms);
        }
      });
    }
    return { secrets: SECRETS, renderMs: Math.round(median(renders)), filterMs: Math.round(median(searches)) };
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchSecretList().then(
    (r) => console.log(`secret list: ${r.secrets} secrets, first rows in ${r.renderMs} ms, search to updated table in ${r.filterMs} ms`),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
