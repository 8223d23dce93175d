// The cluster area's resources a member may be given access to (shares, resource grants:
// issue 19): clusters and templates. Ports and secrets are parts of a cluster, shared with it.
import type { ResourceRef } from '../../core/area';
import type { Store } from '../../state/store';
import { clustersState, findCluster } from './state';

export function clusterResourceOf(store: Store, id: string): ResourceRef | null {
  const c = findCluster(store, id);
  if (c) return { type: 'cluster', name: c.name, scope: 'clusters' };
  const t = clustersState(store).templates.find((x) => x.id === id);
  return t ? { type: 'template', name: t.name, scope: 'clusters' } : null;
}
