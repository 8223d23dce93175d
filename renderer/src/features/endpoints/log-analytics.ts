// Pure rules of an endpoint's log analytics: the time ranges (within the route's 24 h), the one
// aggregate request that reads every figure, its rows laid out per hour, and the most common
// errors — error and fatal lines grouped by the shape of their message (numbers and ids
// replaced), so "Model load retry 361 failed" and "… retry 362 failed" are one error.
import {
  LOG_LIMITS,
  type AggregateLogsRequest,
  type AggregateRow,
  type EndpointLogEntry,
  type LogLevel,
} from '../../../../shared/api/endpoints/logs';
import type { OutputOf } from '../../../../shared/api/operations';

const HOUR = 3_600_000;

export const ANALYTICS_RANGES = [
  { id: '1h', label: 'Last 1 h', ms: HOUR },
  { id: '6h', label: 'Last 6 h', ms: 6 * HOUR },
  { id: '24h', label: 'Last 24 h', ms: 24 * HOUR },
] as const;
export type AnalyticsRangeId = (typeof ANALYTICS_RANGES)[number]['id'];

export function isAnalyticsRange(id: string): id is AnalyticsRangeId {
  return ANALYTICS_RANGES.some((r) => r.id === id);
}

/** The range ending at the server's `now` (whole seconds, as the route's timestamps), never over the route's maximum. */
export function analyticsRange(id: AnalyticsRangeId, now: number): { start: string; end: string } {
  const ms = Math.min(ANALYTICS_RANGES.find((r) => r.id === id)!.ms, LOG_LIMITS.maxRangeMs);
  const end = Math.floor(now / 1000) * 1000;
  return { start: new Date(end - ms).toISOString(), end: new Date(end).toISOString() };
}

/** Names of the aggregations of the one request. */
const AGG = { levelsByHour: 'levels_by_hour', byHour: 'by_hour', bySource: 'by_source', total: 'total' } as const;

export function aggregateRequest(endpointId: string, timeRange: { start: string; end: string }): AggregateLogsRequest {
  return {
    endpointIds: [endpointId],
    timeRange,
    aggregations: [
      { name: AGG.levelsByHour, groupBy: ['hour', 'level'], filters: {}, metrics: ['count'] },
      { name: AGG.byHour, groupBy: ['hour'], filters: {}, metrics: ['unique_jobs', 'avg_duration', 'p95_duration'] },
      { name: AGG.bySource, groupBy: ['source'], filters: {}, metrics: ['count', 'unique_jobs'] },
      { name: AGG.total, groupBy: [], filters: {}, metrics: ['count', 'unique_jobs', 'avg_duration', 'p95_duration'] },
    ],
  };
}

export const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'fatal'];

/** The UTC hour starts (ms) from the range's first hour to its last. */
function hoursOf(timeRange: { start: string; end: string }): number[] {
  const first = Math.floor(Date.parse(timeRange.start) / HOUR) * HOUR;
  const end = Date.parse(timeRange.end);
  const out: number[] = [];
  for (let h = first; h <= end; h += HOUR) {
    // The end's own hour holds nothing when the range ends exactly on it.
    if (h === end && h !== first) break;
    out.push(h);
  }
  return out;
}

interface HourlyFigures {
  hours: number[];
  /** Lines per level, one value per hour. */
  levels: Record<LogLevel, number[]>;
  /** Requests (unique jobs) per hour. */
  jobs: number[];
  /** Seconds, null for an hour without a duration. */
  avgDuration: Array<number | null>;
  p95Duration: Array<number | null>;
}

/** The aggregate rows laid out over every hour of the range (an hour without rows reads 0 or null). */
function hourlyFigures(
  timeRange: { start: string; end: string },
  levelRows: readonly AggregateRow[],
  hourRows: readonly AggregateRow[],
): HourlyFigures {
  const hours = hoursOf(timeRange);
  const index = new Map(hours.map((h, i) => [h, i]));
  const zeros = () => hours.map(() => 0);
  const levels = Object.fromEntries(LEVELS.map((l) => [l, zeros()])) as Record<LogLevel, number[]>;
  for (const row of levelRows) {
    const i = row.hour ? index.get(Date.parse(row.hour)) : undefined;
    if (i === undefined || !row.level) continue;
    levels[row.level][i]! += row.count ?? 0;
  }
  const jobs = zeros();
  const avgDuration: Array<number | null> = hours.map(() => null);
  const p95Duration: Array<number | null> = hours.map(() => null);
  for (const row of hourRows) {
    const i = row.hour ? index.get(Date.parse(row.hour)) : undefined;
    if (i === undefined) continue;
    jobs[i] = row.unique_jobs ?? 0;
    avgDuration[i] = row.avg_duration ?? null;
    p95Duration[i] = row.p95_duration ?? null;
  }
  return { hours, levels, jobs, avgDuration, p95Duration };
}

