// The wiring every list page repeated, in one hook (Headlamp's habit: a list view declares its
// columns, filters and actions; the frame does the rest). A page names its store, the address's
// filters and how a row is searched; the hook reads the store, keeps filters and sort in the
// address (url-state.ts), loads on mount, on a change of filters, on "refresh" (F5, the
// palette; `leaveRefresh` in a tab of a view that takes it) and on a profile switch, re-reads
// quietly while `pollWhile` says something moves (every `pollMs`),
// binds "/" to the filter box, and filters the rows by the text box (fuzzy, deferred so typing
// stays smooth) — or, for a list the server searches, hands the text to `filters` once typing
// pauses (`serverTextMs`). What it answers spreads into ListPage.
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { StoreApi, UseBoundStore } from 'zustand';
import type { NormalizedError } from '../../../shared/api/errors';
import { fuzzyFilter } from '../lib/fuzzy';
import type { SortState } from '../lib/table-logic';
import { LIST_POLL_MS, usePolling } from '../lib/use-polling';
import type { RefreshPace } from '../../../shared/ipc/streams';
import { useBudgetedPolling } from './use-budgeted-polling';
import { useUrlSort, useUrlState, type UrlParams, type UrlPatch, type UrlWrite } from './navigation/url-state';
import { useIntent, useOnProfileSwitch, usePageKeys } from './page-hooks';
import type { LoadState, LoadStatus } from './resource-store';

/** A list store: the shared load state, and a load that takes the list's filters. */
export interface ListStore<F> extends LoadState {
  load(filters: F, options?: { quiet?: boolean }): Promise<void>;
  /** Loads unless a load is running or finished moments ago (the shell's prefetch); see `ensureOnMount`. */
  ensureLoaded?(): Promise<void>;
}

export interface ServerListConfig<S extends ListStore<F>, T, F, K extends string> {
  store: UseBoundStore<StoreApi<S>>;
  /** The rows in the store. */
  rows(state: S): readonly T[];
  /** The address's keys and their defaults; `q` (the text filter) and `sort` are always there. */
  url: UrlParams<K>;
  /** The server-side filters the address's values mean (the store's load takes them). */
  filters(params: UrlParams<NoInfer<K> | 'q' | 'sort'>): F;
  /** The address's keys that are no filter, like `sort` (a server-side order, a switch that widens the list): `narrowed` leaves them out, `clearFilters` keeps them. */
  notFilters?: readonly NoInfer<K>[];
  /** The server searches: `filters` sees the text (`q`) once it has stayed the same this many ms (at once when cleared); the rows are the server's. */
  serverTextMs?: number;
  /** The text the filter box searches in a row (fuzzy), unless `select` filters the rows. */
  search?(row: T): string;
  /** The rows shown for the (deferred) text and the address, instead of the fuzzy search (client-side filters, an order). */
  select?(rows: readonly T[], text: string, params: UrlParams<NoInfer<K> | 'q' | 'sort'>): readonly T[];
  /** The load on mount is the store's `ensureLoaded` (the shell prefetched): for a list whose filters are all the page's (`select`). */
  ensureOnMount?: boolean;
  /** A list in a tab of a view that reloads on "refresh" too (a detail view): it reloads and leaves the intent for the view to take. */
  leaveRefresh?: boolean;
  /** What a profile switch does instead of reloading the list (e.g. reset more first, or nothing when the area's page does it). */
  onProfileSwitch?(): void;
  /** While true (a row changing state), the list is read again every LIST_POLL_MS. */
  pollWhile?(rows: readonly T[]): boolean;
  /** The pace of that polling when a list needs another (e.g. progress bars); LIST_POLL_MS if absent. */
  pollMs?: number;
  /**
   * The rate-limit group whose background read budget that polling spends, for a list that
   * follows something for hours (running training jobs); absent: a short change (a cluster
   * starting), polled at `pollMs`.
   */
  pollBudget?: 'clusters' | 'endpoints' | 'training';
  /** Page keys besides "/" (e.g. `n` for create). */
  keys?: Readonly<Record<string, () => void>>;
}

export interface ServerList<T, K extends string> {
  /** The rows after the text filter. */
  rows: readonly T[];
  /** Every row the store holds. */
  all: readonly T[];
  params: UrlParams<K | 'q' | 'sort'>;
  setParams(patch: UrlPatch<K | 'q' | 'sort'>, how?: UrlWrite): void;
  /** A text filter or a server-side filter differs from its default. */
  narrowed: boolean;
  /** Every filter back to its default. */
  clearFilters(): void;
  /** The table's sort, kept in the address. */
  sort: SortState | null;
  onSortChange(sort: SortState): void;
  /** Spread into ListPage: the load state, refresh and the filter box. */
  page: {
    status: LoadStatus;
    error: NormalizedError | null;
    refreshing: boolean;
    loadedAt: number | null;
    /** The polling's pace under the read budget (`pollBudget`), while it polls. */
    pace: RefreshPace | null;
    /** It polls under the read budget now. */
    following: boolean;
    onRefresh(): void;
    filter: { value: string; onChange(q: string): void; inputRef: RefObject<HTMLInputElement | null> };
  };
  /** True until the first rows are shown (the table's skeleton). */
  loading: boolean;
  /** Spread into ListPage's table: the rows shown, the skeleton, the sort. */
  table: { rows: T[]; loading: boolean; sort: SortState | null; onSortChange(sort: SortState): void };
}

