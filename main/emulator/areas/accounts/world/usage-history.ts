// Plausible, deterministic request history for a seeded key: a daily rhythm, a per-key
// volume, the classes its permissions allow, and a handful of endpoints.
import type { Rng } from '../../../core/rng';
import type { StoredKey, StoredUsage } from '../stored-schema';

const HOUR = 3_600_000;
const DAY = 86_400_000;

const ENDPOINTS: Record<'reads' | 'writes' | 'executions', readonly string[]> = {
  reads: ['GET /v2/accounts/api-keys', 'GET /v1/clusters', 'GET /v1/clusters/:cluster_id', 'GET /v2/endpoints', 'GET /v2/accounts/usage'],
  writes: ['POST /v2/accounts/api-keys', 'PUT /v1/clusters/:cluster_id/proxy', 'POST /v2/training/jobs'],
  executions: ['POST /v2/endpoints/:endpointId/run', 'POST /v2/endpoints/batch-execute'],
};

export function syntheticUsage(
  rng: Rng,
  key: StoredKey,
  from: number,
  until: number,
): { usage: StoredUsage; total: number; lastUsed: number | null } {
  const volume = rng.int(1, 12);
  const weights = {
    reads: key.permissions.includes('read') ? 1 : 0,
    writes: key.permissions.includes('write') ? 0.25 : 0,
    executions: key.permissions.includes('execute') ? 0.6 : 0,
  };
  const hours: StoredUsage['hours'] = [];
  const days = new Map<number, Map<string, number>>();
  let total = 0;
  let lastUsed: number | null = null;
  for (let h = from - (from % HOUR); h + HOUR <= until; h += HOUR) {
    const hourOfDay = new Date(h).getUTCHours();
    const rhythm = 0.3 + 0.7 * Math.max(0, Math.sin(((hourOfDay - 6) / 24) * 2 * Math.PI));
    const counts = (['reads', 'writes', 'executions'] as const).map((cls) =>
      weights[cls] === 0 ? 0 : Math.floor(rng.next() * volume * rhythm * weights[cls] * 2),
    ) as [number, number, number];
    const sum = counts[0] + counts[1] + counts[2];
    if (sum === 0) continue;
    hours.push([h, ...counts]);
    total += sum;
    lastUsed = h + rng.int(0, HOUR - 1);
    const day = h - (h % DAY);
    let m = days.get(day);
    if (!m) days.set(day, (m = new Map()));
    (['reads', 'writes', 'executions'] as const).forEach((cls, i) => {
      if (counts[i] === 0) return;
      const endpoint = rng.pick(ENDPOINTS[cls]);
      m.set(endpoint, (m.get(endpoint) ?? 0) + counts[i]!);
    });
  }
  const dayRows: StoredUsage['days'] = [];
  for (const [day, m] of days) for (const [endpoint, count] of m) dayRows.push([day, endpoint, count]);
  // Seeded history holds no errors: every call in it succeeded.
  return { usage: { hours, days: dayRows, failed: [] }, total, lastUsed: lastUsed === null ? null : Math.min(lastUsed, until - 1) };
}
