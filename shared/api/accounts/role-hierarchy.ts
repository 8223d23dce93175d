// The inheritance rule of custom roles (01-accounts.md, Errors: INVALID_ROLE_HIERARCHY, "role
// inherits from a role with higher permissions"), in one place for the emulator (which refuses
// with it) and the console (whose role editor shows the problem before saving): a role must
// declare at least every permission and scope of each role it inherits (as the built-ins do),
// never inherits the owner, names only existing roles, and no chain of inheritance comes back to
// itself. An edit is also checked against the roles that inherit the edited one.

/** What the rule reads of a role, built-in or custom. */
export interface HierarchyRole {
  name: string;
  permissions: readonly string[];
  scopes: readonly string[];
  inherits: readonly string[];
}

/** The first rule a role breaks: the parent, the child that may not inherit it, and why. */
export interface HierarchyProblem {
  parentRole: string;
  childRole: string;
  reason: string;
}

type Lookup<R> = (name: string) => R | undefined;

/** The roles `role` inherits, transitively, nearest first; unknown names and cycles stop. */
function ancestorsOf<R extends HierarchyRole>(role: R, lookup: Lookup<R>): R[] {
  const out: R[] = [];
  const seen = new Set([role.name]);
  const queue = [role];
  for (let next = queue.shift(); next; next = queue.shift()) {
    for (const parentName of next.inherits) {
      const parent = lookup(parentName);
      if (!parent || seen.has(parent.name)) continue;
      seen.add(parent.name);
      out.push(parent);
      queue.push(parent);
    }
  }
  return out;
}

/** The union of names, `*` alone when any holds it, in first-seen order. */
function unionOfNames(lists: ReadonlyArray<readonly string[]>): string[] {
  const all = lists.flat();
  return all.includes('*') ? ['*'] : [...new Set(all)];
}

/** Everything a role holds with what it inherits. */
export function holdingsOf<R extends HierarchyRole>(role: R, lookup: Lookup<R>): { permissions: string[]; scopes: string[] } {
  const all = [role, ...ancestorsOf(role, lookup)];
  return { permissions: unionOfNames(all.map((r) => r.permissions)), scopes: unionOfNames(all.map((r) => r.scopes)) };
}

const declares = (declared: readonly string[], name: string) => declared.includes('*') || declared.includes(name);

/** What `parent` holds that `child` does not declare, as a sentence; null when none. */
function excess<R extends HierarchyRole>(parent: R, child: R, lookup: Lookup<R>): string | null {
  const held = holdingsOf(parent, lookup);
  const permissions = held.permissions.filter((p) => !declares(child.permissions, p));
  const scopes = held.scopes.filter((s) => !declares(child.scopes, s));
  if (!permissions.length && !scopes.length) return null;
  const parts = [
    permissions.length ? `permissions ${permissions.join(', ')}` : null,
    scopes.length ? `scopes ${scopes.join(', ')}` : null,
  ].filter(Boolean);
  return `${parent.name} holds ${parts.join(' and ')} that ${child.name} does not declare: a role must hold at least what it inherits`;
}

/**
 * The first rule `candidate` (a new or edited custom role) breaks among `roles` (every other
 * role, built-in and custom; one of the candidate's name is replaced by it), or null.
 */
export function roleHierarchyProblem<R extends HierarchyRole>(candidate: R, roles: readonly R[]): HierarchyProblem | null {
  const byName = new Map<string, R>(roles.map((r) => [r.name, r]));
  byName.set(candidate.name, candidate);
  const lookup: Lookup<R> = (name) => byName.get(name);
  const problem = (parentRole: string, childRole: string, reason: string): HierarchyProblem => ({ parentRole, childRole, reason });
  for (const parentName of candidate.inherits) {
    if (parentName === candidate.name) return problem(parentName, candidate.name, 'a role cannot inherit from itself');
    if (parentName === 'owner') return problem(parentName, candidate.name, 'the owner role holds every permission and cannot be inherited');
    const parent = lookup(parentName);
    if (!parent) return problem(parentName, candidate.name, 'no role has this name');
    if (ancestorsOf(parent, lookup).some((r) => r.name === candidate.name))
      return problem(parentName, candidate.name, `${parentName} already inherits ${candidate.name}: a cycle`);
    const over = excess(parent, candidate, lookup);
    if (over) return problem(parentName, candidate.name, over);
  }
  // Roles inheriting the candidate must still hold at least what it now holds.
  for (const role of byName.values()) {
    if (role.name === candidate.name) continue;
    if (!ancestorsOf(role, lookup).some((r) => r.name === candidate.name)) continue;
    const over = excess(candidate, role, lookup);
    if (over) return problem(candidate.name, role.name, over);
  }
  return null;
}
