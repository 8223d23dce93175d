// What the endpoints area tells the event bus (core/area.ts): `endpoint.failed` when an incident
// makes an endpoint unhealthy, `endpoint.recovered` when it serves healthy again
// (sim/incidents.ts), each at the simulated moment it happened.
import type { Happening } from '../../core/events';
import type { Store } from '../../state/store';
import { INCIDENT_REASON, incidentsWithin } from './sim/incidents';
import { startupEnd } from './sim/lifecycle';
import { endpointsState } from './state';

export function endpointHappenings(store: Store, from: number, to: number): Happening[] {
  const out: Happening[] = [];
  for (const e of endpointsState(store).endpoints) {
    for (const i of incidentsWithin(e, startupEnd(e), from, to)) {
      const data = { name: e.name, model: e.model, gpu_type: e.gpu_type };
      if (i.start > from && i.start <= to) {
        out.push({ type: 'endpoint.failed', subject: e.id, at: i.start, data: { ...data, health: 'unhealthy', reason: INCIDENT_REASON } });
      }
      if (i.end > from && i.end <= to) {
        out.push({
          type: 'endpoint.recovered',
          subject: e.id,
          at: i.end,
          data: { ...data, health: 'healthy', unhealthy_minutes: Math.round((i.end - i.start) / 60_000) },
        });
      }
    }
  }
  return out;
}
