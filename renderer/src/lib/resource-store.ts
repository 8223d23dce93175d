// The loading half of every feature store: one load at a time (a new one aborts the one in
// flight, and a late answer of an aborted one is dropped), quiet reloads that keep what is
// shown (no spinner; a failure keeps the last good rows), and `ensureLoaded` for prefetches.
// A store spreads its LoadState into its initial state and calls the loader from its actions.
import type { NormalizedError } from '../../../shared/api/errors';
import { isCancelled, toNormalizedError } from '../bridge/errors';
import { dataReplacedAt } from './data-replaced';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface LoadState {
  status: LoadStatus;
  error: NormalizedError | null;
  /** When the data was last loaded (ms), to skip a second load right after a prefetch. */
  loadedAt: number | null;
}

export const initialLoadState = (): LoadState => ({ status: 'idle', error: null, loadedAt: null });

export interface LoadOptions {
  /** Keep the current rows and status while loading; a failure then keeps the last good rows. */
  quiet?: boolean;
}

export interface RunOptions<S> extends LoadOptions {
  /** Set as the load starts (e.g. the filters or the subject it is for). */
  before?: Partial<S>;
}

export interface Loader<S> {
  /** Runs `fetch` and sets what it returns with status `ready`; errors become status `error`. */
  run(fetch: (signal: AbortSignal) => Promise<Partial<S>>, options?: RunOptions<S>): Promise<void>;
  /** Runs `load` unless a load is running or finished within `freshMs` (and after the data was last replaced). */
  ensureLoaded(load: () => Promise<void>, freshMs?: number): Promise<void>;
  /** Aborts the load in flight, if any. */
  abort(): void;
}

/** A load once shown stays fresh this long: the shell prefetches, then the page asks again. */
export const FRESH_MS = 5_000;

export function createLoader<S extends LoadState>(set: (patch: Partial<S>) => void, get: () => S): Loader<S> {
  let current: AbortController | null = null;
  return {
    async run(fetch, { quiet = false, before } = {}) {
      current?.abort();
      const controller = (current = new AbortController());
      if (before) set(before);
      const keep = quiet && get().status === 'ready';
      if (!keep) set({ status: 'loading', error: null } as Partial<S>);
      try {
        const next = await fetch(controller.signal);
        if (current !== controller) return;
        set({ ...next, status: 'ready', error: null, loadedAt: Date.now() });
      } catch (error) {
        if (isCancelled(error) || current !== controller) return;
        // A failed background refresh keeps the last good data on screen.
        if (quiet && get().status === 'ready') return;
        set({ status: 'error', error: toNormalizedError(error) } as Partial<S>);
      } finally {
        if (current === controller) current = null;
      }
    },
    async ensureLoaded(load, freshMs = FRESH_MS) {
      const { status, loadedAt } = get();
      const fresh = loadedAt !== null && Date.now() - loadedAt < freshMs && loadedAt > dataReplacedAt();
      if (status === 'loading' || (status === 'ready' && fresh)) return;
      await load();
    },
    abort() {
      current?.abort();
      current = null;
    },
  };
}
