// Page-level behaviour of the API keys area that is not rendering: first load and reload
// on profile change, and the page's single-key shortcuts.
import { useCallback, useEffect, useMemo, type RefObject } from 'react';
import { useUrlSort, useUrlState } from '../../../platform/navigation/url-state';
import { useOnProfileSwitch, usePageKeys } from '../../../platform/page-hooks';
import { useApiKeys } from './api-keys-store';

/** Loads the list once (unless the shell's prefetch just did), and again when the active profile changes. */
export function useKeysFollowProfile(): void {
  useEffect(() => {
    void useApiKeys.getState().ensureLoaded();
  }, []);
  useOnProfileSwitch(() => {
    useApiKeys.getState().closeUsage();
    void useApiKeys.getState().load();
  });
}

/** N opens the create dialog, / focuses the filter. */
export function useKeysShortcuts(openCreate: () => void, filterRef: RefObject<HTMLInputElement | null>): void {
  usePageKeys(useMemo(() => ({ n: openCreate, '/': () => filterRef.current?.focus() }), [openCreate, filterRef]));
}

/** `#/api-keys?q=ci&sort=-created`: the filter and sort kept in the address. */
const URL_DEFAULTS = { q: '', sort: '' };

export function useKeyListParams() {
  const [params, setParams] = useUrlState(URL_DEFAULTS);
  return {
    filter: params.q,
    setFilter: useCallback((q: string) => setParams({ q }, 'typing'), [setParams]),
    ...useUrlSort(params.sort, setParams),
  };
}
