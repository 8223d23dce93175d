// The health report of an endpoint (03-endpoints-training.md, Health report; Endpoint health),
// computed from the stored record, its traffic and the simulated clock. A check is a list of
// steps, each with a simulated duration; the report's responseTime is their sum, and a check
// whose sum passes its timeout is HEALTH_CHECK_TIMEOUT with the steps done before it
// (docs/decisions.md, Endpoints: health checks).
import { GPU_HOURLY_PRICE } from '../../../../../shared/api/clusters/common';
import type { ComponentStatus, HealthStatus } from '../../../../../shared/api/endpoints/common';
import type { HealthCheckDepth, HealthInclude, HealthReport } from '../../../../../shared/api/endpoints/health';
import type { StoredEndpoint } from '../state';
import { INCIDENT_REASON } from './incidents';
import { healthAt, readinessOf, servingSince, startupAt, uptimeText } from './lifecycle';
import { lastHour } from './executions';
import { sampleAt } from './traffic';

const iso = (ms: number) => new Date(ms).toISOString();
const gb = (x: number) => `${Math.round(x * 10) / 10}GB`;
const pct1 = (x: number) => Math.round(x * 1000) / 10;

/** Inference test duration by health (ms), on top of one request's latency; an endpoint in error never answers it in 30 s. */
const INFERENCE_WAIT: Record<HealthStatus, number> = {
  healthy: 0,
  degraded: 3000,
  unhealthy: 12_000,
  starting: 0,
  stopped: 0,
  error: 45_000,
};

/** A report being filled in, step by step. */
type Draft = Omit<Partial<HealthReport>, 'checks'> & { checks: Partial<HealthReport['checks']> };

interface Step {
  name: 'api' | 'model' | 'resources' | 'metrics' | 'dependencies' | 'connectivity' | 'io' | 'inference';
  ms: number;
  apply(r: Draft): void;
}

export interface HealthOutcome {
  report: HealthReport;
  /** Simulated time the whole check takes (ms). */
  durationMs: number;
  /** The steps in order with their durations, for the partial results of a timeout. */
  steps: Array<{ name: string; ms: number }>;
}

/**
 * Whether the GPU is available at `now`, from the health report's own GPU status (issue 18 part 2
 * #5): readiness's `gpu_available` and its resources gate read this, so readiness cannot pass a
 * GPU the Resources section calls unhealthy (Xid 79) or failed.
 */
export function gpuAvailableAt(e: StoredEndpoint, now: number): boolean {
  const status = resourcesAt(e, healthAt(e, now), now).gpu.status;
  return status === 'healthy' || status === 'warning' || status === 'initializing';
}

