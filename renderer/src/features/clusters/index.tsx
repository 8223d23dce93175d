// The clusters feature (with its lifecycle, proxy and secrets parts) as the shell sees it.
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import type { Feature } from '../feature';

export const feature: Feature = {
  id: 'clusters',
  path: '/clusters',
  label: 'Clusters',
  description: 'GPU clusters: status, cost, proxy and ports, secrets; stop and restart',
  icon: <DnsOutlined fontSize="small" />,
  page: () => import('./ClustersPage'),
  prefetch: () => import('./clusters-store').then((m) => m.useClusters.getState().ensureLoaded()),
  search: () => import('./search').then((m) => m.searchClusters()),
};
