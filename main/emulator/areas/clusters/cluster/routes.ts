// The two cluster reads (02-clusters.md, Cluster reads referenced by other operations).
import { clustersOperations as ops } from '../../../../../shared/api/clusters/operations';
import { defineRoute } from '../../../core/route-def';
import { project } from '../sim/cluster-state';
import { clusterView } from './view';
import { ok } from '../envelope';
import { clusterOr404 } from '../lookup';
import { clustersState } from '../state';

export const clusterRoutes = [
  defineRoute(ops['clusters.list'], (ctx, { query, now, requestId }) => {
    const clusters = clustersState(ctx.store).clusters.filter(
      (c) =>
        (query.project_id === undefined || c.project_id === query.project_id) &&
        (query.status === undefined || project(c, now).status === query.status),
    );
    return ok({ clusters: clusters.map((c) => clusterView(c, now, query.include_metrics ? { seed: ctx.seed() } : undefined)) }, requestId);
  }),
  defineRoute(ops['clusters.get'], (ctx, { params, now, requestId }) =>
    ok(clusterView(clusterOr404(ctx.store, params.cluster_id), now), requestId),
  ),
];
