// The usage timeline as Chart.js points ({x: ms, y}) per class, ready for
// `parsing: false` (no per-render parsing) and the decimation plugin (sorted x).
import type { KeyUsageResponse } from '../../../../shared/api/api-keys';

export interface Point {
  x: number;
  y: number;
}

export type UsageSeries = Record<'reads' | 'writes' | 'executions', Point[]>;

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

/** Granularities that make sense for a period: a weekly bucket of a 1-day period is one meaningless point. */
export function granularitiesFor(period: '1d' | '7d' | '30d' | '90d'): Array<'hour' | 'day' | 'week'> {
  return period === '1d' || period === '7d' ? ['hour', 'day'] : ['hour', 'day', 'week'];
}
