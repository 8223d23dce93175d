// The events area's records for the write-ahead log (docs/decisions.md, Persistence):
// `delivery:<id>` (one delivery, upserted as its attempts happen, removed when the log's bound
// drops it), `mail:<id>` (one outbox mail, appended), `marks`, `alert_events` and `scan` (whole). Replay applies
// the same bounds, so the stored log never outgrows them.
import type { Delivery, OutboxMail } from '../../../../shared/api/accounts/deliveries';
import { DELIVERY_LOG_MAX, OUTBOX_MAX } from '../../../../shared/api/accounts/deliveries';
import type { Events } from './state';
import type { EventsState } from './stored-schema';

const DELIVERY = 'delivery:';
const MAIL = 'mail:';

export const eventsRecord = {
  delivery: (id: string) => `${DELIVERY}${id}`,
  mail: (id: string) => `${MAIL}${id}`,
  marks: 'marks',
  alertEvents: 'alert_events',
  scan: 'scan',
} as const;

export function eventsRecordOf(live: Events, id: string): unknown {
  if (id === 'marks') return live.alertMarks;
  if (id === 'alert_events') return live.alertEvents;
  if (id === 'scan') return live.scannedAt;
  if (id.startsWith(DELIVERY)) return live.deliveries.get(id.slice(DELIVERY.length));
  if (id.startsWith(MAIL)) {
    const mailId = id.slice(MAIL.length);
    for (let i = live.outbox.length - 1; i >= 0; i--) if (live.outbox[i]!.id === mailId) return live.outbox[i];
    return undefined;
  }
  throw new Error(`no events record ${JSON.stringify(id.slice(0, 100))}`);
}

export function applyEventsRecord(stored: unknown, id: string, value: unknown): void {
  const s = stored as EventsState;
  if (id === 'marks') {
    s.alert_marks = value as EventsState['alert_marks'];
    return;
  }
  if (id === 'alert_events') {
    s.alert_events = value as EventsState['alert_events'];
    return;
  }
  if (id === 'scan') {
    s.scanned_at = value as number | null;
    return;
  }
  if (id.startsWith(DELIVERY)) {
    const deliveryId = id.slice(DELIVERY.length);
    const at = s.deliveries.findIndex((d) => d.id === deliveryId);
    if (value === undefined) {
      if (at >= 0) s.deliveries.splice(at, 1);
    } else if (at >= 0) s.deliveries[at] = value as Delivery;
    else s.deliveries.push(value as Delivery);
    // A log written before a removal record was appended: keep to the bound (oldest finished first).
    while (s.deliveries.length > DELIVERY_LOG_MAX * 2) s.deliveries.shift();
    return;
  }
  if (id.startsWith(MAIL)) {
    if (value === undefined) {
      s.outbox = s.outbox.filter((m) => m.id !== id.slice(MAIL.length));
      return;
    }
    s.outbox.push(value as OutboxMail);
    if (s.outbox.length > OUTBOX_MAX) s.outbox.splice(0, s.outbox.length - OUTBOX_MAX);
    return;
  }
  throw new Error(`no events record ${JSON.stringify(id.slice(0, 100))}`);
}
