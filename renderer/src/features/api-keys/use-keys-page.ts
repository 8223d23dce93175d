// Page-level behaviour of the API keys area that is not rendering: first load and reload
// on profile change, and the page's single-key shortcuts.
import { useEffect, useMemo, type RefObject } from 'react';
import { useOnProfileSwitch, usePageKeys } from '../../app/page-hooks';
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
