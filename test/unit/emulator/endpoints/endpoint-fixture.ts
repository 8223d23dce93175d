// A stored endpoint for the endpoint simulator tests: healthy, 2 workers, created 30 days
// before `t0` (each test file picks its own moment and overrides what it studies).
import type { StoredEndpoint } from '../../../../main/emulator/areas/endpoints/state';

const DAY = 24 * 3_600_000;

export function storedEndpoint(t0: number, over: Partial<StoredEndpoint> = {}): StoredEndpoint {
  return {
    id: 'ep_test',
    name: 'test',
    model: 'm',
    model_id: null,
    version: 'v1.0.0',
    gpu_type: 'A10G',
    model_memory_gb: 10,
    gpu_memory_gb: 24,
    created_at: t0 - 30 * DAY,
    updated_at: t0 - 30 * DAY,
    health: 'healthy',
    health_since: t0 - 10 * DAY,
    startup: [30, 40, 120, 30],
    traffic: { peak_rps: 10, latency_ms: 1000, peak_hour: 15 },
    configuration: {
      workerCount: 2,
      maxConcurrency: 8,
      timeoutSeconds: 300,
      environmentVariables: {},
      autoScaling: { enabled: false, minWorkers: 2, maxWorkers: 2, targetUtilization: 70, scaleUpCooldown: 60, scaleDownCooldown: 300 },
    },
    rollout: null,
    serving_history: [],
    rate_since: null,
    callers: [],
    api_executions: [],
    ...over,
  };
}
