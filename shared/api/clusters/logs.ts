// Cluster logs (02-clusters.md, Logs; Log entry): the page read, the Server-Sent Events stream,
// the boolean search and the download. What the document leaves "not shown" (the stream's
// framing, the search's grammar and answer, bounds) is chosen in docs/decisions.md, "Logs".
import { z } from 'zod';
import { Timestamp, oneOrMany } from '../common';
import { ClusterMeta, clusterEnvelope, queryBool } from './common';

const LEVELS = ['debug', 'info', 'warn', 'error', 'fatal'] as const;
export const LogLevel = z.enum(LEVELS);
export type LogLevel = z.infer<typeof LogLevel>;
const SOURCES = ['container', 'host', 'gpu_driver', 'application'] as const;
export const LogSource = z.enum(SOURCES);
export type LogSource = z.infer<typeof LogSource>;
const TYPES = ['system', 'application', 'error', 'audit', 'runtime', 'gpu'] as const;
export const LogType = z.enum(TYPES);
export type LogType = z.infer<typeof LogType>;

/** 02-clusters.md, Limits: log retention 30 days (`log_retention_days` in responses). */
export const LOG_RETENTION_DAYS = 30;
/** 02-clusters.md, Limits: log page default 100 entries, at most 1000. */
const LOG_PAGE_DEFAULT = 100;
const LOG_PAGE_MAX = 1000;
/** `search` (GET) and `query` (POST search): at most this many characters. */
const LOG_SEARCH_MAX_CHARS = 200;
export const LOG_QUERY_MAX_CHARS = 1000;
/** A GET or a stream without a start reads this far back from its end. */
export const LOG_DEFAULT_WINDOW_MS = 3_600_000;
/** A download covers at most one day (docs/decisions.md, Logs). */
export const LOG_DOWNLOAD_MAX_MS = 86_400_000;
/** Skipping more than this many entries is refused: page by time instead. */
const LOG_OFFSET_MAX = 1_000_000;

export const LogEntry = z.object({
  /** Stable: the same entry always has this id (pagination and Last-Event-ID resume). */
  id: z.string(),
  timestamp: Timestamp,
  level: LogLevel,
  source: LogSource,
  log_type: LogType,
  message: z.string(),
  process: z.object({ pid: z.number().int(), name: z.string(), command: z.string() }),
  metadata: z.object({
    host: z.string(),
    container_id: z.string().nullable(),
    thread_id: z.number().int().nullable(),
    file: z.string().nullable(),
    line: z.number().int().nullable(),
    gpu_id: z.string().nullable(),
    cuda_version: z.string().nullable(),
    driver_version: z.string().nullable(),
  }),
  tags: z.array(z.string()),
  /** Errors and fatal entries only. */
  stack_trace: z.array(z.string()).optional(),
});
export type LogEntry = z.infer<typeof LogEntry>;

/** Filters of the page read and of the stream (02-clusters.md, Logs: GET logs query). */
const filters = {
  log_type: oneOrMany(TYPES, 'a log type').optional(),
  level: oneOrMany(LEVELS, 'a level').optional(),
  source: oneOrMany(SOURCES, 'a source').optional(),
  search: z.string().max(LOG_SEARCH_MAX_CHARS, `at most ${LOG_SEARCH_MAX_CHARS} characters`).optional(),
  start_time: Timestamp.optional(),
  end_time: Timestamp.optional(),
};
const Limit = z.coerce
  .number({ error: `a whole number from 1 to ${LOG_PAGE_MAX}` })
  .int(`a whole number from 1 to ${LOG_PAGE_MAX}`)
  .min(1, `a whole number from 1 to ${LOG_PAGE_MAX}`)
  .max(LOG_PAGE_MAX, `a whole number from 1 to ${LOG_PAGE_MAX}`);

const LogFormat = z.enum(['json', 'text']);

export const LogsQuery = z.strictObject({
  ...filters,
  limit: Limit.default(LOG_PAGE_DEFAULT),
  offset: z.coerce
    .number({ error: `a whole number from 0 to ${LOG_OFFSET_MAX}` })
    .int(`a whole number from 0 to ${LOG_OFFSET_MAX}`)
    .min(0, `a whole number from 0 to ${LOG_OFFSET_MAX}`)
    .max(LOG_OFFSET_MAX, `a whole number from 0 to ${LOG_OFFSET_MAX}`)
    .default(0),
  format: LogFormat.default('json'),
  /** Most recent first (default), else oldest first. */
  tail: queryBool(true),
});
export type LogsQuery = z.input<typeof LogsQuery>;

