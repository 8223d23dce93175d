// One cluster: header with status and Stop / Restart, and the tabs Overview, Proxy & ports,
// Secrets and Metrics (the tab is part of the address: /clusters/<id>/ports).
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { navigate } from '../../../platform/navigation/hash-router';
import { RefreshFrame, StaleBanner } from '../../../components/StaleBanner';
import { ErrorState } from '../../../components/StateViews';
import { isTransitional } from './cluster-logic';
import { clusterPath, type DetailTab } from './cluster-route';
import { useClusterDetail, useClusters } from './clusters-store';
import { ClusterHeader } from './ClusterHeader';
import { LifecycleDialogs, type LifecycleAction } from './LifecycleDialogs';
import { OverviewTab } from './overview/OverviewTab';
import { useIntent } from '../../../platform/page-hooks';
import { DETAIL_POLL_MS, usePolling } from '../../../lib/use-polling';
import { preloadableLazy, useLoadedCode, type LazyCode } from '../../../lib/preloadable-lazy';

// Preloadable: the open tab's code is fetched while the cluster is read, so the tab renders
// without suspending once it is (see preloadable-lazy.ts).
const ProxyTab = preloadableLazy(() => import('./proxy/ProxyTab').then((m) => ({ default: m.ProxyTab })));
const SecretsTab = preloadableLazy(() => import('./secrets/SecretsTab').then((m) => ({ default: m.SecretsTab })));
const MetricsTab = preloadableLazy(() => import('./metrics/MetricsTab').then((m) => ({ default: m.MetricsTab })));
const TAB_CODE: Partial<Record<DetailTab, LazyCode>> = { ports: ProxyTab, secrets: SecretsTab, metrics: MetricsTab };

/** Tabs that need only the cluster's id, rendered while the cluster itself is still being read. */
const ID_ONLY_TABS: ReadonlySet<DetailTab> = new Set(['secrets']);

const TABS: Array<{ id: DetailTab; label: string }> = [
  { id: 'overview', label: 'Overview' },
  { id: 'ports', label: 'Proxy & ports' },
  { id: 'secrets', label: 'Secrets' },
  { id: 'metrics', label: 'Metrics' },
];

function DetailSkeleton() {
  return (
    <Stack spacing={2} aria-busy aria-label="Loading cluster">
      <Skeleton variant="text" width={320} height={40} />
      <Skeleton variant="rounded" height={48} />
      <Skeleton variant="rounded" height={360} />
    </Stack>
  );
}

export function ClusterDetail({ clusterId, tab }: { clusterId: string; tab: DetailTab }) {
  const { cluster, status, error, refreshing, loadedAt } = useClusterDetail(clusterId);
  const loadCluster = useClusters((s) => s.loadCluster);
  const [action, setAction] = useState<LifecycleAction>(null);
  const reload = useCallback(() => void loadCluster(clusterId), [loadCluster, clusterId]);

  useEffect(() => {
    const known = useClusters.getState().clusters.find((c) => c.id === clusterId);
    // Show the list's copy at once when there is one; read the full record quietly.
    if (known) useClusters.getState().upsert(known);
    void loadCluster(clusterId, { quiet: Boolean(known) });
  }, [clusterId, loadCluster]);
  // The open tab's code is fetched alongside the cluster; its panel shows a placeholder until then.
  const tabCode = useLoadedCode(TAB_CODE[tab]);
  useIntent('page:refresh', reload);
  // On the overview, a stop or restart is followed by the phase progress (it hands its reads
  // to the store); polling here too would race it with copies of another age.
  const followedByProgress = tab === 'overview' && (cluster?.status === 'stopping' || cluster?.status === 'restarting');
  usePolling(
    Boolean(cluster && isTransitional(cluster.status) && !followedByProgress),
    DETAIL_POLL_MS,
    () => void loadCluster(clusterId, { quiet: true }),
  );

  useEffect(() => {
    if (cluster) document.title = `${cluster.name} · Clusters · GPU Operator Console`;
  }, [cluster]);

  if (!cluster) {
    if (status === 'error' && error)
      return (
        <ErrorState
          title={error.status === 404 ? `No cluster ${clusterId}` : 'Could not load the cluster'}
          error={error}
          onRetry={reload}
        />
      );
    // The Secrets tab needs only the cluster's id: its list loads beside the cluster (issue 23).
    if (!ID_ONLY_TABS.has(tab)) return <DetailSkeleton />;
  }

  // A failed reload leaves the cluster shown, stale, with its error under the header; the
  // overview (the cluster record itself) is dimmed. The other tabs have their own loads.
  const stale = error !== null;
  return (
    <Stack spacing={2} sx={{ minHeight: 0, flex: 1 }}>
      {cluster ? (
        <ClusterHeader
          cluster={cluster}
          onStop={() => setAction({ kind: 'stop', cluster })}
          onRestart={() => setAction({ kind: 'restart', cluster })}
          onShowProgress={() => setAction({ kind: 'progress', cluster })}
          onRefresh={reload}
          refreshing={refreshing}
        />
      ) : (
        <Skeleton variant="text" width={320} height={40} aria-label="Loading cluster" />
      )}
      <StaleBanner error={error} title="Could not load the cluster" loadedAt={loadedAt} onRetry={reload} retrying={refreshing} />
      <Tabs
        value={tab}
        onChange={(_, next: DetailTab) => navigate(clusterPath(clusterId, next))}
        aria-label="Cluster sections"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((t) => (
          <Tab key={t.id} value={t.id} label={t.label} id={`cluster-tab-${t.id}`} aria-controls={`cluster-panel-${t.id}`} />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`cluster-panel-${tab}`}
        aria-labelledby={`cluster-tab-${tab}`}
        sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        <Suspense fallback={<Skeleton variant="rounded" height={360} />}>
          {!tabCode && <Skeleton variant="rounded" height={360} aria-label="Loading the tab" />}
          {cluster && tab === 'overview' && (
            <RefreshFrame stale={stale} refreshing={refreshing} fill>
              <OverviewTab cluster={cluster} />
            </RefreshFrame>
          )}
          {cluster && tabCode && tab === 'ports' && <ProxyTab cluster={cluster} />}
          {tabCode && tab === 'secrets' && <SecretsTab clusterId={clusterId} />}
          {cluster && tabCode && tab === 'metrics' && <MetricsTab cluster={cluster} />}
        </Suspense>
      </Box>
      <LifecycleDialogs action={action} onClose={() => setAction(null)} />
    </Stack>
  );
}
