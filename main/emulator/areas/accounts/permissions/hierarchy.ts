// Role inheritance rules for custom roles (01-accounts.md, Errors: INVALID_ROLE_HIERARCHY, "role
// inherits from a role with higher permissions"): a role must declare at least every permission
// and scope of each role it inherits (as the built-ins do), never inherits the owner, names only
// existing roles, and no chain of inheritance comes back to itself. An edit is also checked
// against the custom roles that inherit the edited one (docs/decisions.md).
import { invalidRoleHierarchy } from '../../../core/errors';
import type { StoredRole } from '../stored-schema';
import { inheritedRoles, roleLookup, unionOf, type RoleDef, type RoleLookup } from './roles';

/** Everything a role holds with what it inherits. */
function holdingsOf(role: RoleDef, lookup: RoleLookup) {
  const all = [role, ...inheritedRoles(role, lookup).map((i) => i.role)];
  return { permissions: unionOf(all.map((r) => r.permissions)), scopes: unionOf(all.map((r) => r.scopes)) };
}

/** What `parent` holds that `child` does not declare, as a sentence; null when none. */
function excess(parent: RoleDef, child: RoleDef, lookup: RoleLookup): string | null {
  const held = holdingsOf(parent, lookup);
  const permissions = held.permissions.filter((p) => !child.permissions.includes(p));
  const scopes = held.scopes.filter((s) => !child.scopes.includes(s));
  if (!permissions.length && !scopes.length) return null;
  const parts = [
    permissions.length ? `permissions ${permissions.join(', ')}` : null,
    scopes.length ? `scopes ${scopes.join(', ')}` : null,
  ].filter(Boolean);
  return `${parent.name} holds ${parts.join(' and ')} that ${child.name} does not declare: a role must hold at least what it inherits`;
}

/** Throws 422 INVALID_ROLE_HIERARCHY when `candidate` (a new or edited custom role) breaks a rule. */
export function checkHierarchy(candidate: RoleDef, custom: readonly StoredRole[]): void {
  const others = roleLookup(custom.filter((r) => r.name !== candidate.name));
  const lookup: RoleLookup = (name) => (name === candidate.name ? candidate : others(name));
  for (const parentName of candidate.inherits) {
    if (parentName === candidate.name) throw invalidRoleHierarchy(parentName, candidate.name, 'a role cannot inherit from itself');
    if (parentName === 'owner')
      throw invalidRoleHierarchy(parentName, candidate.name, 'the owner role holds every permission and cannot be inherited');
    const parent = lookup(parentName);
    if (!parent) throw invalidRoleHierarchy(parentName, candidate.name, 'no role has this name');
    const back = inheritedRoles(parent, lookup).find((i) => i.role.name === candidate.name);
    if (back) throw invalidRoleHierarchy(parentName, candidate.name, `${parentName} already inherits ${candidate.name}: a cycle`);
    const over = excess(parent, candidate, lookup);
    if (over) throw invalidRoleHierarchy(parentName, candidate.name, over);
  }
  // Roles inheriting the candidate must still hold at least what it now holds.
  for (const stored of custom) {
    if (stored.name === candidate.name) continue;
    const child = lookup(stored.name)!;
    if (!inheritedRoles(child, lookup).some((i) => i.role.name === candidate.name)) continue;
    const over = excess(candidate, child, lookup);
    if (over) throw invalidRoleHierarchy(candidate.name, child.name, over);
  }
}
