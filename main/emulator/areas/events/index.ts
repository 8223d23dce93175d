// The events area (01-accounts.md, Events): no API routes of its own — it keeps the delivery log
// and the outbox, receives every event the others emit (core/events.ts), delivers them, evaluates
// cost alerts on the clock, and serves the emulator's admin routes over them.
import { defineArea } from '../../core/area';
import { DeliveryEngine } from './engine';
import { applyEventsRecord, eventsRecordOf } from './records';
import { eventAdminRoutes } from './routes';
import { AREA, Events } from './state';
import { EventsState } from './stored-schema';

/** The engine of each emulator, by its store (one area value serves every emulator of a process). */
const engines = new WeakMap<object, DeliveryEngine>();

export const eventsArea = defineArea<Events>({
  name: AREA,
  operations: {},
  routes: [],
  state: {
    schema: EventsState,
    build: () => ({ deliveries: [], outbox: [], alert_marks: {}, alert_events: {}, scanned_at: null }),
    hydrate: (stored) => new Events(stored as EventsState),
    dehydrate: (live) => live.toStored(),
    record: eventsRecordOf,
    applyRecord: applyEventsRecord,
  },
  limits: { byGroup: {} },
  deliveries: (ctx) => {
    const engine = new DeliveryEngine(ctx);
    engines.set(ctx.store, engine);
    return engine;
  },
  adminRoutes: eventAdminRoutes((store) => engines.get(store) ?? null),
});
