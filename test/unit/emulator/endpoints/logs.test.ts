// The endpoint log generator (main/emulator/areas/endpoints/sim/logs.ts): the same moment reads
// the same lines, request lines follow traffic up to the sampling cap, failures follow the
// health, and events write their lines at their moments.
import { describe, expect, it } from 'vitest';
import { logsBetween } from '../../../../main/emulator/areas/endpoints/sim/logs';
import { REQUEST_LINES_PER_MINUTE } from '../../../../shared/api/endpoints/logs';
import type { StoredEndpoint } from '../../../../main/emulator/areas/endpoints/state';
import { storedEndpoint } from './endpoint-fixture';

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);
const HOUR = 3_600_000;
const MONTH = 30 * 24 * HOUR;

// Created 60 days back, with light traffic (0.2 requests/s at its peak).
const endpoint = (over: Partial<StoredEndpoint> = {}) =>
  storedEndpoint(T0, {
    id: 'ep_logs',
    name: 'logs',
    created_at: T0 - 60 * 24 * HOUR,
    updated_at: T0 - 60 * 24 * HOUR,
    traffic: { peak_rps: 0.2, latency_ms: 1000, peak_hour: 15 },
    ...over,
  });

const requests = (lines: ReturnType<typeof logsBetween>) => lines.filter((l) => l.requestId !== null);

describe('endpoint logs', () => {
  it('reads the same lines for the same moment, in time order, none after now', () => {
    const a = logsBetween(endpoint(), T0 - HOUR, T0 + HOUR, T0, MONTH);
    const b = logsBetween(endpoint({ id: 'ep_logs' }), T0 - HOUR, T0, T0, MONTH);
    expect(a).toEqual(b);
    expect(a.every((l, i) => i === 0 || a[i - 1]!.t <= l.t)).toBe(true);
    expect(a.at(-1)!.t).toBeLessThanOrEqual(T0);
  });

  it('writes request lines with the traffic, sampled at most 30 a minute', () => {
    const quiet = requests(logsBetween(endpoint(), T0 - HOUR, T0, T0, MONTH)).length;
    const busy = requests(
      logsBetween(endpoint({ id: 'ep_busy', traffic: { peak_rps: 50, latency_ms: 100, peak_hour: 15 } }), T0 - HOUR, T0, T0, MONTH),
    ).length;
    expect(quiet).toBeGreaterThan(100);
    expect(quiet).toBeLessThan(busy);
    expect(busy).toBe(60 * REQUEST_LINES_PER_MINUTE);
    expect(requests(logsBetween(endpoint({ id: 'ep_stopped', health: 'stopped' }), T0 - HOUR, T0, T0, MONTH))).toEqual([]);
  });

  it('fails more when unhealthy, with stack traces', () => {
    const share = (e: StoredEndpoint) => {
      const r = requests(logsBetween(e, T0 - HOUR, T0, T0, MONTH));
      return r.filter((l) => l.level === 'error').length / r.length;
    };
    expect(share(endpoint({ id: 'ep_sick', health: 'unhealthy' }))).toBeGreaterThan(share(endpoint()) + 0.1);
    const errors = logsBetween(endpoint({ id: 'ep_sick', health: 'unhealthy' }), T0 - HOUR, T0, T0, MONTH).filter(
      (l) => l.level === 'error',
    );
    expect(errors.every((l) => (l.stackTrace?.length ?? 0) > 0)).toBe(true);
    expect(errors.some((l) => (l.recoveryActions?.length ?? 0) > 0)).toBe(true);
  });

  it('writes a rollout as auto_scaler lines at its moments, and nothing older than the retention', () => {
    const e = endpoint({
      id: 'ep_rolling',
      updated_at: T0 - 120_000,
      rollout: { started_at: T0 - 120_000, ends_at: T0 - 120_000 + 50_000, changes: ['workerCount: 1 → 2'] },
    });
    const scaler = logsBetween(e, T0 - HOUR, T0, T0, MONTH).filter((l) => l.source === 'auto_scaler');
    expect(scaler.map((l) => l.message)).toEqual([
      'Configuration update started: workerCount: 1 → 2',
      'Worker worker_0 restarted with the new configuration',
      'Worker worker_1 restarted with the new configuration',
      'Configuration update complete',
    ]);
    expect(scaler[0]!.t).toBe(T0 - 120_000);
    expect(logsBetween(endpoint(), T0 - MONTH - HOUR, T0 - MONTH - 1, T0, MONTH)).toEqual([]);
  });
});
