// The arithmetic under usage and costs: the forecast against series whose trend is known (its
// 80 % interval holds the month's total about 80 % of the time), apportioning that adds up, running
// rounding that does not depend on where a span starts, and local-day windows across a
// daylight-saving change.
import { describe, expect, it } from 'vitest';
import { CONFIDENCE, forecastMonth, MIN_FIT_DAYS } from '../../../../main/emulator/areas/accounts/usage/forecast';
import { apportion, percentages, runningRounded } from '../../../../main/emulator/areas/accounts/usage/money';
import { bucketBounds, usageWindow, windowBefore } from '../../../../main/emulator/areas/accounts/usage/window';
import { Rng } from '../../../../main/emulator/core/rng';

const HOUR = 3_600_000;

/** A standard normal draw (Box–Muller) from the seeded generator. */
const normal = (rng: Rng) => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());

describe('forecastMonth', () => {
  const rest = (days: number) => Array.from({ length: days }, (_, i) => ({ start: i, share: 1 }));

  it('recovers a known trend: a noiseless line is projected exactly, with an interval of nothing', () => {
    const history = Array.from({ length: 28 }, (_, x) => 100 + 5 * x);
    const f = forecastMonth(history, 1000, rest(10));
    // Days 28 … 37 of the line: 100 + 5x each.
    const expected = 1000 + Array.from({ length: 10 }, (_, i) => 100 + 5 * (28 + i)).reduce((a, b) => a + b, 0);
    expect(f.estimate).toBeCloseTo(expected, 6);
    expect(f.high - f.low).toBeCloseTo(0, 6);
    expect(f.confidence).toBe(CONFIDENCE);
    expect(f.method).toContain('+5.00 a day');
    expect(f.days[0]!.cost).toBeCloseTo(240, 6);
  });

  it("holds the month's total in its interval about 80 % of the time when days scatter around a line", () => {
    const rng = Rng.derive(7, 'forecast-coverage');
    const trials = 2000;
    let held = 0;
    for (let trial = 0; trial < trials; trial++) {
      const day = (x: number) => 400 + 3 * x + 40 * normal(rng);
      const history = Array.from({ length: 28 }, (_, x) => day(x));
      const f = forecastMonth(history, 0, rest(14));
      const actual = Array.from({ length: 14 }, (_, i) => day(28 + i)).reduce((a, b) => a + b, 0);
      if (f.low <= actual && actual <= f.high) held++;
    }
    // Binomial(2000, 0.8): a standard deviation of about 0.9 %; 4 of them either way.
    expect(held / trials).toBeGreaterThan(0.8 - 0.036);
    expect(held / trials).toBeLessThan(0.8 + 0.036);
  });

  it('states no interval with too few days, and says why', () => {
    const f = forecastMonth([10, 12, 11], 50, rest(5));
    expect(f.confidence).toBe(0);
    expect(f.low).toBe(f.high);
    expect(f.estimate).toBeCloseTo(50 + 5 * 11, 9);
    expect(f.method).toContain(`at least ${MIN_FIT_DAYS}`);
  });

  it("counts today's remaining part by its share", () => {
    const history = Array.from({ length: 28 }, () => 24);
    const f = forecastMonth(history, 0, [{ start: 0, share: 0.25 }, ...rest(1)]);
    expect(f.days[0]!.cost).toBeCloseTo(6, 9);
    expect(f.estimate).toBeCloseTo(30, 9);
  });
});

describe('apportioning and running rounding', () => {
  it('apportions a whole to its parts by largest remainder', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(7, [0, 0])).toEqual([0, 0]);
    expect(percentages([1, 1, 1]).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 9);
  });

  it('reads a bucket the same whatever span it is read in', () => {
    const values = [0.004, 0.004, 0.004, 0.004, 0.004, 0.004];
    const cents = (v: number) => Math.round(v * 100);
    const whole = runningRounded(values, cents);
    // The last three read from a running total that starts with the first three.
    const tail = runningRounded(
      values.slice(3),
      cents,
      values.slice(0, 3).reduce((a, b) => a + b, 0),
    );
    expect(tail).toEqual(whole.slice(3));
    expect(whole.reduce((a, b) => a + b, 0)).toBe(cents(0.024));
  });
});

describe('usage windows', () => {
  it("counts N local days ending today, and the buckets follow the zone's midnights across a daylight-saving change", () => {
    // Paris leaves summer time on Sunday 2026-10-25: that day is 25 hours long.
    const now = Date.parse('2026-10-27T09:00:00Z');
    const w = usageWindow('7d', now, 'Europe/Paris');
    expect(new Date(w.start).toISOString()).toBe('2026-10-20T22:00:00.000Z');
    const days = bucketBounds(w, 'day');
    expect(days).toHaveLength(8);
    const lengths = days.slice(1).map((t, i) => (t - days[i]!) / HOUR);
    expect(lengths.slice(0, 6)).toEqual([24, 24, 24, 24, 25, 24]);
    const before = windowBefore(w);
    expect(new Date(before.start).toISOString()).toBe('2026-10-13T22:00:00.000Z');
    expect(before.end - before.start).toBe(w.end - w.start);
  });

  it('cuts hours from the first midnight and weeks on Mondays', () => {
    const w = usageWindow('30d', Date.parse('2026-11-27T18:30:00Z'), 'UTC');
    const hours = bucketBounds(w, 'hour');
    // 29 whole days, 19 hours of today (the last one begun), then the end.
    expect(hours).toHaveLength(29 * 24 + 19 + 1);
    const weeks = bucketBounds(w, 'week');
    expect(weeks[0]).toBe(w.start);
    for (const t of weeks.slice(1, -1)) expect(new Date(t).getUTCDay()).toBe(1);
  });
});
