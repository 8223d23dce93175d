// The built-in roles (01-accounts.md, Role: built-in roles) and what a role holds with the
// roles it inherits. Custom roles join BUILT_IN_ROLES's lookup in a later slice.
import type { RoleKey } from '../../../../../shared/api/common';
import type { PermissionName, Role, RoleLimitations, SchemaScope } from '../../../../../shared/api/accounts/permissions';

type BuiltInRole = Omit<Role, 'createdAt'>;

/** The document's table, as is; built-ins have no limitations (docs/decisions.md, Permissions and roles). */
export const BUILT_IN_ROLES: Readonly<Record<RoleKey, BuiltInRole>> = {
  owner: {
    id: 'role_owner',
    name: 'owner',
    displayName: 'Owner',
    description: 'Holds every permission on every scope; the account has one and the role cannot be assigned',
    permissions: ['*'],
    scopes: ['*'],
    limitations: {},
    inherits: [],
    assignable: false,
  },
  admin: {
    id: 'role_admin',
    name: 'admin',
    displayName: 'Admin',
    description: 'Manages the team and billing, and everything a developer does, on every account scope',
    permissions: ['read', 'write', 'execute', 'manage_team', 'manage_billing'],
    scopes: ['endpoints', 'clusters', 'accounts', 'billing'],
    limitations: {},
    inherits: ['developer'],
    assignable: true,
  },
  developer: {
    id: 'role_developer',
    name: 'developer',
    displayName: 'Developer',
    description: 'Creates, changes and runs endpoints and clusters',
    permissions: ['read', 'write', 'execute'],
    scopes: ['endpoints', 'clusters'],
    limitations: {},
    inherits: ['viewer'],
    assignable: true,
  },
  viewer: {
    id: 'role_viewer',
    name: 'viewer',
    displayName: 'Viewer',
    description: 'Reads endpoints and clusters',
    permissions: ['read'],
    scopes: ['endpoints', 'clusters'],
    limitations: {},
    inherits: [],
    assignable: true,
  },
};

export const PERMISSION_DESCRIPTIONS: Readonly<Record<PermissionName, string>> = {
  read: 'Retrieve data',
  write: 'Create, update and delete',
  execute: 'Run endpoints and compute',
  manage_team: 'Invite, change and remove team members',
  manage_billing: 'Change billing settings and payment',
  manage_integrations: 'Connect and configure integrations',
  manage_security: 'Change security settings',
};

export const SCOPE_DESCRIPTIONS: Readonly<Record<SchemaScope, string>> = {
  endpoints: 'Serverless endpoints',
  clusters: 'GPU clusters',
  accounts: 'API keys, team and account',
  billing: 'Billing and usage costs',
  integrations: 'Integrations with other services',
  security: 'Security settings',
};

/** A role by name; only built-ins exist so far. */
const roleNamed = (name: string): BuiltInRole | undefined =>
  Object.hasOwn(BUILT_IN_ROLES, name) ? BUILT_IN_ROLES[name as RoleKey] : undefined;

/** The roles `role` inherits, transitively, nearest first, each with the role that inherits it; cycles stop. */
export function inheritedRoles(role: BuiltInRole): Array<{ role: BuiltInRole; via: string }> {
  const out: Array<{ role: BuiltInRole; via: string }> = [];
  const seen = new Set([role.name]);
  const queue = [role];
  for (let next = queue.shift(); next; next = queue.shift()) {
    for (const parentName of next.inherits) {
      const parent = roleNamed(parentName);
      if (!parent || seen.has(parent.name)) continue;
      seen.add(parent.name);
      out.push({ role: parent, via: next.name });
      queue.push(parent);
    }
  }
  return out;
}

/** Whether a holder of these permissions and scopes (`*` meaning all) has `permission` on `scope`. */
export const holds = (held: { permissions: readonly string[]; scopes: readonly string[] }, permission: string, scope: string): boolean =>
  (held.permissions.includes('*') || held.permissions.includes(permission)) && (held.scopes.includes('*') || held.scopes.includes(scope));

/** The union of names, `*` alone when any holds it, in first-seen order. */
export function unionOf(lists: ReadonlyArray<readonly string[]>): string[] {
  const all = lists.flat();
  return all.includes('*') ? ['*'] : [...new Set(all)];
}

/** A role's limitations with the ones it inherits (the role's own value wins). */
export function limitationsOf(role: BuiltInRole): RoleLimitations {
  const merged: RoleLimitations = {};
  for (const r of [
    ...inheritedRoles(role)
      .map((i) => i.role)
      .reverse(),
    role,
  ])
    Object.assign(merged, r.limitations);
  return merged;
}
