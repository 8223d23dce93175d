// The HTTPS proxy of a cluster (02-clusters.md, Proxy configuration; Proxy and ports).
import { z } from 'zod';
import { ClusterId, IpList, queryBool, Timestamp, clusterEnvelope } from './common';
import { PortMapping } from './ports';

/** Access logs: at most this many entries per read (docs/decisions.md, Access-log queries). */
export const ACCESS_LOG_LIMIT_MAX = 5000;
export const ACCESS_LOG_LIMIT_DEFAULT = 50;
/** The longest "last N minutes" window: 7 days. */
const ACCESS_LOG_MINUTES_MAX = 10_080;

export const ProxyQuery = z
  .strictObject({
    include_health: queryBool(false),
    include_access_logs: queryBool(false),
    include_ssl_info: queryBool(false),
    /** Only entries of the last N minutes of the server's clock (chosen; the document names only include_access_logs). */
    access_logs_minutes: z.coerce.number().int().min(1).max(ACCESS_LOG_MINUTES_MAX).optional(),
    /** Only entries at or after / at or before these times. */
    access_logs_since: Timestamp.optional(),
    access_logs_until: Timestamp.optional(),
    /** Newest first, at most this many. */
    access_logs_limit: z.coerce.number().int().min(1).max(ACCESS_LOG_LIMIT_MAX).default(ACCESS_LOG_LIMIT_DEFAULT),
  })
  .refine((q) => !q.access_logs_since || !q.access_logs_until || Date.parse(q.access_logs_since) <= Date.parse(q.access_logs_until), {
    path: ['access_logs_until'],
    error: 'the end of the range is not before its start',
  });
export type ProxyQuery = z.input<typeof ProxyQuery>;

export const LoadBalancerAlgorithm = z.enum(['round_robin', 'least_connections', 'ip_hash']);
export const SslTermination = z.enum(['proxy', 'passthrough']);
export const CompressionAlgorithm = z.enum(['gzip', 'br']);
export const XFrameOptions = z.enum(['DENY', 'SAMEORIGIN']);

export const SESSION_TIMEOUT_MIN = 5;
export const SESSION_TIMEOUT_MAX = 1440;
export const MAX_SESSIONS_MAX = 1000;
export const GLOBAL_LIMIT_MAX = 1_000_000;

const limitPair = (rpmMax: number, burstMax: number) =>
  z.strictObject({
    requests_per_minute: z.number().int().min(1).max(rpmMax),
    burst_size: z.number().int().min(1).max(burstMax),
  });
/** Both limits are {requests_per_minute, burst_size} ("each" in the spec); the global one spans all callers. */
const RateLimitingInput = z
  .strictObject({
    global_limit: limitPair(GLOBAL_LIMIT_MAX, 100_000).optional(),
    per_user_limit: limitPair(100_000, 10_000).optional(),
  })
  .refine((r) => !r.global_limit || !r.per_user_limit || r.per_user_limit.requests_per_minute <= r.global_limit.requests_per_minute, {
    message: 'the per-user limit is at most the global limit',
    path: ['per_user_limit', 'requests_per_minute'],
  });
const SecurityHeadersInput = z.strictObject({
  hsts_enabled: z.boolean().optional(),
  content_security_policy: z.string().max(4096).optional(),
  x_frame_options: XFrameOptions.optional(),
});

/** PUT /proxy/access: every member optional, only those given change. */
export const UpdateProxyAccessRequest = z.strictObject({
  default_authentication: z.boolean().optional(),
  session_timeout_minutes: z.number().int().min(SESSION_TIMEOUT_MIN).max(SESSION_TIMEOUT_MAX).optional(),
  max_concurrent_sessions: z.number().int().min(1).max(MAX_SESSIONS_MAX).optional(),
  ip_whitelist: IpList.optional(),
  blocked_ips: IpList.optional(),
  rate_limiting: RateLimitingInput.optional(),
  security_headers: SecurityHeadersInput.optional(),
});
export type UpdateProxyAccessRequest = z.input<typeof UpdateProxyAccessRequest>;

