// Filters and sort of a list, kept in the hash route's query (`#/clusters?q=llm&status=running`):
// back/forward and reload keep them, and an address can be shared. One mechanism for every list.
// A value equal to its default is left out of the address, so a list without filters has a
// plain address. Typing in a filter box writes one history entry per burst of keystrokes, not
// one per character; choosing a chip or a menu item writes one entry each.
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import type { SortState } from '../../lib/table-logic';
import { parseHash, useHashPath } from './hash-router';

export type UrlParams<K extends string> = Record<K, string>;
export type UrlPatch<K extends string> = Partial<Record<K, string | null>>;
/** `push` adds a history entry; `typing` adds one per burst (keystrokes less than BURST_MS apart replace it). */
export type UrlWrite = 'push' | 'typing';

/** @internal Exported for its tests only. */
export const BURST_MS = 1000;

/** The address's values of the `defaults`' keys, the default for each absent or empty one. */
export function readParams<K extends string>(query: URLSearchParams, defaults: UrlParams<K>): UrlParams<K> {
  const out = { ...defaults };
  for (const key of Object.keys(defaults) as K[]) {
    const value = query.get(key);
    if (value !== null && value !== '') out[key] = value;
  }
  return out;
}

/**
 * The hash with the patch applied to its query: null, empty or default values leave the address.
 * @internal Exported for its tests only.
 */
export function hashWithParams(
  hash: string,
  patch: Record<string, string | null | undefined>,
  defaults: Record<string, string> = {},
): string {
  const { path, query } = parseHash(hash);
  const next = new URLSearchParams(query);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null || value === '' || value === defaults[key]) next.delete(key);
    else next.set(key, value);
  }
  const search = next.toString();
  return `#${path}${search ? `?${search}` : ''}`;
}

/** A path with query parameters, for links into a filtered list (e.g. a secret from the palette). */
export function pathWithParams(path: string, params: Record<string, string>): string {
  return hashWithParams(`#${path}`, params).slice(1);
}

/**
 * `name` ascending, `-name` descending.
 * @internal Exported for its tests only.
 */
export function parseSort(value: string): SortState | null {
  const desc = value.startsWith('-');
  const columnId = desc ? value.slice(1) : value;
  return columnId ? { columnId, direction: desc ? 'desc' : 'asc' } : null;
}

/** @internal Exported for its tests only. */
export function formatSort(sort: SortState | null): string {
  return sort ? `${sort.direction === 'desc' ? '-' : ''}${sort.columnId}` : '';
}

/** Comma-separated lists (status chips): order kept, empties dropped. */
export function parseList(value: string): string[] {
  return value.split(',').filter(Boolean);
}

/**
 * Whether a write of these keys at `now` continues the last typing burst (then it replaces the entry).
 * @internal Exported for its tests only.
 */
export function continuesBurst(last: { keys: string; at: number } | null, keys: string, now: number): boolean {
  return last !== null && last.keys === keys && now - last.at < BURST_MS;
}

let lastTyping: { keys: string; at: number } | null = null;

/** A new history entry, or (continuing a typing burst) the current one rewritten. */
function writeHash(target: string, replace: boolean): void {
  if (window.location.hash === target) return;
  // Through the history API with the event dispatched at once (setting location.hash fires it
  // in a later task): a control bound to the address (a switch, a filter) shows its new value
  // in the same event that changed it, instead of snapping back until the event arrives.
  if (replace) window.history.replaceState(window.history.state, '', target);
  else window.history.pushState(window.history.state, '', target);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/**
 * The list's URL state: its values (defaults filled in) and a setter. `defaults` should be a
 * module-level constant: its keys are the parameters this list owns.
 */
export function useUrlState<K extends string>(defaults: UrlParams<K>): [UrlParams<K>, (patch: UrlPatch<K>, mode?: UrlWrite) => void] {
  // The snapshot is this list's own parameters as text, read while the address is on the page's
  // path: another parameter, or the address leaving for another page, renders nothing here (a
  // page being left does not redraw its list in the navigation's task: issue 23).
  const pagePath = useHashPath();
  const last = useRef<string | null>(null);
  const snapshot = useCallback(() => {
    const { path, query } = parseHash(window.location.hash);
    if (path === pagePath || last.current === null) last.current = JSON.stringify(readParams(query, defaults));
    return last.current;
  }, [pagePath, defaults]);
  const text = useSyncExternalStore(subscribe, snapshot);
  const values = useMemo(() => JSON.parse(text) as UrlParams<K>, [text]);
  const set = useCallback(
    (patch: UrlPatch<K>, mode: UrlWrite = 'push') => {
      const target = hashWithParams(window.location.hash, patch, defaults);
      const keys = `${parseHash(target).path}|${Object.keys(patch).sort().join(',')}`;
      const now = Date.now();
      const replace = mode === 'typing' && continuesBurst(lastTyping, keys, now);
      lastTyping = mode === 'typing' ? { keys, at: now } : null;
      writeHash(target, replace);
    },
    [defaults],
  );
  return [values, set];
}

/** A list's sort kept in its `sort` parameter, as the shared table's controlled sort (stable between renders). */
export function useUrlSort(value: string, set: (patch: { sort: string }) => void) {
  const sort = useMemo(() => parseSort(value), [value]);
  const onSortChange = useCallback((next: SortState) => set({ sort: formatSort(next) }), [set]);
  return { sort, onSortChange };
}

/** An address value that must be one of `options` (a filter's enum); anything else is no filter. */
export const oneOfParam = <T extends string>(options: readonly T[], value: string): T | '' =>
  options.includes(value as T) ? (value as T) : '';