/** The GPU, CPU, memory and storage figures at `t`. */
function resourcesAt(e: StoredEndpoint, h: HealthStatus, t: number): NonNullable<HealthReport['resources']> {
  const s = sampleAt(e, t);
  const serving = s.rps > 0;
  const loaded = h !== 'stopped' && h !== 'error' && (h !== 'starting' || startupAt(e, t).phase === 'warmup_inference');
  const load = Math.min(1, s.load);
  const util = serving ? Math.round(6 + 88 * load) : h === 'starting' && loaded ? 35 : 0;
  // Memory: the model, plus a KV cache that grows with load; degraded endpoints run near the limit.
  const cache = serving ? e.model_memory_gb * (0.1 + 0.25 * load) : 0;
  const pressure = h === 'degraded' ? 0.93 * e.gpu_memory_gb - e.model_memory_gb - cache : 0;
  const memUsed = loaded
    ? Math.min(e.gpu_memory_gb, e.model_memory_gb + cache + Math.max(0, pressure))
    : h === 'error'
      ? e.gpu_memory_gb * 0.98
      : 0;
  const memUsage = pct1(memUsed / e.gpu_memory_gb);
  const gpuWarnings = memUsage >= 90 ? [`GPU memory at ${memUsage}%`] : [];
  const gpuErrors = h === 'error' ? ['CUDA error: out of memory while loading model weights'] : h === 'unhealthy' ? [INCIDENT_REASON] : [];
  const gpuStatus =
    h === 'starting'
      ? 'initializing'
      : h === 'stopped'
        ? 'unknown'
        : gpuErrors.length > 0
          ? h === 'error'
            ? 'failed'
            : 'unhealthy'
          : gpuWarnings.length > 0
            ? 'warning'
            : 'healthy';
  const cpuUtil = serving ? Math.round(8 + 45 * load) : h === 'starting' ? 60 : 1;
  const hostUsed = 6 + (loaded ? e.model_memory_gb * 0.6 : 0);
  const storageUsed = 40 + e.model_memory_gb * 2.1;
  const cpuStatus: ComponentStatus = h === 'stopped' ? 'unknown' : cpuUtil > 85 ? 'degraded' : 'healthy';
  return {
    gpu: {
      status: gpuStatus,
      utilization: util,
      memory: { used: gb(memUsed), total: gb(e.gpu_memory_gb), usage: memUsage },
      temperature: h === 'stopped' ? 0 : Math.round(32 + 0.47 * util),
      errors: gpuErrors,
      warnings: gpuWarnings,
    },
    cpu: {
      status: cpuStatus,
      utilization: cpuUtil,
      cores: 16,
      loadAverage: [cpuUtil, cpuUtil * 0.9, cpuUtil * 0.8].map((u) => Math.round((u / 100) * 16 * 100) / 100),
    },
    memory: { status: h === 'stopped' ? 'unknown' : 'healthy', used: gb(hostUsed), total: gb(128), usage: pct1(hostUsed / 128) },
    storage: {
      status: h === 'stopped' ? 'unknown' : 'healthy',
      used: gb(storageUsed),
      total: gb(500),
      usage: pct1(storageUsed / 500),
      iops: serving ? Math.round(300 + 2400 * load) : 20,
    },
  };
}

function issuesOf(e: StoredEndpoint, h: HealthStatus): Pick<HealthReport, 'issues' | 'recoveryActions'> {
  const at = iso(e.health_since);
  const extraWorkerCost = `+$${(e.gpu_memory_gb >= 80 ? GPU_HOURLY_PRICE.A100_80GB : e.gpu_memory_gb >= 40 ? GPU_HOURLY_PRICE.A100_40GB : GPU_HOURLY_PRICE.A10G).toFixed(2)}/hour per worker`;
  switch (h) {
    case 'degraded':
      return {
        issues: [
          {
            type: 'high_latency',
            severity: 'medium',
            component: 'model_inference',
            message: 'Average latency is 2.4× its baseline',
            timestamp: at,
            recommendation: 'Add workers or enable auto-scaling to spread the load',
          },
          {
            type: 'memory_pressure',
            severity: 'medium',
            component: 'gpu',
            message: 'GPU memory above 90% on every worker',
            timestamp: at,
            recommendation: 'Lower maxConcurrency to shrink the KV cache, or use a GPU with more memory',
          },
        ],
        recoveryActions: [
          { action: 'scale_up', description: 'Add one worker to take part of the load', estimated_cost_increase: extraWorkerCost },
          { action: 'reduce_concurrency', description: 'Halve maxConcurrency per worker', estimated_downtime: '0 minutes (rolling)' },
        ],
      };
    case 'unhealthy':
      return {
        issues: [
          {
            type: 'high_error_rate',
            severity: 'high',
            component: 'api_handler',
            message: 'More than 20% of requests fail',
            timestamp: at,
            recommendation: 'Restart the failing worker; check the object store dependency',
          },
          {
            type: 'dependency_timeout',
            severity: 'high',
            component: 'object_store',
            message: 'Object store reads time out after 5000 ms',
            timestamp: at,
            recommendation: 'Check the object store region and credentials',
          },
          {
            type: 'gpu_fault',
            severity: 'critical',
            component: 'gpu',
            message: 'Worker 2 lost its GPU (Xid 79)',
            timestamp: at,
            recommendation: 'Replace the worker; requests are retried on the others',
          },
        ],
        recoveryActions: [
          { action: 'restart_workers', description: 'Restart the unhealthy workers one at a time', estimated_downtime: '2-3 minutes' },
          { action: 'replace_worker', description: 'Move worker 2 to a new GPU host', estimated_downtime: '5 minutes' },
        ],
      };
    case 'error':
      return {
        issues: [
          {
            type: 'model_load_failed',
            severity: 'critical',
            component: 'model_loader',
            message: 'CUDA out of memory while loading model weights',
            timestamp: at,
            recommendation: 'Use a GPU with more memory or a quantised model',
          },
        ],
        recoveryActions: [
          { action: 'upgrade_gpu', description: 'Redeploy on a GPU with twice the memory', estimated_cost_increase: extraWorkerCost },
          { action: 'rollback_version', description: 'Redeploy the previous model version', estimated_downtime: '4-6 minutes' },
        ],
      };
    default:
      return { issues: [], recoveryActions: [] };
  }
}

