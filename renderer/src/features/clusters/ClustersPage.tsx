// The clusters area: the list at /clusters, one cluster at /clusters/<id>[/ports|/secrets].
import { lazy, Suspense } from 'react';
import { useHashPath } from '../../app/navigation/hash-router';
import { ClusterList } from './ClusterList';
import { parseClusterRoute } from './cluster-route';
import { useClustersFollowProfile } from './use-clusters-page';

const ClusterDetail = lazy(() => import('./ClusterDetail').then((m) => ({ default: m.ClusterDetail })));

export default function ClustersPage() {
  const route = parseClusterRoute(useHashPath());
  useClustersFollowProfile();
  if (!route.clusterId) return <ClusterList />;
  return (
    <Suspense fallback={null}>
      <ClusterDetail key={route.clusterId} clusterId={route.clusterId} tab={route.tab} />
    </Suspense>
  );
}
