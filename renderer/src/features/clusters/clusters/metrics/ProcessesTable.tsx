// The processes of the latest snapshot (as nvitop lists them), sortable by any figure.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ProcessMetrics } from '../../../../../../shared/api/clusters/metrics';
import { DataTable, type Column } from '../../../../components/DataTable';
import { EmptyState } from '../../../../components/StateViews';
import { formatNumber } from '../../../../lib/format';

const GIB = 2 ** 30;
const MIB = 2 ** 20;

function bytes(v: number): string {
  return v >= GIB ? `${formatNumber(Math.round((v / GIB) * 10) / 10)} GiB` : `${formatNumber(Math.round(v / MIB))} MiB`;
}

function runtime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h} h ${m} min` : m > 0 ? `${m} min ${s} s` : `${s} s`;
}

const mono = { fontFamily: 'monospace', fontSize: 13 } as const;

const COLUMNS: readonly Column<ProcessMetrics>[] = [
  { id: 'pid', header: 'PID', width: '80px', align: 'right', render: (p) => <span style={mono}>{p.pid}</span>, sortValue: (p) => p.pid },
  { id: 'name', header: 'Name', width: 'minmax(120px, 1fr)', render: (p) => p.name, sortValue: (p) => p.name },
  { id: 'user', header: 'User', width: '100px', render: (p) => p.user, sortValue: (p) => p.user },
  {
    id: 'cpu',
    header: 'CPU',
    width: '80px',
    align: 'right',
    render: (p) => `${p.cpu_percent.toFixed(1)}%`,
    sortValue: (p) => p.cpu_percent,
  },
  {
    id: 'memory',
    header: 'Memory',
    width: '100px',
    align: 'right',
    render: (p) => bytes(p.memory_bytes),
    sortValue: (p) => p.memory_bytes,
  },
  {
    id: 'gpu_memory',
    header: 'GPU memory',
    width: '136px',
    align: 'right',
    render: (p) => bytes(p.gpu_memory_usage),
    sortValue: (p) => p.gpu_memory_usage,
  },
  {
    id: 'gpu_util',
    header: 'GPU util.',
    width: '110px',
    align: 'right',
    render: (p) => `${p.gpu_utilization.toFixed(0)}%`,
    sortValue: (p) => p.gpu_utilization,
  },
  {
    id: 'runtime',
    header: 'Runtime',
    width: '120px',
    align: 'right',
    render: (p) => runtime(p.runtime_seconds),
    sortValue: (p) => p.runtime_seconds,
  },
  {
    id: 'command',
    header: 'Command',
    width: 'minmax(200px, 2fr)',
    render: (p) => (
      <Box component="span" title={p.command} sx={{ ...mono, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {p.command}
      </Box>
    ),
    sortValue: (p) => p.command,
  },
];

export function ProcessesTable({
  processes,
  asOf,
  note,
}: {
  processes: readonly ProcessMetrics[] | null;
  asOf: string | null;
  note: string | null;
}) {
  const rows = processes ?? [];
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h2">
          Processes
        </Typography>
        {asOf && (
          <Typography variant="caption" color="text.secondary">
            {asOf}
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          height: Math.min(6, Math.max(rows.length, 3)) * 40 + 48,
          display: 'flex',
          flexDirection: 'column',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        <DataTable
          label="Processes"
          rows={rows}
          columns={COLUMNS}
          rowKey={(p) => String(p.pid)}
          rowHeight={40}
          initialSort={{ columnId: 'gpu_memory', direction: 'desc' }}
          rowTestId={(p) => `process-row-${p.pid}`}
          empty={<EmptyState title="No processes">{note ?? 'The last snapshot lists no processes.'}</EmptyState>}
        />
      </Box>
    </Box>
  );
}