function dependencies(h: HealthStatus) {
  const down = h === 'stopped' || h === 'error';
  const services = [
    {
      name: 'object_store',
      status: (h === 'unhealthy' ? 'unhealthy' : down ? 'unknown' : 'healthy') as ComponentStatus,
      responseTime: h === 'unhealthy' || down ? null : 42,
      error: h === 'unhealthy' ? 'timed out after 5000 ms' : null,
    },
    { name: 'model_registry', status: (down ? 'unknown' : 'healthy') as ComponentStatus, responseTime: down ? null : 65, error: null },
    {
      name: 'cache',
      status: (h === 'degraded' ? 'degraded' : down ? 'unknown' : 'healthy') as ComponentStatus,
      responseTime: down ? null : h === 'degraded' ? 180 : 4,
      error: null,
    },
  ];
  const worst = services.some((s) => s.status === 'unhealthy')
    ? 'unhealthy'
    : services.some((s) => s.status === 'degraded')
      ? 'degraded'
      : down
        ? 'unknown'
        : 'healthy';
  // A timed-out service costs its timeout; an unknown one is not tried.
  const ms = services.reduce((a, s) => a + (s.error ? 5000 : (s.responseTime ?? 0)), 0);
  return { check: { status: worst as ComponentStatus, services }, ms };
}

