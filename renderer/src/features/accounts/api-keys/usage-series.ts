// The usage timeline as Chart.js points ({x: ms, y}) per class, ready for `parsing: false`
// (no per-render parsing) and the decimation plugin (sorted x), and the time axis it is drawn on.
import type { KeyUsageResponse } from '../../../../../shared/api/accounts/api-keys';
import type { Granularity } from '../../../../../shared/api/common';
import { serverNow } from '../../../platform/server-clock';
import { bucketAxis, type TimeAxis } from '../../../lib/time-axis';

interface Point {
  x: number;
  y: number;
}

export type UsageSeries = Record<'reads' | 'writes' | 'executions', Point[]>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STEP_MS: Record<Granularity, number> = { hour: HOUR, day: DAY, week: 7 * DAY };

export function usageSeries(timeline: KeyUsageResponse['timeline']): UsageSeries {
  const rows = timeline
    .map((t) => ({ ...t, x: Date.parse(t.date) }))
    .filter((t) => !Number.isNaN(t.x))
    .sort((a, b) => a.x - b.x);
  return {
    reads: rows.map((r) => ({ x: r.x, y: r.reads })),
    writes: rows.map((r) => ({ x: r.x, y: r.writes })),
    executions: rows.map((r) => ({ x: r.x, y: r.executions })),
  };
}

/** The axis of a usage chart: the server's timeline ends with the bucket holding its "now" (`now`, the server's). */
export function usageAxis(series: UsageSeries, granularity: Granularity, now: number = serverNow()): TimeAxis | null {
  const xs = series.reads;
  if (xs.length === 0) return null;
  return bucketAxis(xs[0]!.x, xs[xs.length - 1]!.x, STEP_MS[granularity], now);
}

/** Granularities that make sense for a period: a weekly bucket of a 1-day period is one meaningless point. */
export function granularitiesFor(period: '1d' | '7d' | '30d' | '90d'): Array<'hour' | 'day' | 'week'> {
  return period === '1d' || period === '7d' ? ['hour', 'day'] : ['hour', 'day', 'week'];
}
