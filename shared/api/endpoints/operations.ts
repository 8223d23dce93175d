// Operations of the serverless endpoint area (03-endpoints-training.md, Endpoints; 01-accounts.md,
// Usage and limits for batch-execute), in the account envelope.
import { defineOperation, type DeclaredOperation } from '../operation';
import { BatchExecuteRequest, BatchExecuteResponse } from './batch';
import { EndpointIdParams } from './common';
import { Endpoint, ListEndpointsResponse, UpdateEndpointRequest, UpdateEndpointResponse } from './endpoint';
import {
  AggregateLogsRequest,
  AggregateLogsResponse,
  GetLogsQuery,
  GetLogsResponse,
  LogsTextBody,
  SearchLogsRequest,
  SearchLogsResponse,
} from './logs';
import { BatchHealthRequest, BatchHealthResponse, HealthQuery, HealthReport, LiveResponse, ReadyResponse } from './health';

const base = { limitGroup: 'endpoints', envelope: 'account', scope: 'endpoints' } as const;
// Health/batch reads and changes nothing: `read` (01-accounts.md, Authentication 4: read covers data retrieval).
const read = { ...base, access: 'read' } as const;
/** Logs need `logs:read`: `read` on the `endpoints` scope (03, Errors; docs/decisions.md, Endpoints: logs:read). */
const logs = { ...read, namedPermission: 'logs:read' } as const;
/** A malformed id names no endpoint (404, like an unknown one). */
const onEndpoint = ['VALIDATION_ERROR', 'ENDPOINT_NOT_FOUND'] as const;

export const endpointsOperations = {
  'endpoints.list': defineOperation({
    ...read,
    method: 'GET',
    id: 'endpoints.list',
    path: '/v2/endpoints',
    summary: 'List serverless endpoints',
    response: ListEndpointsResponse,
    errors: [],
  }),
  'endpoints.get': defineOperation({
    ...read,
    method: 'GET',
    id: 'endpoints.get',
    path: '/v2/endpoints/:endpointId',
    summary: 'One serverless endpoint',
    params: EndpointIdParams,
    response: Endpoint,
    errors: [...onEndpoint],
  }),
  'endpoints.update': defineOperation({
    ...base,
    access: 'write',
    method: 'PUT',
    id: 'endpoints.update',
    path: '/v2/endpoints/:endpointId',
    summary: 'Change an endpoint’s configuration (rolled out gradually)',
    params: EndpointIdParams,
    body: UpdateEndpointRequest,
    response: UpdateEndpointResponse,
    errors: [...onEndpoint, 'INVALID_CONFIGURATION', 'ENDPOINT_BUSY'],
  }),
  'endpoints.health': defineOperation({
    ...read,
    method: 'GET',
    id: 'endpoints.health',
    path: '/v2/endpoints/:endpointId/health',
    summary: 'Health report of an endpoint (basic, detailed or deep)',
    params: EndpointIdParams,
    query: HealthQuery,
    response: HealthReport,
    errors: [...onEndpoint, 'HEALTH_CHECK_TIMEOUT'],
  }),
  'endpoints.healthBatch': defineOperation({
    ...read,
    method: 'POST',
    id: 'endpoints.healthBatch',
    path: '/v2/endpoints/health/batch',
    summary: 'Health reports of several endpoints',
    description: "`endpointIds` is required. Chosen: `timeout`, as the single check's.",
    body: BatchHealthRequest,
    response: BatchHealthResponse,
    errors: [...onEndpoint],
  }),
  'endpoints.ready': defineOperation({
    ...read,
    method: 'GET',
    id: 'endpoints.ready',
    path: '/v2/endpoints/:endpointId/ready',
    summary: 'Readiness of an endpoint',
    params: EndpointIdParams,
    response: ReadyResponse,
    errors: [...onEndpoint],
  }),
  'endpoints.live': defineOperation({
    ...read,
    method: 'GET',
    id: 'endpoints.live',
    path: '/v2/endpoints/:endpointId/live',
    summary: 'Liveness of an endpoint',
    params: EndpointIdParams,
    response: LiveResponse,
    errors: [...onEndpoint],
  }),
  'endpoints.batchExecute': defineOperation({
    ...base,
    access: 'execute',
    method: 'POST',
    id: 'endpoints.batchExecute',
    path: '/v2/endpoints/batch-execute',
    summary: 'Run several executions in one call',
    description: '`requests` is required, each with its `endpoint_id` and `input`: what to run where.',
    body: BatchExecuteRequest,
    response: BatchExecuteResponse,
    errors: ['VALIDATION_ERROR'],
  }),
  'endpoints.logs': defineOperation({
    ...logs,
    method: 'GET',
    id: 'endpoints.logs',
    path: '/v2/endpoints/:endpointId/logs',
    summary: 'Logs of an endpoint (JSON, text, CSV, or Server-Sent Events resumable with Last-Event-ID)',
    description:
      "`limit` has no default: without it the whole range is asked for, and a range holding more than 10,000 entries is TOO_MANY_LOGS. Without `format` the Accept header chooses, else JSON. Chosen: `source` (one or more sources), `requestId` (one request's lines), `heartbeatSeconds` (a stream's heartbeat).",
    params: EndpointIdParams,
    query: GetLogsQuery,
    response: GetLogsResponse,
    successMedia: {
      'application/json': GetLogsResponse,
      'text/plain': LogsTextBody,
      'text/csv': LogsTextBody,
      'text/event-stream': LogsTextBody,
    },
    errors: [...onEndpoint, 'INVALID_TIME_RANGE', 'TOO_MANY_LOGS'],
  }),
  'endpoints.logs.search': defineOperation({
    ...logs,
    method: 'POST',
    id: 'endpoints.logs.search',
    path: '/v2/endpoints/logs/search',
    summary: 'Search the logs of several endpoints',
    description:
      "`endpointIds` is required; a `timeRange` needs its `start` and `end`, a `search` its `query`. The sort `field` is one of timestamp, level, duration, gpuUtilization (the entry's sortable fields).",
    body: SearchLogsRequest,
    response: SearchLogsResponse,
    errors: [...onEndpoint, 'INVALID_TIME_RANGE'],
  }),
  'endpoints.logs.aggregate': defineOperation({
    ...logs,
    method: 'POST',
    id: 'endpoints.logs.aggregate',
    path: '/v2/endpoints/logs/aggregate',
    summary: 'Aggregate the logs of several endpoints',
    description:
      "`endpointIds`, `timeRange` (`start`, `end`) and `aggregations` are required, each aggregation with its `name` and `metrics`. `groupBy` is among level, hour, source: the document's examples are the groupings defined.",
    body: AggregateLogsRequest,
    response: AggregateLogsResponse,
    errors: [...onEndpoint, 'INVALID_TIME_RANGE'],
  }),
} as const satisfies Record<string, DeclaredOperation>;
