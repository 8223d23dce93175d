// The endpoint area's side of a model deployment (docs/decisions.md, Training: models —
// a deployment is a serverless endpoint): a `starting` endpoint whose startup phases end when
// the deployment is ready, then served, logged and checked like every other endpoint; and its
// stop when the model is archived. The training area reaches it through core/area.ts's Serving.
import type { Serving, ServedModel } from '../../core/area';
import { randomId } from '../../core/ids';
import { Rng } from '../../core/rng';
import type { Store } from '../../state/store';
import { ENDPOINT_LIMITS } from '../../../../shared/api/endpoints/common';
import { endpointRecord } from './records';
import { healthAt } from './sim/lifecycle';
import { closeServedStretch } from './sim/served';
import { AREA, endpointsState, findEndpoint, type StoredEndpoint } from './state';

/** The seeded endpoints' typical phase lengths (s): a deployment's startup is split in these shares. */
const PHASE_WEIGHTS = [30, 45, 165, 32] as const;

/** `total` seconds in four whole phases of at least a second each, in PHASE_WEIGHTS' shares. */
function startupPhases(totalSeconds: number): StoredEndpoint['startup'] {
  const sum = PHASE_WEIGHTS.reduce((a, b) => a + b, 0);
  const first = PHASE_WEIGHTS.slice(0, 3).map((w) => Math.max(1, Math.round((totalSeconds * w) / sum)));
  return [first[0]!, first[1]!, first[2]!, Math.max(1, totalSeconds - first[0]! - first[1]! - first[2]!)];
}

const clamp = (v: number, r: { minimum: number; maximum: number }) => Math.min(r.maximum, Math.max(r.minimum, v));

export function endpointServing(store: Store): Serving {
  return {
    createEndpoint(model: ServedModel, now: number): string {
      const id = randomId('ep_');
      // Traffic of a new deployment, from the id: a few requests a second at its daily peak.
      const rng = Rng.derive(0, `serving:${id}`);
      const a = model.autoScaling;
      const maxWorkers = clamp(Math.max(a.maxWorkers, model.workers), ENDPOINT_LIMITS.maxWorkers);
      const e: StoredEndpoint = {
        id,
        name: model.name,
        model: model.modelName,
        model_id: model.modelId,
        version: model.version,
        gpu_type: model.gpuType,
        model_memory_gb: Math.min(model.modelMemoryGb, model.gpuMemoryGb * 0.9),
        gpu_memory_gb: model.gpuMemoryGb,
        created_at: now,
        updated_at: now,
        health: 'starting',
        health_since: now,
        startup: startupPhases(Math.max(4, Math.round((model.readyAt - now) / 1000))),
        traffic: {
          peak_rps: Math.round((0.5 + 2.5 * rng.next()) * 100) / 100,
          latency_ms: Math.round(400 + Math.min(4000, model.modelMemoryGb * 60)),
          peak_hour: rng.int(13, 19),
        },
        configuration: {
          workerCount: clamp(model.workers, ENDPOINT_LIMITS.workerCount),
          maxConcurrency: 8,
          timeoutSeconds: 300,
          environmentVariables: { ...model.environmentVariables },
          autoScaling: {
            enabled: a.minWorkers !== a.maxWorkers,
            minWorkers: Math.min(clamp(a.minWorkers, ENDPOINT_LIMITS.minWorkers), maxWorkers),
            maxWorkers,
            targetUtilization: clamp(Math.round(a.targetUtilization * 100), ENDPOINT_LIMITS.targetUtilization),
            scaleUpCooldown: 60,
            scaleDownCooldown: 300,
          },
        },
        rollout: null,
        created_by: model.createdBy ?? null,
        serving_history: [],
        rate_since: null,
        // Its traffic comes from the member who deployed it (usage's top users).
        callers: model.createdBy ? [{ user_id: model.createdBy, percent: 100 }] : [],
        api_executions: [],
      };
      endpointsState(store).endpoints.push(e);
      store.touch(AREA, endpointRecord.endpoint(id));
      return id;
    },

    stopEndpoint(id: string, now: number): void {
      const e = findEndpoint(store, id);
      if (!e || healthAt(e, now) === 'stopped') return;
      // What it served up to now stays served (and billed) after the stop.
      closeServedStretch(e, now);
      e.rate_since = null;
      e.health = 'stopped';
      e.health_since = now;
      e.updated_at = now;
      e.rollout = null;
      store.touch(AREA, endpointRecord.endpoint(id));
    },
  };
}
