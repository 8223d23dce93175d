// A view's own read (what no store keeps: a dialog's choices, a comparison, a range's figures)
// the way the stores load theirs: the store's read action, run by resource-store's loader. The
// read is named by a key (what it asks: the subject, the options); another key replaces what is
// shown, unless `keepAcrossKeys` (the previous answer stays on screen while the next is read); a
// reload of the same key keeps it, and a failed one keeps it too, stale, with the error beside
// it. A new key, a null key (nothing to read: a closed dialog) and unmounting abort the read in
// flight, and a late answer is dropped. A profile switch reads again; an answer from an earlier
// data generation is never kept on screen.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { NormalizedError } from '../../../shared/api/errors';
import { useLatest } from '../lib/use-latest';
import { useOnProfileSwitch } from './page-hooks';
import { createLoader, initialLoadState, type LoadState, type LoadStatus } from './resource-store';

interface Loaded<T> {
  /** The answer shown (null while none is: before the first, or while another key is read). */
  data: T | null;
  /** As a store's: `ready` while an answer is shown, also during a reload and after a failed one. */
  status: LoadStatus;
  /** The last failure; with status `ready`, the answer shown is stale (from `loadedAt`). */
  error: NormalizedError | null;
  /** A reload of the answer shown is running. */
  refreshing: boolean;
  /** A read is running: the first one, another key's, or a reload. */
  loading: boolean;
  loadedAt: number | null;
  /** Reads the key again (refresh, retry, polling). */
  reload(): void;
}

interface LoadedOptions {
  /** Keep the previous key's answer on screen while another key is read (e.g. a comparison's options). */
  keepAcrossKeys?: boolean;
}

interface Held<T> extends LoadState {
  key: string | null;
  data: T | null;
}

export function useLoaded<T>(key: string | null, read: (signal: AbortSignal) => Promise<T>, options: LoadedOptions = {}): Loaded<T> {
  const [state, setState] = useState<Held<T>>(() => ({ ...initialLoadState(), key: null, data: null }));
  // The loader reads the state synchronously, between renders.
  const held = useRef(state);
  const loader = useMemo(
    () =>
      createLoader<Held<T>>(
        (patch) => {
          held.current = { ...held.current, ...patch };
          setState(held.current);
        },
        () => held.current,
      ),
    [],
  );
  // The key says what is read: `read` is taken as it is when the read starts.
  const latestRead = useLatest(read);
  const keep = options.keepAcrossKeys ?? false;
  const load = useCallback(() => {
    if (key === null) return;
    void loader.run(async (signal) => ({ data: await latestRead.current(signal) }), { before: { key }, quiet: keep });
  }, [key, keep, loader, latestRead]);
  useEffect(() => {
    load();
    return () => loader.abort();
  }, [load, loader]);
  useOnProfileSwitch(load);

  // Until the effect starts the read, a key is loading: the held answer is none or another key's (not shown).
  const otherKey = key !== null && (state.status === 'idle' || (!keep && state.key !== key));
  const status: LoadStatus = otherKey ? 'loading' : state.status;
  const refreshing = !otherKey && state.refreshing;
  return {
    data: status === 'ready' ? state.data : null,
    status,
    error: otherKey ? null : state.error,
    refreshing,
    loading: status === 'loading' || refreshing,
    loadedAt: state.loadedAt,
    reload: load,
  };
}