const LogsPage = z.object({
  cluster_id: z.string(),
  logs: z.array(LogEntry),
  pagination: z.object({
    total_count: z.number().int().min(0),
    current_page: z.number().int().min(1),
    total_pages: z.number().int().min(0),
    has_next: z.boolean(),
    has_previous: z.boolean(),
  }),
  query_info: z.object({
    /**
     * The `log_type` parameter as asked: the document's query takes one type, echoed as that
     * string ("gpu"); several (an extension: repeated or comma-separated) are echoed
     * comma-separated ("gpu,error"); null when none was asked (docs/decisions.md, Clusters: logs).
     */
    log_type: z.string().nullable(),
    time_range: z.object({ start: Timestamp, end: Timestamp }),
    /** Each filter as `name=value` (values comma-separated). */
    filters_applied: z.array(z.string()),
    search_terms: z.array(z.string()),
  }),
});
const LogsMeta = ClusterMeta.extend({ query_time_ms: z.number().min(0), log_retention_days: z.number().int() });
export const LogsResponse = clusterEnvelope(LogsPage, LogsMeta);
/** The text format: one line per entry (stack trace lines indented below it). */
export const LogsText = z.string();

export const LogStreamQuery = z.strictObject({
  ...filters,
  /** Entries sent first when neither Last-Event-ID nor start_time says where to begin. */
  limit: Limit.default(LOG_PAGE_DEFAULT),
  /** Seconds of real time between heartbeat comments. */
  heartbeat_seconds: z.coerce
    .number({ error: 'a whole number from 1 to 60' })
    .int('a whole number from 1 to 60')
    .min(1, 'a whole number from 1 to 60')
    .max(60, 'a whole number from 1 to 60')
    .default(15),
});
export type LogStreamQuery = z.input<typeof LogStreamQuery>;
/** The `text/event-stream` body (framing in docs/decisions.md, Logs). */
export const LogStreamText = z.string();

const LogSort = z.enum(['timestamp:desc', 'timestamp:asc', 'level:desc', 'level:asc'], {
  error: 'one of timestamp:desc, timestamp:asc, level:desc, level:asc',
});
export const LogSearchRequest = z.strictObject({
  query: z
    .string()
    .trim()
    .min(1, 'a query such as level:error AND "out of memory"')
    .max(LOG_QUERY_MAX_CHARS, `at most ${LOG_QUERY_MAX_CHARS} characters`),
  time_range: z.strictObject({ start: Timestamp.optional(), end: Timestamp.optional() }).optional(),
  limit: z
    .number({ error: `a whole number from 1 to ${LOG_PAGE_MAX}` })
    .int(`a whole number from 1 to ${LOG_PAGE_MAX}`)
    .min(1, `a whole number from 1 to ${LOG_PAGE_MAX}`)
    .max(LOG_PAGE_MAX, `a whole number from 1 to ${LOG_PAGE_MAX}`)
    .default(LOG_PAGE_DEFAULT),
  sort: LogSort.default('timestamp:desc'),
});
export type LogSearchRequest = z.input<typeof LogSearchRequest>;
const LogSearchResult = z.object({
  cluster_id: z.string(),
  query: z.string(),
  time_range: z.object({ start: Timestamp, end: Timestamp }),
  sort: LogSort,
  total_matches: z.number().int().min(0),
  returned: z.number().int().min(0),
  results: z.array(LogEntry),
});
const LogSearchMeta = LogsMeta.extend({ entries_scanned: z.number().int().min(0) });
export const LogSearchResponse = clusterEnvelope(LogSearchResult, LogSearchMeta);

export const LogDownloadQuery = z.strictObject({
  format: LogFormat.default('json'),
  compression: z.enum(['gzip', 'none']).default('none'),
  start_time: Timestamp.optional(),
  end_time: Timestamp.optional(),
});
export type LogDownloadQuery = z.input<typeof LogDownloadQuery>;
/** The json file: the entries of the range, oldest first. */
export const LogDownloadJson = z.array(LogEntry);
