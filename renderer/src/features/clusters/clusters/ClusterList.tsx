// The clusters list (`#/clusters?q=llm&status=running,error&sort=-cost`): status chips and the
// text filter, the shared table, row actions, and auto-refresh while any cluster is starting,
// stopping or restarting (paused while the window is hidden). ClustersPage follows the profile.
import Dns from '@mui/icons-material/Dns';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import type { Cluster } from '../../../../../shared/api/clusters/cluster';
import { navigate } from '../../../platform/navigation/hash-router';
import { ListPage } from '../../../components/ListPage';
import { EmptyState } from '../../../components/StateViews';
import { useServerList } from '../../../platform/use-server-list';
import { countByStatus, filterClusters, isTransitional, statusesParam } from './cluster-logic';
import { clusterTable } from './cluster-columns';
import { FLEET_PATH } from './cluster-route';
import { ClusterFilters } from './ClusterFilters';
import { ClustersViewSwitch } from './ClustersViewSwitch';
import { useClusters, type ClustersState } from './clusters-store';
import { LifecycleDialogs, type LifecycleAction } from './LifecycleDialogs';

const URL = { status: '' };
const config = {
  store: useClusters,
  rows: (s: ClustersState) => s.clusters,
  url: URL,
  filters: () => null,
  select: (rows: readonly Cluster[], text: string, p: typeof URL) => filterClusters(rows, { statuses: statusesParam(p.status), text }),
  ensureOnMount: true,
  onProfileSwitch: () => {}, // ClustersPage resets and reloads for the whole area
  pollWhile: (rows: readonly Cluster[]) => rows.some((c) => isTransitional(c.status)),
  keys: { f: () => navigate(FLEET_PATH) },
};

export function ClusterList() {
  const list = useServerList(config);
  const [action, setAction] = useState<LifecycleAction>(null);
  const table = useMemo(() => clusterTable(setAction), []);
  const { all, params, setParams } = list;
  const { filter, ...page } = list.page;
  const counts = useMemo(() => countByStatus(all), [all]);
  const statuses = useMemo(() => statusesParam(params.status), [params.status]);
  const empty =
    list.narrowed && all.length > 0 ? (
      <EmptyState title="No clusters match the filters" action={<Button onClick={list.clearFilters}>Clear filters</Button>}>
        {all.length} clusters in all.
      </EmptyState>
    ) : (
      <EmptyState icon={<Dns />} title="No clusters yet">
        Clusters created for this account appear here, with their status, GPUs and cost.
      </EmptyState>
    );
  return (
    <ListPage
      title="Clusters"
      description={`GPU compute environments of this account.${config.pollWhile(all) ? ' Refreshing while clusters change state.' : ''}`}
      refreshLabel="Refresh clusters"
      actions={<ClustersViewSwitch value="list" />}
      filters={
        <ClusterFilters
          statuses={statuses}
          counts={counts}
          text={filter.value}
          filterRef={filter.inputRef}
          onStatuses={(s) => setParams({ status: s.join(',') })}
          onText={filter.onChange}
        />
      }
      {...page}
      errorTitle="Could not load clusters"
      table={{ ...table, ...list.table, empty }}
    >
      <LifecycleDialogs action={action} onClose={() => setAction(null)} />
    </ListPage>
  );
}
