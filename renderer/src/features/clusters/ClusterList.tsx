// The clusters list: filters, the shared table, row actions, and auto-refresh while any
// cluster is starting, stopping or restarting (paused while the window is hidden).
import Dns from '@mui/icons-material/Dns';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Cluster } from '../../../../shared/api/clusters/cluster';
import type { ClusterStatus } from '../../../../shared/api/clusters/common';
import { navigate } from '../../app/navigation/hash-router';
import { DataTable, type Column } from '../../components/DataTable';
import { EmptyState, ErrorState } from '../../components/StateViews';
import { countByStatus, filterClusters, isTransitional } from './cluster-logic';
import { clusterColumns } from './cluster-columns';
import { clusterPath } from './cluster-route';
import { ClusterFilters } from './ClusterFilters';
import { useClusters } from './clusters-store';
import { LifecycleDialogs, type LifecycleAction } from './LifecycleDialogs';
import { LIST_POLL_MS, usePolling } from './use-polling';
import { useIntent } from '../../app/page-hooks';
import { useFilterShortcut } from './use-clusters-page';

const rowKey = (c: Cluster) => c.id;
const openRow = (c: Cluster) => navigate(clusterPath(c.id));
const rowTestId = (c: Cluster) => `cluster-row-${c.id}`;

interface ClusterTableProps {
  rows: readonly Cluster[];
  columns: Column<Cluster>[];
  loading: boolean;
  empty: ReactNode;
}

// Memoised: a keystroke first re-renders the page with the old (deferred) rows, and the
// table, its hundreds of rows behind the virtualiser, need not follow until the rows change.
const ClusterTable = memo(function ClusterTable({ rows, columns, loading, empty }: ClusterTableProps) {
  return (
    <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <DataTable label="Clusters" rows={rows} columns={columns} rowKey={rowKey} loading={loading} rowHeight={52} onRowActivate={openRow} rowTestId={rowTestId} empty={empty} />
    </Paper>
  );
});

export function ClusterList() {
  const clusters = useClusters((s) => s.clusters);
  const status = useClusters((s) => s.status);
  const error = useClusters((s) => s.error);
  const { load, ensureLoaded } = useClusters.getState();
  const [statuses, setStatuses] = useState<ClusterStatus[]>([]);
  const [text, setText] = useState('');
  const [action, setAction] = useState<LifecycleAction>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  // Typing stays responsive with hundreds of rows: the table follows a deferred copy.
  const deferredText = useDeferredValue(text);

  useEffect(() => void ensureLoaded(), [ensureLoaded]);
  useIntent('page:refresh', useCallback(() => void load(), [load]));
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
        },
        Date.now,
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
        <EmptyState
          title="No clusters match the filters"
          action={
            <Button
              onClick={() => {
                setStatuses([]);
                setText('');
              }}
            >
              Clear filters
            </Button>
          }
        >
          {total} clusters in all.
        </EmptyState>
      ) : (
        <EmptyState icon={<Dns />} title="No clusters yet">
          Clusters created for this account appear here, with their status, GPUs and cost.
        </EmptyState>
      ),
    [filtered, total],
  );

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }} spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h5" component="h1">
            Clusters
          </Typography>
          <Typography variant="body2" color="text.secondary">
            GPU compute environments of this account.{anyMoving ? ' Refreshing while clusters change state.' : ''}
          </Typography>
        </Box>
        <Tooltip title="Refresh">
          <span>
            <IconButton aria-label="Refresh clusters" onClick={() => void load()} disabled={status === 'loading'}>
              <Refresh />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <ClusterFilters statuses={statuses} counts={counts} text={text} filterRef={filterRef} onStatuses={setStatuses} onText={setText} />

      {status === 'error' && error ? (
        <ErrorState title="Could not load clusters" error={error} onRetry={() => void load()} />
      ) : (
        <ClusterTable rows={rows} columns={columns} loading={status !== 'ready' && clusters.length === 0} empty={empty} />
      )}
      <LifecycleDialogs action={action} onClose={() => setAction(null)} />
    </Stack>
  );
}
