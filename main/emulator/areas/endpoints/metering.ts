// The endpoints area's part of the account's metering (core/metering.ts): an endpoint that
// serves is billed its workers × its GPU's hourly price while it serves (from when it came up).
// A stopped endpoint's earlier serving is not kept by the area, so it is not counted; executions
// carry no price of their own in this emulator.
import { GPU_HOURLY_PRICE } from '../../../../shared/api/clusters/common';
import type { Metered } from '../../core/metering';
import type { Store } from '../../state/store';
import { startupEnd } from './sim/lifecycle';
import { endpointsState } from './state';

const priceOf = (gpu: string) => (GPU_HOURLY_PRICE as Readonly<Record<string, number>>)[gpu] ?? 0;

export function* endpointMetering(store: Store): Iterable<Metered> {
  for (const e of endpointsState(store).endpoints) {
    // Serving (healthy, degraded or unhealthy: its workers run either way) since it came up.
    if (e.health === 'stopped' || e.health === 'error') continue;
    const workers = e.configuration.workerCount;
    yield {
      resource: { type: 'endpoint', id: e.id, name: e.name, region: null, gpuType: e.gpu_type, createdBy: e.created_by ?? null },
      service: 'compute',
      start: e.health === 'starting' ? startupEnd(e) : e.health_since,
      end: null,
      usdPerHour: workers * priceOf(e.gpu_type),
      gpus: workers,
      gb: 0,
    };
  }
}
