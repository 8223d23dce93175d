// What the clusters area tells the event bus and the account's metering (core/area.ts):
// `cluster.started` when a cluster comes up (a start's or restart's end, on the clock),
// `cluster.stopped` when a stop completes; metering is what the clusters were billed.
import { STORAGE_GB_HOURLY_PRICE } from '../../../../shared/api/clusters/common';
import type { Happening } from '../../core/events';
import type { Metered } from '../../core/metering';
import type { Store } from '../../state/store';
import { progressAt } from './sim/phases';
import { billedStretches, project } from './sim/cluster-state';
import { clustersState } from './state';
import { clusterResource } from './transfer';

const within = (t: number | null, from: number, to: number): t is number => t !== null && t > from && t <= to;

export function clusterHappenings(store: Store, from: number, to: number): Happening[] {
  const out: Happening[] = [];
  for (const c of clustersState(store).clusters) {
    const p = project(c, to);
    const data = { name: c.name, gpu: c.gpu, region: c.region };
    if (p.status === 'running' && within(p.startedAt, from, to)) {
      out.push({ type: 'cluster.started', subject: c.id, at: p.startedAt, data: { ...data, status: 'running' } });
    }
    if (c.lifecycle?.kind === 'stop' && p.status === 'stopped') {
      const endsAt = progressAt(c.lifecycle, to).endsAt;
      if (within(endsAt, from, to)) out.push({ type: 'cluster.stopped', subject: c.id, at: endsAt, data: { ...data, status: 'stopped' } });
    }
  }
  return out;
}

/** Each cluster's billing (its history and current stretch) at its rate, with its GPUs, and its snapshots stored (core/metering.ts). */
export function* clusterMetering(store: Store): Iterable<Metered> {
  for (const c of clustersState(store).clusters) {
    const resource = clusterResource(c);
    for (const s of billedStretches(c)) {
      yield { resource, service: 'compute', start: s.start, end: s.end, usdPerHour: s.hourly_rate, gpus: c.gpu.count, gb: 0 };
    }
    // Its snapshots are stored apart from its volumes (which its rate pays for), from when each was taken.
    for (const snap of c.snapshots) {
      yield {
        resource,
        service: 'storage',
        start: snap.created_at,
        end: null,
        usdPerHour: snap.size_gb * STORAGE_GB_HOURLY_PRICE,
        gpus: 0,
        gb: snap.size_gb,
      };
    }
  }
}
