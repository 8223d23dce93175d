// The endpoint area's stored state (`state.areas.endpoints`) as zod schemas: the one source of
// its types (state.ts) and the check a snapshot's endpoint area passes on import and on load.
import { z } from 'zod';
import { EndpointConfiguration, EndpointId, HealthStatus } from '../../../../shared/api/endpoints/common';

/** Simulated ms, years 0000–9999 (see the cluster area's stored schema). */
const Ms = z.number().int().min(Date.parse('0000-01-01T00:00:00.000Z')).max(Date.parse('9999-12-31T23:59:59.999Z'));
/** Seconds of one startup phase: at most an hour. */
const PhaseSeconds = z.number().int().min(1).max(3600);

/** Closed serving stretches kept per endpoint (docs/decisions.md, Endpoints: serving history and executions). */
export const SERVING_HISTORY_MAX = 1000;
/** Hours of API executions kept per endpoint: more than the longest usage period (180 days) of hours with any. */
export const EXECUTION_HOURS_MAX = 4500;

/**
 * A closed stretch of serving at one worker count (the billed rate): the traffic it served
 * follows its health, and a healthy one's incidents that began at or after `incidents_from`.
 */
const ServedSpan = z.object({
  start: Ms,
  end: Ms,
  /** Workers billed throughout (a time-weighted mean where two stretches were merged). */
  workers: z.number().min(0).max(50),
  usd_per_hour: z.number().min(0),
  health: z.enum(['healthy', 'degraded', 'unhealthy']),
  incidents_from: Ms.nullable(),
});

/** One hour's executions made through the API, by the member whose key made them (as many as the team has). */
const ExecutionHour = z.object({
  /** The hour's start (UTC hours). */
  hour: Ms,
  by: z.record(z.string().max(100), z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
});

export const StoredEndpoint = z.object({
  id: EndpointId,
  name: z.string().min(1).max(100),
  model: z.string(),
  /** The registry's model when the endpoint serves a deployment of it (training area); null for the others. */
  model_id: z.string().nullable().default(null),
  version: z.string(),
  gpu_type: z.string(),
  /** GiB of GPU memory the loaded model takes, and each worker's GPU's total. */
  model_memory_gb: z.number().min(0).max(1024),
  gpu_memory_gb: z.number().min(1).max(1024),
  created_at: Ms,
  updated_at: Ms,
  /**
   * The settled health (03-endpoints-training.md, Health report): `starting` turns `healthy`
   * once the startup phases have run (computed when read, sim/lifecycle.ts).
   */
  health: HealthStatus,
  /** When the current health began (startup began, for `starting`). */
  health_since: Ms,
  /** Startup phase durations in seconds (container_startup, dependency_loading, loading_model, warmup_inference). */
  startup: z.tuple([PhaseSeconds, PhaseSeconds, PhaseSeconds, PhaseSeconds]),
  /** What drives the simulated traffic (sim/traffic.ts). */
  traffic: z.object({
    /** Requests per second at the daily peak. */
    peak_rps: z.number().min(0).max(100_000),
    /** Latency of one request at low load (ms). */
    latency_ms: z.number().int().min(1).max(600_000),
    /** UTC hour of the daily peak. */
    peak_hour: z.number().int().min(0).max(23),
  }),
  configuration: EndpointConfiguration,
  /** A configuration change rolling out: status `updating` until `ends_at`. */
  rollout: z.object({ started_at: Ms, ends_at: Ms, changes: z.array(z.string()).max(200) }).nullable(),
  /** The member who created (deployed) it (issue 19, team detail); absent from older data. */
  created_by: z.string().nullable().optional(),
  /** Serving before the current stretch, oldest first (issue 21); absent from older data: none. */
  serving_history: z.array(ServedSpan).max(SERVING_HISTORY_MAX).default([]),
  /** Since when the current worker count is billed in the current serving stretch; null: since it began to serve. */
  rate_since: Ms.nullable().default(null),
  /** Who sends the simulated traffic, in percent of it (issue 21: usage's top users); empty: its creator, if known. */
  callers: z
    .array(z.object({ user_id: z.string().max(100), percent: z.number().int().min(1).max(100) }))
    .max(10)
    .default([]),
  /** Executions made through the API (batch-execute), by hour, oldest first. */
  api_executions: z.array(ExecutionHour).max(EXECUTION_HOURS_MAX).default([]),
});

export const StoredBatch = z.object({
  id: z.string().regex(/^batch_[A-Za-z0-9]+$/),
  submitted_at: Ms,
  executions: z.array(z.object({ request_id: z.string(), endpoint_id: EndpointId, started_at: Ms, ends_at: Ms })).max(100),
});

export const EndpointsState = z
  .object({
    endpoints: z.array(StoredEndpoint),
    /** batch-execute calls whose requests may still be in flight (finished ones are dropped at the next batch). */
    batches: z.array(StoredBatch),
    /** Counter that makes batch and request ids unique and deterministic. */
    batch_seq: z.number().int().min(0),
  })
  .superRefine((s, ctx) => {
    const ids = new Set<string>();
    s.endpoints.forEach((e, i) => {
      if (ids.has(e.id)) ctx.addIssue({ code: 'custom', path: ['endpoints', i, 'id'], message: 'duplicate endpoint id' });
      ids.add(e.id);
    });
  });
