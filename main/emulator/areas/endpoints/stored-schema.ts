// The endpoint area's stored state (`state.areas.endpoints`) as zod schemas: the one source of
// its types (state.ts) and the check a snapshot's endpoint area passes on import and on load.
import { z } from 'zod';
import { EndpointConfiguration, EndpointId, HealthStatus } from '../../../../shared/api/endpoints/common';

/** Simulated ms, years 0000–9999 (see the cluster area's stored schema). */
const Ms = z.number().int().min(Date.parse('0000-01-01T00:00:00.000Z')).max(Date.parse('9999-12-31T23:59:59.999Z'));
/** Seconds of one startup phase: at most an hour. */
const PhaseSeconds = z.number().int().min(1).max(3600);

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
