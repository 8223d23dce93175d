// Operations of 02-clusters.md implemented so far: cluster reads, proxy and ports,
// secrets, templates, metrics, logs, stop and restart.
// Every response schema describes the whole `{success, data, meta}` envelope.
import { defineOperation, type DeclaredOperation } from '../operation';
import { ClusterIdParams } from './common';
import { ClusterResponse, ListClustersQuery, ListClustersResponse } from './cluster';
import {
  AggregatedMetricsQuery,
  AggregatedMetricsResponse,
  CreateCustomMetricRequest,
  CustomMetricResponse,
  HistoricalMetricsQuery,
  HistoricalMetricsResponse,
  MetricsQuery,
  MetricsResponse,
} from './metrics';
import {
  LogDownloadJson,
  LogDownloadQuery,
  LogSearchRequest,
  LogSearchResponse,
  LogStreamQuery,
  LogStreamText,
  LogsQuery,
  LogsResponse,
  LogsText,
} from './logs';
import { RestartRequest, RestartResponse, StopRequest, StopResponse } from './lifecycle';
import { CreatePortMappingRequest, DeletePortMappingResponse, PortIdParams, PortMappingResponse, UpdatePortMappingRequest } from './ports';
import { ProxyQuery, ProxyResponse, UpdateProxyAccessRequest, UpdateProxyRequest } from './proxy';
import {
  CreateSecretRequest,
  DeleteSecretResponse,
  GetSecretQuery,
  ListSecretsQuery,
  ListSecretsResponse,
  SecretParams,
  SecretResponse,
  UpdateSecretRequest,
} from './secrets';
import {
  CreateTemplateRequest,
  DeleteTemplateResponse,
  ListTemplatesQuery,
  ListTemplatesResponse,
  TemplateParams,
  TemplateResponse,
  UpdateTemplateRequest,
} from './templates';

const read = { limitGroup: 'clusters', envelope: 'cluster', access: 'read', scope: 'clusters', method: 'GET' } as const;
const write = { limitGroup: 'clusters', envelope: 'cluster', access: 'write', scope: 'clusters' } as const;

// Errors each route answers besides the common ones (error-codes.ts), read off its handler
// (main/emulator/areas/clusters). A malformed id is the 404 of its kind
// (main/emulator/core/cluster-validation.ts); VALIDATION_ERROR covers params, query and body
// failures and a path that cannot be decoded; INVALID_IP_ADDRESS a bad entry of an IP list.
/** Every route under /v1/clusters/:cluster_id. */
const onCluster = ['VALIDATION_ERROR', 'CLUSTER_NOT_FOUND'] as const;
/** include_value(s)=true without the elevated permission; a value sealed with another secrets key. */
const secretValues = ['INSUFFICIENT_PERMISSIONS', 'INVALID_STATE'] as const;

/** Stop and restart may hold the response until done, for at most timeout_minutes (simulated time, never slower than real). */
function heldFor(body: unknown, flag: 'wait_for_completion' | 'wait_for_ready'): number {
  const b = body as { timeout_minutes?: number } & Partial<Record<typeof flag, boolean>>;
  return b?.[flag] ? (b.timeout_minutes ?? 0) * 60_000 : 0;
}

