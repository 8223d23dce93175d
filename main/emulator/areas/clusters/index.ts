// The GPU cluster area (02-clusters.md): every route under /v1/clusters, its stored state
// (clusters with ports, secrets and any stop or restart under way; templates) and its part of the
// seeded world.
import { clustersOperations } from '../../../../shared/api/clusters/operations';
import { defineArea } from '../../core/area';
import { clusterHappenings, clusterMetering } from './events';
import { clusterGpuActivity } from './gpu-activity';
import { clusterRoutes } from './cluster/routes';
import { lifecycleRoutes } from './lifecycle/routes';
import { logRoutes } from './logs/routes';
import { metricRoutes } from './metrics/routes';
import { portRoutes } from './ports/routes';
import { proxyRoutes } from './proxy/routes';
import { applyClustersRecord, clustersRecord } from './records';
import { secretRoutes } from './secrets/routes';
import { AREA, type ClustersState } from './state';
import { ClustersState as ClustersStateSchema } from './stored-schema';
import { templateRoutes } from './templates/routes';
import { upgradeClusters } from './upgrade';
import { clusterIssueError } from './validation';
import { buildClustersWorld } from './world';
import { clusterResourceOf } from './resource-of';
import { clusterTallies } from './transfer';

export const clustersArea = defineArea<ClustersState>({
  name: AREA,
  operations: clustersOperations,
  routes: [
    ...templateRoutes,
    ...clusterRoutes,
    ...proxyRoutes,
    ...portRoutes,
    ...secretRoutes,
    ...metricRoutes,
    ...logRoutes,
    ...lifecycleRoutes,
  ],
  state: {
    schema: ClustersStateSchema,
    build: buildClustersWorld,
    // The stored JSON is the live state.
    hydrate: (stored) => stored as ClustersState,
    dehydrate: (live) => live,
    record: clustersRecord,
    applyRecord: applyClustersRecord,
    upgrade: upgradeClusters,
  },
  limits: {
    // GPU clusters row: POST 20 is written for creation; every cluster POST counts against it (docs/decisions.md, Clusters).
    byGroup: { clusters: { GET: 1000, POST: 20, PUT: 100, PATCH: 100, DELETE: 20 } },
  },
  mapIssue: clusterIssueError,
  resourceOf: clusterResourceOf,
  happenings: clusterHappenings,
  metering: clusterMetering,
  tallies: clusterTallies,
  gpuActivity: clusterGpuActivity,
  createdResources: (state) =>
    (state as ClustersState).clusters.flatMap((c) =>
      c.created_by ? [{ type: 'cluster' as const, id: c.id, name: c.name, createdBy: c.created_by, createdAt: c.created_at }] : [],
    ),
});
