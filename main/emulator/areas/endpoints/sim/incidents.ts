// Incidents: now and then a worker of a healthy endpoint fails (its GPU falls off the bus, Xid
// 79) and the endpoint serves `unhealthy` until the platform has replaced it
// (docs/decisions.md, Endpoints: incidents). Like the rest of the simulation they are computed,
// not stored: each simulated day of an endpoint has an incident with a fixed chance, drawn from
// the endpoint's id and the day, so every view of the same moment agrees (health, readiness,
// traffic, logs, the health report) and the events (`endpoint.failed`, `endpoint.recovered`)
// come from the same schedule.
import { Rng } from '../../../core/rng';
import type { StoredEndpoint } from '../state';

const DAY = 86_400_000;
const MINUTE = 60_000;

/**
 * About one incident a month per endpoint, 6 to 25 minutes each.
 * @internal Exported for its tests only.
 */
export const INCIDENTS = { dailyChance: 1 / 30, minMinutes: 6, maxMinutes: 25 } as const;

/** What the failed worker says, in the health report and the events. */
export const INCIDENT_REASON = 'Xid 79: GPU has fallen off the bus (worker 2)';

export interface Incident {
  start: number;
  end: number;
}

/** The incident that starts on UTC day `day` (days since the epoch), if that day has one. */
function incidentOfDay(id: string, day: number): Incident | null {
  const rng = Rng.derive(day, `incident:${id}`);
  if (rng.next() >= INCIDENTS.dailyChance) return null;
  const start = day * DAY + Math.floor(rng.next() * DAY);
  return { start, end: start + rng.int(INCIDENTS.minMinutes, INCIDENTS.maxMinutes) * MINUTE };
}

/**
 * When the endpoint began to serve healthy for good (a starting one once its startup ends); null
 * for one whose settled health is not healthy: incidents strike healthy endpoints only (a
 * degraded, unhealthy or failed one has its own trouble, a stopped one has no workers).
 */
function healthySince(e: StoredEndpoint, startupEnd: number): number | null {
  if (e.health === 'healthy') return e.health_since;
  if (e.health === 'starting') return startupEnd;
  return null;
}

/** The incident under way at `t`, if any. */
export function incidentAt(e: StoredEndpoint, startupEnd: number, t: number): Incident | null {
  const since = healthySince(e, startupEnd);
  if (since === null || t < since) return null;
  // One that began the day before may still run (an incident lasts less than a day).
  const day = Math.floor(t / DAY);
  for (const d of [day, day - 1]) {
    const i = incidentOfDay(e.id, d);
    if (i && i.start >= since && i.start <= t && t < i.end) return i;
  }
  return null;
}

/** The incidents that start or end within (from, to], oldest first. */
export function incidentsWithin(e: StoredEndpoint, startupEnd: number, from: number, to: number): Incident[] {
  const since = healthySince(e, startupEnd);
  if (since === null || to <= since) return [];
  const out: Incident[] = [];
  for (let d = Math.floor(Math.max(from, since) / DAY) - 1; d <= Math.floor(to / DAY); d++) {
    const i = incidentOfDay(e.id, d);
    if (!i || i.start < since) continue;
    if ((i.start > from && i.start <= to) || (i.end > from && i.end <= to)) out.push(i);
  }
  return out;
}

/**
 * The incidents of endpoint `id` that began at or after `since` and overlap [from, to), oldest
 * first: a serving stretch's, past or current (sim/served.ts), read the same way as `incidentAt`.
 */
export function incidentsOverlapping(id: string, since: number, from: number, to: number): Incident[] {
  const out: Incident[] = [];
  if (to <= from) return out;
  for (let d = Math.floor(Math.max(from, since) / DAY) - 1; d <= Math.floor((to - 1) / DAY); d++) {
    const i = incidentOfDay(id, d);
    if (i && i.start >= since && i.start < to && i.end > from) out.push(i);
  }
  return out;
}
