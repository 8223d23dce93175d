// The clusters area's addresses: /clusters, /clusters/<id>, /clusters/<id>/ports|secrets.
export type DetailTab = 'overview' | 'ports' | 'secrets';

export interface ClusterRoute {
  clusterId: string | null;
  tab: DetailTab;
}

export function parseClusterRoute(path: string): ClusterRoute {
  const [, , id, tab] = path.split('/');
  return { clusterId: id ? decodeURIComponent(id) : null, tab: tab === 'ports' || tab === 'secrets' ? tab : 'overview' };
}

export function clusterPath(clusterId: string, tab: DetailTab = 'overview'): string {
  return `/clusters/${encodeURIComponent(clusterId)}${tab === 'overview' ? '' : `/${tab}`}`;
}
