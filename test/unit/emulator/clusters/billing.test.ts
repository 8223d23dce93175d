// A cluster's billing over time (sim/cluster-state.ts): earlier sessions and a rate changed by a
// restart are kept as closed stretches, so a past span costs what it cost then, the session cost
// counts the current session alone, and the history stays bounded.
import { describe, expect, it } from 'vitest';
import { billedUsd, closeBilledStretch, sessionCost } from '../../../../main/emulator/areas/clusters/sim/cluster-state';
import { BILLING_HISTORY_MAX } from '../../../../main/emulator/areas/clusters/stored-schema';
import { T0, trainingCluster } from './sim-fixture';

const HOUR = 3_600_000;

describe('cluster billing', () => {
  it('adds the history and the current session over any span, each at its own rate', () => {
    const c = trainingCluster({
      hourly_rate: 10,
      billing_started_at: T0,
      billing_history: [
        { start: T0 - 30 * HOUR, end: T0 - 20 * HOUR, hourly_rate: 4 },
        { start: T0 - 10 * HOUR, end: T0 - 5 * HOUR, hourly_rate: 6 },
      ],
    });
    // 10 h at 4 + 5 h at 6 + 3 h at 10.
    expect(billedUsd(c, -Infinity, T0 + 3 * HOUR)).toBeCloseTo(40 + 30 + 30, 9);
    // A span cutting through the first stretch and the gap: 5 h at 4.
    expect(billedUsd(c, T0 - 25 * HOUR, T0 - 12 * HOUR)).toBeCloseTo(20, 9);
    // Split anywhere, the parts add up to the whole.
    const cut = T0 - 7.5 * HOUR;
    expect(billedUsd(c, T0 - 40 * HOUR, cut) + billedUsd(c, cut, T0 + 3 * HOUR)).toBeCloseTo(
      billedUsd(c, T0 - 40 * HOUR, T0 + 3 * HOUR),
      9,
    );
    // The session cost is the current session's only.
    expect(sessionCost(c, T0 + 3 * HOUR)).toBe(30);
  });

  it('keeps what ran before a rate change at the old rate', () => {
    const c = trainingCluster({ hourly_rate: 10, billing_started_at: T0 });
    const before = sessionCost(c, T0 + 2 * HOUR);
    closeBilledStretch(c, 10, T0 + 2 * HOUR);
    c.rate_since = T0 + 2 * HOUR;
    c.hourly_rate = 25;
    expect(sessionCost(c, T0 + 2 * HOUR)).toBe(before);
    expect(sessionCost(c, T0 + 4 * HOUR)).toBe(20 + 50);
    expect(billedUsd(c, T0, T0 + HOUR)).toBeCloseTo(10, 9);
  });

  it('keeps at most BILLING_HISTORY_MAX stretches, dropping the oldest', () => {
    const c = trainingCluster({ hourly_rate: 1, billing_started_at: T0 });
    for (let i = 0; i < BILLING_HISTORY_MAX + 5; i++) {
      closeBilledStretch(c, 1, c.billing_started_at! + HOUR);
      c.billing_started_at = c.billing_started_at! + 2 * HOUR;
    }
    expect(c.billing_history).toHaveLength(BILLING_HISTORY_MAX);
    expect(c.billing_history[0]!.start).toBe(T0 + 5 * 2 * HOUR);
  });
});
