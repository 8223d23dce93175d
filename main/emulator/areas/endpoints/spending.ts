// The endpoints area's part of the spending figure (core/area.ts): an endpoint that serves is
// billed its workers × its GPU's hourly price while it serves (from when it came up). A stopped
// endpoint's earlier serving is not kept by the area, so it is not counted; executions carry no
// price of their own in this emulator.
import { GPU_HOURLY_PRICE } from '../../../../shared/api/clusters/common';
import type { Store } from '../../state/store';
import { servingSince } from './sim/lifecycle';
import { endpointsState } from './state';

const priceOf = (gpu: string) => (GPU_HOURLY_PRICE as Readonly<Record<string, number>>)[gpu] ?? 0;

export function endpointSpending(store: Store, from: number, to: number): number {
  let sum = 0;
  for (const e of endpointsState(store).endpoints) {
    const since = servingSince(e, to);
    if (since === null) continue;
    const ms = to - Math.max(from, since);
    if (ms > 0) sum += (ms / 3_600_000) * e.configuration.workerCount * priceOf(e.gpu_type);
  }
  return sum;
}
