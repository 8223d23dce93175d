// Endpoint logs (03-endpoints-training.md, Endpoint log entry; Endpoints: Endpoint logs; Limits):
// the entry, GET with its query and formats, search and aggregate. Rules the document leaves
// open are docs/decisions.md, Endpoints: logs.
import { z } from 'zod';
import { oneOrMany } from '../common';
import { EndpointId, Timestamp } from './common';

export const LogLevel = z.enum(['debug', 'info', 'warn', 'error', 'fatal']);
export type LogLevel = z.infer<typeof LogLevel>;
const SOURCES = [
  'api_handler',
  'model_loader',
  'model_inference',
  'resource_monitor',
  'storage_uploader',
  'cache_manager',
  'auto_scaler',
] as const;
export const LogSource = z.enum(SOURCES);
export type LogSource = z.infer<typeof LogSource>;

/**
 * Request lines are sampled beyond one per two seconds (docs/decisions.md, Endpoints: logs): the
 * logs count at most this many requests a minute, the endpoint's metrics count every one.
 */
export const REQUEST_LINES_PER_MINUTE = 30;

export const LOG_LIMITS = {
  /** 03, Limits: entries per request. */
  limit: { minimum: 1, maximum: 10_000, default: 1000 },
  /** 03, Limits: time range per query. */
  maxRangeMs: 24 * 3_600_000,
  maxTimeRange: '24h',
  /** 03, Errors: TOO_MANY_LOGS maxAllowed. */
  maxAllowed: 10_000,
  /** Chosen: a pattern's length. */
  patternMax: 500,
  /** Chosen: endpoints per search or aggregate. */
  endpointsMax: 20,
  /** Chosen: search results. */
  searchDefault: 100,
  /** Chosen: as cluster logs (02-clusters.md, log_retention_days). */
  retentionDays: 30,
} as const;

const RecoveryActionLog = z.object({ type: z.string(), description: z.string(), executed: z.boolean(), result: z.string() });

export const EndpointLogEntry = z.object({
  timestamp: Timestamp,
  level: LogLevel,
  message: z.string(),
  jobId: z.string().nullable(),
  requestId: z.string().nullable(),
  source: LogSource,
  metadata: z.record(z.string(), z.unknown()),
  /** Seconds, or null. */
  duration: z.number().min(0).nullable(),
  memoryUsage: z.string(),
  gpuUtilization: z.number().int().min(0).max(100),
  stackTrace: z.array(z.string()).optional(),
  context: z.record(z.string(), z.unknown()).optional(),
  recoveryActions: z.array(RecoveryActionLog).optional(),
  benchmarks: z.record(z.string(), z.number()).optional(),
});
export type EndpointLogEntry = z.infer<typeof EndpointLogEntry>;

const LogFormat = z.enum(['json', 'text', 'csv']);

export const GetLogsQuery = z.strictObject({
  startTime: Timestamp.optional(),
  endTime: Timestamp.optional(),
  /** The least severe level returned (info: info, warn, error and fatal). */
  level: LogLevel.default('info'),
  /** Without it, a range holding more than 10,000 matches is TOO_MANY_LOGS; with it, a page. */
  limit: z.coerce.number().int().min(LOG_LIMITS.limit.minimum).max(LOG_LIMITS.limit.maximum).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  jobId: z.string().min(1).max(100).optional(),
  /** Chosen (as cluster logs' `source`): one or more sources, repeated or comma-separated. */
  source: oneOrMany(SOURCES, 'a source').optional(),
  /** Chosen: one request's lines. */
  requestId: z.string().min(1).max(100).optional(),
  /** A regular expression (RE2 syntax: linear time) matched against the message. */
  search: z.string().min(1).max(LOG_LIMITS.patternMax).optional(),
  format: LogFormat.optional(),
  /** Server-Sent Events instead of a page (as `Accept: text/event-stream`); framing in docs/decisions.md, Endpoints: Logs. */
  stream: z.enum(['true', 'false']).default('false'),
  /** A stream's seconds of real time between heartbeat comments (chosen, as cluster logs' `heartbeat_seconds`). */
  heartbeatSeconds: z.coerce
    .number({ error: 'a whole number from 1 to 60' })
    .int('a whole number from 1 to 60')
    .min(1, 'a whole number from 1 to 60')
    .max(60, 'a whole number from 1 to 60')
    .default(15),
});
export type GetLogsQuery = z.infer<typeof GetLogsQuery>;

