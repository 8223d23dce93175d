// The endpoint record (03-endpoints-training.md, Endpoint configuration) and its update
// (Endpoint update). Fields beyond id, name, status, configuration and updatedAt are "not
// shown"; the ones added here are docs/decisions.md, Endpoints.
import { z } from 'zod';
import { AutoScaling, EndpointConfiguration, EndpointStatus, EnvironmentVariables, HealthStatus, Readiness, Timestamp } from './common';

/** Traffic figures of the last hour, as the health report's `metrics` (03, Health report). */
export const TrafficMetrics = z.object({
  requestsLastHour: z.number().int().min(0),
  /** Milliseconds. */
  averageLatency: z.number().int().min(0),
  /** Percent, 0-100. */
  errorRate: z.number().min(0).max(100),
  successRate: z.number().min(0).max(100),
});
export type TrafficMetrics = z.infer<typeof TrafficMetrics>;

export const Endpoint = z.object({
  id: z.string(),
  name: z.string(),
  status: EndpointStatus,
  configuration: EndpointConfiguration,
  updatedAt: Timestamp,
  // chosen (docs/decisions.md, Endpoints: the endpoint record)
  createdAt: Timestamp,
  /** Where the endpoint is invoked (03, What the service does 1). */
  url: z.string(),
  health: HealthStatus,
  readiness: Readiness,
  gpuType: z.string(),
  model: z.string(),
  /** The registry model whose deployment this endpoint serves (POST /v2/training/models/{id}/deploy); null for the others. */
  modelId: z.string().nullable(),
  version: z.string(),
  /** Requests executing now: simulated traffic plus requests of batch-execute in flight. */
  activeRequests: z.number().int().min(0),
  metrics: TrafficMetrics,
  /** While `updating`: when the change is expected to have rolled out to every worker. */
  rollout: z.object({ startedAt: Timestamp, estimatedCompletion: Timestamp, progress: z.number().min(0).max(100) }).nullable(),
});
export type Endpoint = z.infer<typeof Endpoint>;

export const ListEndpointsResponse = z.object({ endpoints: z.array(Endpoint) });
export type ListEndpointsResponse = z.infer<typeof ListEndpointsResponse>;

/** 03, Endpoint update: every field optional; ranges from 03, Limits (INVALID_CONFIGURATION when out of range). */
export const UpdateEndpointRequest = z.strictObject({
  workerCount: EndpointConfiguration.shape.workerCount.optional(),
  maxConcurrency: EndpointConfiguration.shape.maxConcurrency.optional(),
  timeoutSeconds: EndpointConfiguration.shape.timeoutSeconds.optional(),
  /** Replaces the whole set of variables. */
  environmentVariables: EnvironmentVariables.optional(),
  /** Members given replace, members omitted stay. */
  autoScaling: AutoScaling.partial().strict().optional(),
});
export type UpdateEndpointRequest = z.infer<typeof UpdateEndpointRequest>;

export const UpdateEndpointResponse = z.object({
  id: z.string(),
  name: z.string(),
  status: z.literal('updating'),
  configuration: EndpointConfiguration,
  updatedAt: Timestamp,
  rollout: z.object({ startedAt: Timestamp, estimatedCompletion: Timestamp, changes: z.array(z.string()) }),
});
export type UpdateEndpointResponse = z.infer<typeof UpdateEndpointResponse>;
