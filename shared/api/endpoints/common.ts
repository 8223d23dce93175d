// Vocabulary of the endpoint area (03-endpoints-training.md, Endpoint configuration, Health
// report, Limits): ids, statuses and the configuration with its ranges.
import { z } from 'zod';
import { Timestamp } from '../common';

export { Timestamp };

const ENDPOINT_ID_PATTERN = /^ep_[A-Za-z0-9]+$/;
export const EndpointId = z.string().regex(ENDPOINT_ID_PATTERN, 'an endpoint id such as ep_…');
export const EndpointIdParams = z.object({ endpointId: EndpointId });

/** Health report status (03, Health report). */
export const HealthStatus = z.enum(['healthy', 'degraded', 'unhealthy', 'starting', 'stopped', 'error']);
export type HealthStatus = z.infer<typeof HealthStatus>;
/** An endpoint record's status: its health, or `updating` during a configuration change (03, Endpoint configuration). */
export const EndpointStatus = z.enum([...HealthStatus.options, 'updating']);
export type EndpointStatus = z.infer<typeof EndpointStatus>;
export const Readiness = z.enum(['ready', 'not_ready', 'warming_up']);
export type Readiness = z.infer<typeof Readiness>;
/** Component status values (03, Health report). */
export const ComponentStatus = z.enum(['healthy', 'degraded', 'unhealthy', 'failed', 'unknown']);
export type ComponentStatus = z.infer<typeof ComponentStatus>;

/** Ranges of 03, Endpoint configuration and Limits; the ones marked chosen are docs/decisions.md, Endpoints. */
export const ENDPOINT_LIMITS = {
  workerCount: { minimum: 1, maximum: 50 },
  /** Chosen: the document gives no range. */
  maxConcurrency: { minimum: 1, maximum: 1000 },
  timeoutSeconds: { minimum: 10, maximum: 3600 },
  targetUtilization: { minimum: 10, maximum: 90 },
  /** Chosen: at most workerCount's maximum; minWorkers may be 0 (scale to zero). */
  minWorkers: { minimum: 0, maximum: 50 },
  maxWorkers: { minimum: 1, maximum: 50 },
  /** Chosen: up to an hour. */
  scaleUpCooldown: { minimum: 0, maximum: 3600 },
  scaleDownCooldown: { minimum: 0, maximum: 3600 },
  /** Chosen bounds of environmentVariables. */
  environmentVariables: { maxEntries: 100, maxValueLength: 4096 },
} as const;

const int = (r: { minimum: number; maximum: number }) => z.number().int().min(r.minimum).max(r.maximum);
export const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

export const AutoScaling = z.object({
  enabled: z.boolean(),
  minWorkers: int(ENDPOINT_LIMITS.minWorkers),
  maxWorkers: int(ENDPOINT_LIMITS.maxWorkers),
  targetUtilization: int(ENDPOINT_LIMITS.targetUtilization),
  scaleUpCooldown: int(ENDPOINT_LIMITS.scaleUpCooldown),
  scaleDownCooldown: int(ENDPOINT_LIMITS.scaleDownCooldown),
});
export type AutoScaling = z.infer<typeof AutoScaling>;

export const EnvironmentVariables = z
  .record(
    z.string().regex(ENV_NAME_PATTERN, 'a name of letters, digits and _, not starting with a digit'),
    z.string().max(ENDPOINT_LIMITS.environmentVariables.maxValueLength),
  )
  .refine((v) => Object.keys(v).length <= ENDPOINT_LIMITS.environmentVariables.maxEntries, {
    message: `at most ${ENDPOINT_LIMITS.environmentVariables.maxEntries} variables`,
  });

export const EndpointConfiguration = z.object({
  workerCount: int(ENDPOINT_LIMITS.workerCount),
  maxConcurrency: int(ENDPOINT_LIMITS.maxConcurrency),
  timeoutSeconds: int(ENDPOINT_LIMITS.timeoutSeconds),
  environmentVariables: EnvironmentVariables,
  autoScaling: AutoScaling,
});
export type EndpointConfiguration = z.infer<typeof EndpointConfiguration>;
