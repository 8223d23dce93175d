// The shared metrics poller in main: one read per interval per cluster however many windows
// watch, the last answer replayed to a new one, errors handed on and Retry-After waited, the
// reads stopped with the last subscriber, and read again at once when the profile changes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NormalizedError } from '../../../shared/api/errors';
import { BridgeError } from '../../../shared/ipc/dispatch';
import type { MetricsLiveEvent } from '../../../shared/ipc/streams';
import { createMetricsLive } from '../../../main/streams/metrics-live';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const limited: NormalizedError = {
  status: 429,
  code: 'RATE_LIMITED',
  message: 'Slow down',
  details: {},
  source: 'cluster',
  retryAfter: 35,
};

describe('metrics:live', () => {
  it('reads at the shortest interval its subscribers ask for, and slows down when the faster one leaves', async () => {
    const read = vi.fn(async () => ({ snapshot: 1 }));
    const live = createMetricsLive({ read, intervalMs: 10_000 });
    const offFleet = live.subscribe('c1', () => {}, 30_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(read).toHaveBeenCalledTimes(1);
    // A dashboard opens: the next reading comes 10 s after the last, not 30.
    const offDashboard = live.subscribe('c1', () => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(read).toHaveBeenCalledTimes(5);
    offDashboard();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(read).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(read).toHaveBeenCalledTimes(7);
    offFleet();
    expect(live.polled()).toBe(0);
  });

  it('reads once per interval however many subscribe, replays the last answer, and stops with the last one', async () => {
    const read = vi.fn(async (id: string, _signal: AbortSignal) => ({ snapshot: `${id}@${read.mock.calls.length}`, serverTime: 5 }));
    const live = createMetricsLive({ read, intervalMs: 1000 });
    const a: MetricsLiveEvent[] = [];
    const b: MetricsLiveEvent[] = [];
    const offA = live.subscribe('c1', (e) => a.push(e));
    await vi.advanceTimersByTimeAsync(0);
    const offB = live.subscribe('c1', (e) => b.push(e));
    // The last answer at once, without the server time of its moment.
    expect(b).toEqual([{ ok: true, snapshot: 'c1@1' }]);
    expect(a).toEqual([{ ok: true, snapshot: 'c1@1', serverTime: 5 }]);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(read).toHaveBeenCalledTimes(4);
    expect(a.map((e) => (e.ok ? e.snapshot : null))).toEqual(['c1@1', 'c1@2', 'c1@3', 'c1@4']);
    offA();
    await vi.advanceTimersByTimeAsync(1000);
    expect(read).toHaveBeenCalledTimes(5);
    offB();
    expect(live.polled()).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(read).toHaveBeenCalledTimes(5);
  });

  it('hands errors on and waits a Retry-After longer than the interval', async () => {
    let answer: 'limited' | 'ok' = 'limited';
    const read = vi.fn(async () => {
      if (answer === 'limited') throw new BridgeError(limited);
      return { snapshot: 1 };
    });
    const live = createMetricsLive({ read, intervalMs: 10_000 });
    const events: MetricsLiveEvent[] = [];
    const off = live.subscribe('c1', (e) => events.push(e));
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual([{ ok: false, error: limited }]);
    answer = 'ok';
    await vi.advanceTimersByTimeAsync(34_000);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(read).toHaveBeenCalledTimes(2);
    expect(events.at(-1)).toEqual({ ok: true, snapshot: 1 });
    off();
  });

  it('cancels a read on its way when the last subscriber leaves, and reads again at once after a profile change', async () => {
    const signals: AbortSignal[] = [];
    const read = vi.fn((_id: string, signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<{ snapshot: unknown }>((resolve) => setTimeout(() => resolve({ snapshot: signals.length }), 100));
    });
    const live = createMetricsLive({ read, intervalMs: 1000 });
    const events: MetricsLiveEvent[] = [];
    const off = live.subscribe('c1', (e) => events.push(e));
    await vi.advanceTimersByTimeAsync(100);
    expect(events).toEqual([{ ok: true, snapshot: 1 }]);
    live.profileChanged();
    await vi.advanceTimersByTimeAsync(100);
    expect(events).toEqual([
      { ok: true, snapshot: 1 },
      { ok: true, snapshot: 2 },
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    off();
    expect(signals.at(-1)!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(events).toHaveLength(2);
  });
});
