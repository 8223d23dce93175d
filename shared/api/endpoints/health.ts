// Health, readiness and liveness (03-endpoints-training.md, Health report; Endpoints: Endpoint
// health). What each depth holds is docs/decisions.md, Endpoints: health checks.
import { z } from 'zod';
import { listInput, splitList } from '../common';
import { ComponentStatus, EndpointId, HealthStatus, Readiness, Timestamp } from './common';
import { TrafficMetrics } from './endpoint';

export const HealthCheckDepth = z.enum(['basic', 'detailed', 'deep']);
export type HealthCheckDepth = z.infer<typeof HealthCheckDepth>;
const INCLUDES = ['dependencies', 'resources', 'connectivity'] as const;
export const HealthInclude = z.enum(INCLUDES);
export type HealthInclude = z.infer<typeof HealthInclude>;
const HEALTH_TIMEOUT = { minimum: 1, maximum: 30, default: 10 } as const;

/** `include` on the wire: a comma list, or repeated (an empty one includes nothing). */
const IncludeList = listInput(INCLUDES, 'a list among dependencies, resources, connectivity', true)
  .transform(splitList)
  .pipe(z.array(HealthInclude, { error: 'a list among dependencies, resources, connectivity' }).max(3));

export const HealthQuery = z.strictObject({
  check: HealthCheckDepth.default('basic'),
  timeout: z.coerce.number().int().min(HEALTH_TIMEOUT.minimum).max(HEALTH_TIMEOUT.maximum).default(HEALTH_TIMEOUT.default),
  include: IncludeList.optional(),
});
export type HealthQuery = z.infer<typeof HealthQuery>;

const Ms = z.number().int().min(0);
const Percent = z.number().min(0).max(100);

const ApiCheck = z.object({ status: ComponentStatus, responseTime: Ms, lastError: z.string().nullable() });
const ModelCheck = z.object({
  status: ComponentStatus,
  /** Seconds the model took to load; null while it has not loaded. */
  loadTime: z.number().min(0).nullable(),
  memoryUsage: z.string(),
  lastInference: Timestamp.nullable(),
  warnings: z.array(z.string()),
});
const DependencyService = z.object({
  name: z.string(),
  status: ComponentStatus,
  responseTime: Ms.nullable(),
  error: z.string().nullable(),
});
const DependenciesCheck = z.object({ status: ComponentStatus, services: z.array(DependencyService) });
/** Chosen (deep, or include=connectivity): reachability of what the endpoint talks to. */
const ConnectivityCheck = z.object({
  status: ComponentStatus,
  tests: z.array(z.object({ target: z.string(), status: ComponentStatus, latency: Ms.nullable() })),
});
/** Chosen (deep): one inference on a fixed input. */
const InferenceCheck = z.object({ status: ComponentStatus, latency: Ms.nullable(), error: z.string().nullable() });
/** Chosen (deep): storage and network I/O tests. */
const IoCheck = z.object({
  status: ComponentStatus,
  storageReadMBps: z.number().min(0),
  storageWriteMBps: z.number().min(0),
  networkThroughputMbps: z.number().min(0),
});

const Checks = z.object({
  api: ApiCheck,
  model: ModelCheck,
  dependencies: DependenciesCheck.optional(),
  connectivity: ConnectivityCheck.optional(),
  inference: InferenceCheck.optional(),
  io: IoCheck.optional(),
});

const ResourceStatus = z.enum([...ComponentStatus.options, 'warning', 'initializing']);
const Resources = z.object({
  gpu: z.object({
    status: ResourceStatus,
    utilization: Percent,
    memory: z.object({ used: z.string(), total: z.string(), usage: Percent }),
    temperature: z.number(),
    errors: z.array(z.string()),
    warnings: z.array(z.string()),
  }),
  cpu: z.object({ status: ComponentStatus, utilization: Percent, cores: z.number().int().min(1), loadAverage: z.array(z.number().min(0)) }),
  memory: z.object({ status: ComponentStatus, used: z.string(), total: z.string(), usage: Percent }),
  storage: z.object({ status: ComponentStatus, used: z.string(), total: z.string(), usage: Percent, iops: z.number().int().min(0) }),
});

const Issue = z.object({
  type: z.string(),
  severity: z.enum(['low', 'medium', 'high', 'critical']),
  component: z.string(),
  message: z.string(),
  timestamp: Timestamp,
  recommendation: z.string(),
});
const RecoveryAction = z.object({
  action: z.string(),
  description: z.string(),
  estimated_downtime: z.string().optional(),
  estimated_cost_increase: z.string().optional(),
});

const StartupPhaseName = z.enum(['container_startup', 'dependency_loading', 'loading_model', 'warmup_inference']);
const StartupPhase = z.object({
  name: StartupPhaseName,
  status: z.enum(['completed', 'in_progress', 'pending']),
  /** Seconds the phase took (completed) or has taken so far (in progress); null when pending. */
  duration: z.number().min(0).nullable(),
  progress: Percent,
  /** Seconds left (in progress, pending). */
  estimatedRemaining: z.number().min(0).nullable(),
  /** Seconds the phase is expected to take. */
  estimatedDuration: z.number().min(0),
});
const StartupProgress = z.object({
  phase: StartupPhaseName,
  progress: Percent,
  estimatedCompletion: Timestamp,
  phases: z.array(StartupPhase),
});

export const HealthReport = z.object({
  endpointId: z.string(),
  status: HealthStatus,
  readiness: Readiness,
  lastChecked: Timestamp,
  responseTime: Ms,
  uptime: z.string(),
  version: z.string(),
  check: HealthCheckDepth,
  checks: Checks,
  resources: Resources.optional(),
  metrics: TrafficMetrics.optional(),
  issues: z.array(Issue),
  recoveryActions: z.array(RecoveryAction),
  startupProgress: StartupProgress.optional(),
});
export type HealthReport = z.infer<typeof HealthReport>;

export const BATCH_HEALTH_MAX = 100;
export const BatchHealthRequest = z.strictObject({
  endpointIds: z.array(EndpointId).min(1).max(BATCH_HEALTH_MAX),
  check: HealthCheckDepth.default('basic'),
  include: z.array(HealthInclude).max(3).optional(),
  timeout: z.number().int().min(HEALTH_TIMEOUT.minimum).max(HEALTH_TIMEOUT.maximum).default(HEALTH_TIMEOUT.default),
});
export const BatchHealthResponse = z.object({
  reports: z.array(HealthReport),
  /** Endpoints whose check failed as a whole (a deep check past its timeout), in the error body's shape. */
  errors: z.array(z.object({ endpointId: z.string(), error: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()) })),
  summary: z.object({
    total: z.number().int(),
    healthy: z.number().int(),
    degraded: z.number().int(),
    unhealthy: z.number().int(),
    starting: z.number().int(),
    stopped: z.number().int(),
    error: z.number().int(),
    timedOut: z.number().int(),
  }),
  checkedAt: Timestamp,
});

export const ReadyResponse = z.object({
  ready: z.boolean(),
  checks: z.array(z.object({ name: z.string(), status: z.enum(['pass', 'fail']) })),
  readinessGates: z.object({ model: z.boolean(), resources: z.boolean(), dependencies: z.boolean(), networking: z.boolean() }),
});
export const LiveResponse = z.object({ alive: z.boolean(), timestamp: Timestamp, uptime: z.string(), version: z.string() });
