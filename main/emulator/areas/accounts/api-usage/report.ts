// The answer of `GET /v2/analytics/api-usage` from the aggregate (docs/decisions.md, API usage
// analytics): the period's hours summed per route, per key and per hour or day.
import type {
  ApiUsageByStatus,
  ApiUsageKey,
  ApiUsagePeriod,
  ApiUsageResponse,
  ApiUsageRoute,
} from '../../../../../shared/api/accounts/api-usage';
import { operations } from '../../../../../shared/api/operations';
import { HOUR_MS, LATENCY_BUCKETS, OTHER_LABEL, percentile, type ApiUsageLog, type UsageRow } from './aggregate';

const DAY_MS = 24 * HOUR_MS;
/** Keys listed by name; the rest are folded into one `other` entry. */
const KEYS_LISTED_MAX = 50;

/** Where each period starts and how its timeline is cut: hours for up to a week, UTC days beyond. */
const PERIODS: Record<ApiUsagePeriod, { granularity: 'hour' | 'day'; buckets: number }> = {
  '24h': { granularity: 'hour', buckets: 24 },
  '7d': { granularity: 'hour', buckets: 168 },
  '30d': { granularity: 'day', buckets: 30 },
};

/** "METHOD /path" of every operation → its id (admin routes are not operations). */
let operationIds: Map<string, string> | null = null;
function operationIdOf(method: string, path: string): string | null {
  operationIds ??= new Map(Object.values(operations).map((op) => [`${op.method} ${op.path}`, op.id]));
  return operationIds.get(`${method} ${path}`) ?? null;
}

interface Tally {
  byStatus: [number, number, number, number];
  hist: Float64Array | null;
}

const newTally = (withHist: boolean): Tally => ({ byStatus: [0, 0, 0, 0], hist: withHist ? new Float64Array(LATENCY_BUCKETS) : null });

function add(t: Tally, row: UsageRow): void {
  t.byStatus[row.cls] += row.count;
  if (t.hist) for (let i = 0; i < LATENCY_BUCKETS; i++) t.hist[i]! += row.hist[i]!;
}

const sum = (t: Tally) => t.byStatus[0] + t.byStatus[1] + t.byStatus[2] + t.byStatus[3];
const statusOf = (t: Tally): ApiUsageByStatus => ({
  '2xx': t.byStatus[0],
  '3xx': t.byStatus[1],
  '4xx': t.byStatus[2],
  '5xx': t.byStatus[3],
});
/** 4xx and 5xx over all, to four decimals. */
const errorRate = (t: Tally) => {
  const n = sum(t);
  return n === 0 ? 0 : Math.round(((t.byStatus[2] + t.byStatus[3]) / n) * 10_000) / 10_000;
};
const latencyOf = (t: Tally) => {
  const n = sum(t);
  return { p50: percentile(t.hist!, n, 0.5), p95: percentile(t.hist!, n, 0.95), p99: percentile(t.hist!, n, 0.99) };
};

function routeOf(label: string, t: Tally): ApiUsageRoute {
  const space = label.indexOf(' ');
  const kind = label === OTHER_LABEL ? 'other' : space < 0 ? 'unmatched' : 'route';
  const method = kind === 'other' ? null : kind === 'unmatched' ? label : label.slice(0, space);
  const path = kind === 'route' ? label.slice(space + 1) : null;
  return {
    kind,
    method,
    path,
    operationId: kind === 'route' ? operationIdOf(method!, path!) : null,
    requests: sum(t),
    byStatus: statusOf(t),
    errorRate: errorRate(t),
    latencyMs: latencyOf(t),
  };
}

const byRequests = <T extends { requests: number }>(a: T, b: T) => b.requests - a.requests;

/**
 * The report of `period` ending at `now`. `keyName` gives a key's name (null once it is gone).
 * Rows are read once; the cost is the period's rows times the histogram's buckets.
 */
export function apiUsageReport(
  log: ApiUsageLog,
  period: ApiUsagePeriod,
  now: number,
  keyName: (keyId: string) => string | null,
): ApiUsageResponse {
  const { granularity, buckets } = PERIODS[period];
  const step = granularity === 'hour' ? HOUR_MS : DAY_MS;
  const start = now - (now % step) - (buckets - 1) * step;
  const total = newTally(true);
  const routes = new Map<string, Tally>();
  /** Key id, '' for no valid key, null for `other` rows. */
  const keys = new Map<string | null, Tally>();
  const timeline = Array.from({ length: buckets }, () => newTally(false));
  for (const [hour, row] of log.between(start, now + 1)) {
    add(total, row);
    let r = routes.get(row.label);
    if (r === undefined) routes.set(row.label, (r = newTally(true)));
    add(r, row);
    const keyOf = row.label === OTHER_LABEL ? null : (row.keyId ?? '');
    let k = keys.get(keyOf);
    if (k === undefined) keys.set(keyOf, (k = newTally(false)));
    add(k, row);
    add(timeline[Math.floor((hour - start) / step)]!, row);
  }

  const keyRows: ApiUsageKey[] = [];
  let other: Tally | null = null;
  let listed = 0;
  const ranked = [...keys].sort((a, b) => sum(b[1]) - sum(a[1]));
  for (const [keyId, t] of ranked) {
    if (keyId === null || (keyId !== '' && listed >= KEYS_LISTED_MAX)) {
      other ??= newTally(false);
      for (let c = 0; c < 4; c++) other.byStatus[c]! += t.byStatus[c]!;
      continue;
    }
    if (keyId !== '') listed++;
    keyRows.push(
      keyId === ''
        ? { kind: 'anonymous', keyId: null, name: null, requests: sum(t), errorRate: errorRate(t) }
        : { kind: 'key', keyId, name: keyName(keyId), requests: sum(t), errorRate: errorRate(t) },
    );
  }
  if (other) keyRows.push({ kind: 'other', keyId: null, name: null, requests: sum(other), errorRate: errorRate(other) });

  const requests = sum(total);
  return {
    period,
    periodStart: new Date(start).toISOString(),
    periodEnd: new Date(now).toISOString(),
    granularity,
    totals: { requests, byStatus: statusOf(total), errorRate: errorRate(total), latencyMs: requests === 0 ? null : latencyOf(total) },
    routes: [...routes].map(([label, t]) => routeOf(label, t)).sort(byRequests),
    keys: keyRows.sort(byRequests),
    timeline: timeline.map((t, i) => ({ start: new Date(start + i * step).toISOString(), requests: sum(t), byStatus: statusOf(t) })),
  };
}