export const clustersOperations = {
  'clusters.list': defineOperation({
    ...read,
    id: 'clusters.list',
    path: '/v1/clusters',
    summary: 'List clusters',
    description: '`status` filters on the cluster states (02, States and transitions: the values seen).',
    query: ListClustersQuery,
    response: ListClustersResponse,
    errors: ['VALIDATION_ERROR'],
  }),
  'clusters.get': defineOperation({
    ...read,
    id: 'clusters.get',
    path: '/v1/clusters/:cluster_id',
    summary: 'One cluster',
    params: ClusterIdParams,
    response: ClusterResponse,
    errors: [...onCluster],
  }),

  'clusters.proxy.get': defineOperation({
    ...read,
    id: 'clusters.proxy.get',
    path: '/v1/clusters/:cluster_id/proxy',
    summary: 'Proxy configuration, port mappings and access control',
    description:
      'Chosen: `access_logs_minutes`, `access_logs_since`, `access_logs_until` and `access_logs_limit` choose the window and size of `access_logs`.',
    params: ClusterIdParams,
    query: ProxyQuery,
    response: ProxyResponse,
    errors: [...onCluster],
  }),
  'clusters.proxy.update': defineOperation({
    ...write,
    id: 'clusters.proxy.update',
    method: 'PUT',
    path: '/v1/clusters/:cluster_id/proxy',
    summary: "Change the proxy's network configuration",
    params: ClusterIdParams,
    body: UpdateProxyRequest,
    response: ProxyResponse,
    errors: [...onCluster],
  }),
  'clusters.proxy.updateAccess': defineOperation({
    ...write,
    id: 'clusters.proxy.updateAccess',
    method: 'PUT',
    path: '/v1/clusters/:cluster_id/proxy/access',
    summary: 'Change the access control of the whole proxy',
    description:
      "`x_frame_options` is DENY or SAMEORIGIN (the header's values; ALLOW-FROM is obsolete). Each of `global_limit` and `per_user_limit` takes both `requests_per_minute` and `burst_size`. `blocked_ips` (the proxy configuration's access_control member) is set here too.",
    params: ClusterIdParams,
    body: UpdateProxyAccessRequest,
    response: ProxyResponse,
    errors: [...onCluster, 'INVALID_IP_ADDRESS'],
  }),
  'clusters.ports.create': defineOperation({
    ...write,
    id: 'clusters.ports.create',
    method: 'POST',
    path: '/v1/clusters/:cluster_id/proxy/ports',
    summary: 'Add a port mapping (external port auto-assigned when omitted)',
    description: 'An access-control `rate_limit` takes both `requests_per_minute` and `burst_size`: a limit is the pair.',
    params: ClusterIdParams,
    body: CreatePortMappingRequest,
    response: PortMappingResponse,
    errors: [...onCluster, 'INVALID_IP_ADDRESS', 'PORT_CONFLICT'],
  }),
  'clusters.ports.update': defineOperation({
    ...write,
    id: 'clusters.ports.update',
    method: 'PUT',
    path: '/v1/clusters/:cluster_id/proxy/ports/:port_id',
    summary: 'Change a port mapping',
    description: 'An access-control `rate_limit` takes both `requests_per_minute` and `burst_size`: a limit is the pair.',
    params: PortIdParams,
    body: UpdatePortMappingRequest,
    response: PortMappingResponse,
    errors: [...onCluster, 'PORT_NOT_FOUND', 'INVALID_IP_ADDRESS'],
  }),
  'clusters.ports.delete': defineOperation({
    ...write,
    id: 'clusters.ports.delete',
    method: 'DELETE',
    path: '/v1/clusters/:cluster_id/proxy/ports/:port_id',
    summary: 'Remove a port mapping',
    params: PortIdParams,
    response: DeletePortMappingResponse,
    errors: [...onCluster, 'PORT_NOT_FOUND'],
  }),

  'clusters.secrets.list': defineOperation({
    ...read,
    id: 'clusters.secrets.list',
    path: '/v1/clusters/:cluster_id/secrets',
    summary: 'List secrets (values only with include_values and the elevated permission)',
    description:
      "`type` and `category` filter on every value a secret may have: the document's filter values and the others it uses in create calls.",
    params: ClusterIdParams,
    query: ListSecretsQuery,
    response: ListSecretsResponse,
    errors: [...onCluster, ...secretValues],
  }),
  'clusters.secrets.get': defineOperation({
    ...read,
    id: 'clusters.secrets.get',
    path: '/v1/clusters/:cluster_id/secrets/:secret_name',
    summary: 'One secret (value only with include_value and the elevated permission)',
    params: SecretParams,
    query: GetSecretQuery,
    response: SecretResponse,
    errors: [...onCluster, 'SECRET_NOT_FOUND', ...secretValues],
  }),
  'clusters.secrets.create': defineOperation({
    ...write,
    id: 'clusters.secrets.create',
    method: 'POST',
    path: '/v1/clusters/:cluster_id/secrets',
    summary: 'Store a secret',
    description: '`allowed_roles` are the four built-in roles. A `rotation_policy` needs `enabled`.',
    params: ClusterIdParams,
    body: CreateSecretRequest,
    response: SecretResponse,
    errors: [...onCluster, 'SECRET_EXISTS'],
  }),
  'clusters.secrets.update': defineOperation({
    ...write,
    id: 'clusters.secrets.update',
    method: 'PUT',
    path: '/v1/clusters/:cluster_id/secrets/:secret_name',
    summary: 'Change a secret (a value rotates it)',
    params: SecretParams,
    body: UpdateSecretRequest,
    response: SecretResponse,
    errors: [...onCluster, 'SECRET_NOT_FOUND'],
  }),
  'clusters.secrets.delete': defineOperation({
    ...write,
    id: 'clusters.secrets.delete',
    method: 'DELETE',
    path: '/v1/clusters/:cluster_id/secrets/:secret_name',
    summary: 'Remove a secret',
    params: SecretParams,
    response: DeleteSecretResponse,
    errors: [...onCluster, 'SECRET_NOT_FOUND'],
  }),

  // Static `templates` segments: fastify prefers them over `:cluster_id`, and cluster ids start with cluster_.
  'clusters.templates.list': defineOperation({
    ...read,
    id: 'clusters.templates.list',
    path: '/v1/clusters/templates',
    summary: 'List templates',
    query: ListTemplatesQuery,
    response: ListTemplatesResponse,
    errors: ['VALIDATION_ERROR'],
  }),
  'clusters.templates.get': defineOperation({
    ...read,
    id: 'clusters.templates.get',
    path: '/v1/clusters/templates/:template_id',
    summary: 'One template',
    params: TemplateParams,
    response: TemplateResponse,
    errors: ['VALIDATION_ERROR', 'TEMPLATE_NOT_FOUND'],
  }),
  'clusters.templates.create': defineOperation({
    ...write,
    id: 'clusters.templates.create',
    method: 'POST',
    path: '/v1/clusters/templates',
    summary: 'Create a template',
    description:
      "`gpu_type` is one of the emulator's GPU types. Each of `port_mappings` needs its `internal_port` and `description`, as a port mapping's create. `project_id` (chosen) is the project the template's name is unique in.",
    body: CreateTemplateRequest,
    response: TemplateResponse,
    errors: ['VALIDATION_ERROR', 'TEMPLATE_NAME_EXISTS'],
  }),
  'clusters.templates.update': defineOperation({
    ...write,
    id: 'clusters.templates.update',
    method: 'PUT',
    path: '/v1/clusters/templates/:template_id',
    summary: 'Change a template (official ones are read-only)',
    description:
      "`gpu_type` is one of the emulator's GPU types. Each of `port_mappings` needs its `internal_port` and `description`, as a port mapping's create.",
    params: TemplateParams,
    body: UpdateTemplateRequest,
    response: TemplateResponse,
    errors: ['VALIDATION_ERROR', 'TEMPLATE_NOT_FOUND', 'OFFICIAL_TEMPLATE_READ_ONLY', 'INVALID_RESOURCE_BOUNDS', 'TEMPLATE_NAME_EXISTS'],
  }),
  'clusters.templates.delete': defineOperation({
    ...write,
    id: 'clusters.templates.delete',
    method: 'DELETE',
    path: '/v1/clusters/templates/:template_id',
    summary: 'Remove a template (official ones are read-only)',
    params: TemplateParams,
    response: DeleteTemplateResponse,
    errors: ['VALIDATION_ERROR', 'TEMPLATE_NOT_FOUND', 'OFFICIAL_TEMPLATE_READ_ONLY'],
  }),

  // The current snapshot of a cluster that is not up (stopped, error, starting) is 409 INVALID_STATE (docs/decisions.md, Metrics).
  'clusters.metrics.get': defineOperation({
    ...read,
    id: 'clusters.metrics.get',
    path: '/v1/clusters/:cluster_id/metrics',
    summary: 'Current GPU and host metrics',
    params: ClusterIdParams,
    query: MetricsQuery,
    response: MetricsResponse,
    errors: [...onCluster, 'INVALID_STATE'],
  }),
  'clusters.metrics.historical': defineOperation({
    ...read,
    id: 'clusters.metrics.historical',
    path: '/v1/clusters/:cluster_id/metrics/historical',
    summary: 'Metrics over a time range, one data point per interval',
    params: ClusterIdParams,
    query: HistoricalMetricsQuery,
    response: HistoricalMetricsResponse,
    errors: [...onCluster],
  }),
  'clusters.metrics.aggregated': defineOperation({
    ...read,
    id: 'clusters.metrics.aggregated',
    path: '/v1/clusters/:cluster_id/metrics/aggregated',
    summary: 'Summary statistics of each metric and GPU over a window',
    params: ClusterIdParams,
    query: AggregatedMetricsQuery,
    response: AggregatedMetricsResponse,
    errors: [...onCluster],
  }),
  'clusters.metrics.custom': defineOperation({
    ...write,
    id: 'clusters.metrics.custom',
    method: 'POST',
    path: '/v1/clusters/:cluster_id/metrics/custom',
    summary: 'Publish a value of a custom gauge metric',
    description:
      '`name` and `value` are required: a metric is a named number. `type` is gauge, the one type the document uses (other types are not shown).',
    params: ClusterIdParams,
    body: CreateCustomMetricRequest,
    response: CustomMetricResponse,
    errors: [...onCluster, 'CUSTOM_METRIC_LIMIT'],
  }),

  // Logs: a page (json or text), an event stream, a boolean search and a file (docs/decisions.md, Logs).
  'clusters.logs.list': defineOperation({
    ...read,
    id: 'clusters.logs.list',
    path: '/v1/clusters/:cluster_id/logs',
    summary: 'A page of log entries, filtered (json, or text with format=text)',
    params: ClusterIdParams,
    query: LogsQuery,
    response: LogsResponse,
    successMedia: { 'application/json': LogsResponse, 'text/plain': LogsText },
    errors: [...onCluster],
  }),
  'clusters.logs.stream': defineOperation({
    ...read,
    id: 'clusters.logs.stream',
    path: '/v1/clusters/:cluster_id/logs/stream',
    summary: 'Log entries as Server-Sent Events as they are written (resume with Last-Event-ID)',
    params: ClusterIdParams,
    query: LogStreamQuery,
    response: LogStreamText,
    successMedia: { 'text/event-stream': LogStreamText },
    errors: [...onCluster],
  }),
  // A search reads; it is a POST, so it counts against the area's POST bucket (docs/decisions.md, Logs).
  'clusters.logs.search': defineOperation({
    ...read,
    id: 'clusters.logs.search',
    method: 'POST',
    path: '/v1/clusters/:cluster_id/logs/search',
    summary: 'Search log entries with a boolean query (AND, OR, NOT, parentheses, phrases, field:value)',
    description: '`query` is required (what to search). `sort` is timestamp or level, then :asc or :desc: the fields an entry sorts on.',
    params: ClusterIdParams,
    body: LogSearchRequest,
    response: LogSearchResponse,
    errors: [...onCluster],
  }),
  'clusters.logs.download': defineOperation({
    ...read,
    id: 'clusters.logs.download',
    path: '/v1/clusters/:cluster_id/logs/download',
    summary: 'The log entries of a range as a file (json or text, optionally gzip)',
    description: "`format` is json or text, as the logs read's. `compression` also takes none (the default: the file as is).",
    params: ClusterIdParams,
    query: LogDownloadQuery,
    response: LogDownloadJson,
    successMedia: { 'application/json': LogDownloadJson, 'text/plain': LogsText, 'application/gzip': LogsText },
    errors: [...onCluster],
  }),

  'clusters.stop': defineOperation({
    ...write,
    id: 'clusters.stop',
    method: 'POST',
    path: '/v1/clusters/:cluster_id/stop',
    summary: 'Stop a running cluster',
    params: ClusterIdParams,
    body: StopRequest,
    response: StopResponse,
    holdMs: (b) => heldFor(b, 'wait_for_completion'),
    errors: [...onCluster, 'INVALID_STATE'],
  }),
  'clusters.restart': defineOperation({
    ...write,
    id: 'clusters.restart',
    method: 'POST',
    path: '/v1/clusters/:cluster_id/restart',
    summary: 'Restart a cluster, optionally changing its configuration',
    description:
      "Each of `port_mapping_updates` needs `internal_port`, `external_port` (0 asks for one to be assigned) and `description`. A `region` is one of the emulator's regions (us-east-1, us-west-2, eu-west-1, ap-southeast-1).",
    params: ClusterIdParams,
    body: RestartRequest,
    response: RestartResponse,
    holdMs: (b) => heldFor(b, 'wait_for_ready'),
    errors: [...onCluster, 'INVALID_STATE', 'STORAGE_CANNOT_SHRINK', 'GPU_UNAVAILABLE', 'SNAPSHOT_NOT_FOUND', 'PORT_CONFLICT'],
  }),
} as const satisfies Record<string, DeclaredOperation>;
