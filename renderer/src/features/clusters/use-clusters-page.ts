// Page-level behaviour of the clusters area that is not rendering: reload when the active
// profile changes, and the "/" shortcut to the filter.
import { useMemo, type RefObject } from 'react';
import { useOnProfileSwitch, usePageKeys } from '../../app/page-hooks';
import { useClusters } from './clusters-store';

/** Another profile may see other clusters: drop what is shown and read again. */
export function useClustersFollowProfile(): void {
  useOnProfileSwitch(() => {
    useClusters.getState().reset();
    void useClusters.getState().load();
  });
}

/** "/" focuses the filter. */
export function useFilterShortcut(filterRef: RefObject<HTMLInputElement | null>): void {
  usePageKeys(useMemo(() => ({ '/': () => filterRef.current?.focus() }), [filterRef]));
}
