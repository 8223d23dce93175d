// Finding what a route names, or the cluster-envelope 404 for it.
import type { Store } from '../../state/store';
import { clusterNotFound, portNotFound, secretNotFound } from './errors';
import { findCluster, type StoredCluster, type StoredPort, type StoredSecret } from './state';

export function clusterOr404(store: Store, id: string): StoredCluster {
  const c = findCluster(store, id);
  if (!c) throw clusterNotFound(id);
  return c;
}

export function portOr404(c: StoredCluster, portId: string): StoredPort {
  const p = c.ports.find((x) => x.id === portId);
  if (!p) throw portNotFound(c.id, portId);
  return p;
}

export function secretOr404(c: StoredCluster, name: string): StoredSecret {
  const s = c.secrets.find((x) => x.name === name);
  if (!s) throw secretNotFound(c.id, name);
  return s;
}
