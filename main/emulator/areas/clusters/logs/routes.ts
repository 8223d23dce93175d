// Cluster logs (02-clusters.md, Logs; Log entry): the page read (json or text), the
// Server-Sent Events stream, the boolean search and the download, all read from the log
// simulator in sim/logs/ (computed when read from the seed, the cluster and the simulated
// clock). Choices the document leaves open: docs/decisions.md, Logs.
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import {
  LOG_DEFAULT_WINDOW_MS,
  LOG_DOWNLOAD_MAX_MS,
  LOG_RETENTION_DAYS,
  LogLevel,
  type LogEntry,
} from '../../../../../shared/api/clusters/logs';
import { clustersOperations as ops } from '../../../../../shared/api/clusters/operations';
import { clusterError } from '../../../core/errors';
import { lastEventIdOf, polledEventStream, sseFrame } from '../../../core/event-stream';
import { RawBody, defineRoute } from '../../../core/route-def';
import { iso, ok } from '../envelope';
import { clusterOr404 } from '../lookup';
import type { Raw } from '../sim/logs/content';
import { QueryError, lowerOf, parseQuery, type Predicate } from '../sim/logs/query';
import {
  RARE_LEVELS,
  after,
  cursorOf,
  isLongRead,
  render,
  scan,
  scanAt,
  scanIndexed,
  sourceOf,
  textLine,
  type Cursor,
  type LogSourceOf,
} from '../sim/logs/read';
import { findCluster } from '../state';
import { countLogDownload } from '../transfer';

const DAY = 86_400_000;
const RETENTION_MS = LOG_RETENTION_DAYS * DAY;
/** A search without a time range covers the last day. */
const SEARCH_DEFAULT_MS = DAY;
/**
 * Event streams open now, in this process (tests check a stream stops when its client leaves).
 * @internal Exported for its tests only.
 */
export const openLogStreams = { count: 0 };

const invalid = (field: string, reason: string, extra: Record<string, unknown> = {}) =>
  clusterError(400, 'VALIDATION_ERROR', `Invalid ${field}: ${reason}`, { field, reason, ...extra });

interface Window {
  /** Entries with from ≤ t < to. */
  from: number;
  to: number;
  /** As reported: the range asked, cut to the retention and to now. */
  start: number;
  end: number;
}

/** The range a read covers: [start, end] asked (defaults: end now, start `defaultMs` before), cut to the retention and to now. */
function windowOf(startIso: string | undefined, endIso: string | undefined, now: number, defaultMs: number): Window {
  const end = endIso === undefined ? now : Date.parse(endIso);
  const start = startIso === undefined ? end - defaultMs : Date.parse(startIso);
  if (end <= start)
    throw invalid(endIso === undefined ? 'start_time' : 'end_time', endIso === undefined ? 'before now' : 'after start_time');
  const from = Math.max(start, now - RETENTION_MS);
  const to = Math.min(end, now) + 1;
  return { from, to, start: Math.min(from, to - 1), end: to - 1 };
}

/** Words and "quoted phrases" of a GET `search`, each required. */
function termsOf(search: string | undefined): string[] {
  if (!search) return [];
  const terms: string[] = [];
  for (const m of search.matchAll(/"([^"]*)"|(\S+)/g)) {
    const t = (m[1] ?? m[2] ?? '').trim();
    if (t) terms.push(t);
  }
  return terms;
}

interface Filters {
  log_type?: string[];
  level?: string[];
  source?: string[];
  search?: string;
}

function filterOf(q: Filters): { keep: Predicate; applied: string[]; terms: string[] } {
  const types = q.log_type ? new Set(q.log_type) : null;
  const levels = q.level ? new Set(q.level) : null;
  const sources = q.source ? new Set(q.source) : null;
  const terms = termsOf(q.search);
  const lower = terms.map((t) => t.toLowerCase());
  const applied: string[] = [];
  if (types) applied.push(`log_type=${[...types].join(',')}`);
  if (levels) applied.push(`level=${[...levels].join(',')}`);
  if (sources) applied.push(`source=${[...sources].join(',')}`);
  if (terms.length) applied.push(`search=${q.search}`);
  const keep: Predicate = (e) =>
    (types === null || types.has(e.type)) &&
    (levels === null || levels.has(e.level)) &&
    (sources === null || sources.has(e.source)) &&
    (lower.length === 0 || lower.every((t) => lowerOf(e).includes(t)));
  return { keep, applied, terms };
}

const since = (t0: number) => Math.round((performance.now() - t0) * 1000) / 1000;

