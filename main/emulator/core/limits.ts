// The rate-limit table of 01-accounts.md, Limits: tiers by plan, endpoint-specific limits,
// and which of them apply to an operation. Later areas add their rows here.
import type { Area, HttpMethod, Plan } from '../../../shared/api/common';
import type { Operation } from '../../../shared/api/operation';

export type TierClass = 'read' | 'write' | 'ai';
export type KeyClass = 'reads' | 'writes' | 'executions';

export const TIER_LIMITS: Record<Plan, Record<TierClass, number>> = {
  free: { read: 100, write: 20, ai: 50 },
  pro: { read: 1000, write: 200, ai: 500 },
  enterprise: { read: 10_000, write: 2_000, ai: 5_000 },
};

/** Requests without a valid key share one bucket per client address (docs/decisions.md). */
export const CLIENT_LIMIT = 1000;
/** Admin routes: one generous bucket per owner key, so headers are still truthful. */
export const ADMIN_LIMIT = 10_000;

/** Per-hour limits by area and method (Limits, endpoint-specific table). */
export const AREA_METHOD_LIMITS: Partial<Record<Area, Partial<Record<HttpMethod, number>>>> = {
  accounts: { GET: 500, POST: 50, PUT: 50, PATCH: 50, DELETE: 10 },
  // GPU clusters row: POST 20 is written for creation; every cluster POST counts against it (docs/decisions.md, Clusters).
  clusters: { GET: 1000, POST: 20, PUT: 100, PATCH: 100, DELETE: 20 },
};

export interface EndpointRule {
  name: string;
  limit: number;
  matches(op: Operation): boolean;
}

export const endpointRules: EndpointRule[] = [
  { name: 'key-creation', limit: 10, matches: (op) => op.id === 'apiKeys.create' || op.id === 'authKeys.create' },
  {
    name: 'usage-api',
    limit: 100,
    matches: (op) => op.id === 'apiKeys.usage' || op.path.startsWith('/v2/accounts/usage'),
  },
];

export function tierClassOf(op: Operation): TierClass {
  if (op.area === 'ai') return 'ai';
  return op.access === 'read' ? 'read' : 'write';
}

export function keyClassOf(op: Operation): KeyClass {
  return op.access === 'read' ? 'reads' : op.access === 'write' ? 'writes' : 'executions';
}

/** The endpoint-specific buckets an operation counts against: [bucket id, limit]. */
export function endpointBucketsOf(op: Operation): Array<{ id: string; limit: number }> {
  const out: Array<{ id: string; limit: number }> = [];
  const byMethod = AREA_METHOD_LIMITS[op.area]?.[op.method];
  if (byMethod !== undefined) out.push({ id: `e:${op.area}:${op.method}`, limit: byMethod });
  for (const rule of endpointRules) if (rule.matches(op)) out.push({ id: `e:${rule.name}`, limit: rule.limit });
  return out;
}
