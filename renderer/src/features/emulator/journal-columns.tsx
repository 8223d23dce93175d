// Column declarations of the request journal (the shared DataTable).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Column } from '../../components/DataTable';
import { MONO_FONT } from '../../lib/fonts';
import { serverNow } from '../../platform/server-clock';
import { statusClassOf, type JournalRow } from './journal-filter';

const mono = { fontFamily: MONO_FONT, fontSize: 13 };

const STATUS_COLOR = { '2xx': 'success.main', '3xx': 'info.main', '4xx': 'warning.main', '5xx': 'error.main' } as const;

function StatusText({ status }: { status: number }) {
  const c = statusClassOf(status);
  return (
    <Box component="span" sx={{ ...mono, fontWeight: 600, color: c ? STATUS_COLOR[c] : 'text.primary' }}>
      {status}
    </Box>
  );
}

/** Simulated time of the request, to the second; the date only when it is not today's. */
function journalTime(iso: string, today: string = new Date(serverNow()).toDateString()): string {
  const d = new Date(iso);
  const time = d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return d.toDateString() === today ? time : `${d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}, ${time}`;
}

const duration = (ms: number) => (ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms).toLocaleString('en-US')} ms`);

// Every fixed column holds its upper-case header with the sort arrow.
export const journalColumns: Column<JournalRow>[] = [
  {
    id: 'at',
    header: 'Time (simulated)',
    width: '170px',
    sortValue: (r) => r.seq,
    render: (r) => (
      <Box component="span" title={r.at} sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {journalTime(r.at)}
      </Box>
    ),
  },
  { id: 'method', header: 'Method', width: '100px', sortValue: (r) => r.method, render: (r) => <Box sx={mono}>{r.method}</Box> },
  {
    id: 'path',
    header: 'Path',
    width: 'minmax(260px, 3fr)',
    sortValue: (r) => r.path,
    render: (r) => (
      <Typography variant="body2" noWrap title={r.path} sx={mono}>
        {r.path}
      </Typography>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    width: '96px',
    align: 'right',
    sortValue: (r) => r.status,
    render: (r) => <StatusText status={r.status} />,
  },
  {
    id: 'duration',
    header: 'Duration',
    width: '116px',
    align: 'right',
    sortValue: (r) => r.durationMs,
    render: (r) => <Box sx={{ fontVariantNumeric: 'tabular-nums' }}>{duration(r.durationMs)}</Box>,
  },
  {
    id: 'key',
    header: 'Key id',
    width: 'minmax(130px, 1fr)',
    sortValue: (r) => r.keyId ?? '',
    render: (r) => (
      <Typography variant="body2" noWrap sx={{ ...mono, color: r.keyId ? 'text.primary' : 'text.secondary' }}>
        {r.keyId ?? 'no key'}
      </Typography>
    ),
  },
];
