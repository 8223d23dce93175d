// Access logs of a cluster's proxy, generated from its port mappings and the clock: one
// entry every 20 s of simulated time while the cluster serves, each drawn from a generator
// seeded by the cluster and the entry's time, so the same moment always reads the same.
// A read covers a window (the last N minutes, or since/until) up to a limit, newest first.
import type { AccessLogEntry } from '../../../../../shared/api/clusters/proxy';
import { Rng } from '../../../core/rng';
import { iso } from '../envelope';
import type { StoredCluster, StoredPort } from '../state';

const STEP_MS = 20_000;

const PATHS: Record<string, string[]> = {
  jupyter: ['/lab', '/api/kernels', '/api/contents/notebooks', '/static/lab/main.js'],
  tensorboard: ['/', '/data/runs', '/data/plugins_listing', '/data/plugin/scalars/tags'],
  api: ['/v1/predict', '/v1/health', '/v1/models', '/docs'],
  default: ['/', '/health', '/metrics', '/api/status'],
};
const AGENTS = [
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'python-requests/2.32.3',
  'curl/8.7.1',
  'GPU-Operator-Console/1.0',
];
const CLIENT_NETS = ['10.0.3.', '10.12.8.', '192.168.1.', '203.0.113.', '198.51.100.'];

function pathsFor(port: StoredPort): string[] {
  const d = port.description.toLowerCase();
  if (d.includes('jupyter')) return PATHS.jupyter!;
  if (d.includes('tensorboard')) return PATHS.tensorboard!;
  if (d.includes('api') || d.includes('inference') || d.includes('serving')) return PATHS.api!;
  return PATHS.default!;
}

function hashId(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export interface AccessLogRange {
  /** Epoch ms; entries at or after (null: from the cluster's creation). */
  since: number | null;
  /** Epoch ms; entries at or before. */
  until: number;
  limit: number;
}

export interface AccessLogRead {
  entries: AccessLogEntry[];
  /** The limit stopped the read while older entries of the range were left. */
  truncated: boolean;
}

/** The entry of one 20 s slot, or null when the cluster has no port mapping. */
function entryAt(c: StoredCluster, slot: number): { at: number; entry: AccessLogEntry } | null {
  if (c.ports.length === 0) return null;
  const rng = new Rng((hashId(c.id) ^ Math.floor(slot / STEP_MS)) >>> 0);
  const port = rng.pick(c.ports);
  const ac = port.access_control;
  const users = ac.allowed_users.length ? ac.allowed_users : c.team_members;
  const user = ac.public_access && rng.next() < 0.5 ? null : users.length ? rng.pick(users) : null;
  const roll = rng.next();
  const status = roll < 0.86 ? 200 : roll < 0.9 ? 304 : roll < 0.94 ? 401 : roll < 0.98 ? 404 : 502;
  const avg = Math.max(5, port.stats.avg_response_time_ms);
  const at = slot + rng.int(0, STEP_MS - 1);
  return {
    at,
    entry: {
      timestamp: iso(at),
      client_ip:
        ac.ip_whitelist.length && !ac.ip_whitelist[0]!.includes(':')
          ? ac.ip_whitelist[0]!.split('/')[0]!
          : `${rng.pick(CLIENT_NETS)}${rng.int(2, 254)}`,
      user,
      method: rng.next() < 0.8 ? 'GET' : 'POST',
      path: rng.pick(pathsFor(port)),
      status_code: status,
      response_time_ms: Math.round(avg * (0.4 + rng.next() * 1.4) * 10) / 10,
      user_agent: rng.pick(AGENTS),
    },
  };
}

/**
 * Newest first, within the range and up to when the cluster last served; none when it has no
 * port mappings or never served. An entry is never later than `until` (nor the server's now).
 */
export function accessLogs(c: StoredCluster, servingUntil: number | null, range: AccessLogRange): AccessLogRead {
  const entries: AccessLogEntry[] = [];
  if (c.ports.length === 0 || servingUntil === null) return { entries, truncated: false };
  const end = Math.min(servingUntil, range.until);
  const start = Math.max(c.created_at, range.since ?? c.created_at);
  for (let slot = end - (end % STEP_MS); slot + STEP_MS > start; slot -= STEP_MS) {
    const drawn = entryAt(c, slot);
    if (!drawn || drawn.at > end || drawn.at < start) continue;
    if (entries.length === range.limit) return { entries, truncated: true };
    entries.push(drawn.entry);
  }
  return { entries, truncated: false };
}
