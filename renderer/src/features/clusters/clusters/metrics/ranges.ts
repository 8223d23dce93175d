// The dashboard's time ranges: live ones (a window that follows the latest snapshot) and
// historical ones (read once from the historical route at an interval that keeps the answer
// within the route's bound of HISTORICAL_MAX_POINTS; docs/decisions.md, "Metrics").
import { HISTORICAL_MAX_POINTS, INTERVAL_MS, MetricsInterval, METRICS_RETENTION_DAYS } from '../../../../../../shared/api/clusters/metrics';

export type RangeId = '5m' | '15m' | '1h' | '6h' | '24h' | '7d' | 'custom';

export interface RangeOption {
  id: RangeId;
  label: string;
  /** Spoken name, for the button's accessible name and the charts' captions. */
  words: string;
  ms: number;
  live: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const RANGES: readonly RangeOption[] = [
  { id: '5m', label: '5 m', words: 'last 5 minutes, live', ms: 5 * MINUTE, live: true },
  { id: '15m', label: '15 m', words: 'last 15 minutes, live', ms: 15 * MINUTE, live: true },
  { id: '1h', label: '1 h', words: 'last hour, live', ms: HOUR, live: true },
  { id: '6h', label: '6 h', words: 'last 6 hours', ms: 6 * HOUR, live: false },
  { id: '24h', label: '24 h', words: 'last 24 hours', ms: DAY, live: false },
  { id: '7d', label: '7 d', words: 'last 7 days', ms: 7 * DAY, live: false },
];

const RETENTION_MS = METRICS_RETENTION_DAYS * DAY;

export function rangeOption(id: RangeId): RangeOption | undefined {
  return RANGES.find((r) => r.id === id);
}

/**
 * Buckets the historical route answers for [start, end) at `step` (aligned in UTC, as the emulator counts them).
 * @internal Exported for its tests only.
 */
export function bucketCount(start: number, end: number, step: number): number {
  const first = Math.floor(start / step) * step;
  return (Math.floor((end - 1) / step) * step - first) / step + 1;
}

/**
 * The finest interval whose buckets over [start, end) stay within the route's bound.
 * @internal Exported for its tests only.
 */
export function intervalForRange(start: number, end: number): MetricsInterval {
  const fits = MetricsInterval.options.find((i) => bucketCount(start, end, INTERVAL_MS[i]) <= HISTORICAL_MAX_POINTS);
  return fits ?? '1d';
}

export interface HistoryRequest {
  start: number;
  end: number;
  interval: MetricsInterval;
}

/**
 * The request for a window ending at `end`: the start is rounded up to the interval, so a
 * whole day at 1 minute is 1,440 buckets (not 1,441 for a start within a minute), and never
 * reaches back past the retention.
 */
export function historyRequest(end: number, ms: number, fixedInterval?: MetricsInterval): HistoryRequest {
  const rawStart = Math.max(end - ms, end - RETENTION_MS + MINUTE);
  const interval = fixedInterval ?? intervalForRange(Math.ceil(rawStart / MINUTE) * MINUTE, end);
  const step = INTERVAL_MS[interval];
  const start = Math.min(Math.ceil(rawStart / step) * step, end - 1);
  return { start, end, interval };
}

export type CustomRangeCheck = { ok: true; start: number; end: number } | { ok: false; field: 'start' | 'end'; message: string };

/** A custom range typed by the user: start before end, within the 30-day retention, not in the future. */
export function checkCustomRange(start: number, end: number, now: number): CustomRangeCheck {
  if (!Number.isFinite(start)) return { ok: false, field: 'start', message: 'Enter a start date and time' };
  if (!Number.isFinite(end)) return { ok: false, field: 'end', message: 'Enter an end date and time' };
  if (start < now - RETENTION_MS) return { ok: false, field: 'start', message: `At most ${METRICS_RETENTION_DAYS} days ago` };
  if (start >= now) return { ok: false, field: 'start', message: 'Start before now' };
  if (end <= start) return { ok: false, field: 'end', message: 'End after the start' };
  return { ok: true, start, end: Math.min(end, now) };
}

/** Points kept per live series: an hour of readings at one a second, far beyond a window's needs at the pace live data
 * arrives from main's shared poller (`metrics:live`, METRICS_LIVE_INTERVAL_MS); see docs/decisions.md, "Stream relay". */
export const LIVE_CAPACITY = 3_600;
/** A live window whose next reading is this far past its last point is read again from history (the clock jumped). */
export const LIVE_GAP_MS = 3 * MINUTE;
