// The events area in memory: deliveries by id in the order they were made (a Map keeps it), the
// outbox, the cost alert marks and the happenings' scan point.
import { OUTBOX_MAX, type Delivery, type OutboxMail } from '../../../../shared/api/accounts/deliveries';
import type { Store } from '../../state/store';
import type { EventsState } from './stored-schema';

export const AREA = 'events';

export class Events {
  readonly deliveries = new Map<string, Delivery>();
  readonly outbox: OutboxMail[];
  alertMarks: Record<string, number>;
  alertEvents: Record<string, string>;
  scannedAt: number | null;

  constructor(stored: EventsState) {
    for (const d of stored.deliveries) this.deliveries.set(d.id, d);
    this.outbox = stored.outbox;
    this.alertMarks = stored.alert_marks;
    this.alertEvents = stored.alert_events;
    this.scannedAt = stored.scanned_at;
  }

  toStored(): EventsState {
    return {
      deliveries: [...this.deliveries.values()],
      outbox: this.outbox,
      alert_marks: this.alertMarks,
      alert_events: this.alertEvents,
      scanned_at: this.scannedAt,
    };
  }
}

/** Mails beyond the outbox's bound (oldest first). */
export const outboxExcess = (outbox: readonly OutboxMail[]) => Math.max(0, outbox.length - OUTBOX_MAX);

export const eventsOf = (store: Store): Events => store.slice<Events>(AREA);
