// Page-level behaviour of the clusters area that is not rendering: reload when the active
// profile changes, the "/" shortcut to the filter, and the list's filters and sort kept in the address.
import { useCallback, useMemo, type RefObject } from 'react';
import type { ClusterStatus } from '../../../../../shared/api/clusters/common';
import { parseList, useUrlSort, useUrlState } from '../../../platform/navigation/url-state';
import { navigate } from '../../../platform/navigation/hash-router';
import { useOnProfileSwitch, usePageKeys } from '../../../platform/page-hooks';
import { CLUSTER_STATUSES } from './cluster-logic';
import { FLEET_PATH } from './cluster-route';
import { useClusters } from './clusters-store';

/** Another profile may see other clusters: drop what is shown and read again. */
export function useClustersFollowProfile(): void {
  useOnProfileSwitch(() => {
    useClusters.getState().reset();
    void useClusters.getState().load();
  });
}

/** "/" focuses the filter; "f" opens the fleet view. */
export function useFilterShortcut(filterRef: RefObject<HTMLInputElement | null>): void {
  usePageKeys(useMemo(() => ({ '/': () => filterRef.current?.focus(), f: () => navigate(FLEET_PATH) }), [filterRef]));
}

/** `#/clusters?q=llm&status=running,error&sort=-cost`. */
const URL_DEFAULTS = { q: '', status: '', sort: '' };
const isStatus = (s: string): s is ClusterStatus => (CLUSTER_STATUSES as readonly string[]).includes(s);

/** The clusters list's text filter, status chips and sort, read from and written to the address. */
export function useClusterListParams() {
  const [params, setParams] = useUrlState(URL_DEFAULTS);
  const statuses = useMemo(() => parseList(params.status).filter(isStatus), [params.status]);
  return {
    text: params.q,
    setText: useCallback((q: string) => setParams({ q }, 'typing'), [setParams]),
    statuses,
    setStatuses: useCallback((list: ClusterStatus[]) => setParams({ status: list.join(',') }), [setParams]),
    clearFilters: useCallback(() => setParams({ q: '', status: '' }), [setParams]),
    ...useUrlSort(params.sort, setParams),
  };
}
