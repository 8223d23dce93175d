// The clusters area's addresses: /clusters, /clusters/fleet, /clusters/<id>, /clusters/<id>/ports|secrets|metrics.
export type DetailTab = 'overview' | 'ports' | 'secrets' | 'metrics';
const OTHER_TABS: readonly string[] = ['ports', 'secrets', 'metrics'];

export interface ClusterRoute {
  clusterId: string | null;
  tab: DetailTab;
}

/** The fleet view: a word, not a cluster id (ids are `cluster_…`). */
export const FLEET_PATH = '/clusters/fleet';

export function parseClusterRoute(path: string): ClusterRoute {
  const [, , id, tab] = path.split('/');
  if (id === 'fleet') return { clusterId: null, tab: 'overview' };
  return { clusterId: id ? decodeURIComponent(id) : null, tab: tab && OTHER_TABS.includes(tab) ? (tab as DetailTab) : 'overview' };
}

export function clusterPath(clusterId: string, tab: DetailTab = 'overview'): string {
  return `/clusters/${encodeURIComponent(clusterId)}${tab === 'overview' ? '' : `/${tab}`}`;
}
