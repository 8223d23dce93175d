// Column declarations of the clusters table; the table itself is the shared DataTable.
import ArrowForward from '@mui/icons-material/ArrowForward';
import RestartAlt from '@mui/icons-material/RestartAlt';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Cluster } from '../../../../../shared/api/clusters/cluster';
import { CONTENT_WIDTH, type Column } from '../../../components/DataTable';
import { MONO_FONT } from '../../../lib/fonts';
import { formatDateTime, relativeTime } from '../../../platform/relative-time';
import { formatHourly } from '../../../lib/money';
import { canRestart, canStop, formatUptime, gpuLabel } from './cluster-logic';
import { ClusterStatusChip } from './ClusterStatusChip';
import { clusterPath } from './cluster-route';
import type { LifecycleAction } from './LifecycleDialogs';
import { navigate } from '../../../platform/navigation/hash-router';
import { serverNow } from '../../../platform/server-clock';

interface ClusterActions {
  open(cluster: Cluster): void;
  stop(cluster: Cluster): void;
  restart(cluster: Cluster): void;
  /** Shows the live progress of a stop or restart under way. */
  progress(cluster: Cluster): void;
}

const STATUS_ORDER = { running: 0, starting: 1, restarting: 2, stopping: 3, error: 4, stopped: 5 } as const;

// Native titles rather than MUI tooltips: this table has hundreds of rows and re-renders
// on every filter keystroke; a tooltip per button costs more than the rest of the row.
function ActionButton({
  label,
  hint,
  disabled,
  onClick,
  children,
}: {
  label: string;
  hint: string;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <span title={hint}>
      <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
        {children}
      </IconButton>
    </span>
  );
}

function clusterColumns(actions: ClusterActions, now: () => number): Column<Cluster>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(200px, 1.5fr)',
      sortValue: (c) => c.name.toLowerCase(),
      render: (c) => (
        <Box sx={{ minWidth: 0 }} title={`${c.name} (${c.id})`}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {c.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap sx={{ fontFamily: MONO_FONT, display: 'block' }}>
            {c.id} · {c.region}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      width: '128px',
      sortValue: (c) => STATUS_ORDER[c.status],
      render: (c) => <ClusterStatusChip status={c.status} onOpenProgress={() => actions.progress(c)} />,
    },
    {
      id: 'gpu',
      header: 'GPU',
      width: 'minmax(140px, 1fr)',
      sortValue: (c) => `${c.gpu.type}:${String(c.gpu.count).padStart(3, '0')}`,
      render: (c) => gpuLabel(c),
    },
    {
      id: 'cost',
      header: 'Hourly cost',
      width: '124px',
      align: 'right',
      sortValue: (c) => c.cost.hourly_rate,
      render: (c) => formatHourly(c.cost.hourly_rate),
    },
    {
      id: 'uptime',
      header: 'Uptime',
      width: '96px',
      align: 'right',
      sortValue: (c) => c.uptime_seconds,
      render: (c) => formatUptime(c.uptime_seconds),
    },
    {
      id: 'lastAccessed',
      header: 'Last accessed',
      width: CONTENT_WIDTH.relativeTime,
      sortValue: (c) => (c.last_accessed ? Date.parse(c.last_accessed) : 0),
      render: (c) => (
        <span title={c.last_accessed ? formatDateTime(c.last_accessed) : 'Never accessed'}>{relativeTime(c.last_accessed, now())}</span>
      ),
    },
    {
      id: 'actions',
      header: '',
      width: '112px',
      align: 'right',
      render: (c) => (
        <Stack direction="row" spacing={0.25} sx={{ justifyContent: 'flex-end' }} onClick={(e) => e.stopPropagation()}>
          <ActionButton hint="Open" label={`Open ${c.name}`} onClick={() => actions.open(c)}>
            <ArrowForward fontSize="small" data-testid="open-in-app-icon" />
          </ActionButton>
          <ActionButton
            hint={canStop(c.status) ? 'Stop' : 'Stop (only a running cluster)'}
            label={`Stop ${c.name}`}
            disabled={!canStop(c.status)}
            onClick={() => actions.stop(c)}
          >
            <StopCircleOutlined fontSize="small" />
          </ActionButton>
          <ActionButton
            hint={canRestart(c.status) ? 'Restart' : 'Restart (running, stopped or error only)'}
            label={`Restart ${c.name}`}
            disabled={!canRestart(c.status)}
            onClick={() => actions.restart(c)}
          >
            <RestartAlt fontSize="small" />
          </ActionButton>
        </Stack>
      ),
    },
  ];
}

/** The clusters table's fixed part, its row actions opening `act`'s dialogs (ListPage's `table` adds the rows, sort and empty state). */
export function clusterTable(act: (action: LifecycleAction) => void) {
  const open = (c: Cluster) => navigate(clusterPath(c.id));
  const actions: ClusterActions = {
    open,
    stop: (cluster) => act({ kind: 'stop', cluster }),
    restart: (cluster) => act({ kind: 'restart', cluster }),
    progress: (cluster) => act({ kind: 'progress', cluster }),
  };
  return {
    label: 'Clusters',
    columns: clusterColumns(actions, serverNow),
    rowKey: (c: Cluster) => c.id,
    rowHeight: 52,
    onRowActivate: open,
    rowTestId: (c: Cluster) => `cluster-row-${c.id}`,
  };
}
