// API usage analytics (01-accounts.md, Usage and limits: `GET /v2/analytics/api-usage`, query
// `period`; parameters and response beyond it "not shown"): what the emulator really answered,
// per route template, status class and key, with latency percentiles (docs/decisions.md, API
// usage analytics).
import { z } from 'zod';
import { Timestamp } from '../common';

/** `24h` is the document's; the others are ours. Hour buckets are the resolution, so no shorter period. */
const API_USAGE_PERIODS = ['24h', '7d', '30d'] as const;
export const ApiUsagePeriod = z.enum(API_USAGE_PERIODS);
export type ApiUsagePeriod = z.infer<typeof ApiUsagePeriod>;

export const ApiUsageQuery = z.strictObject({ period: ApiUsagePeriod.default('24h') });

/** Requests by status class; 1xx never happens, anything else is counted with its hundred. */
const ByStatus = z.object({
  '2xx': z.number().int().min(0),
  '3xx': z.number().int().min(0),
  '4xx': z.number().int().min(0),
  '5xx': z.number().int().min(0),
});
export type ApiUsageByStatus = z.infer<typeof ByStatus>;

/** From a log-spaced histogram: within about 9% of the true value (docs/decisions.md). */
const Percentiles = z.object({ p50: z.number().min(0), p95: z.number().min(0), p99: z.number().min(0) });

/**
 * `route`: a route of the API, by method and path template; `unmatched`: a path no route has
 * (its method as sent, `path` null); `other`: requests past the aggregate's bounds, route and key unknown.
 */
const RowKind = z.enum(['route', 'unmatched', 'other']);

export const ApiUsageRoute = z.object({
  kind: RowKind,
  /** As sent for `unmatched`; null for `other`. */
  method: z.string().max(20).nullable(),
  /** The route's template (`/v2/accounts/api-keys/:key_id`), never a requested URL. */
  path: z.string().max(300).nullable(),
  /** The operation the route serves (its id in the OpenAPI document); null for admin routes, unmatched and other. */
  operationId: z.string().nullable(),
  requests: z.number().int().min(0),
  byStatus: ByStatus,
  /** Share of 4xx and 5xx answers, 0 to 1. */
  errorRate: z.number().min(0).max(1),
  latencyMs: Percentiles,
});
export type ApiUsageRoute = z.infer<typeof ApiUsageRoute>;

/**
 * `key`: one API key (its id and name, never its value); `anonymous`: requests without a valid
 * key (401s); `other`: the keys past the list's bound and requests past the aggregate's bounds.
 */
export const ApiUsageKey = z.object({
  kind: z.enum(['key', 'anonymous', 'other']),
  keyId: z.string().nullable(),
  /** Null when the key no longer exists, and for `anonymous` and `other`. */
  name: z.string().nullable(),
  requests: z.number().int().min(0),
  errorRate: z.number().min(0).max(1),
});
export type ApiUsageKey = z.infer<typeof ApiUsageKey>;

const ApiUsagePoint = z.object({
  /** Start of the hour or day (UTC). */
  start: Timestamp,
  requests: z.number().int().min(0),
  byStatus: ByStatus,
});

export const ApiUsageResponse = z.object({
  period: ApiUsagePeriod,
  periodStart: Timestamp,
  periodEnd: Timestamp,
  granularity: z.enum(['hour', 'day']),
  totals: z.object({
    requests: z.number().int().min(0),
    byStatus: ByStatus,
    errorRate: z.number().min(0).max(1),
    /** Null when the period holds no request. */
    latencyMs: Percentiles.nullable(),
  }),
  /** Most requested first. */
  routes: z.array(ApiUsageRoute),
  /** Most requested first; at most 50 keys, the rest folded into `other`. */
  keys: z.array(ApiUsageKey),
  /** Every hour or day of the period, oldest first, zeros included. */
  timeline: z.array(ApiUsagePoint),
});
export type ApiUsageResponse = z.infer<typeof ApiUsageResponse>;
