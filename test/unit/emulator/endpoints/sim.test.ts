// The endpoint simulators (main/emulator/areas/endpoints/sim): traffic follows the day and the
// health, latency follows load, startup phases follow the clock, and a check's duration
// decides HEALTH_CHECK_TIMEOUT.
import { describe, expect, it } from 'vitest';
import { healthReport, partialResults } from '../../../../main/emulator/areas/endpoints/sim/health';
import { healthAt, startupAt, startupEnd, uptimeText } from '../../../../main/emulator/areas/endpoints/sim/lifecycle';
import { lastHour } from '../../../../main/emulator/areas/endpoints/sim/executions';
import { activeAt, demandAt, sampleAt } from '../../../../main/emulator/areas/endpoints/sim/traffic';
import type { StoredEndpoint } from '../../../../main/emulator/areas/endpoints/state';
import { storedEndpoint } from './endpoint-fixture';

const T0 = Date.UTC(2026, 5, 1, 0, 0, 0);
const HOUR = 3_600_000;

const endpoint = (over: Partial<StoredEndpoint> = {}) => storedEndpoint(T0, over);

describe('endpoint traffic', () => {
  it('peaks at the peak hour and is lowest twelve hours away, the same at the same moment', () => {
    const e = endpoint();
    const peak = lastHour(e, T0 + 15.5 * HOUR).requestsLastHour;
    const trough = lastHour(e, T0 + 3.5 * HOUR).requestsLastHour;
    expect(peak).toBeGreaterThan(trough * 2);
    expect(demandAt(e, T0 + 15 * HOUR)).toBeLessThanOrEqual(10 * 1.08);
    expect(lastHour(e, T0 + 7 * HOUR)).toEqual(lastHour(endpoint(), T0 + 7 * HOUR));
  });

  it('serves nothing while stopped, failed or starting', () => {
    for (const health of ['stopped', 'error', 'starting'] as const) {
      const e = endpoint({ health, health_since: T0 + 15 * HOUR - 60_000 });
      expect(lastHour(e, T0 + 15 * HOUR).requestsLastHour, health).toBe(0);
      expect(activeAt(e, T0 + 15 * HOUR)).toBe(0);
    }
  });

  it('fails more and answers slower as health worsens', () => {
    const at = T0 + 15 * HOUR;
    const healthy = lastHour(endpoint(), at);
    const degraded = lastHour(endpoint({ health: 'degraded' }), at);
    const unhealthy = lastHour(endpoint({ health: 'unhealthy' }), at);
    expect(degraded.averageLatency).toBeGreaterThan(healthy.averageLatency);
    expect(unhealthy.errorRate).toBeGreaterThan(degraded.errorRate);
    expect(degraded.errorRate).toBeGreaterThan(healthy.errorRate);
  });

  it('raises latency when fewer workers carry the same load', () => {
    const at = T0 + 15 * HOUR;
    const wide = sampleAt(endpoint(), at);
    const narrow = sampleAt(endpoint({ configuration: { ...endpoint().configuration, workerCount: 1, maxConcurrency: 8 } }), at);
    expect(narrow.load).toBeCloseTo(wide.load * 2, 5);
    expect(narrow.latencyMs).toBeGreaterThan(wide.latencyMs);
  });
});

describe('endpoint startup', () => {
  it('runs the four phases in order and is healthy after them', () => {
    const e = endpoint({ health: 'starting', health_since: T0 });
    expect(startupAt(e, T0 + 10_000).phases.map((p) => p.status)).toEqual(['in_progress', 'pending', 'pending', 'pending']);
    const mid = startupAt(e, T0 + 100_000);
    expect(mid.phase).toBe('loading_model');
    expect(mid.phases[2]).toMatchObject({ status: 'in_progress', duration: 30, estimatedRemaining: 90, estimatedDuration: 120 });
    expect(startupEnd(e)).toBe(T0 + 220_000);
    expect(healthAt(e, T0 + 219_999)).toBe('starting');
    expect(healthAt(e, T0 + 220_000)).toBe('healthy');
    expect(uptimeText(3_723_000)).toBe('1h 2m 3s');
  });
});

describe('health checks', () => {
  it('takes longer at each depth, and a deep check of a failed model outlasts any timeout', () => {
    const at = T0 + 15 * HOUR;
    const e = endpoint();
    const basic = healthReport(e, at, 'basic', []).durationMs;
    const detailed = healthReport(e, at, 'detailed', []).durationMs;
    const deep = healthReport(e, at, 'deep', []).durationMs;
    expect(basic).toBeLessThan(detailed);
    expect(detailed).toBeLessThan(deep);
    expect(healthReport(endpoint({ health: 'error' }), at, 'deep', []).durationMs).toBeGreaterThan(30_000);
  });

  it('keeps in partial results only the steps done within the timeout', () => {
    const outcome = healthReport(endpoint({ health: 'unhealthy' }), T0 + 15 * HOUR, 'deep', []);
    const partial = partialResults(outcome, 1000) as { completedChecks: string[]; elapsedMs: number; checks: Record<string, unknown> };
    expect(partial.elapsedMs).toBeLessThanOrEqual(1000);
    expect(partial.completedChecks[0]).toBe('api');
    expect(partial.completedChecks).not.toContain('inference');
    expect(Object.keys(partial.checks)).toEqual(partial.completedChecks.filter((n) => n === 'api' || n === 'model'));
  });
});
