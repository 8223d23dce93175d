// The clusters feature (with its lifecycle, proxy, secrets and metrics parts) as the shell sees it.
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import GridView from '@mui/icons-material/GridView';
import ShowChart from '@mui/icons-material/ShowChart';
import { navigate, parseHash } from '../../../platform/navigation/hash-router';
import type { Feature, FeatureCommand } from '../../feature';
import { clusterPath, FLEET_PATH, parseClusterRoute } from './cluster-route';

export const feature: Feature = {
  id: 'clusters',
  area: 'clusters',
  path: '/clusters',
  label: 'Clusters',
  description: 'GPU clusters: status, cost, proxy and ports, secrets, live GPU metrics, the fleet heat map; stop and restart',
  icon: <DnsOutlined fontSize="small" />,
  page: () => import('./ClustersPage'),
  prefetch: () => import('./clusters-store').then((m) => m.useClusters.getState().ensureLoaded()),
  // A cluster's Secrets tab: its list is read from the navigation on, not once the tab has rendered.
  routePrefetch(path, query) {
    const { clusterId, tab } = parseClusterRoute(path);
    if (clusterId === null || tab !== 'secrets') return;
    void import('./secrets/secrets-store').then(({ secretQuery, useSecrets }) => {
      const q = secretQuery(clusterId, Object.fromEntries(query));
      void useSecrets.getState().load(q);
    });
  },
  search: () => import('./search').then((m) => m.searchClusters()),
  // Read when the palette opens: the metrics command is for the cluster that is open.
  get commands(): FeatureCommand[] {
    const fleet: FeatureCommand = {
      id: 'clusters:fleet',
      group: 'Clusters',
      title: 'Clusters: fleet view (GPU heat map)',
      icon: <GridView fontSize="small" />,
      shortcut: 'F',
      run: () => navigate(FLEET_PATH),
    };
    if (typeof window === 'undefined') return [fleet];
    const path = parseHash(window.location.hash).path;
    const { clusterId } = parseClusterRoute(path);
    if (!path.startsWith('/clusters/') || !clusterId) return [fleet];
    return [
      fleet,
      {
        id: 'clusters:open-metrics',
        group: 'Clusters',
        title: 'Cluster: open metrics',
        icon: <ShowChart fontSize="small" />,
        run: () => navigate(clusterPath(clusterId, 'metrics')),
      },
    ];
  },
};
