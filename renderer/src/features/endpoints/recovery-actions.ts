// What each recovery action of a health report (03-endpoints-training.md, Health report:
// recoveryActions) does from the console: a configuration update through the endpoint update
// route (Endpoint update), or nothing the API offers — then the reason, in words. The actions
// are the ones the emulator emits (main/emulator/areas/endpoints/sim/health.ts).
import { ENDPOINT_LIMITS, type EndpointConfiguration } from '../../../../shared/api/endpoints/common';
import type { UpdateEndpointRequest } from '../../../../shared/api/endpoints/endpoint';

/**
 * @internal Exported for its tests only. The variable a restart sets to the time of the request: the update route restarts every
 * worker, one at a time, when a variable changes — the way `kubectl rollout restart` writes
 * `restartedAt` into a Deployment. The endpoint then keeps it, dated.
 */
export const RESTART_VARIABLE = 'CONSOLE_RESTARTED_AT';

export type RecoveryPlan =
  | {
      kind: 'update';
      /** The button's words. */
      label: string;
      request: UpdateEndpointRequest;
      /** Workers restart (requests in flight on each are cut): asked for with a red button. */
      destructive: boolean;
    }
  | { kind: 'unavailable'; reason: string };

const UPDATE_CANNOT = 'The endpoint update changes workers, concurrency, timeout, environment variables and auto-scaling only';

/** The operation behind a recovery action for an endpoint configured as `c`, at `nowIso` (the service's time). */
export function recoveryPlan(action: string, c: EndpointConfiguration, nowIso: string): RecoveryPlan {
  switch (action) {
    case 'scale_up': {
      const workers = c.workerCount + 1;
      if (workers > ENDPOINT_LIMITS.workerCount.maximum)
        return {
          kind: 'unavailable',
          reason: `Already at the most workers an endpoint can have (${ENDPOINT_LIMITS.workerCount.maximum}).`,
        };
      // With auto-scaling on, the worker count must stay within its bounds: the maximum grows with it.
      const a = c.autoScaling;
      return {
        kind: 'update',
        label: 'Add a worker',
        request: { workerCount: workers, ...(a.enabled && workers > a.maxWorkers ? { autoScaling: { maxWorkers: workers } } : {}) },
        destructive: false,
      };
    }
    case 'reduce_concurrency': {
      const half = Math.floor(c.maxConcurrency / 2);
      if (half < ENDPOINT_LIMITS.maxConcurrency.minimum)
        return { kind: 'unavailable', reason: 'Each worker already takes one request at a time: there is nothing to halve.' };
      return { kind: 'update', label: 'Halve concurrency', request: { maxConcurrency: half }, destructive: false };
    }
    case 'restart_workers':
      return {
        kind: 'update',
        label: 'Restart workers',
        request: { environmentVariables: { ...c.environmentVariables, [RESTART_VARIABLE]: nowIso } },
        destructive: true,
      };
    case 'replace_worker':
      return {
        kind: 'unavailable',
        reason: `The API cannot move one worker to another host (${UPDATE_CANNOT}). Restarting the workers is the nearest action.`,
      };
    case 'upgrade_gpu':
      return {
        kind: 'unavailable',
        reason: `The GPU type is not part of an endpoint's configuration (${UPDATE_CANNOT}): deploy the model again on a larger GPU.`,
      };
    case 'rollback_version':
      return {
        kind: 'unavailable',
        reason: `The model version is not part of an endpoint's configuration (${UPDATE_CANNOT}): deploy the previous version from its model.`,
      };
    default:
      return { kind: 'unavailable', reason: 'The console knows no operation for this action.' };
  }
}
