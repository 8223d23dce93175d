// The clusters area: the list at /clusters, the fleet heat map at /clusters/fleet, one cluster at
// /clusters/<id>[/ports|/secrets|/metrics]. The lazy views have no boundary of their own: they
// suspend the frame's route transition, which keeps the current view until their code is here
// (a boundary of their own would show a fallback, and React then holds the view back 300 ms).
import { lazy } from 'react';
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
  if (path === FLEET_PATH) return <FleetView />;
  if (!route.clusterId) return <ClusterList />;
  return <ClusterDetail key={route.clusterId} clusterId={route.clusterId} tab={route.tab} />;
}
