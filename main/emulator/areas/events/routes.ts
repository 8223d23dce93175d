// The emulator's admin routes over events (owner key only, like every /_emulator route): emit any
// event now, the delivery log, redelivery, the outbox (docs/decisions.md, Events).
import { emulatorAdminOperations as ops } from '../../../../shared/api/emulator-admin';
import { deliveryNotFound } from '../../core/errors';
import { defineRoute } from '../../core/route-def';
import type { Store } from '../../state/store';
import type { DeliveryEngine } from './engine';
import { eventsOf } from './state';
import { subjectFor } from './subject';

export function eventAdminRoutes(engine: (store: Store) => DeliveryEngine | null) {
  return [
    defineRoute(
      ops['emulator.eventEmit'],
      (ctx, { body, key }) => {
        const { subject, data } = subjectFor(ctx, body.type, body.subject, key);
        return ctx.events.emit(body.type, { subject, data });
      },
      201,
    ),
    defineRoute(ops['emulator.deliveryList'], (ctx, { query }) => {
      const all = [...eventsOf(ctx.store).deliveries.values()].filter(
        (d) =>
          (query.state === undefined || d.state === query.state) &&
          (query.channel === undefined || d.channel === query.channel) &&
          (query.type === undefined || d.event_type === query.type),
      );
      return { deliveries: all.reverse().slice(0, query.limit), total: all.length };
    }),
    defineRoute(ops['emulator.deliveryGet'], (ctx, { params }) => {
      const delivery = eventsOf(ctx.store).deliveries.get(params.delivery_id);
      if (!delivery) throw deliveryNotFound(params.delivery_id);
      return { delivery };
    }),
    defineRoute(ops['emulator.deliveryRedeliver'], (ctx, { params }) => {
      const delivery = engine(ctx.store)?.redeliver(params.delivery_id) ?? null;
      if (!delivery) throw deliveryNotFound(params.delivery_id);
      return { delivery };
    }),
    defineRoute(ops['emulator.outbox'], (ctx, { query }) => {
      const { outbox } = eventsOf(ctx.store);
      return { messages: outbox.slice(-query.limit).reverse(), total: outbox.length };
    }),
  ];
}
