// The loading half of every feature store: one load at a time (a new one aborts the one in
// flight, and a late answer of an aborted one is dropped), refreshes that keep what is shown
// (`refreshing`; a failure keeps the last good rows, marked stale, with the error beside
// them), and `ensureLoaded` for prefetches. A store spreads its LoadState into its initial
// state and calls the loader from its actions.
import type { NormalizedError } from '../../../shared/api/errors';
import { isCancelled, toNormalizedError } from '../bridge/errors';
import { dataGeneration } from './data-generation';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface LoadState {
  /**
   * `ready` while rows are shown, also during a refresh and after a failed one; `error` only
   * when a load failed with nothing to show.
   */
  status: LoadStatus;
  /** The last failure; with status `ready`, the rows shown are stale (from `loadedAt`). */
  error: NormalizedError | null;
  /** A refresh of the rows shown is running. */
  refreshing: boolean;
  /** When the data was last loaded (ms), to skip a second load right after a prefetch. */
  loadedAt: number | null;
}

export const initialLoadState = (): LoadState => ({ status: 'idle', error: null, refreshing: false, loadedAt: null });

export interface LoadOptions {
  /** A background reload (polling, after an action): keep the rows even if `before` changes the query. */
  quiet?: boolean;
}

interface RunOptions<S> extends LoadOptions {
  /** Set as the load starts (e.g. the filters or the subject it is for). */
  before?: Partial<S>;
}

/** Same value: identical, or equal plain data (filters are rebuilt as new objects). */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

/** True when `before` asks for something else than what is shown (another subject, other filters). */
function changesQuery<S>(before: Partial<S> | undefined, state: S): boolean {
  if (!before) return false;
  return Object.keys(before).some((key) => !sameValue(before[key as keyof S], state[key as keyof S]));
}

export interface Loader<S> {
  /** Runs `fetch` and sets what it returns with status `ready`; errors become status `error`. */
  run(fetch: (signal: AbortSignal) => Promise<Partial<S>>, options?: RunOptions<S>): Promise<void>;
  /** Runs `load` unless a load is running or finished within `freshMs` (in the current data generation). */
  ensureLoaded(load: () => Promise<void>, freshMs?: number): Promise<void>;
  /** Aborts the load in flight, if any. */
  abort(): void;
}

/** A load once shown stays fresh this long: the shell prefetches, then the page asks again. */
const FRESH_MS = 5_000;

export function createLoader<S extends LoadState>(set: (patch: Partial<S>) => void, get: () => S): Loader<S> {
  let current: AbortController | null = null;
  /** The data generation the rows shown were loaded in. */
  let rowsGeneration = -1;
  return {
    async run(fetch, { quiet = false, before } = {}) {
      current?.abort();
      const controller = (current = new AbortController());
      // A refresh of what is shown keeps the rows on screen; another query replaces them.
      const sameData = rowsGeneration === dataGeneration();
      const keep = get().status === 'ready' && sameData && (quiet || !changesQuery(before, get()));
      if (before) set(before);
      set((keep ? { refreshing: true } : { status: 'loading', error: null, refreshing: false }) as Partial<S>);
      try {
        const next = await fetch(controller.signal);
        if (current !== controller) return;
        rowsGeneration = dataGeneration();
        // This machine's clock, not the server's: how long ago this console loaded, not a time of the data.
        set({ ...next, status: 'ready', error: null, refreshing: false, loadedAt: Date.now() });
      } catch (error) {
        if (isCancelled(error) || current !== controller) return;
        // A failed refresh keeps the last good rows on screen, stale, with the error beside them.
        const stale = get().status === 'ready';
        set({ ...(stale ? {} : { status: 'error' }), error: toNormalizedError(error), refreshing: false } as Partial<S>);
      } finally {
        if (current === controller) current = null;
      }
    },
    async ensureLoaded(load, freshMs = FRESH_MS) {
      const { status, loadedAt } = get();
      const fresh = loadedAt !== null && Date.now() - loadedAt < freshMs && rowsGeneration === dataGeneration();
      if (status === 'loading' || (status === 'ready' && fresh)) return;
      await load();
    },
    abort() {
      if (!current) return;
      current.abort();
      current = null;
      if (get().refreshing) set({ refreshing: false } as Partial<S>);
    },
  };
}
