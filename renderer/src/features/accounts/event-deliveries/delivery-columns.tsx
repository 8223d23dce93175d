// The delivery log's columns and the words and colours of a delivery's state.
import Chip from '@mui/material/Chip';
import type { Delivery } from '../../../../../shared/api/accounts/deliveries';
import { CONTENT_WIDTH, type Column } from '../../../components/DataTable';
import { TwoLineCell } from '../../../components/TwoLineCell';
import { MONO_FONT } from '../../../lib/fonts';
import { relativeTime } from '../../../platform/relative-time';

const STATE_LOOK: Record<Delivery['state'], { label: string; color: 'success' | 'warning' | 'error' }> = {
  succeeded: { label: 'Delivered', color: 'success' },
  pending: { label: 'Retrying', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
};

export function StateChip({ delivery }: { delivery: Delivery }) {
  // A pending delivery not tried yet is on its way, not retrying.
  const look =
    delivery.state === 'pending' && delivery.attempts.length === 0
      ? { label: 'Sending', color: 'warning' as const }
      : STATE_LOOK[delivery.state];
  return <Chip size="small" variant="outlined" label={look.label} color={look.color} data-testid="delivery-state" />;
}

/** The last attempt's outcome in words: its status, or why no answer came. */
function lastResponse(d: Delivery): string {
  const last = d.attempts[d.attempts.length - 1];
  if (!last) return 'Not sent yet';
  if (last.status !== null) return `HTTP ${last.status} · ${Math.round(last.duration_ms)} ms`;
  return last.error ?? 'No answer';
}

export const deliveryColumns: Column<Delivery>[] = [
  { id: 'state', header: 'Status', width: '120px', render: (d) => <StateChip delivery={d} />, sortValue: (d) => d.state },
  {
    id: 'type',
    header: 'Event',
    width: 'minmax(200px, 1.4fr)',
    render: (d) => <TwoLineCell primary={d.event_type} secondary={d.event_id} mono title={d.event_id} />,
    sortValue: (d) => d.event_type,
  },
  {
    id: 'url',
    header: 'Sent to',
    width: 'minmax(200px, 2fr)',
    render: (d) => <TwoLineCell primary={d.url} secondary={d.channel === 'chat' ? 'Chat webhook' : 'Account webhook'} title={d.url} />,
    sortValue: (d) => d.url,
  },
  {
    id: 'attempts',
    header: 'Attempts',
    width: '96px',
    align: 'right',
    render: (d) => <span style={{ fontFamily: MONO_FONT }}>{d.attempts.length}</span>,
    sortValue: (d) => d.attempts.length,
  },
  { id: 'response', header: 'Last response', width: 'minmax(160px, 1fr)', render: (d) => lastResponse(d), sortValue: lastResponse },
  {
    id: 'time',
    header: 'Created',
    width: CONTENT_WIDTH.relativeTime,
    render: (d) => relativeTime(d.created_at),
    sortValue: (d) => d.created_at,
  },
];
