// The clusters feature (with its lifecycle, proxy, secrets and metrics parts) as the shell sees it.
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import GridView from '@mui/icons-material/GridView';
import ShowChart from '@mui/icons-material/ShowChart';
import { navigate, parseHash } from '../../../platform/navigation/hash-router';
import { readAhead } from '../../../platform/read-ahead';
import type { Feature, FeatureCommand } from '../../feature';
import { clusterPath, FLEET_PATH, parseClusterRoute } from './cluster-route';
import { secretListInput } from './secrets/secret-list-input';

export const feature: Feature = {
  id: 'clusters',
  area: 'clusters',
  path: '/clusters',
  label: 'Clusters',
  description: 'GPU clusters: status, cost, proxy and ports, secrets, live GPU metrics, the fleet heat map; stop and restart',
  icon: <DnsOutlined fontSize="small" />,
  page: () => import('./ClustersPage'),
  prefetch: () => import('./clusters-store').then((m) => m.useClusters.getState().ensureLoaded()),
  // A cluster's view: its code is fetched from the navigation on, beside the page's; for the
  // Secrets tab its list is read then too, not once the tab's code has arrived (issue 23). Only
  // the list without a type or category: those the store checks against the contract's lists,
  // which are not in this chunk (an address naming one reads when the tab mounts).
  routePrefetch(path, query) {
    const { clusterId, tab } = parseClusterRoute(path);
    if (clusterId === null) return;
    void import('./ClustersPage').catch(() => {});
    void import('./ClusterDetail').catch(() => {});
    if (tab !== 'secrets') return;
    void import('./secrets/SecretsTab').catch(() => {});
    if (query.get('type') || query.get('category')) return;
    readAhead('clusters.secrets.list', secretListInput(clusterId, { type: '', category: '', search: query.get('q') ?? '' }));
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
