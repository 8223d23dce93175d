// The live streams of the bridge (topics of contract.ts): log tails of clusters and
// endpoints relayed from the API's Server-Sent Events, and the shared metrics poller. The main
// process holds one upstream per distinct subscription key however many windows subscribe
// (the stream relay, main/streams/), and delivers entries in batches, never one message a line.
import { z } from 'zod';
import { ClusterId } from '../api/clusters/common';
import { LimitGroup, Timestamp } from '../api/common';
import { LogLevel as ClusterLogLevel, LogSource as ClusterLogSource, LogType } from '../api/clusters/logs';
import { EndpointId } from '../api/endpoints/common';
import { LogLevel as EndpointLogLevel, LogSource as EndpointLogSource } from '../api/endpoints/logs';
import { NormalizedError } from '../api/errors';
import { JOB_LIMITS, JobId, JobMetricPoint, JobMetricsResponse, TrainingJob } from '../api/training/jobs';

/**
 * How a live view refreshes under the console's read budget (main/gateway/read-budget.ts):
 * `live` at the pace the view asked for, `saving` slower to keep background refresh within its
 * share of the group's hourly reads, `paused` until the window resets (`resumeAt`, server ms)
 * because the share is spent. `share` of `limit` reads an hour; absent before the server told
 * its limits.
 */
export const RefreshPace = z.object({
  /** The wait before the next refresh (real ms). */
  everyMs: z.number().int().nonnegative(),
  preferredMs: z.number().int().nonnegative(),
  state: z.enum(['live', 'saving', 'paused']),
  group: LimitGroup,
  limit: z.number().int().optional(),
  share: z.number().int().optional(),
  resumeAt: z.number().int().optional(),
});
export type RefreshPace = z.infer<typeof RefreshPace>;

/** What a log window follows: a cluster's logs or an endpoint's. */
export const LogSourceRef = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('cluster'), id: ClusterId }),
  z.strictObject({ kind: z.literal('endpoint'), id: EndpointId }),
]);
export type LogSourceRef = z.infer<typeof LogSourceRef>;

/** An SSE event id as the emulator writes them (cluster entry ids, `<epoch ms>-<rank>` for endpoints), bounded. */
const EventId = z.string().regex(/^[\x21-\x7e]{1,128}$/);

/** Server-side filters of a tail: those of the stream routes (everything else is filtered in the window). */
export const LogTailFilters = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('cluster'),
    level: z.array(ClusterLogLevel).max(8).optional(),
    log_type: z.array(LogType).max(8).optional(),
    source: z.array(ClusterLogSource).max(16).optional(),
  }),
  z.strictObject({
    kind: z.literal('endpoint'),
    /** The least severe level (as the endpoint route's `level`). */
    level: EndpointLogLevel.optional(),
    source: z.array(EndpointLogSource).max(16).optional(),
  }),
]);
export type LogTailFilters = z.infer<typeof LogTailFilters>;

const LOG_TAIL_BACKLOG_MAX = 1000;

export const LogTailParams = z.strictObject({
  source: LogSourceRef,
  filters: LogTailFilters.optional(),
  /** Entries before now to start with (the stream routes' `limit`, which is at least 1). */
  backlog: z.number().int().min(1).max(LOG_TAIL_BACKLOG_MAX).default(200),
  /**
   * Start at this moment instead of with the newest `backlog` entries (a metric spike's link to
   * the logs of that minute); the stream routes' `start_time`/`startTime`.
   */
  since: Timestamp.optional(),
  /** Resume after this event (the newest one a window already holds): no gap, no repeat. */
  after: EventId.optional(),
});
export type LogTailParams = z.input<typeof LogTailParams>;

/** One relayed entry: the event id and the entry as the API sent it (LogEntry or EndpointLogEntry by source kind). */
export const LogTailItem = z.object({ id: z.string(), entry: z.unknown() });
export type LogTailItem = z.infer<typeof LogTailItem>;

