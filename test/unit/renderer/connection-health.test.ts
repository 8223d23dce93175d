import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NormalizedError } from '../../../shared/api/errors';
import { localError } from '../../../shared/api/local-errors';
import { setBridge, type RendererBridge } from '../../../renderer/src/bridge/index';
import { api } from '../../../renderer/src/bridge/api';
import {
  healthLabel,
  healthOfError,
  LATENCY_WINDOW_MS,
  nextHealth,
  recentLatency,
  roundTripOf,
  withLatencySample,
} from '../../../renderer/src/shell/status/connection-health';
import { CHECK_TICK_MS, IDLE_CHECK_MS, useConnectionHealth } from '../../../renderer/src/shell/status/connection-store';
import { useProfiles } from '../../../renderer/src/platform/profiles-store';
import { serverNow } from '../../../renderer/src/platform/server-clock';

// How far the server's clock is ahead of this machine's (the timers are fake: Date.now() stands still).
const serverClockOffset = () => serverNow() - Date.now();

const wire = (status: number, code: string): NormalizedError => ({ status, code, message: code, details: {}, source: 'account' });

describe('connection health from call outcomes', () => {
  it('says what each failure means for the connection', () => {
    const refused = localError('NETWORK_ERROR', 'Could not reach the server at http://127.0.0.1:9 (ECONNREFUSED).', {
      details: { cause: 'ECONNREFUSED' },
    });
    expect(healthLabel(healthOfError(refused)!)).toBe('Unreachable: connection refused');
    expect(healthLabel(healthOfError(localError('TIMEOUT', 'No answer within 30 s.'))!)).toBe('Timing out');
    expect(healthLabel(healthOfError(wire(401, 'INVALID_API_KEY'))!)).toBe('Key refused (401)');
    expect(healthLabel(healthOfError(wire(503, 'SERVICE_UNAVAILABLE'))!)).toBe('Server error (503)');
    expect(healthLabel(healthOfError(localError('PROFILE_KEY_MISSING', 'no key'))!)).toBe('No key stored');
    // A 403, 404 or 409 came from a server that accepted the key; a bad request never left.
    expect(healthOfError(wire(403, 'INSUFFICIENT_PERMISSIONS'))).toBeNull();
    expect(healthOfError(localError('INVALID_REQUEST', 'bad input'))).toBeNull();
  });

  it('takes the latency from recent answers, and recovers on success', () => {
    let health = nextHealth({ op: 'auth.verify', ok: true, latencyMs: 12.4 }, 12);
    expect(healthLabel(health)).toBe('Connected · 12 ms');
    health = nextHealth({ op: 'clusters.list', ok: false, latencyMs: 5, error: wire(401, 'INVALID_API_KEY') }, 12);
    expect(healthLabel(health)).toBe('Key refused (401)');
    health = nextHealth({ op: 'clusters.get', ok: false, latencyMs: 5, error: wire(404, 'CLUSTER_NOT_FOUND') }, null);
    expect(healthLabel(health)).toBe('Connected');
  });

  it('makes the latency the median round trip of the answers of the last minute (issue 18 part 5)', () => {
    expect(recentLatency([])).toBeNull();
    expect(
      recentLatency([
        { at: 0, ms: 10 },
        { at: 1, ms: 3000 },
        { at: 2, ms: 20 },
      ]),
    ).toBe(20);
    expect(
      recentLatency([
        { at: 0, ms: 10 },
        { at: 1, ms: 21 },
      ]),
    ).toBe(16);
    // Only answers the server sent count: not a network failure, nor a request refused before it left.
    expect(roundTripOf({ op: 'x', ok: true, latencyMs: 7 })).toBe(7);
    expect(roundTripOf({ op: 'x', ok: false, latencyMs: 9, error: wire(404, 'CLUSTER_NOT_FOUND') })).toBe(9);
    expect(roundTripOf({ op: 'x', ok: false, latencyMs: 9, error: localError('INVALID_REQUEST', 'bad') })).toBeNull();
    let samples = withLatencySample([], { at: 0, ms: 12 });
    samples = withLatencySample(samples, { at: 30_000, ms: 900 });
    samples = withLatencySample(samples, { at: LATENCY_WINDOW_MS + 1, ms: 40 });
    expect(samples).toEqual([
      { at: 30_000, ms: 900 },
      { at: LATENCY_WINDOW_MS + 1, ms: 40 },
    ]);
  });

  it('shows a slower server at once, not the round trip of a check minutes old (issue 18 part 5)', () => {
    vi.useFakeTimers();
    try {
      useConnectionHealth.setState({ health: { kind: 'unknown' }, latencies: [], lastOutcomeAt: null });
      const label = () => healthLabel(useConnectionHealth.getState().health);
      const record = (op: string, latencyMs: number) => useConnectionHealth.getState().record({ op, ok: true, latencyMs });
      record('auth.verify', 12.4);
      expect(label()).toBe('Connected · 12 ms');
      // The server slows down (say a chaos latency rule): the answers that follow take 900 ms.
      vi.advanceTimersByTime(1_000);
      record('clusters.list', 900);
      vi.advanceTimersByTime(1_000);
      record('clusters.get', 900);
      expect(label()).toBe('Connected · 900 ms');
      // A minute on, the round trips before it are gone: the figure is of the latest minute.
      vi.advanceTimersByTime(LATENCY_WINDOW_MS + 1);
      record('clusters.list', 40.2);
      expect(label()).toBe('Connected · 40 ms');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('useConnectionHealth', () => {
  let answer: () => Promise<unknown>;
  const calls: string[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    calls.length = 0;
    answer = async () => ({ status: 200, rateLimit: null, data: {}, serverTime: Date.now() + 3_600_000 });
    setBridge({
      mode: 'electron',
      connection: { state: 'open', signedOutReason: null, onStateChange: () => () => {}, signIn: () => {} },
      subscribe: () => () => {},
      invoke: async (_channel: string, request: { op: string }) => {
        calls.push(request.op);
        return answer();
      },
    } as unknown as RendererBridge);
    useProfiles.setState({ activeId: 'local', profiles: [] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks on a profile switch, learns the server clock, and rechecks while something is wrong', async () => {
    const stop = useConnectionHealth.getState().watch();
    await vi.waitFor(() => expect(useConnectionHealth.getState().health.kind).toBe('ok'));
    expect(calls).toEqual(['auth.verify']);
    expect(Math.round(serverClockOffset() / 60_000)).toBe(60);

    // Every call of the renderer counts: a 401 anywhere says the key is refused.
    answer = async () => {
      throw { normalized: wire(401, 'INVALID_API_KEY') };
    };
    await api('clusters.list', {}).catch(() => {});
    expect(healthLabel(useConnectionHealth.getState().health)).toBe('Key refused (401)');

    // While unhealthy, each tick checks again; a good answer recovers.
    answer = async () => ({ status: 200, rateLimit: null, data: {} });
    await vi.advanceTimersByTimeAsync(CHECK_TICK_MS);
    expect(calls.filter((op) => op === 'auth.verify')).toHaveLength(2);
    expect(useConnectionHealth.getState().health.kind).toBe('ok');

    // Healthy and busy: no extra checks; healthy and idle long enough: one.
    await vi.advanceTimersByTimeAsync(CHECK_TICK_MS);
    expect(calls.filter((op) => op === 'auth.verify')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(IDLE_CHECK_MS);
    expect(calls.filter((op) => op === 'auth.verify')).toHaveLength(3);

    // A switch starts over: unknown until the new profile's check answers, clock forgotten.
    answer = () => new Promise(() => {});
    useProfiles.setState({ activeId: 'remote-1' });
    expect(useConnectionHealth.getState()).toMatchObject({ profileId: 'remote-1', health: { kind: 'unknown' }, checking: true });
    expect(serverClockOffset()).toBe(0);
    stop();
  });
});
