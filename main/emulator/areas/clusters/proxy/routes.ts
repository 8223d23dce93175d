// The proxy of a cluster (02-clusters.md, Proxy and ports): GET with its optional parts,
// PUT /proxy (partial network configuration, chosen) and PUT /proxy/access (partial access
// control). Both PUTs answer the whole configuration, as GET does.
import { clustersOperations as ops } from '../../../../../shared/api/clusters/operations';
import { ACCESS_LOG_LIMIT_DEFAULT, type AccessLogWindow, type ProxyConfiguration } from '../../../../../shared/api/clusters/proxy';
import { defineRoute } from '../../../core/route-def';
import { project } from '../sim/cluster-state';
import type { EmulatorContext } from '../../../core/context';
import { accessLogs, type AccessLogRange } from './access-logs';
import { iso, ok } from '../envelope';
import { perUserAboveGlobal } from '../errors';
import { clusterOr404 } from '../lookup';
import { stripUndefined } from '../envelope';
import { portView } from '../ports/view';
import { clusterRecord } from '../records';
import { AREA, type StoredCluster } from '../state';

const PROXY_VERSION = '2.4.1';
const DAY = 86_400_000;

interface ProxyParts {
  include_health?: boolean;
  include_access_logs?: boolean;
  include_ssl_info?: boolean;
  access_logs_minutes?: number;
  access_logs_since?: string;
  access_logs_until?: string;
  access_logs_limit?: number;
}

/** The access-log window a query asks for, by the server's clock: the later of "last N minutes" and `since`. */
function accessLogRange(parts: ProxyParts, now: number): AccessLogRange {
  const starts = [
    parts.access_logs_minutes !== undefined ? now - parts.access_logs_minutes * 60_000 : null,
    parts.access_logs_since !== undefined ? Date.parse(parts.access_logs_since) : null,
  ].filter((x): x is number => x !== null);
  const until = parts.access_logs_until !== undefined ? Math.min(now, Date.parse(parts.access_logs_until)) : now;
  return { since: starts.length ? Math.max(...starts) : null, until, limit: parts.access_logs_limit ?? ACCESS_LOG_LIMIT_DEFAULT };
}

function servingUntil(c: StoredCluster, status: string, now: number): number | null {
  if (status === 'running' || status === 'stopping' || status === 'restarting') return now;
  if (status === 'stopped') return c.billing_stopped_at ?? c.last_accessed;
  return status === 'error' ? c.last_accessed : null;
}

function proxyResponse(c: StoredCluster, now: number, parts: ProxyParts, requestId: string) {
  const { status } = project(c, now);
  const data: ProxyConfiguration = {
    cluster_id: c.id,
    proxy_url: c.proxy_url,
    proxy_status: status === 'running' || status === 'stopping' || status === 'restarting' ? 'active' : 'inactive',
    port_mappings: c.ports.map((p) => portView(c, p, now, parts.include_health)),
    access_control: structuredClone(c.proxy.access),
    network_configuration: structuredClone(c.proxy.network),
  };
  if (parts.include_ssl_info) {
    const until = c.proxy.ssl_valid_until;
    data.ssl_certificate = {
      issuer: 'GPU Console Proxy CA R3',
      valid_from: iso(c.proxy.ssl_valid_from),
      valid_until: iso(until),
      status: until <= now ? 'expired' : until - now < 30 * DAY ? 'expiring' : 'valid',
    };
  }
  let window: AccessLogWindow | undefined;
  if (parts.include_access_logs) {
    const range = accessLogRange(parts, now);
    const read = accessLogs(c, servingUntil(c, status, now), range);
    data.access_logs = read.entries;
    window = {
      since: range.since === null ? null : iso(range.since),
      until: iso(range.until),
      limit: range.limit,
      truncated: read.truncated,
    };
  }
  const lastUpdated = Math.max(c.proxy.updated_at, ...c.ports.map((p) => p.updated_at));
  return ok(data, requestId, {
    last_updated: iso(lastUpdated),
    total_port_mappings: c.ports.length,
    active_port_mappings: c.ports.length,
    proxy_version: PROXY_VERSION,
    ...(window ? { access_logs: window } : {}),
  });
}

function touch(ctx: EmulatorContext, c: StoredCluster, now: number): void {
  c.proxy.updated_at = now;
  ctx.store.touch(AREA, clusterRecord.cluster(c.id));
}

export const proxyRoutes = [
  defineRoute(ops['clusters.proxy.get'], (ctx, { params, query, now, requestId }) =>
    proxyResponse(clusterOr404(ctx.store, params.cluster_id), now, query, requestId),
  ),
  defineRoute(ops['clusters.proxy.update'], (ctx, { params, body, now, requestId }) => {
    const c = clusterOr404(ctx.store, params.cluster_id);
    const n = c.proxy.network;
    if (body.load_balancer) Object.assign(n.load_balancer, stripUndefined(body.load_balancer));
    if (body.ssl_termination !== undefined) n.ssl_termination = body.ssl_termination;
    if (body.websocket_support !== undefined) n.websocket_support = body.websocket_support;
    if (body.compression?.enabled !== undefined) n.compression.enabled = body.compression.enabled;
    if (body.compression?.algorithms !== undefined) n.compression.algorithms = [...new Set(body.compression.algorithms)];
    touch(ctx, c, now);
    return proxyResponse(c, now, {}, requestId);
  }),
  defineRoute(ops['clusters.proxy.updateAccess'], (ctx, { params, body, now, requestId }) => {
    const c = clusterOr404(ctx.store, params.cluster_id);
    const a = c.proxy.access;
    const { rate_limiting, security_headers, ...plain } = body;
    Object.assign(a, stripUndefined(plain));
    if (rate_limiting) {
      const merged = { ...a.rate_limiting, ...stripUndefined(rate_limiting) };
      // The per-user limit may not exceed the global one, also when only one of them is sent.
      if (merged.per_user_limit.requests_per_minute > merged.global_limit.requests_per_minute) {
        throw perUserAboveGlobal(merged.per_user_limit.requests_per_minute, merged.global_limit.requests_per_minute);
      }
      a.rate_limiting = merged;
    }
    if (security_headers) Object.assign(a.security_headers, stripUndefined(security_headers));
    touch(ctx, c, now);
    return proxyResponse(c, now, {}, requestId);
  }),
];