export const LogTailEvent = z.discriminatedUnion('type', [
  /** Entries in stream order, batched (at most one batch per ~16 ms per subscription). */
  z.object({ type: z.literal('entries'), items: z.array(LogTailItem) }),
  /**
   * This window fell behind (its transport stayed congested) and the relay dropped `count` of
   * the oldest entries it held for it: the next `entries` do not follow the last ones. Older
   * entries stay readable through the logs routes (docs/decisions.md, Stream relay).
   */
  z.object({ type: z.literal('dropped'), count: z.number().int().positive() }),
  /**
   * The upstream's state: `connecting` (first open), `live`, `reconnecting` (dropped; resumes
   * with Last-Event-ID after `retryInMs`), `ended` (the server ended it, e.g. the cluster is gone:
   * `reason`), `failed` (refused: `error`, e.g. 404, 403 logs:read, 429 — not retried).
   */
  z.object({
    type: z.literal('status'),
    state: z.enum(['connecting', 'live', 'reconnecting', 'ended', 'failed']),
    reason: z.string().optional(),
    retryInMs: z.number().int().nonnegative().optional(),
    error: NormalizedError.optional(),
  }),
]);
export type LogTailEvent = z.infer<typeof LogTailEvent>;

/** The shared metrics poller reads each watched cluster this often (real time): the dashboard's live pace. */
export const METRICS_LIVE_INTERVAL_MS = 10_000;

/** The shared metrics poller: one read of the current snapshot per cluster per interval, whoever watches. */
const METRICS_LIVE_INTERVAL_MAX_MS = 3_600_000;
export const MetricsLiveParams = z.strictObject({
  clusterId: ClusterId,
  /** How often this subscriber needs a reading (10 s to 1 h); main reads a cluster at the shortest interval asked. */
  intervalMs: z.number().int().min(METRICS_LIVE_INTERVAL_MS).max(METRICS_LIVE_INTERVAL_MAX_MS).optional(),
});
export const MetricsLiveEvent = z.discriminatedUnion('ok', [
  /** `snapshot` is the `data` of `GET /v1/clusters/{id}/metrics` (MetricsSnapshot). */
  z.object({ ok: z.literal(true), snapshot: z.unknown(), serverTime: z.number().int().optional(), pace: RefreshPace.optional() }),
  z.object({ ok: z.literal(false), error: NormalizedError, pace: RefreshPace.optional() }),
]);
export type MetricsLiveEvent = z.infer<typeof MetricsLiveEvent>;

/** How often (real time) main reads a followed training job and its new metric points. */
export const TRAINING_JOB_LIVE_INTERVAL_MS = 2_000;

export const TrainingJobLiveParams = z.strictObject({
  jobId: JobId,
  /** Points of the first series (the run so far, bucketed to at most this many). */
  points: z.number().int().min(JOB_LIMITS.seriesPoints.min).max(JOB_LIMITS.seriesPoints.max).default(1000),
});
export type TrainingJobLiveParams = z.input<typeof TrainingJobLiveParams>;

/**
 * A followed training job: first the job and its series so far (`snapshot`), then on every
 * change the job again with only the metric points after the last one sent (`update`): the
 * view appends them, nothing is read again. `error` when a read failed (the next read retries;
 * a 404 ends the stream).
 */
export const TrainingJobLiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), job: TrainingJob, series: JobMetricsResponse, serverTime: z.number().int().optional() }),
  z.object({ type: z.literal('update'), job: TrainingJob, points: z.array(JobMetricPoint), serverTime: z.number().int().optional() }),
  z.object({ type: z.literal('error'), error: NormalizedError, final: z.boolean() }),
  /** When the next read comes and why (sent when it changes). */
  z.object({ type: z.literal('pace'), pace: RefreshPace }),
]);
export type TrainingJobLiveEvent = z.infer<typeof TrainingJobLiveEvent>;