export function healthReport(e: StoredEndpoint, now: number, depth: HealthCheckDepth, include: readonly HealthInclude[]): HealthOutcome {
  const h = healthAt(e, now);
  const s = sampleAt(e, now);
  const serving = s.rps > 0;
  const since = servingSince(e, now);
  const wants = (x: HealthInclude) => include.includes(x);
  const detailed = depth !== 'basic';
  const deep = depth === 'deep';
  const apiMs = h === 'stopped' || h === 'error' ? 0 : Math.round(8 + s.latencyMs * 0.01);
  const steps: Step[] = [
    {
      name: 'api',
      ms: Math.max(5, apiMs),
      apply: (r) => {
        r.checks.api = {
          status:
            h === 'stopped'
              ? 'unknown'
              : h === 'error'
                ? 'failed'
                : h === 'unhealthy'
                  ? 'unhealthy'
                  : h === 'starting'
                    ? 'unknown'
                    : 'healthy',
          responseTime: apiMs,
          lastError: h === 'unhealthy' ? '502 upstream worker unavailable' : h === 'error' ? 'no worker is serving' : null,
        };
      },
    },
    {
      name: 'model',
      ms: 20,
      apply: (r) => {
        const loaded = h === 'healthy' || h === 'degraded' || h === 'unhealthy';
        r.checks.model = {
          status: loaded ? (h === 'healthy' ? 'healthy' : 'degraded') : h === 'error' ? 'failed' : 'unknown',
          loadTime: loaded ? e.startup[2] : null,
          memoryUsage: loaded ? gb(e.model_memory_gb) : '0GB',
          lastInference: serving
            ? iso(now - Math.min(60_000, Math.round(1000 / s.rps)))
            : since === null && h === 'stopped'
              ? iso(e.health_since)
              : null,
          warnings: h === 'degraded' ? ['KV cache evictions under load'] : [],
        };
      },
    },
  ];
  if (detailed || wants('resources')) steps.push({ name: 'resources', ms: 150, apply: (r) => (r.resources = resourcesAt(e, h, now)) });
  if (detailed) steps.push({ name: 'metrics', ms: 30, apply: (r) => (r.metrics = lastHour(e, now)) });
  if (detailed || wants('dependencies')) {
    const d = dependencies(h);
    steps.push({ name: 'dependencies', ms: d.ms, apply: (r) => (r.checks.dependencies = d.check) });
  }
  if (deep || wants('connectivity')) {
    const down = h === 'stopped' || h === 'error';
    const tests = [
      { target: 'gateway', status: (down ? 'unknown' : 'healthy') as ComponentStatus, latency: down ? null : 12 },
      {
        target: 'object_store',
        status: (h === 'unhealthy' ? 'unhealthy' : down ? 'unknown' : 'healthy') as ComponentStatus,
        latency: h === 'unhealthy' || down ? null : 38,
      },
      { target: 'model_registry', status: (down ? 'unknown' : 'healthy') as ComponentStatus, latency: down ? null : 54 },
    ];
    const status: ComponentStatus = tests.some((x) => x.status === 'unhealthy') ? 'degraded' : down ? 'unknown' : 'healthy';
    steps.push({ name: 'connectivity', ms: 1500, apply: (r) => (r.checks.connectivity = { status, tests }) });
  }
  if (deep) {
    const running = h !== 'stopped';
    steps.push({
      name: 'io',
      ms: running ? 2000 : 0,
      apply: (r) =>
        (r.checks.io = running
          ? { status: 'healthy', storageReadMBps: 1850, storageWriteMBps: 920, networkThroughputMbps: h === 'unhealthy' ? 2400 : 9400 }
          : { status: 'unknown', storageReadMBps: 0, storageWriteMBps: 0, networkThroughputMbps: 0 }),
    });
    const tried = h !== 'stopped' && h !== 'starting';
    const inferenceMs = tried ? Math.round((s.latencyMs || e.traffic.latency_ms) + INFERENCE_WAIT[h]) : 0;
    steps.push({
      name: 'inference',
      ms: inferenceMs,
      apply: (r) =>
        (r.checks.inference = {
          status: !tried ? 'unknown' : h === 'healthy' ? 'healthy' : h === 'degraded' ? 'degraded' : 'unhealthy',
          latency: tried ? inferenceMs : null,
          error: h === 'unhealthy' ? 'answered after retrying on another worker' : null,
        }),
    });
  }
  const partial: Draft = { checks: {} };
  for (const step of steps) step.apply(partial);
  const durationMs = steps.reduce((a, x) => a + x.ms, 0);
  const report: HealthReport = {
    endpointId: e.id,
    status: h,
    readiness: readinessOf(h),
    lastChecked: iso(now),
    responseTime: durationMs,
    uptime: uptimeText(since === null ? (h === 'starting' ? now - e.health_since : 0) : now - since),
    version: e.version,
    check: depth,
    checks: partial.checks as HealthReport['checks'],
    ...(partial.resources ? { resources: partial.resources } : {}),
    ...(partial.metrics ? { metrics: partial.metrics } : {}),
    ...issuesOf(e, h),
  };
  if (h === 'starting') {
    const p = startupAt(e, now);
    report.startupProgress = { ...p, estimatedCompletion: iso(p.estimatedCompletion) };
  }
  return { report, durationMs, steps: steps.map((x) => ({ name: x.name, ms: x.ms })) };
}

/** What a check that ran out of time had done: the steps finished within `timeoutMs`, with their results. */
export function partialResults(outcome: HealthOutcome, timeoutMs: number): Record<string, unknown> {
  const done: string[] = [];
  let elapsed = 0;
  for (const step of outcome.steps) {
    if (elapsed + step.ms > timeoutMs) break;
    elapsed += step.ms;
    done.push(step.name);
  }
  const r = outcome.report;
  const checks: Record<string, unknown> = {};
  for (const name of done) if (name in r.checks) checks[name] = (r.checks as Record<string, unknown>)[name];
  return {
    status: r.status,
    completedChecks: done,
    pendingChecks: outcome.steps.map((x) => x.name).filter((n) => !done.includes(n)),
    elapsedMs: elapsed,
    checks,
    ...(done.includes('resources') && r.resources ? { resources: r.resources } : {}),
    ...(done.includes('metrics') && r.metrics ? { metrics: r.metrics } : {}),
  };
}
