// What the command palette finds in the clusters area: every cluster (from the list store,
// loaded if needed) by name or id, and the secrets of the cluster that is open. Secrets live
// per cluster, one request each; searching every cluster's would cost a request per cluster
// on each palette open, so only the open cluster's are read, and the group says so.
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { navigate, parseHash } from '../../../platform/navigation/hash-router';
import { pathWithParams } from '../../../platform/navigation/url-state';
import type { SearchGroup } from '../../feature';
import { clusterPath, parseClusterRoute } from './cluster-route';
import { useClusters } from './clusters-store';
import { useSecrets } from './secrets/secrets-store';

async function secretsOfOpenCluster(): Promise<SearchGroup> {
  const { clusterId } = parseClusterRoute(parseHash(window.location.hash).path);
  const cluster = clusterId ? useClusters.getState().clusters.find((c) => c.id === clusterId) : undefined;
  if (!clusterId)
    return { label: 'Secrets', items: [], note: 'Secrets are searched in the open cluster: open a cluster to find its secrets.' };
  const name = cluster?.name ?? clusterId;
  const secrets = await useSecrets.getState().listOf(clusterId);
  return {
    label: `Secrets of ${name}`,
    note: `Secrets are searched in the open cluster (${name}) only.`,
    items: secrets.map((s) => ({
      id: `secret:${clusterId}:${s.name}`,
      title: s.name,
      keywords: s.environment_variable ? [s.environment_variable] : [],
      icon: <LockOutlined fontSize="small" />,
      run: () => navigate(pathWithParams(clusterPath(clusterId, 'secrets'), { q: s.name })),
    })),
  };
}

export async function searchClusters(): Promise<SearchGroup[]> {
  const [, secrets] = await Promise.all([useClusters.getState().ensureLoaded(), secretsOfOpenCluster()]);
  const clusters: SearchGroup = {
    label: 'Clusters',
    items: useClusters.getState().clusters.map((c) => ({
      id: `cluster:${c.id}`,
      title: c.name,
      keywords: [c.id],
      icon: <DnsOutlined fontSize="small" />,
      run: () => navigate(clusterPath(c.id)),
    })),
  };
  return [clusters, secrets];
}