function fileStamp(ms: number): string {
  return iso(ms)
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** An SSE frame of one entry (docs/decisions.md, Logs: stream framing). */
const frame = (entry: LogEntry) => sseFrame(entry.id, entry, 'log');

function lastEventId(headers: Readonly<Record<string, string | string[] | undefined>>): Cursor | null {
  const value = lastEventIdOf(headers);
  if (value === null) return null;
  const c = cursorOf(value);
  if (!c)
    throw invalid('Last-Event-ID', 'an entry id such as log_mfz3k1a8_w12 (the id of the last event received)', {
      value: value.slice(0, 100),
    });
  return c;
}

const SEVERITY: Record<string, number> = Object.fromEntries(LogLevel.options.map((l, i) => [l, i]));

export const logRoutes = [
  defineRoute(ops['clusters.logs.list'], (ctx, { params, query, now, requestId }) => {
    const t0 = performance.now();
    const c = clusterOr404(ctx.store, params.cluster_id);
    const w = windowOf(query.start_time, query.end_time, now, LOG_DEFAULT_WINDOW_MS);
    const { keep, applied, terms } = filterOf(query);
    const src = sourceOf(ctx.seed(), c);
    const page: Raw[] = [];
    let total = 0;
    const first = query.offset;
    const stop = first + query.limit;
    scan(
      src,
      w.from,
      w.to,
      keep,
      (e) => {
        if (total >= first && total < stop) page.push(e);
        total++;
      },
      query.tail,
      query.level ? new Set(query.level) : null,
    );
    const totalPages = Math.ceil(total / query.limit);
    if (query.format === 'text')
      return new RawBody(page.map((e) => textLine(e) + '\n').join(''), {
        'content-type': 'text/plain; charset=utf-8',
        'x-total-count': String(total),
        'x-log-retention-days': String(LOG_RETENTION_DAYS),
      });
    return ok(
      {
        cluster_id: c.id,
        logs: page.map((e) => render(src, e)),
        pagination: {
          total_count: total,
          current_page: Math.floor(first / query.limit) + 1,
          total_pages: totalPages,
          has_next: stop < total,
          has_previous: first > 0,
        },
        query_info: {
          log_type: query.log_type ? query.log_type.join(',') : null,
          time_range: { start: iso(w.start), end: iso(w.end) },
          filters_applied: applied,
          search_terms: terms,
        },
      },
      requestId,
      { query_time_ms: since(t0), log_retention_days: LOG_RETENTION_DAYS },
    );
  }),

  defineRoute(ops['clusters.logs.stream'], (ctx, { params, query, now, headers }) => {
    const id = clusterOr404(ctx.store, params.cluster_id).id;
    const resume = lastEventId(headers);
    const { keep } = filterOf(query);
    const endAt = query.end_time === undefined ? Infinity : Date.parse(query.end_time);
    const startAt = query.start_time === undefined ? null : Date.parse(query.start_time);
    if (endAt !== Infinity && startAt !== null && endAt <= startAt) throw invalid('end_time', 'after start_time');
    // Read afresh on each turn: a reset or an import may change the cluster or the seed.
    const source = (): LogSourceOf | null => {
      const c = findCluster(ctx.store, id);
      return c ? sourceOf(ctx.seed(), c) : null;
    };
    const floor = () => ctx.clock.now() - RETENTION_MS;
    // Where the stream begins: after the Last-Event-ID, at start_time, or with the last `limit` entries.
    let cursor: Cursor;
    // The first entry sent may be the cursor's own (the oldest of the last `limit`).
    let inclusive = false;
    if (resume) cursor = resume;
    else if (startAt !== null) cursor = { t: startAt - 1, tag: '~' };
    else {
      const src = source()!;
      let oldest: Raw | null = null;
      let n = 0;
      scan(
        src,
        Math.max(now - DAY, floor()),
        Math.min(now, endAt) + 1,
        keep,
        (e) => {
          oldest = e;
          return ++n < query.limit;
        },
        true,
      );
      const o = oldest as Raw | null;
      cursor = o ? { t: o.t, tag: o.tag } : { t: now, tag: '~' };
      inclusive = o !== null;
    }
    return polledEventStream({
      title: `logs of ${id}`,
      heartbeatMs: query.heartbeat_seconds * 1000,
      now: () => ctx.clock.now(),
      open: openLogStreams,
      read(max) {
        const src = source();
        if (!src) return { frames: [], end: 'cluster_not_found' };
        const nowSim = ctx.clock.now();
        const to = Math.min(nowSim, endAt) + 1;
        const from = Math.max(cursor.t, floor());
        const frames: string[] = [];
        scan(
          src,
          from,
          to,
          (e) => (after(e, cursor) || (inclusive && e.t === cursor.t && e.tag === cursor.tag)) && keep(e),
          (e) => {
            frames.push(frame(render(src, e)));
            cursor = { t: e.t, tag: e.tag };
            inclusive = false;
            return frames.length < max;
          },
        );
        return frames.length < max && nowSim > endAt ? { frames, end: 'end_time' } : { frames };
      },
    });
  }),

  defineRoute(ops['clusters.logs.search'], (ctx, { params, body, now, requestId }) => {
    const t0 = performance.now();
    const c = clusterOr404(ctx.store, params.cluster_id);
    let parsed: ReturnType<typeof parseQuery>;
    try {
      parsed = parseQuery(body.query);
    } catch (e) {
      if (e instanceof QueryError)
        throw invalid('query', e.message, { position: e.position, near: body.query.slice(e.position, e.position + 20) });
      throw e;
    }
    const range = body.time_range ?? {};
    const w = windowOf(range.start, range.end, now, SEARCH_DEFAULT_MS);
    const src = sourceOf(ctx.seed(), c);
    const [field, direction] = body.sort.split(':') as ['timestamp' | 'level', 'asc' | 'desc'];
    let total = 0;
    let scanned = 0;
    // By timestamp: the first `limit` in that order. By severity, newest first within a level:
    // the first `limit` of each level are enough.
    const results: Raw[] = [];
    const byLevel: Raw[][] = LogLevel.options.map(() => []);
    const [wants, take]: [(level: string) => boolean, (e: Raw) => void] =
      field === 'timestamp'
        ? [() => results.length < body.limit, (e) => results.push(e)]
        : [(level) => byLevel[SEVERITY[level]!]!.length < body.limit, (e) => byLevel[SEVERITY[e.level]!]!.push(e)];
    const newestFirst = field === 'timestamp' ? direction === 'desc' : true;
    const rareOnly = parsed.levels !== null && [...parsed.levels].every((l) => RARE_LEVELS.has(l));
    const visit = (e: Raw) => {
      total++;
      if (wants(e.level)) take(e);
    };
    // A query whose matches can only be at the times its id: terms name reads just those minutes.
    if (parsed.times !== null) scanAt(src, parsed.times, w.from, w.to, (e) => (scanned++, parsed.match(e)), visit, newestFirst);
    else if (parsed.index && !rareOnly && isLongRead(w.from, w.to))
      scanIndexed(
        src,
        w.from,
        w.to,
        parsed.index,
        parsed.match,
        {
          scanned: (n) => void (scanned += n),
          wants,
          take: (e) => {
            total++;
            take(e);
          },
          count: (n) => void (total += n),
        },
        newestFirst,
      );
    else scan(src, w.from, w.to, (e) => (scanned++, parsed.match(e)), visit, newestFirst, parsed.levels);
    if (field === 'level') results.push(...(direction === 'desc' ? byLevel.reverse() : byLevel).flat().slice(0, body.limit));
    return ok(
      {
        cluster_id: c.id,
        query: body.query,
        time_range: { start: iso(w.start), end: iso(w.end) },
        sort: body.sort,
        total_matches: total,
        returned: results.length,
        results: results.map((e) => render(src, e)),
      },
      requestId,
      { query_time_ms: since(t0), log_retention_days: LOG_RETENTION_DAYS, entries_scanned: scanned, search_terms: parsed.terms },
    );
  }),

  defineRoute(ops['clusters.logs.download'], (ctx, { params, query, now }) => {
    const c = clusterOr404(ctx.store, params.cluster_id);
    const w = windowOf(query.start_time, query.end_time, now, DAY);
    const asked =
      (query.end_time === undefined ? now : Date.parse(query.end_time)) -
      (query.start_time === undefined ? now - DAY : Date.parse(query.start_time));
    if (asked > LOG_DOWNLOAD_MAX_MS)
      throw invalid('start_time', 'a range of at most 24 hours per download', { max_range_hours: LOG_DOWNLOAD_MAX_MS / 3_600_000 });
    const src = sourceOf(ctx.seed(), c);
    const parts: string[] = [];
    scan(
      src,
      w.from,
      w.to,
      () => true,
      (e) => {
        parts.push(query.format === 'json' ? JSON.stringify(render(src, e)) : textLine(e) + '\n');
      },
    );
    const text = query.format === 'json' ? `[${parts.join(',\n')}]\n` : parts.join('');
    const ext = query.format === 'json' ? 'json' : 'log';
    const name = `${c.name}-logs-${fileStamp(w.start)}-${fileStamp(w.end)}.${ext}`;
    const gzip = query.compression === 'gzip';
    const file = gzip ? gzipSync(text) : Buffer.from(text, 'utf8');
    // Data transfer out (issue 21): the bytes of the file as sent.
    countLogDownload(ctx.store, c, file.length, now);
    return new RawBody(file, {
      'content-type': gzip ? 'application/gzip' : query.format === 'json' ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
      'content-disposition': `attachment; filename="${(gzip ? `${name}.gz` : name).replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'x-total-count': String(parts.length),
    });
  }),
];
