// The endpoint record as the API shows it (03-endpoints-training.md, Endpoint configuration;
// the added fields are docs/decisions.md, Endpoints: the endpoint record).
import type { Endpoint } from '../../../../../shared/api/endpoints/endpoint';
import type { EndpointsState, StoredEndpoint } from '../state';
import { healthAt, readinessOf, rolloutActive } from '../sim/lifecycle';
import { lastHour } from '../sim/executions';
import { activeAt } from '../sim/traffic';

export const iso = (ms: number) => new Date(ms).toISOString();

/** Requests of batch-execute still executing on an endpoint at `now`, and when the last ends. */
export function batchInFlight(s: EndpointsState, endpointId: string, now: number): { count: number; until: number } {
  let count = 0;
  let until = now;
  // Queued behind the endpoint's concurrency or executing: in flight either way, from the caller's side.
  for (const b of s.batches)
    for (const x of b.executions)
      if (x.endpoint_id === endpointId && x.ends_at > now) {
        count++;
        until = Math.max(until, x.ends_at);
      }
  return { count, until };
}

export function endpointView(s: EndpointsState, e: StoredEndpoint, now: number): Endpoint {
  const health = healthAt(e, now);
  const rolling = rolloutActive(e, now);
  const r = e.rollout;
  return {
    id: e.id,
    name: e.name,
    status: rolling ? 'updating' : health,
    configuration: structuredClone(e.configuration),
    updatedAt: iso(e.updated_at),
    createdAt: iso(e.created_at),
    url: `/v2/${e.id}/runsync`,
    health,
    readiness: readinessOf(health),
    gpuType: e.gpu_type,
    model: e.model,
    modelId: e.model_id,
    version: e.version,
    activeRequests: activeAt(e, now) + batchInFlight(s, e.id, now).count,
    metrics: lastHour(e, now),
    rollout:
      rolling && r
        ? {
            startedAt: iso(r.started_at),
            estimatedCompletion: iso(r.ends_at),
            progress: Math.round(((now - r.started_at) / Math.max(1, r.ends_at - r.started_at)) * 1000) / 10,
          }
        : null,
  };
}
