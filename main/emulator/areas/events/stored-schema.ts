// The events area's stored state: the delivery log, the outbox, which cost alert fired in which
// period, and how far the clock's happenings were emitted (docs/decisions.md, Settings, events
// and profile: Events). Deliveries and mails are kept as the admin routes show them.
import { z } from 'zod';
import { Delivery, OutboxMail } from '../../../../shared/api/accounts/deliveries';

const Ms = z.number().int().min(0);

export const EventsState = z.object({
  /** Oldest first; bounded by DELIVERY_LOG_MAX finished ones (pending ones are kept until they finish). */
  deliveries: z.array(Delivery),
  /** Oldest first; bounded by OUTBOX_MAX. */
  outbox: z.array(OutboxMail),
  /** Cost alert key (index, period, threshold) → the start of the period it last fired in (ms). */
  alert_marks: z.record(z.string(), Ms),
  /** Cost alert key → the event it last fired (its notifications are the deliveries and mails of that event); absent from older data. */
  alert_events: z.record(z.string(), z.string()).default({}),
  /** The happenings of the clock were emitted up to here (ms); null: not yet (a first start emits none of the past). */
  scanned_at: Ms.nullable(),
});
export type EventsState = z.infer<typeof EventsState>;
