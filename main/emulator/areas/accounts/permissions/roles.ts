// The built-in roles (01-accounts.md, Role: built-in roles), custom roles beside them, and
// what a role holds with the roles it inherits.
import type { RoleKey } from '../../../../../shared/api/common';
import type { PermissionName, Role, RoleLimitations, SchemaScope } from '../../../../../shared/api/accounts/permissions';
import type { StoredRole } from '../stored-schema';

/** A role as the decision reads it, built-in or custom. */
export interface RoleDef {
  id: string;
  name: string;
  displayName: string;
  description?: string;
  permissions: readonly string[];
  scopes: readonly string[];
  limitations: RoleLimitations;
  inherits: readonly string[];
  assignable: boolean;
}

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

/** Finds a role by name (built-in or custom); undefined when none has it. */
export type RoleLookup = (name: string) => RoleDef | undefined;

const builtInNamed: RoleLookup = (name) => (Object.hasOwn(BUILT_IN_ROLES, name) ? BUILT_IN_ROLES[name as RoleKey] : undefined);

/** The lookup over the built-ins and these custom roles (a built-in name wins: custom names cannot take one). */
export function roleLookup(custom: readonly StoredRole[]): RoleLookup {
  if (custom.length === 0) return builtInNamed;
  return (name) => {
    const builtIn = builtInNamed(name);
    if (builtIn) return builtIn;
    const r = custom.find((c) => c.name === name);
    return r && { ...r, description: r.description ?? undefined };
  };
}

/** The roles `role` inherits, transitively, nearest first, each with the role that inherits it; cycles and unknown names stop. */
export function inheritedRoles(role: RoleDef, roleNamed: RoleLookup = builtInNamed): Array<{ role: RoleDef; via: string }> {
  const out: Array<{ role: RoleDef; via: string }> = [];
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
export function limitationsOf(role: RoleDef, roleNamed: RoleLookup = builtInNamed): RoleLimitations {
  const merged: RoleLimitations = {};
  for (const r of [
    ...inheritedRoles(role, roleNamed)
      .map((i) => i.role)
      .reverse(),
    role,
  ])
    Object.assign(merged, r.limitations);
  return merged;
}
