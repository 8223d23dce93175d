// The span a usage read covers and how it is cut (docs/decisions.md, Usage and costs: periods and
// days). A period of N days is the N calendar days of the account's time zone that end with
// today, today so far included: "7d" on a Wednesday afternoon is last Thursday's local midnight
// until now. Days and weeks are local (23 or 25 hours across a daylight-saving change); hours are
// the hours from the first local midnight.
import { PERIOD_DAYS, type UsagePeriod } from '../../../../../shared/api/accounts/usage';
import { calendarStarts, periodStart } from '../../../core/zoned-time';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type Granularity = 'hour' | 'day' | 'week';

export interface UsageWindow {
  readonly period: UsagePeriod;
  readonly timezone: string;
  /** The first local midnight of the period. */
  readonly start: number;
  /** Now: the period's end (exclusive). */
  readonly end: number;
}

/** The period's window ending at `now`, days counted in `timezone`. */
export function usageWindow(period: UsagePeriod, now: number, timezone: string): UsageWindow {
  const today = periodStart('daily', now, timezone);
  // Noon of the first day, N − 1 days back, lies in that local day whatever daylight saving does.
  const first = periodStart('daily', today + 12 * HOUR - (PERIOD_DAYS[period] - 1) * DAY, timezone);
  return { period, timezone, start: first, end: now };
}

/** The same window moved back by its own number of days (the trend's "before"), ending as far into its last day as now is into today. */
export function windowBefore(w: UsageWindow): UsageWindow {
  const back = PERIOD_DAYS[w.period] * DAY;
  const start = periodStart('daily', w.start + 12 * HOUR - back, w.timezone);
  return { ...w, start, end: start + (w.end - w.start) };
}

/**
 * The buckets' starts across the window, followed by its end: hours from the first midnight, or
 * the local days or weeks (from Monday) that meet the window, the first clipped to its start.
 */
export function bucketBounds(w: UsageWindow, granularity: Granularity): number[] {
  let starts: number[];
  if (granularity === 'hour') {
    starts = [];
    for (let t = w.start; t < w.end; t += HOUR) starts.push(t);
  } else {
    starts = calendarStarts(granularity === 'day' ? 'daily' : 'weekly', w.start, w.end, w.timezone);
    starts[0] = Math.max(starts[0]!, w.start);
  }
  return [...starts, w.end];
}
