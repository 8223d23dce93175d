// What the clusters area tells the event bus and the spending figure (core/area.ts):
// `cluster.started` when a cluster comes up (a start's or restart's end, on the clock),
// `cluster.stopped` when a stop completes; spending is what the clusters were billed.
import type { Happening } from '../../core/events';
import type { Store } from '../../state/store';
import { progressAt } from './sim/phases';
import { billedUsd, project } from './sim/cluster-state';
import { clustersState } from './state';

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

/** USD spent on clusters in [from, to): each cluster's billing within the span, its history included (billedUsd). */
export function clusterSpending(store: Store, from: number, to: number): number {
  let sum = 0;
  for (const c of clustersState(store).clusters) sum += billedUsd(c, from, to);
  return sum;
}
