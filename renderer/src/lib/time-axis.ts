// Time axes of the charts: from the first point to "now" (never into the future), ticks at
// round local hours or days, and the last bucket marked partial when "now" falls inside it.

export interface TimeAxis {
  min: number;
  max: number;
  /** Round local times (ms) to put the ticks on. */
  ticks: number[];
  /** What the ticks fall on: labels show a time of day for hours, a date for days. */
  unit: 'hour' | 'day';
  /** The last bucket, when it has not ended yet: it counts from `from` until `until` ("now") only. */
  partial: { from: number; until: number } | null;
}

/**
 * The axis of buckets of `step` ms, each drawn at its start, the last starting at `last`. It
 * ends at `now`, kept within the last bucket: a client clock ahead of or behind the server's
 * can neither stretch the axis into the future nor cut the last bucket off. That bucket is
 * partial when it has not ended by then.
 */
export function bucketAxis(first: number, last: number, step: number, now: number, maxTicks = 8): TimeAxis {
  const bucketEnd = last + step;
  const max = Math.min(Math.max(now, last), bucketEnd);
  const { ticks, unit } = timeTicks(first, max, maxTicks);
  return { min: first, max, ticks, unit, partial: max < bucketEnd ? { from: last, until: max } : null };
}

const TICK_STEPS: ReadonlyArray<{ unit: 'hour' | 'day'; n: number }> = [
  { unit: 'hour', n: 1 },
  { unit: 'hour', n: 2 },
  { unit: 'hour', n: 3 },
  { unit: 'hour', n: 6 },
  { unit: 'hour', n: 12 },
  { unit: 'day', n: 1 },
  { unit: 'day', n: 2 },
  { unit: 'day', n: 7 },
  { unit: 'day', n: 14 },
  { unit: 'day', n: 30 },
];

/**
 * Ticks at round local times between `min` and `max`: whole hours (every 1, 2, 3, 6 or 12,
 * on hours divisible by that) for short spans, local midnights (every 1, 2, 7, 14 or 30 days)
 * for long ones — the smallest step that gives at most `maxTicks` ticks.
 */
export function timeTicks(min: number, max: number, maxTicks = 8): { ticks: number[]; unit: 'hour' | 'day' } {
  for (const step of TICK_STEPS) {
    const ticks = ticksEvery(step.unit, step.n, min, max, maxTicks + 1);
    if (ticks.length <= maxTicks) return { ticks, unit: step.unit };
  }
  const last = TICK_STEPS[TICK_STEPS.length - 1]!;
  return { ticks: ticksEvery(last.unit, last.n, min, max, maxTicks).slice(0, maxTicks), unit: last.unit };
}

/** Round local times from `min` to `max`, at most `limit` of them (the caller only needs to know there are more). */
function ticksEvery(unit: 'hour' | 'day', n: number, min: number, max: number, limit: number): number[] {
  const d = new Date(min);
  if (unit === 'hour') {
    d.setMinutes(0, 0, 0);
    while (d.getTime() < min || d.getHours() % n !== 0) d.setHours(d.getHours() + 1);
  } else {
    d.setHours(0, 0, 0, 0);
    if (d.getTime() < min) d.setDate(d.getDate() + 1);
  }
  const ticks: number[] = [];
  // Calendar arithmetic (setHours/setDate) keeps ticks on round local times across DST changes.
  while (d.getTime() <= max && ticks.length < limit) {
    ticks.push(d.getTime());
    if (unit === 'hour') d.setHours(d.getHours() + n);
    else d.setDate(d.getDate() + n);
  }
  return ticks;
}
