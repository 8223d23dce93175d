// Endpoint incidents (sim/incidents.ts): about one a month per healthy endpoint, 6 to 25
// minutes each; the health every view reads (healthAt) and the events (incidentsWithin) come
// from the same schedule; nothing strikes before the endpoint serves or one that is not healthy.
import { describe, expect, it } from 'vitest';
import { INCIDENTS, incidentAt, incidentsWithin } from '../../../../main/emulator/areas/endpoints/sim/incidents';
import { healthAt, startupEnd } from '../../../../main/emulator/areas/endpoints/sim/lifecycle';
import { storedEndpoint } from './endpoint-fixture';

const DAY = 86_400_000;
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 1);

describe('endpoint incidents', () => {
  it('strike about one day in thirty, for 6 to 25 minutes, each endpoint on days of its own', () => {
    const days = 365;
    let incidents = 0;
    const firstDays = new Set<number>();
    for (let n = 0; n < 200; n++) {
      const e = storedEndpoint(T0, { id: `ep_${n}`, health_since: T0 - DAY });
      const found = incidentsWithin(e, startupEnd(e), T0, T0 + days * DAY).filter((i) => i.start > T0);
      for (const i of found) {
        const minutes = (i.end - i.start) / MINUTE;
        expect(minutes).toBeGreaterThanOrEqual(INCIDENTS.minMinutes);
        expect(minutes).toBeLessThanOrEqual(INCIDENTS.maxMinutes);
      }
      incidents += found.length;
      if (found[0]) firstDays.add(Math.floor(found[0].start / DAY));
    }
    // 73,000 endpoint-days at 1/30: 2,433 expected, sd ≈ 49; ±6 sd.
    expect(incidents).toBeGreaterThan(2433 - 300);
    expect(incidents).toBeLessThan(2433 + 300);
    // Not all on the same days: the schedule is per endpoint.
    expect(firstDays.size).toBeGreaterThan(50);
  });

  it('make the health unhealthy exactly between the failure and the recovery the events name', () => {
    const e = storedEndpoint(T0, { id: 'ep_incident_probe', health_since: T0 - DAY });
    const from = T0;
    const to = T0 + 120 * DAY;
    const events = incidentsWithin(e, startupEnd(e), from, to);
    expect(events.length).toBeGreaterThan(0);
    for (const i of events) {
      expect(healthAt(e, i.start - 1)).toBe('healthy');
      expect(healthAt(e, i.start)).toBe('unhealthy');
      expect(healthAt(e, i.end - 1)).toBe('unhealthy');
      expect(healthAt(e, i.end)).toBe('healthy');
      expect(incidentAt(e, startupEnd(e), i.start + MINUTE)).toEqual(i);
    }
    // Minute by minute over the span, unhealthy minutes are exactly those inside the incidents.
    let unhealthy = 0;
    for (let t = from; t < to; t += MINUTE) if (healthAt(e, t) === 'unhealthy') unhealthy++;
    const inside = events.reduce((sum, i) => sum + Math.ceil((Math.min(i.end, to) - Math.max(i.start, from)) / MINUTE), 0);
    expect(Math.abs(unhealthy - inside)).toBeLessThanOrEqual(events.length);
  });

  it('spare an endpoint before it serves, and one that is stopped, failed, degraded or already unhealthy', () => {
    const healthy = storedEndpoint(T0, { id: 'ep_spared' });
    const all = incidentsWithin(healthy, startupEnd(healthy), T0, T0 + 365 * DAY);
    expect(all.length).toBeGreaterThan(0);
    const first = all[0]!;
    // Serving two seconds after that incident began (a 4 s startup begun 2 s before): not its incident.
    const late = storedEndpoint(T0, { id: 'ep_spared', health: 'starting', health_since: first.start - 2000, startup: [1, 1, 1, 1] });
    expect(incidentsWithin(late, startupEnd(late), T0, T0 + 365 * DAY)[0]?.start).not.toBe(first.start);
    expect(healthAt(late, first.start + MINUTE)).toBe('healthy');
    for (const health of ['stopped', 'error', 'degraded', 'unhealthy'] as const) {
      const e = storedEndpoint(T0, { id: 'ep_spared', health });
      expect(incidentsWithin(e, startupEnd(e), T0, T0 + 365 * DAY)).toEqual([]);
      expect(healthAt(e, first.start + MINUTE)).toBe(health);
    }
  });
});
