// The clusters area: the list at /clusters, the fleet heat map at /clusters/fleet, one cluster at
// /clusters/<id>[/ports|/secrets|/metrics].
import { lazy, Suspense } from 'react';
import { useHashPath } from '../../../platform/navigation/hash-router';
import { ClusterList } from './ClusterList';
import { FLEET_PATH, parseClusterRoute } from './cluster-route';
import { useClustersFollowProfile } from './use-clusters-page';

const ClusterDetail = lazy(() => import('./ClusterDetail').then((m) => ({ default: m.ClusterDetail })));
const FleetView = lazy(() => import('./fleet/FleetView').then((m) => ({ default: m.FleetView })));

export default function ClustersPage() {
  const path = useHashPath();
  const route = parseClusterRoute(path);
  useClustersFollowProfile();
  if (path === FLEET_PATH)
    return (
      <Suspense fallback={null}>
        <FleetView />
      </Suspense>
    );
  if (!route.clusterId) return <ClusterList />;
  return (
    <Suspense fallback={null}>
      <ClusterDetail key={route.clusterId} clusterId={route.clusterId} tab={route.tab} />
    </Suspense>
  );
}
