// The rate-limit classes of 01-accounts.md, Limits, as the pipeline applies them: tier classes
// (the plan's limits, from the authority), per-key classes, and the endpoint-specific buckets
// each area declares (AreaModule.limits).
import type { Operation } from '../../../shared/api/operation';
import type { AreaLimits } from './area';

export type TierClass = 'read' | 'write' | 'ai';
export type KeyClass = 'reads' | 'writes' | 'executions';

/** Requests without a valid key share one bucket per client address (docs/decisions.md). */
export const CLIENT_LIMIT = 1000;
/** Admin routes: one generous bucket per owner key, so headers are still truthful. */
export const ADMIN_LIMIT = 10_000;

export function tierClassOf(op: Operation): TierClass {
  if (op.limitGroup === 'ai') return 'ai';
  return op.access === 'read' ? 'read' : 'write';
}

export function keyClassOf(op: Operation): KeyClass {
  return op.access === 'read' ? 'reads' : op.access === 'write' ? 'writes' : 'executions';
}

/** The endpoint-specific buckets an operation counts against: [bucket id, limit]. */
export function endpointBucketsOf(op: Operation, limits: AreaLimits): Array<{ id: string; limit: number; resource: string }> {
  const out: Array<{ id: string; limit: number; resource: string }> = [];
  const row = limits.byGroup[op.limitGroup];
  const byMethod = row === undefined || row === 'tier-only' ? undefined : row[op.method];
  if (byMethod !== undefined)
    out.push({ id: `e:${op.limitGroup}:${op.method}`, limit: byMethod, resource: `${op.limitGroup}:${op.method}` });
  for (const rule of limits.rules ?? []) if (rule.matches(op)) out.push({ id: `e:${rule.name}`, limit: rule.limit, resource: rule.name });
  return out;
}
