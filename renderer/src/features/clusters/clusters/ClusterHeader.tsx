// Top of a cluster's page: back to the list, name and status, id, refresh, its log window, and Stop / Restart
// (enabled only in the states the API allows).
import ArrowBack from '@mui/icons-material/ArrowBack';
import Refresh from '@mui/icons-material/Refresh';
import RestartAlt from '@mui/icons-material/RestartAlt';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Cluster } from '../../../../../shared/api/clusters/cluster';
import { CopyButton } from '../../../components/CopyButton';
import { OpenLogsButton } from '../../../components/OpenLogsButton';
import { MONO_FONT } from '../../../lib/fonts';
import { formatHourly } from '../../../lib/money';
import { canRestart, canStop, gpuLabel } from './cluster-logic';
import { ClusterStatusChip } from './ClusterStatusChip';

export interface ClusterHeaderProps {
  cluster: Cluster;
  onStop(): void;
  onRestart(): void;
  /** Shows the live progress of a stop or restart under way. */
  onShowProgress(): void;
  /** Reads the cluster again (the page's refresh). */
  onRefresh(): void;
  /** A reload of the cluster is running. */
  refreshing: boolean;
}

export function ClusterHeader({ cluster, onStop, onRestart, onShowProgress, onRefresh, refreshing }: ClusterHeaderProps) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Tooltip title="All clusters">
        <IconButton href="#/clusters" aria-label="Back to clusters">
          <ArrowBack />
        </IconButton>
      </Tooltip>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Typography variant="h5" component="h1" noWrap>
            {cluster.name}
          </Typography>
          <ClusterStatusChip status={cluster.status} size="medium" onOpenProgress={onShowProgress} />
        </Stack>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <Typography variant="caption" sx={{ fontFamily: MONO_FONT }}>
            {cluster.id}
          </Typography>
          <CopyButton value={cluster.id} label="Copy cluster id" />
          <Typography variant="caption">
            · {gpuLabel(cluster)} · {cluster.region} · {formatHourly(cluster.cost.hourly_rate)}
          </Typography>
        </Stack>
      </Box>
      <Tooltip title="Refresh">
        <span>
          <IconButton aria-label="Refresh cluster" onClick={onRefresh} disabled={refreshing}>
            <Refresh />
          </IconButton>
        </span>
      </Tooltip>
      <OpenLogsButton source={{ kind: 'cluster', id: cluster.id }} />
      <Tooltip title={canStop(cluster.status) ? '' : 'Only a running cluster can be stopped'}>
        <span>
          <Button
            variant="outlined"
            color="warning"
            startIcon={<StopCircleOutlined />}
            disabled={!canStop(cluster.status)}
            onClick={onStop}
          >
            Stop
          </Button>
        </span>
      </Tooltip>
      <Tooltip title={canRestart(cluster.status) ? '' : 'Restart is possible when the cluster is running, stopped or in error'}>
        <span>
          <Button variant="contained" startIcon={<RestartAlt />} disabled={!canRestart(cluster.status)} onClick={onRestart}>
            Restart
          </Button>
        </span>
      </Tooltip>
    </Stack>
  );
}
