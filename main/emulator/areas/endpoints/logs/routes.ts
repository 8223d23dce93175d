// Endpoint logs (03-endpoints-training.md, Endpoint logs): GET in JSON, text or CSV, search
// across endpoints, and aggregate; the Server-Sent Events stream is stream.ts's
// (docs/decisions.md, Endpoints: logs).
import type { AggregateRow, EndpointLogEntry, GetLogsQuery, LogLevel } from '../../../../../shared/api/endpoints/logs';
import { LOG_LIMITS } from '../../../../../shared/api/endpoints/logs';
import { endpointsOperations as ops } from '../../../../../shared/api/endpoints/operations';
import { validationError } from '../../../core/errors';
import { RawBody, defineRoute } from '../../../core/route-def';
import { tooManyLogs } from '../errors';
import { RETENTION_MS, atLeast, compileFilters, compilePattern, entryOf, timeRangeOf, type LogPredicate } from './query';
import { STREAM_BACKLOG_DEFAULT, endpointLogStream } from './stream';
import { endpointOr404 } from '../lookup';
import { forEachLog, LEVEL_RANK, logsBetween, type LogRecord } from '../sim/logs';
import { iso } from '../endpoint/view';

const HOUR = 3_600_000;

function headerOf(headers: Readonly<Record<string, string | string[] | undefined>>, name: string): string {
  const v = headers[name];
  return (Array.isArray(v) ? v.join(',') : (v ?? '')).toLowerCase();
}

/** 03, Endpoint logs: `<timestamp> [<LEVEL>] <source>: <message> (<jobId>)`; `-` when there is no job. */
const textLine = (e: EndpointLogEntry) => `${e.timestamp} [${e.level.toUpperCase()}] ${e.source}: ${e.message} (${e.jobId ?? '-'})`;

