// Port mappings on the wire (shared/api/clusters/ports.ts): url from the proxy address and
// the external port; the last health check from the check interval and the clock.
import type { PortMapping } from '../../../../../shared/api/clusters/ports';
import { iso, isoOrNull } from '../envelope';
import type { StoredCluster, StoredPort } from '../state';

/** Chosen: auto-assigned external ports come from this range, lowest free first. */
export const AUTO_PORT_RANGE: [number, number] = [30000, 32767];

const portUrl = (c: StoredCluster, external: number) => `${c.proxy_url}:${external}`;

export function portView(c: StoredCluster, p: StoredPort, now: number, includeHealth = false): PortMapping {
  const intervalMs = p.health_check.interval_seconds * 1000;
  const lastCheck = p.health_check.enabled ? Math.max(p.created_at, now - (now % intervalMs)) : null;
  const view: PortMapping = {
    id: p.id,
    internal_port: p.internal_port,
    external_port: p.external_port,
    protocol: p.protocol,
    description: p.description,
    url: portUrl(c, p.external_port),
    status: 'active',
    health_check: {
      ...p.health_check,
      last_check: isoOrNull(lastCheck),
      consecutive_failures: p.consecutive_failures,
    },
    access_control: structuredClone(p.access_control),
    custom_domain: p.custom_domain,
    usage_statistics: {
      total_requests: p.stats.total_requests,
      unique_visitors: p.stats.unique_visitors,
      last_accessed: isoOrNull(p.stats.last_accessed),
      avg_response_time_ms: p.stats.avg_response_time_ms,
    },
    created_at: iso(p.created_at),
    updated_at: iso(p.updated_at),
  };
  if (includeHealth) view.health_status = !p.health_check.enabled ? 'unknown' : p.health;
  return view;
}

/** The lowest free port of the auto range, or null when every one is taken. */
export function freeExternalPort(c: StoredCluster, taken: Set<number> = new Set(c.ports.map((p) => p.external_port))): number | null {
  for (let port = AUTO_PORT_RANGE[0]; port <= AUTO_PORT_RANGE[1]; port++) if (!taken.has(port)) return port;
  return null;
}