export function useServerList<S extends ListStore<F>, T, F, K extends string>(config: ServerListConfig<S, T, F, K>): ServerList<T, K> {
  const { store } = config;
  const all = store((s) => config.rows(s));
  const status = store((s) => s.status);
  const error = store((s) => s.error);
  const refreshing = store((s) => s.refreshing);
  const loadedAt = store((s) => s.loadedAt);

  const defaults = useMemo(() => ({ q: '', sort: '', ...config.url }) as UrlParams<K | 'q' | 'sort'>, [config.url]);
  const [params, setParams] = useUrlState(defaults);
  const setSort = useCallback((patch: { sort: string }) => setParams(patch as UrlPatch<K | 'q' | 'sort'>), [setParams]);
  const { sort, onSortChange } = useUrlSort(params.sort, setSort);
  const serverTextMs = config.serverTextMs;
  const [text, setText] = useDebounced(serverTextMs === undefined ? '' : params.q, serverTextMs ?? 0);
  const filterParams = useMemo(() => (serverTextMs === undefined ? params : { ...params, q: text }), [params, text, serverTextMs]);
  const filterKey = JSON.stringify(config.filters(filterParams));
  // The filters as a value that changes only when what they ask changes.
  const filters = useMemo(() => JSON.parse(filterKey) as F, [filterKey]);

  const load = useCallback(() => void store.getState().load(filters), [store, filters]);
  const ensureOnMount = config.ensureOnMount;
  useEffect(() => {
    const { ensureLoaded } = store.getState();
    if (ensureOnMount && ensureLoaded) void ensureLoaded();
    else load();
  }, [load, store, ensureOnMount]);
  useIntent('page:refresh', load, { leave: config.leaveRefresh });
  useOnProfileSwitch(config.onProfileSwitch ?? load);
  const inputRef = useRef<HTMLInputElement>(null);
  const extraKeys = config.keys;
  usePageKeys(useMemo(() => ({ '/': () => inputRef.current?.focus(), ...extraKeys }), [extraKeys]));
  const pollWhile = config.pollWhile;
  const moving = useMemo(() => pollWhile?.(all) ?? false, [pollWhile, all]);
  const pollBudget = config.pollBudget;
  const pollTick = () => void store.getState().load(filters, { quiet: true });
  usePolling(moving && !pollBudget, config.pollMs ?? LIST_POLL_MS, pollTick);
  const pace = useBudgetedPolling(moving && Boolean(pollBudget), pollBudget ?? 'training', config.pollMs ?? LIST_POLL_MS, pollTick);

  const onText = useCallback((q: string) => setParams({ q } as UrlPatch<K | 'q' | 'sort'>, 'typing'), [setParams]);
  const deferred = useDeferredValue(params.q).trim();
  const { search, select } = config;
  // The address as the deferred text sees it: a keystroke does not compute the rows again at once.
  const later = useDeferredValue(params);
  const rows = useMemo(
    () => (select ? select(all, later.q.trim(), later) : deferred && search ? fuzzyFilter([...all], deferred, search) : all),
    [all, deferred, search, select, later],
  );
  const notFilters = config.notFilters;
  const filterKeys = useMemo(
    () => (Object.keys(defaults) as Array<K | 'q' | 'sort'>).filter((k) => k !== 'sort' && !notFilters?.includes(k as K)),
    [defaults, notFilters],
  );
  const narrowed = filterKeys.some((k) => params[k] !== defaults[k]);
  const clearFilters = useCallback(() => {
    const patch: Record<string, string> = {};
    for (const k of filterKeys) patch[k] = defaults[k];
    setText(defaults.q);
    setParams(patch as UrlPatch<K | 'q' | 'sort'>);
  }, [defaults, filterKeys, setParams, setText]);

  const loading = status !== 'ready' && all.length === 0;
  const table = useMemo(() => ({ rows: [...rows], loading, sort, onSortChange }), [rows, loading, sort, onSortChange]);
  return {
    rows,
    all,
    table,
    params,
    setParams,
    narrowed,
    clearFilters,
    sort,
    onSortChange,
    loading,
    page: {
      status,
      error,
      refreshing,
      loadedAt,
      pace,
      following: moving && Boolean(pollBudget),
      onRefresh: load,
      filter: { value: params.q, onChange: onText, inputRef },
    },
  };
}

/** The value once it has stayed the same for `ms` (an empty one at once); the setter applies one at once. */
function useDebounced(value: string, ms: number): [string, (v: string) => void] {
  const [applied, setApplied] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setApplied(value), value === '' ? 0 : ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return [applied, setApplied];
}