const CSV_COLUMNS = [
  'timestamp',
  'level',
  'source',
  'message',
  'jobId',
  'requestId',
  'duration',
  'memoryUsage',
  'gpuUtilization',
  'metadata',
] as const;
/** RFC 4180: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is prefixed with ' so a spreadsheet never runs it. */
function csvCell(v: unknown): string {
  let s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (/^[=+\-@]/.test(s) && typeof v === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
const csvOf = (entries: EndpointLogEntry[]) =>
  [CSV_COLUMNS.join(','), ...entries.map((e) => CSV_COLUMNS.map((c) => csvCell(e[c])).join(','))].join('\r\n') + '\r\n';

function summaryOf(records: LogRecord[]) {
  const logLevels: Record<LogLevel, number> = { debug: 0, info: 0, warn: 0, error: 0, fatal: 0 };
  const sources: Record<string, number> = {};
  const errors = new Map<string, { error: string; count: number; first: number; last: number }>();
  for (const r of records) {
    logLevels[r.level]++;
    sources[r.source] = (sources[r.source] ?? 0) + 1;
    if (LEVEL_RANK[r.level] >= LEVEL_RANK.error) {
      const g = errors.get(r.message);
      if (g) {
        g.count++;
        g.last = r.t;
      } else errors.set(r.message, { error: r.message, count: 1, first: r.t, last: r.t });
    }
  }
  const commonErrors = [...errors.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, 10)
    .map((g) => ({ error: g.error, count: g.count, firstOccurrence: iso(g.first), lastOccurrence: iso(g.last) }));
  return { logLevels, sources, commonErrors };
}

/** numpy's default percentile (linear between closest ranks). */
function percentile(sorted: number[], p: number): number {
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The GET's filters (level and above, jobId, requestId, sources, search) as one test; the stream uses the same. */
function keepOf(query: GetLogsQuery): LogPredicate {
  const level = atLeast(query.level);
  const sources = query.source === undefined ? null : new Set<string>(query.source);
  const search = query.search === undefined ? null : compilePattern(query.search, 'search');
  return (r) =>
    level(r) &&
    (query.jobId === undefined || r.jobId === query.jobId) &&
    (query.requestId === undefined || r.requestId === query.requestId) &&
    (sources === null || sources.has(r.source)) &&
    (search === null || search.test(r.message));
}

/** A stream is asked by `stream=true`, or by `Accept: text/event-stream` when no `format` says otherwise. */
const wantsStream = (query: GetLogsQuery, accept: string) =>
  query.stream === 'true' || (query.format === undefined && accept.includes('text/event-stream'));

export const logRoutes = [
  defineRoute(ops['endpoints.logs'], (ctx, { params, query, headers, now }) => {
    const e = endpointOr404(ctx.store, params.endpointId);
    const accept = headerOf(headers, 'accept');
    const { start, end } = timeRangeOf(query.startTime, query.endTime, now);
    const keep = keepOf(query);
    if (wantsStream(query, accept)) {
      if (query.format === 'text' || query.format === 'csv')
        throw validationError('format', 'a stream sends JSON entries; leave format out, or ask for a page without stream=true');
      if (query.offset !== 0) throw validationError('offset', 'a stream has no pages; begin with startTime or Last-Event-ID');
      return endpointLogStream(ctx, {
        endpointId: e.id,
        keep,
        start: query.startTime === undefined ? null : start,
        end: query.endTime === undefined ? Infinity : end,
        limit: query.limit ?? STREAM_BACKLOG_DEFAULT,
        heartbeatMs: query.heartbeatSeconds * 1000,
        headers,
        now,
      });
    }
    const all = logsBetween(e, start, end, now, RETENTION_MS);
    const matches = all.filter(keep);
    // Without a limit the caller asks for the whole range: more than 10,000 is refused, not cut (docs/decisions.md).
    if (query.limit === undefined && matches.length > LOG_LIMITS.maxAllowed) throw tooManyLogs(matches.length, LOG_LIMITS.maxAllowed);
    const limit = query.limit ?? LOG_LIMITS.limit.default;
    const page = matches.slice(query.offset, query.offset + limit).map(entryOf);
    const format = query.format ?? (accept.includes('text/csv') ? 'csv' : 'json');
    if (format === 'text')
      return new RawBody(page.map((x) => `${textLine(x)}\n`).join(''), { 'content-type': 'text/plain; charset=utf-8' });
    if (format === 'csv') return new RawBody(csvOf(page), { 'content-type': 'text/csv; charset=utf-8' });
    const hasMore = query.offset + page.length < matches.length;
    return {
      endpointId: e.id,
      totalLogs: all.length,
      filteredLogs: matches.length,
      startTime: iso(start),
      endTime: iso(end),
      pagination: { limit, offset: query.offset, hasMore, nextOffset: hasMore ? query.offset + page.length : null },
      logs: page,
      summary: summaryOf(matches),
    };
  }),
  defineRoute(ops['endpoints.logs.search'], (ctx, { body, now }) => {
    const endpoints = [...new Set(body.endpointIds)].map((id) => endpointOr404(ctx.store, id));
    const range = body.filters.timeRange;
    const { start, end } = timeRangeOf(range?.start, range?.end, now);
    const test = compileFilters(body.filters, 'filters');
    const found: Array<{ id: string; r: LogRecord }> = [];
    for (const e of endpoints)
      forEachLog(e, start, end, now, RETENTION_MS, (r) => {
        if (test(r)) found.push({ id: e.id, r });
      });
    const { field, order } = body.sort;
    const sign = order === 'asc' ? 1 : -1;
    const key = (r: LogRecord): number | null =>
      field === 'timestamp' ? r.t : field === 'level' ? LEVEL_RANK[r.level] : field === 'duration' ? r.duration : r.gpuUtilization;
    found.sort((a, b) => {
      const x = key(a.r);
      const y = key(b.r);
      // Entries without the field (no duration) come last either way; ties by time, newest first.
      if (x === null || y === null) return x === y ? b.r.t - a.r.t : x === null ? 1 : -1;
      return (x - y) * sign || b.r.t - a.r.t;
    });
    const logs = found.slice(0, body.limit).map(({ id, r }) => ({ ...entryOf(r), endpointId: id }));
    return { logs, total: found.length, returned: logs.length, timeRange: { start: iso(start), end: iso(end) } };
  }),
  defineRoute(ops['endpoints.logs.aggregate'], (ctx, { body, now }) => {
    const endpoints = [...new Set(body.endpointIds)].map((id) => endpointOr404(ctx.store, id));
    const { start, end } = timeRangeOf(body.timeRange.start, body.timeRange.end, now);
    const tests = body.aggregations.map((a, i) => compileFilters(a.filters, `aggregations.${i}.filters`));
    // One pass over the lines for every aggregation (a day of twenty endpoints is read once), each
    // group keeping only what its metrics need: no line is held after it was counted.
    type Group = { keys: Record<string, string>; count: number; jobs: Set<string>; durations: number[] };
    const groupsOf = body.aggregations.map(() => new Map<string, Group>());
    const add = (r: LogRecord) =>
      body.aggregations.forEach((a, i) => {
        if (!tests[i]!(r)) return;
        const keys: Record<string, string> = {};
        for (const g of a.groupBy) keys[g] = g === 'level' ? r.level : g === 'source' ? r.source : iso(Math.floor(r.t / HOUR) * HOUR);
        const id = a.groupBy.map((g) => keys[g]).join('|');
        let group = groupsOf[i]!.get(id);
        if (!group) groupsOf[i]!.set(id, (group = { keys, count: 0, jobs: new Set(), durations: [] }));
        group.count++;
        if (r.jobId !== null && a.metrics.includes('unique_jobs')) group.jobs.add(r.jobId);
        if (r.duration !== null && (a.metrics.includes('avg_duration') || a.metrics.includes('p95_duration')))
          group.durations.push(r.duration);
      });
    for (const e of endpoints) forEachLog(e, start, end, now, RETENTION_MS, add);
    const aggregations: Record<string, AggregateRow[]> = {};
    body.aggregations.forEach((a, i) => {
      const rows = [...groupsOf[i]!.values()].map(({ keys, count, jobs, durations }) => {
        const row: Record<string, unknown> = { ...keys };
        durations.sort((x, y) => x - y);
        for (const m of a.metrics) {
          if (m === 'count') row.count = count;
          else if (m === 'unique_jobs') row.unique_jobs = jobs.size;
          else if (m === 'avg_duration')
            row.avg_duration = durations.length === 0 ? null : round3(durations.reduce((s, d) => s + d, 0) / durations.length);
          else row.p95_duration = durations.length === 0 ? null : round3(percentile(durations, 0.95));
        }
        return row;
      });
      // Hours in order, then levels by severity, then sources by name.
      const rank = (row: Record<string, unknown>) =>
        a.groupBy.map((g) => (g === 'level' ? String(LEVEL_RANK[row.level as LogLevel]) : String(row[g])));
      rows.sort((x, y) => {
        const rx = rank(x);
        const ry = rank(y);
        for (let k = 0; k < rx.length; k++) if (rx[k] !== ry[k]) return rx[k]! < ry[k]! ? -1 : 1;
        return 0;
      });
      aggregations[a.name] = rows as AggregateRow[];
    });
    return { aggregations, timeRange: { start: iso(start), end: iso(end) } };
  }),
];
