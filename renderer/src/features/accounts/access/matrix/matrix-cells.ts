// A member's matrix row as the difference from their base role: for each permission on each scope,
// whether it is held as the base built-in role holds it (plain), added on top of it (+: a grant, or
// a custom role holding more), added for some resources only (a grant limited to resources), or
// missing compared to the base role (−: a custom role holding less). The base role is the member's
// own when built-in, else the nearest built-in role their custom role inherits, else none
// (docs/decisions.md, Permissions and roles: the console's matrix).
import type { EffectivePermissions } from '../../../../../../shared/api/accounts/permissions';
import { holdingsOf } from '../../../../../../shared/api/accounts/role-hierarchy';
import type { SchemaRole } from '../roles/role-form';

export type MatrixCell = 'held' | 'added' | 'partial' | 'missing' | 'none';

const BUILT_IN = new Set(['owner', 'admin', 'developer', 'viewer']);

const has = (held: { permissions: readonly string[]; scopes: readonly string[] }, permission: string, scope: string) =>
  (held.permissions.includes('*') || held.permissions.includes(permission)) && (held.scopes.includes('*') || held.scopes.includes(scope));

/**
 * The built-in role a member's row is compared with; null when their custom role inherits none.
 * @internal Exported for its tests only.
 */
export function baseRoleOf(effective: Pick<EffectivePermissions, 'role' | 'inheritedFrom'>): string | null {
  if (BUILT_IN.has(effective.role)) return effective.role;
  return effective.inheritedFrom.find((r) => BUILT_IN.has(r)) ?? null;
}

export interface MatrixRow {
  base: string | null;
  cell(permission: string, scope: string): MatrixCell;
  /** The grants behind an added cell (for its tooltip). */
  grantsFor(permission: string, scope: string): EffectivePermissions['customPermissions'];
}

export function matrixRow(effective: EffectivePermissions, roles: readonly SchemaRole[]): MatrixRow {
  const base = baseRoleOf(effective);
  const lookup = (name: string) => roles.find((r) => r.name === name);
  const baseRole = base ? lookup(base) : undefined;
  const baseHeld = baseRole ? holdingsOf(baseRole, lookup) : { permissions: [], scopes: [] };
  const grantsFor = (permission: string, scope: string) =>
    effective.customPermissions.filter((g) => g.permissions.includes(permission as never) && g.scopes.includes(scope as never));
  return {
    base,
    grantsFor,
    cell(permission, scope) {
      const inBase = has(baseHeld, permission, scope);
      const grants = grantsFor(permission, scope);
      const whole = has(effective.effectivePermissions, permission, scope) || grants.some((g) => g.resources === null);
      if (whole) return inBase ? 'held' : 'added';
      if (inBase) return 'missing';
      return grants.length ? 'partial' : 'none';
    },
  };
}

/** Runs `work` over `items`, at most `limit` at a time. */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
