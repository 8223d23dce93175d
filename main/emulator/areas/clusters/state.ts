// The cluster area's stored state, under `state.areas.clusters`: plain JSON, times in
// simulated ms (templates keep their wire timestamps). Secret values are sealed, never plain.
// Shapes: stored-schema.ts; a snapshot's area is checked against it on import and on load.
// The stored JSON is also the live state (no indexes beyond the id lookup below).
import type { z } from 'zod';
import type { Store } from '../../state/store';
import type * as schema from './stored-schema';

export const AREA = 'clusters';

// One source: the types are inferred from the schemas that check a snapshot's cluster area.
export type StoredPort = z.infer<typeof schema.StoredPort>;
export type StoredSecret = z.infer<typeof schema.StoredSecret>;
/** A stop or restart under way: its start and plan; progress is computed when read (sim/phases.ts). */
export type StoredLifecycle = z.infer<typeof schema.StoredLifecycle>;
export type StoredCluster = z.infer<typeof schema.StoredCluster>;
/** Templates are kept in their wire shape, without the derived estimated_hourly_cost. */
export type StoredTemplate = z.infer<typeof schema.StoredTemplate>;
export type StoredCustomMetric = z.infer<typeof schema.StoredCustomMetric>;
export type ClustersState = z.infer<typeof schema.ClustersState>;

const index = new WeakMap<ClustersState, Map<string, StoredCluster>>();

/** The clusters slice of a store. */
export const clustersState = (store: Store): ClustersState => store.slice<ClustersState>(AREA);

export function findCluster(store: Store, id: string): StoredCluster | undefined {
  const s = clustersState(store);
  let byId = index.get(s);
  if (!byId || byId.size !== s.clusters.length) index.set(s, (byId = new Map(s.clusters.map((c) => [c.id, c]))));
  return byId.get(id);
}
