// The clusters list: filters, the shared table, row actions, and auto-refresh while any
// cluster is starting, stopping or restarting (paused while the window is hidden).
import Dns from '@mui/icons-material/Dns';
import Button from '@mui/material/Button';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { Cluster } from '../../../../../shared/api/clusters/cluster';
import { navigate } from '../../../platform/navigation/hash-router';
import { ListPage } from '../../../components/ListPage';
import { EmptyState } from '../../../components/StateViews';
import { serverNow } from '../../../platform/server-clock';
import { countByStatus, filterClusters, isTransitional } from './cluster-logic';
import { clusterColumns } from './cluster-columns';
import { clusterPath } from './cluster-route';
import { ClusterFilters } from './ClusterFilters';
import { ClustersViewSwitch } from './ClustersViewSwitch';
import { useClusters } from './clusters-store';
import { LifecycleDialogs, type LifecycleAction } from './LifecycleDialogs';
import { LIST_POLL_MS, usePolling } from '../../../lib/use-polling';
import { useIntent } from '../../../platform/page-hooks';
import { useClusterListParams, useFilterShortcut } from './use-clusters-page';

const rowKey = (c: Cluster) => c.id;
const openRow = (c: Cluster) => navigate(clusterPath(c.id));
const rowTestId = (c: Cluster) => `cluster-row-${c.id}`;

export function ClusterList() {
  const clusters = useClusters((s) => s.clusters);
  const status = useClusters((s) => s.status);
  const error = useClusters((s) => s.error);
  const refreshing = useClusters((s) => s.refreshing);
  const loadedAt = useClusters((s) => s.loadedAt);
  const { load, ensureLoaded } = useClusters.getState();
  const { text, setText, statuses, setStatuses, clearFilters, sort, onSortChange } = useClusterListParams();
  const [action, setAction] = useState<LifecycleAction>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  // Typing stays responsive with hundreds of rows: the table follows a deferred copy.
  const deferredText = useDeferredValue(text);

  useEffect(() => void ensureLoaded(), [ensureLoaded]);
  useIntent(
    'page:refresh',
    useCallback(() => void load(), [load]),
  );
  useFilterShortcut(filterRef);

  const anyMoving = useMemo(() => clusters.some((c) => isTransitional(c.status)), [clusters]);
  usePolling(anyMoving, LIST_POLL_MS, () => void load({ quiet: true }));

  const columns = useMemo(
    () =>
      clusterColumns(
        {
          open: openRow,
          stop: (cluster) => setAction({ kind: 'stop', cluster }),
          restart: (cluster) => setAction({ kind: 'restart', cluster }),
          progress: (cluster) => setAction({ kind: 'progress', cluster }),
        },
        serverNow,
      ),
    [],
  );
  const counts = useMemo(() => countByStatus(clusters), [clusters]);
  const rows = useMemo(() => filterClusters(clusters, { statuses, text: deferredText }), [clusters, statuses, deferredText]);
  const filtered = statuses.length > 0 || deferredText.trim() !== '';
  const total = clusters.length;
  const empty = useMemo(
    () =>
      filtered && total > 0 ? (
        <EmptyState title="No clusters match the filters" action={<Button onClick={clearFilters}>Clear filters</Button>}>
          {total} clusters in all.
        </EmptyState>
      ) : (
        <EmptyState icon={<Dns />} title="No clusters yet">
          Clusters created for this account appear here, with their status, GPUs and cost.
        </EmptyState>
      ),
    [filtered, total, clearFilters],
  );

  // A keystroke first re-renders the page with the old (deferred) rows; the list page's table,
  // its hundreds of rows behind the virtualiser, need not follow until the rows change.
  return (
    <ListPage
      title="Clusters"
      description={`GPU compute environments of this account.${anyMoving ? ' Refreshing while clusters change state.' : ''}`}
      refreshLabel="Refresh clusters"
      onRefresh={() => void load()}
      actions={<ClustersViewSwitch value="list" />}
      filters={
        <ClusterFilters statuses={statuses} counts={counts} text={text} filterRef={filterRef} onStatuses={setStatuses} onText={setText} />
      }
      status={status}
      error={error}
      refreshing={refreshing}
      loadedAt={loadedAt}
      errorTitle="Could not load clusters"
      table={{
        label: 'Clusters',
        rows,
        columns,
        rowKey,
        loading: status !== 'ready' && clusters.length === 0,
        rowHeight: 52,
        sort,
        onSortChange,
        onRowActivate: openRow,
        rowTestId,
        empty,
      }}
    >
      <LifecycleDialogs action={action} onClose={() => setAction(null)} />
    </ListPage>
  );
}