const Count = z.number().int().min(0);
const LogsPage = z.object({
  endpointId: z.string(),
  /** Entries of every level in the time range. */
  totalLogs: Count,
  /** Entries matching level, jobId and search. */
  filteredLogs: Count,
  startTime: Timestamp,
  endTime: Timestamp,
  pagination: z.object({ limit: Count, offset: Count, hasMore: z.boolean(), nextOffset: Count.nullable() }),
  logs: z.array(EndpointLogEntry),
  summary: z.object({
    logLevels: z.object({ debug: Count, info: Count, warn: Count, error: Count, fatal: Count }),
    sources: z.record(z.string(), Count),
    commonErrors: z.array(z.object({ error: z.string(), count: Count, firstOccurrence: Timestamp, lastOccurrence: Timestamp })),
  }),
});
/** JSON; the text, CSV and event-stream forms are named in the operation's `successMedia`. */
export const GetLogsResponse = LogsPage;
export const LogsTextBody = z.string();

const TimeRange = z.strictObject({ start: Timestamp, end: Timestamp });
const MetadataCondition = z.union([
  z.strictObject({ $gt: z.number() }),
  z.strictObject({ $regex: z.string().min(1).max(LOG_LIMITS.patternMax) }),
]);
export const LogFilters = z.strictObject({
  timeRange: TimeRange.optional(),
  levels: z.array(LogLevel).min(1).max(5).optional(),
  sources: z.array(LogSource).min(1).max(7).optional(),
  search: z.strictObject({ query: z.string().min(1).max(LOG_LIMITS.patternMax), caseSensitive: z.boolean().default(false) }).optional(),
  metadata: z
    .record(z.string().min(1).max(100), MetadataCondition)
    .refine((m) => Object.keys(m).length <= 10, { message: 'at most 10 metadata conditions' })
    .optional(),
});
export type LogFilters = z.infer<typeof LogFilters>;

const SortField = z.enum(['timestamp', 'level', 'duration', 'gpuUtilization']);
export const SearchLogsRequest = z.strictObject({
  endpointIds: z.array(EndpointId).min(1).max(LOG_LIMITS.endpointsMax),
  filters: LogFilters.default({}),
  sort: z
    .strictObject({ field: SortField.default('timestamp'), order: z.enum(['asc', 'desc']).default('desc') })
    .default({ field: 'timestamp', order: 'desc' }),
  limit: z.number().int().min(1).max(LOG_LIMITS.limit.maximum).default(LOG_LIMITS.searchDefault),
});
export type SearchLogsRequest = z.infer<typeof SearchLogsRequest>;

export const SearchLogsResponse = z.object({
  logs: z.array(EndpointLogEntry.extend({ endpointId: z.string() })),
  /** Entries matching, before the limit. */
  total: Count,
  returned: Count,
  timeRange: z.object({ start: Timestamp, end: Timestamp }),
});

const GroupBy = z.enum(['level', 'hour', 'source']);
const AggregateMetric = z.enum(['count', 'unique_jobs', 'avg_duration', 'p95_duration']);
export const AggregateLogsRequest = z.strictObject({
  endpointIds: z.array(EndpointId).min(1).max(LOG_LIMITS.endpointsMax),
  timeRange: TimeRange,
  aggregations: z
    .array(
      z.strictObject({
        name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'a name of letters, digits and _'),
        groupBy: z.array(GroupBy).max(3).default([]),
        filters: LogFilters.omit({ timeRange: true }).default({}),
        metrics: z.array(AggregateMetric).min(1).max(4),
      }),
    )
    .min(1)
    .max(10),
});
export type AggregateLogsRequest = z.infer<typeof AggregateLogsRequest>;

export const AggregateRow = z.object({
  level: LogLevel.optional(),
  /** Start of the UTC hour. */
  hour: Timestamp.optional(),
  source: LogSource.optional(),
  count: Count.optional(),
  unique_jobs: Count.optional(),
  /** Seconds over entries with a duration; null when none has one. */
  avg_duration: z.number().nullable().optional(),
  p95_duration: z.number().nullable().optional(),
});
export type AggregateRow = z.infer<typeof AggregateRow>;
export const AggregateLogsResponse = z.object({
  aggregations: z.record(z.string(), z.array(AggregateRow)),
  timeRange: z.object({ start: Timestamp, end: Timestamp }),
});
