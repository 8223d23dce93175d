// Timing a list page in the page itself (performance.now): from hash navigation in a loaded
// console to the first real rows of its table, and from typing a filter (one input event) to
// the frame that shows the table changed. Shared by the list benches (clusters, team).
import type { Page } from '@playwright/test';

export interface ListPageSpec {
  /** The page's hash route, e.g. `#/clusters`. */
  hash: string;
  /** The table's accessible name (DataTable's `label`). */
  table: string;
  /** The filter box's accessible name. */
  filter: string;
}

/** The table's body rows that hold data (not the loading placeholders). */
export const rowsOf = (spec: ListPageSpec) => `[role="table"][aria-label="${spec.table}"] [role="rowgroup"] [role="row"]:not([aria-busy])`;

/** In a loaded console: hash navigation to the page until the first real rows are on screen. */
export async function measureOpen(page: Page, spec: ListPageSpec): Promise<{ ms: number; rows: number }> {
  return page.evaluate(
    ({ hash, tableSelector, rows }) =>
      new Promise<{ ms: number; rows: number }>((done, fail) => {
        const started = performance.now();
        window.location.hash = hash;
        const deadline = started + 30_000;
        const check = () => {
          const table = document.querySelector(tableSelector);
          if (table && document.querySelector(rows)) {
            return done({ ms: performance.now() - started, rows: Number(table.getAttribute('aria-rowcount') ?? '1') - 1 });
          }
          if (performance.now() > deadline) return fail(new Error(`the table ${tableSelector} did not render`));
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { hash: spec.hash, tableSelector: `[role="table"][aria-label="${spec.table}"]`, rows: rowsOf(spec) },
  );
}

/** Types `text` into the filter (as one input event) and waits for the table to change, then for the frame that shows it. */
export async function measureFilter(page: Page, spec: ListPageSpec, text: string): Promise<number> {
  return page.evaluate(
    ({ value, inputSelector, tableSelector }) =>
      new Promise<number>((done, fail) => {
        const input = document.querySelector<HTMLInputElement>(inputSelector);
        const table = document.querySelector(tableSelector);
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
    { value: text, inputSelector: `input[aria-label="${spec.filter}"]`, tableSelector: `[role="table"][aria-label="${spec.table}"]` },
  );
}
