// Recent requests through the proxy (include_access_logs), newest first.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useMemo } from 'react';
import type { AccessLogEntry } from '../../../../../shared/api/clusters/proxy';
import { DataTable, type Column } from '../../../components/DataTable';
import { EmptyState } from '../../../components/StateViews';
import { MONO_FONT } from '../../../lib/fonts';
import { formatDateTime } from '../../../lib/relative-time';

function statusColor(code: number): 'success' | 'info' | 'warning' | 'error' {
  if (code >= 500) return 'error';
  if (code >= 400) return 'warning';
  if (code >= 300) return 'info';
  return 'success';
}

/** Today's entries by time to the second; older ones with their day. */
function logTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const time = d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return d.toDateString() === now.toDateString() ? time : `${d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })} ${time}`;
}

const mono = { fontFamily: MONO_FONT, fontSize: 12 } as const;

const columns: Column<AccessLogEntry>[] = [
  {
    id: 'time',
    header: 'Time',
    width: '150px',
    sortValue: (e) => Date.parse(e.timestamp),
    render: (e) => <span title={formatDateTime(e.timestamp)}>{logTime(e.timestamp)}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    width: '76px',
    sortValue: (e) => e.status_code,
    render: (e) => <Chip size="small" variant="outlined" color={statusColor(e.status_code)} label={e.status_code} />,
  },
  {
    id: 'request',
    header: 'Request',
    width: 'minmax(200px, 2fr)',
    sortValue: (e) => e.path,
    render: (e) => (
      <Box component="span" sx={mono} title={`${e.method} ${e.path}`}>
        {e.method} {e.path}
      </Box>
    ),
  },
  {
    id: 'client',
    header: 'Client',
    width: '140px',
    sortValue: (e) => e.client_ip,
    render: (e) => (
      <Box component="span" sx={mono}>
        {e.client_ip}
      </Box>
    ),
  },
  { id: 'user', header: 'User', width: 'minmax(110px, 1fr)', sortValue: (e) => e.user ?? '', render: (e) => e.user ?? '—' },
  {
    id: 'ms',
    header: 'Time (ms)',
    width: '90px',
    align: 'right',
    sortValue: (e) => e.response_time_ms,
    render: (e) => Math.round(e.response_time_ms).toLocaleString('en-US'),
  },
  { id: 'agent', header: 'User agent', width: 'minmax(140px, 1.2fr)', render: (e) => <span title={e.user_agent}>{e.user_agent}</span> },
];

type Row = AccessLogEntry & { key: string };

export function AccessLogsTable({ logs }: { logs: readonly AccessLogEntry[] }) {
  // Entries carry no id, and two may share every field: the position is the key.
  const rows = useMemo<Row[]>(() => logs.map((e, i) => ({ ...e, key: String(i) })), [logs]);
  return (
    <DataTable<Row>
      label="Access logs"
      rows={rows}
      columns={columns}
      rowKey={(e) => e.key}
      rowHeight={40}
      initialSort={{ columnId: 'time', direction: 'desc' }}
      empty={<EmptyState title="No requests yet">Requests through the proxy appear here.</EmptyState>}
    />
  );
}
