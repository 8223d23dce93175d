// The usage chart's time axis: it ends at "now" (never in the future), ticks on round local
// hours or days, and marks the last bucket partial while "now" is inside it.
import { describe, expect, it } from 'vitest';
import { usageAxis, usageSeries } from '../../../renderer/src/features/accounts/api-keys/usage-series';
import { bucketAxis, timeTicks } from '../../../renderer/src/lib/time-axis';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The emulator's hourly timeline of a 1-day period ending at `now` (buckets start on whole UTC hours). */
function hourlyTimeline(now: number) {
  const first = now - DAY - ((now - DAY) % HOUR);
  const rows = [];
  for (let t = first; t <= now; t += HOUR) rows.push({ date: new Date(t).toISOString(), reads: 1, writes: 0, executions: 0 });
  return rows;
}

const isRoundHour = (ms: number) => {
  const d = new Date(ms);
  return d.getMinutes() === 0 && d.getSeconds() === 0 && d.getMilliseconds() === 0;
};
const isMidnight = (ms: number) => isRoundHour(ms) && new Date(ms).getHours() === 0;

describe('usage chart axis', () => {
  const now = Date.parse('2026-11-25T14:23:10Z');

  it('ends at the server data\'s "now", not at the end of the last bucket', () => {
    const series = usageSeries(hourlyTimeline(now));
    const axis = usageAxis(series, 'hour', now)!;
    expect(axis.min).toBe(series.reads[0]!.x);
    expect(axis.max).toBe(now);
    expect(Math.max(...axis.ticks)).toBeLessThanOrEqual(now);
  });

  it('marks the last bucket partial, from its start until now', () => {
    const series = usageSeries(hourlyTimeline(now));
    const axis = usageAxis(series, 'hour', now)!;
    expect(axis.partial).toEqual({ from: Date.parse('2026-11-25T14:00:00Z'), until: now });
  });

  it('has no partial bucket when now is the end of the last one', () => {
    const axis = bucketAxis(0, 10 * HOUR, HOUR, 11 * HOUR);
    expect(axis.partial).toBeNull();
    expect(axis.max).toBe(11 * HOUR);
  });

  it('keeps the axis within the last bucket when the client clock is off', () => {
    const last = Date.parse('2026-11-25T14:00:00Z');
    // A client clock hours ahead: the axis still ends with the last bucket, not in the future.
    expect(bucketAxis(last - DAY, last, HOUR, last + 5 * HOUR).max).toBe(last + HOUR);
    // A client clock behind the server's (a simulated clock moved forward): the last bucket is not cut off.
    expect(bucketAxis(last - DAY, last, HOUR, last - 5 * HOUR).max).toBe(last);
  });

  it('puts ticks on round hours for a day, at most eight, evenly spaced', () => {
    const { ticks, unit } = timeTicks(now - DAY, now, 8);
    expect(unit).toBe('hour');
    expect(ticks.length).toBeGreaterThanOrEqual(4);
    expect(ticks.length).toBeLessThanOrEqual(8);
    for (const t of ticks) {
      expect(isRoundHour(t)).toBe(true);
      expect(t).toBeGreaterThanOrEqual(now - DAY);
      expect(t).toBeLessThanOrEqual(now);
    }
    const gaps = new Set(
      ticks
        .slice(1)
        .map((t, i) => new Date(t).getHours() - new Date(ticks[i]!).getHours())
        .map((g) => (g + 24) % 24),
    );
    expect(gaps.size).toBe(1);
  });

  it('puts ticks on local midnights for a week or more', () => {
    for (const span of [7 * DAY, 30 * DAY, 90 * DAY]) {
      const { ticks, unit } = timeTicks(now - span, now, 8);
      expect(unit).toBe('day');
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      expect(ticks.length).toBeLessThanOrEqual(8);
      for (const t of ticks) expect(isMidnight(t)).toBe(true);
    }
  });

  it('has no axis without points', () => {
    expect(usageAxis(usageSeries([]), 'day', now)).toBeNull();
  });
});
