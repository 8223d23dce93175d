// The serverless endpoint area (03-endpoints-training.md; 01-accounts.md for batch-execute):
// every route under /v2/endpoints, its stored state (endpoints with any rollout under way,
// batch executions in flight) and its part of the seeded world.
import { endpointsOperations } from '../../../../shared/api/endpoints/operations';
import { defineArea } from '../../core/area';
import { endpointHappenings } from './events';
import { endpointMetering, endpointTallies } from './metering';
import { batchExecuteRoute } from './batch/routes';
import { endpointRoutes } from './endpoint/routes';
import { healthRoutes } from './health/routes';
import { logRoutes } from './logs/routes';
import { applyEndpointsRecord, endpointsRecord } from './records';
import { AREA, type EndpointsState } from './state';
import { EndpointsState as EndpointsStateSchema } from './stored-schema';
import { endpointServing } from './serving';
import { endpointIssueError } from './validation';
import { buildEndpointsWorld } from './world';
import { endpointResourceOf } from './resource-of';

export const endpointsArea = defineArea<EndpointsState>({
  name: AREA,
  operations: endpointsOperations,
  routes: [...endpointRoutes, ...healthRoutes, batchExecuteRoute, ...logRoutes],
  state: {
    schema: EndpointsStateSchema,
    build: buildEndpointsWorld,
    // The stored JSON is the live state.
    hydrate: (stored) => stored as EndpointsState,
    dehydrate: (live) => live,
    record: endpointsRecord,
    applyRecord: applyEndpointsRecord,
  },
  limits: {
    // Serverless endpoints row: GET /endpoints/* 1000; POST /endpoints 50 is for creation (no such route here) and
    // POST /endpoints/*/execute 500: every POST of the area counts against 500; PUT is not shown: 100 as clusters
    // (docs/decisions.md, Endpoints: rate limits).
    byGroup: { endpoints: { GET: 1000, POST: 500, PUT: 100 } },
  },
  mapIssue: endpointIssueError,
  resourceOf: endpointResourceOf,
  happenings: endpointHappenings,
  metering: endpointMetering,
  tallies: endpointTallies,
  // Model deployments are endpoints of this area (the training area deploys through it).
  serving: endpointServing,
  createdResources: (state) =>
    (state as EndpointsState).endpoints.flatMap((e) =>
      e.created_by ? [{ type: 'endpoint' as const, id: e.id, name: e.name, createdBy: e.created_by, createdAt: e.created_at }] : [],
    ),
});
