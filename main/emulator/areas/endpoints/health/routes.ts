// Health, batch health, readiness and liveness (03-endpoints-training.md, Endpoint health).
import type { HealthStatus } from '../../../../../shared/api/endpoints/common';
import { endpointsOperations as ops } from '../../../../../shared/api/endpoints/operations';
import type { HealthReport } from '../../../../../shared/api/endpoints/health';
import { defineRoute } from '../../../core/route-def';
import { healthCheckTimeout } from '../errors';
import { endpointOr404 } from '../lookup';
import { gpuAvailableAt, healthReport, partialResults } from '../sim/health';
import { healthAt, readinessOf, servingSince, uptimeText } from '../sim/lifecycle';
import { iso } from '../endpoint/view';

export const healthRoutes = [
  defineRoute(ops['endpoints.health'], (ctx, { params, query, now }) => {
    const e = endpointOr404(ctx.store, params.endpointId);
    const outcome = healthReport(e, now, query.check, query.include ?? []);
    if (outcome.durationMs > query.timeout * 1000) throw healthCheckTimeout(query.timeout, partialResults(outcome, query.timeout * 1000));
    return outcome.report;
  }),
  defineRoute(ops['endpoints.healthBatch'], (ctx, { body, now }) => {
    // Every id is looked up first: one unknown id refuses the whole batch (docs/decisions.md, Endpoints).
    const endpoints = [...new Set(body.endpointIds)].map((id) => endpointOr404(ctx.store, id));
    const reports: HealthReport[] = [];
    const errors: Array<{ endpointId: string; error: string; message: string; details: Record<string, unknown> }> = [];
    const counts: Record<HealthStatus, number> = { healthy: 0, degraded: 0, unhealthy: 0, starting: 0, stopped: 0, error: 0 };
    for (const e of endpoints) {
      const outcome = healthReport(e, now, body.check, body.include ?? []);
      if (outcome.durationMs > body.timeout * 1000) {
        const err = healthCheckTimeout(body.timeout, partialResults(outcome, body.timeout * 1000));
        errors.push({ endpointId: e.id, error: err.code, message: err.message, details: err.details ?? {} });
      } else reports.push(outcome.report);
      counts[outcome.report.status]++;
    }
    return { reports, errors, summary: { total: endpoints.length, ...counts, timedOut: errors.length }, checkedAt: iso(now) };
  }),
  defineRoute(ops['endpoints.ready'], (ctx, { params, now }) => {
    const e = endpointOr404(ctx.store, params.endpointId);
    const h = healthAt(e, now);
    const model = h === 'healthy' || h === 'degraded' || h === 'unhealthy';
    const resources = gpuAvailableAt(e, now);
    const dependencies = h === 'healthy' || h === 'degraded' || h === 'starting';
    const networking = h !== 'stopped';
    const gates = { model, resources, dependencies, networking };
    const pass = (ok: boolean) => (ok ? ('pass' as const) : ('fail' as const));
    return {
      // Ready as the health report says it (03, Health report: readiness); the gates say why not.
      ready: readinessOf(h) === 'ready',
      checks: [
        { name: 'model_loaded', status: pass(model) },
        { name: 'gpu_available', status: pass(resources) },
        { name: 'dependencies_reachable', status: pass(dependencies) },
        { name: 'accepting_traffic', status: pass(networking && model) },
      ],
      readinessGates: gates,
    };
  }),
  defineRoute(ops['endpoints.live'], (ctx, { params, now }) => {
    const e = endpointOr404(ctx.store, params.endpointId);
    const h = healthAt(e, now);
    const since = servingSince(e, now);
    // A starting endpoint's process is up (alive, not ready); stopped or failed ones have none.
    const alive = h !== 'stopped' && h !== 'error';
    return {
      alive,
      timestamp: iso(now),
      uptime: uptimeText(since !== null ? now - since : h === 'starting' ? now - e.health_since : 0),
      version: e.version,
    };
  }),
];
