// An endpoint's executions and serving history (sim/executions.ts, sim/served.ts): the daily
// curve's analytic integral against a fine sum of the curve, the count of a stretch, the bounds of
// the serving history and of the API's hourly ledger (nothing counted or billed is lost to them).
import { describe, expect, it } from 'vitest';
import { meteredUsd } from '../../../../main/emulator/core/metering';
import { GPU_HOURLY_PRICE } from '../../../../shared/api/clusters/common';
import {
  dailyIntegral,
  executionsByUser,
  executionsCumulative,
  lastHour,
  recordApiExecutions,
} from '../../../../main/emulator/areas/endpoints/sim/executions';
import { incidentsOverlapping } from '../../../../main/emulator/areas/endpoints/sim/incidents';
import { closeServedStretch, servedStretches } from '../../../../main/emulator/areas/endpoints/sim/served';
import { dailyShare } from '../../../../main/emulator/areas/endpoints/sim/traffic';
import { EndpointsState, EXECUTION_HOURS_MAX, SERVING_HISTORY_MAX } from '../../../../main/emulator/areas/endpoints/stored-schema';
import { storedEndpoint } from './endpoint-fixture';

const T0 = Date.UTC(2026, 5, 1, 0, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the daily curve integral', () => {
  it('matches a fine sum of the smooth curve within 0.1%, over hours, parts of days and weeks', () => {
    for (const peak of [0, 13, 19])
      for (const [a, b] of [
        [T0, T0 + HOUR],
        [T0 + 3.7 * HOUR, T0 + 29.1 * HOUR],
        [T0 + 17 * HOUR + 123_457, T0 + 17 * HOUR + 5 * 60_000],
        [T0 - 7 * DAY, T0],
      ] as const) {
        const step = Math.min(1000, (b - a) / 1000);
        let sum = 0;
        for (let t = a; t < b; t += step) sum += dailyShare(peak, Math.min(b, t + step / 2)) * Math.min(step, b - t);
        expect(Math.abs(dailyIntegral(peak, a, b) / sum - 1), `${peak} ${a}..${b}`).toBeLessThan(0.001);
      }
  });
});

describe('executions', () => {
  it("count a healthy stretch's traffic: the peak rate × the curve's integral", () => {
    // An endpoint that began to serve at T0, with no incident in its first hour.
    const e = storedEndpoint(T0 + DAY, { health_since: T0 });
    expect(incidentsOverlapping(e.id, T0, T0, T0 + HOUR)).toEqual([]);
    const [a, b] = executionsCumulative(e, [T0, T0 + HOUR]) as [number, number];
    expect(a).toBe(0);
    expect(b).toBeCloseTo((10 * dailyIntegral(15, T0, T0 + HOUR)) / 1000, 6);
    // Nothing before it served, and a stopped one adds nothing after its stop.
    expect(executionsCumulative(e, [T0 - DAY, T0])).toEqual([0, 0]);
  });

  it('give the last hour of the endpoint as the rounded cumulative amounts', () => {
    const e = storedEndpoint(T0);
    const now = T0 + 15.5 * HOUR;
    const [a, b] = executionsCumulative(e, [now - HOUR, now]) as [number, number];
    expect(lastHour(e, now).requestsLastHour).toBe(Math.round(b) - Math.round(a));
  });

  it("attribute the traffic by the callers' shares and the API's executions to the member who made them", () => {
    const e = storedEndpoint(T0, {
      callers: [
        { user_id: 'usr_a', percent: 75 },
        { user_id: 'usr_b', percent: 25 },
      ],
    });
    recordApiExecutions(e, 'usr_c', T0 - 30 * 60_000, 4);
    const users = executionsByUser(e, T0 - DAY, T0);
    const [a, b] = executionsCumulative(e, [T0 - DAY, T0]) as [number, number];
    expect(users.get('usr_a')! / users.get('usr_b')!).toBeCloseTo(3, 9);
    expect(users.get('usr_c')).toBe(4);
    expect(users.get('usr_a')! + users.get('usr_b')! + 4).toBeCloseTo(b - a, 6);
  });

  it('keep every API execution when the ledger passes its bound: the oldest hour folds into the next', () => {
    const e = storedEndpoint(T0);
    for (let i = 0; i < EXECUTION_HOURS_MAX + 3; i++) recordApiExecutions(e, 'usr_a', T0 + i * HOUR, 2);
    expect(e.api_executions).toHaveLength(EXECUTION_HOURS_MAX);
    expect(e.api_executions.reduce((n, x) => n + x.by.usr_a!, 0)).toBe(2 * (EXECUTION_HOURS_MAX + 3));
  });
});

describe('the serving history', () => {
  it('keeps cost and GPU-hours when it passes its bound, merging the oldest stretches that follow one another', () => {
    const price = GPU_HOURLY_PRICE.A10G;
    const end = T0 + 2 * DAY;
    const e = storedEndpoint(T0 - DAY, { health_since: T0 - DAY });
    // 2 workers for a day, then a new worker count (1, 2, 3, 1, …) every minute, the last until `end`.
    const n = SERVING_HISTORY_MAX + 5;
    let usd = (2 * price * DAY) / HOUR;
    let gpuHours = (2 * DAY) / HOUR;
    for (let i = 0; i < n; i++) {
      const at = T0 + i * 60_000;
      closeServedStretch(e, at);
      e.rate_since = at;
      e.configuration = { ...e.configuration, workerCount: 1 + (i % 3) };
      const ms = (i === n - 1 ? end : at + 60_000) - at;
      usd += ((1 + (i % 3)) * price * ms) / HOUR;
      gpuHours += ((1 + (i % 3)) * ms) / HOUR;
    }
    expect(e.serving_history).toHaveLength(SERVING_HISTORY_MAX);
    const stretches = servedStretches(e);
    expect(stretches.reduce((sum, s) => sum + meteredUsd({ ...s, usdPerHour: s.usd_per_hour }, -Infinity, end), 0)).toBeCloseTo(usd, 6);
    expect(stretches.reduce((sum, s) => sum + (s.workers * ((s.end ?? end) - s.start)) / HOUR, 0)).toBeCloseTo(gpuHours, 6);
  });
});

describe('older data', () => {
  it('loads an endpoint stored before the serving history, callers and ledger, billing and counting its current stretch', () => {
    const { serving_history, rate_since, callers, api_executions, ...older } = storedEndpoint(T0, { created_by: 'usr_a' });
    expect([serving_history, rate_since, callers, api_executions]).toEqual([[], null, [], []]);
    const e = EndpointsState.parse({ endpoints: [older], batches: [], batch_seq: 0 }).endpoints[0]!;
    expect(e).toMatchObject({ serving_history: [], rate_since: null, callers: [], api_executions: [] });
    expect(servedStretches(e)).toMatchObject([{ start: T0 - 10 * DAY, end: null, workers: 2 }]);
    // Its traffic is its creator's.
    expect([...executionsByUser(e, T0 - DAY, T0).keys()]).toEqual(['usr_a']);
  });
});