/**
 * PUT /proxy body (spec: "not shown"). Chosen: a partial network configuration of the
 * proxy; members not given keep their value.
 */
export const UpdateProxyRequest = z.strictObject({
  load_balancer: z
    .strictObject({
      enabled: z.boolean().optional(),
      algorithm: LoadBalancerAlgorithm.optional(),
      health_check_enabled: z.boolean().optional(),
    })
    .optional(),
  ssl_termination: SslTermination.optional(),
  websocket_support: z.boolean().optional(),
  compression: z
    .strictObject({
      enabled: z.boolean().optional(),
      algorithms: z.array(CompressionAlgorithm).max(2).optional(),
    })
    .optional(),
});
export type UpdateProxyRequest = z.input<typeof UpdateProxyRequest>;

export const ProxyAccessControl = z.object({
  default_authentication: z.boolean(),
  session_timeout_minutes: z.number().int(),
  max_concurrent_sessions: z.number().int(),
  ip_whitelist: z.array(z.string()),
  blocked_ips: z.array(z.string()),
  rate_limiting: z.object({
    global_limit: z.object({ requests_per_minute: z.number().int(), burst_size: z.number().int() }),
    per_user_limit: z.object({ requests_per_minute: z.number().int(), burst_size: z.number().int() }),
  }),
  security_headers: z.object({
    hsts_enabled: z.boolean(),
    content_security_policy: z.string(),
    x_frame_options: XFrameOptions,
  }),
});
export type ProxyAccessControl = z.output<typeof ProxyAccessControl>;

export const NetworkConfiguration = z.object({
  load_balancer: z.object({ enabled: z.boolean(), algorithm: LoadBalancerAlgorithm, health_check_enabled: z.boolean() }),
  ssl_termination: SslTermination,
  websocket_support: z.boolean(),
  compression: z.object({ enabled: z.boolean(), algorithms: z.array(CompressionAlgorithm) }),
});
export type NetworkConfiguration = z.output<typeof NetworkConfiguration>;

export const AccessLogEntry = z.object({
  timestamp: Timestamp,
  client_ip: z.string(),
  user: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  status_code: z.number().int(),
  response_time_ms: z.number(),
  user_agent: z.string(),
});
export type AccessLogEntry = z.output<typeof AccessLogEntry>;

const SslCertificate = z.object({
  issuer: z.string(),
  valid_from: Timestamp,
  valid_until: Timestamp,
  status: z.enum(['valid', 'expiring', 'expired']),
});

export const ProxyConfiguration = z.object({
  cluster_id: ClusterId,
  proxy_url: z.string(),
  proxy_status: z.enum(['active', 'inactive']),
  /** Only with `include_ssl_info=true`. */
  ssl_certificate: SslCertificate.optional(),
  port_mappings: z.array(PortMapping),
  access_control: ProxyAccessControl,
  network_configuration: NetworkConfiguration,
  /** Only with `include_access_logs=true`, newest first. */
  access_logs: z.array(AccessLogEntry).optional(),
});
export type ProxyConfiguration = z.output<typeof ProxyConfiguration>;

/** The window an access-log read covered, by the server's clock; `truncated` when the limit left older entries out. */
export const AccessLogWindow = z.object({
  since: Timestamp.nullable(),
  until: Timestamp,
  limit: z.number().int(),
  truncated: z.boolean(),
});
export type AccessLogWindow = z.output<typeof AccessLogWindow>;

const ProxyMeta = z.looseObject({
  request_id: z.string(),
  last_updated: Timestamp,
  total_port_mappings: z.number().int(),
  active_port_mappings: z.number().int(),
  proxy_version: z.string(),
  /** With include_access_logs. */
  access_logs: AccessLogWindow.optional(),
});

/** GET /proxy, and (chosen) PUT /proxy and PUT /proxy/access, which answer the whole configuration after the change. */
export const ProxyResponse = clusterEnvelope(ProxyConfiguration, ProxyMeta);
export type ProxyResponse = z.output<typeof ProxyResponse>;
