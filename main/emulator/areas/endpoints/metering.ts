// The endpoints area's part of the account's metering (core/metering.ts): an endpoint is billed
// its workers × its GPU's hourly price over each stretch it served (sim/served.ts: its history
// and the current stretch), and it tallies its executions (sim/executions.ts), which carry no
// price of their own (the workers are metered).
import type { Metered, MeteredResource, Tallied } from '../../core/metering';
import type { Store } from '../../state/store';
import { executionsByUser, executionsCumulative, servedQuality, type ServedQuality } from './sim/executions';
import { servedStretches } from './sim/served';
import { endpointsState, type StoredEndpoint } from './state';

const HOUR = 3_600_000;

const resourceOf = (e: StoredEndpoint): MeteredResource => ({
  type: 'endpoint',
  id: e.id,
  name: e.name,
  region: null,
  gpuType: e.gpu_type,
  createdBy: e.created_by ?? null,
});

export function* endpointMetering(store: Store): Iterable<Metered> {
  for (const e of endpointsState(store).endpoints) {
    const resource = resourceOf(e);
    for (const s of servedStretches(e))
      yield { resource, service: 'compute', start: s.start, end: s.end, usdPerHour: s.usd_per_hour, gpus: s.workers, gb: 0 };
  }
}

export function* endpointTallies(store: Store): Iterable<Tallied> {
  for (const e of endpointsState(store).endpoints) {
    // A usage read asks both figures of each bucket in turn: the second reads the first's sweep.
    let last: { from: number; to: number; quality: ServedQuality } | null = null;
    const quality = (from: number, to: number) =>
      last && last.from === from && last.to === to
        ? last.quality
        : (last = { from, to, quality: servedQuality(e, from, to, HOUR) }).quality;
    yield {
      resource: resourceOf(e),
      service: 'compute',
      unit: 'executions',
      usdPerUnit: 0,
      cumulative: (times) => executionsCumulative(e, times),
      byUser: (from, to) => executionsByUser(e, from, to),
      // Hourly resolution: a usage bucket is at least an hour.
      meanLatencyMs: (from, to) => quality(from, to).meanLatencyMs,
      successRate: (from, to) => quality(from, to).successRate,
    };
  }
}
