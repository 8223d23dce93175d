// The GPU cluster area (02-clusters.md): every route under /v1/clusters, and its part of
// the seeded world (registered with the world builder on import).
import '../../world/clusters';
import { clusterRoutes } from './clusters';
import { portRoutes } from './ports';
import { proxyRoutes } from './proxy';
import { restartRoute } from './restart';
import { secretRoutes } from './secrets';
import { stopRoute } from './stop';
import { templateRoutes } from './templates';

export const clustersRoutes = [...templateRoutes, ...clusterRoutes, ...proxyRoutes, ...portRoutes, ...secretRoutes, stopRoute, restartRoute];
