// The endpoint record (03-endpoints-training.md, Endpoint configuration): GET /v2/endpoints,
// GET /v2/endpoints/{id}, and PUT /v2/endpoints/{id} (Endpoint update: update.ts).
import { endpointsOperations as ops } from '../../../../../shared/api/endpoints/operations';
import { defineRoute } from '../../../core/route-def';
import { endpointOr404 } from '../lookup';
import { endpointsState } from '../state';
import { updateRoute } from './update';
import { endpointView } from './view';

export const endpointRoutes = [
  defineRoute(ops['endpoints.list'], (ctx, { now }) => {
    const s = endpointsState(ctx.store);
    return { endpoints: s.endpoints.map((e) => endpointView(s, e, now)) };
  }),
  defineRoute(ops['endpoints.get'], (ctx, { params, now }) =>
    endpointView(endpointsState(ctx.store), endpointOr404(ctx.store, params.endpointId), now),
  ),
  updateRoute,
];