/** "0.42 s", "7.5 s", "4m 00s", or "—". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(2) : seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
/** A prefixed id (`job_h3a025ucv8ms`, `req_…`, `ep_…`) whose tail holds a digit. */
const PREFIXED_ID = /\b([a-z]+)_(?=[a-z0-9]*\d)[a-z0-9]{6,}\b/gi;
const HEX = /\b(?:0x[0-9a-f]+|(?=[a-f]*\d)[0-9a-f]{12,})\b/gi;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g;
const NUMBER = /\d+(?:\.\d+)?/g;

/** The message's shape: ids, addresses and numbers replaced, so the lines of one error group together. */
function messageShape(message: string): string {
  return message
    .replace(UUID, '<uuid>')
    .replace(PREFIXED_ID, '$1_<id>')
    .replace(HEX, '<hex>')
    .replace(IPV4, '<ip>')
    .replace(NUMBER, '<n>')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface ErrorGroup {
  shape: string;
  count: number;
  /** Timestamps (ISO) of the oldest and newest line. */
  firstSeen: string;
  lastSeen: string;
  levels: LogLevel[];
  sources: string[];
  /** The newest line of the group with a stack trace (else the newest). */
  example: EndpointLogEntry;
}

/** Error and fatal lines grouped by message shape, most frequent first (ties: most recent first). */
function groupErrors(entries: readonly EndpointLogEntry[]): ErrorGroup[] {
  const groups = new Map<string, ErrorGroup>();
  for (const e of entries) {
    if (e.level !== 'error' && e.level !== 'fatal') continue;
    const shape = messageShape(e.message);
    const g = groups.get(shape);
    if (!g) {
      groups.set(shape, {
        shape,
        count: 1,
        firstSeen: e.timestamp,
        lastSeen: e.timestamp,
        levels: [e.level],
        sources: [e.source],
        example: e,
      });
      continue;
    }
    g.count += 1;
    if (e.timestamp < g.firstSeen) g.firstSeen = e.timestamp;
    if (e.timestamp > g.lastSeen) g.lastSeen = e.timestamp;
    if (!g.levels.includes(e.level)) g.levels.push(e.level);
    if (!g.sources.includes(e.source)) g.sources.push(e.source);
    const betterTrace = Boolean(e.stackTrace?.length) && !g.example.stackTrace?.length;
    const sameTrace = Boolean(e.stackTrace?.length) === Boolean(g.example.stackTrace?.length);
    if (betterTrace || (sameTrace && e.timestamp > g.example.timestamp)) g.example = e;
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : 0));
}

/** The search that feeds the common errors: the range's error and fatal lines, newest first, as many as the route gives. */
export function errorSearchRequest(endpointId: string, timeRange: { start: string; end: string }) {
  return {
    endpointIds: [endpointId],
    filters: { timeRange, levels: ['error', 'fatal'] as LogLevel[] },
    sort: { field: 'timestamp' as const, order: 'desc' as const },
    limit: LOG_LIMITS.limit.maximum,
  };
}

export interface LogAnalytics {
  range: AnalyticsRangeId;
  timeRange: { start: string; end: string };
  hourly: HourlyFigures;
  sources: AggregateRow[];
  total: AggregateRow;
  errors: ErrorGroup[];
  /** Error and fatal lines in the range, and how many of them were grouped (the route's limit). */
  errorTotal: number;
  errorsGrouped: number;
}

/** A range's analytics from its aggregate and its search of error and fatal lines. */
export function logAnalyticsOf(
  range: AnalyticsRangeId,
  aggregate: OutputOf<'endpoints.logs.aggregate'>,
  search: OutputOf<'endpoints.logs.search'>,
): LogAnalytics {
  const a = aggregate.aggregations;
  const logs: EndpointLogEntry[] = search.logs;
  return {
    range,
    timeRange: aggregate.timeRange,
    hourly: hourlyFigures(aggregate.timeRange, a[AGG.levelsByHour] ?? [], a[AGG.byHour] ?? []),
    sources: [...(a[AGG.bySource] ?? [])].sort((x, y) => (y.count ?? 0) - (x.count ?? 0)),
    total: a[AGG.total]?.[0] ?? { count: 0, unique_jobs: 0, avg_duration: null, p95_duration: null },
    errors: groupErrors(logs),
    errorTotal: search.total,
    errorsGrouped: logs.length,
  };
}
