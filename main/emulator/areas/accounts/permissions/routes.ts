// Permissions and roles, read side (01-accounts.md, Endpoints: Permissions and roles): the
// schema, a member's effective permissions and the explained check (decide.ts).
import type {
  EffectivePermissions,
  PermissionCheckResponse,
  PermissionsSchemaResponse,
} from '../../../../../shared/api/accounts/permissions';
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import { TIER_LIMITS } from '../limits';
import { accountsOf, type Accounts } from '../state';
import type { StoredMember } from '../stored-schema';
import { callerMemberOf, memberOf } from './member';
import type { Caller } from '../../../core/area';
import { insufficientPermissions, validationError } from '../../../core/errors';
import { grantView, roleView, stateAt } from './views';
import { defineRoute } from '../../../core/route-def';
import { accessWorldOf, decide } from './decide';
import {
  BUILT_IN_ROLES,
  holds,
  inheritedRoles,
  limitationsOf,
  PERMISSION_DESCRIPTIONS,
  roleLookup,
  SCOPE_DESCRIPTIONS,
  unionOf,
} from './roles';

const HOUR_MS = 3_600_000;
const ACTIONS = ['read', 'write', 'execute'] as const;

function effectiveOf(accounts: Accounts, m: StoredMember, now: number): EffectivePermissions {
  const lookup = roleLookup(accounts.roles);
  // A member's role always exists (custom roles cannot be deleted); an empty one otherwise.
  const role = lookup(m.role) ?? { ...BUILT_IN_ROLES.viewer, permissions: [], scopes: [], name: m.role };
  const inherited = inheritedRoles(role, lookup).map((i) => i.role);
  const held = {
    permissions: unionOf([role.permissions, ...inherited.map((r) => r.permissions)]),
    scopes: unionOf([role.scopes, ...inherited.map((r) => r.scopes)]),
  };
  const grants = accounts.grants.filter((g) => g.userId === m.id);
  // The latest change to what the member holds: joining, an edit of their (custom) role or of one it inherits, a grant given or revoked.
  const holding = new Set([role.name, ...inherited.map((r) => r.name)]);
  const customRoles = accounts.roles.filter((r) => holding.has(r.name));
  const lastUpdated = Math.max(
    m.joinedAt ?? m.invitedAt ?? accounts.account.createdAt,
    ...customRoles.map((r) => r.updatedAt),
    ...grants.map((g) => Math.max(g.grantedAt, g.revokedAt ?? 0)),
  );
  const access = (scope: string) => {
    const own = ACTIONS.filter((a) => holds(held, a, scope));
    const managesTeam = held.permissions.includes('*') || held.permissions.includes('manage_team');
    return {
      own,
      team: managesTeam ? own : own.filter((a) => a !== 'write'),
      public: own.includes('read') ? ['read'] : [],
    };
  };
  return {
    userId: m.id,
    role: m.role,
    effectivePermissions: {
      permissions: held.permissions as EffectivePermissions['effectivePermissions']['permissions'],
      scopes: held.scopes as EffectivePermissions['effectivePermissions']['scopes'],
      resourceAccess: { endpoints: access('endpoints'), clusters: access('clusters') },
      limitations: { ...limitationsOf(role, lookup), maxTeamMembers: null },
    },
    customPermissions: grants
      .filter((g) => stateAt(g, now) === 'active')
      .map((g) => {
        const { id, permissions, scopes, resources, expiresAt } = grantView(g, now);
        return { grantId: id, permissions, scopes, resources, expiresAt };
      }),
    inheritedFrom: inherited.map((r) => r.name),
    lastUpdated: new Date(lastUpdated).toISOString(),
  };
}

/** The account's hourly execution limit (the plan's AI tier, with any boost) and what the member's keys left of it this hour. */
function executionLimits(accounts: Accounts, m: StoredMember, now: number) {
  const { plan, boost } = accounts.account;
  const max = Math.floor(TIER_LIMITS[plan].ai * (boost && boost.expiresAt > now ? boost.multiplier : 1));
  const hour = now - (now % HOUR_MS);
  let used = 0;
  for (const key of accounts.keys.values()) {
    if (key.createdBy === m.id) used += accounts.usage.get(key.id)?.hours.get(hour)?.[2] ?? 0;
  }
  return { remainingExecutions: Math.max(0, max - used), maxExecutionsPerHour: max };
}

/**
 * Anyone may ask about themselves (the console's "Why?" for the caller's own refusal); asking
 * about another member reads the team's access, which needs the accounts scope on the key and
 * read on accounts for its member, as every accounts read does.
 */
function assertMayCheck(accounts: Accounts, key: Caller, userId: string, now: number): void {
  const caller = callerMemberOf(accounts, key);
  if (caller?.id === userId) return;
  const keyMay = key.scopes.includes('accounts') && key.permissions.includes('read');
  if (
    keyMay &&
    caller &&
    decide(accessWorldOf(accounts), caller, { permission: 'read', scope: 'accounts', resourceIds: [] }, now, false).allowed
  )
    return;
  const reason = 'Checking another member needs read on accounts; anyone may check themselves';
  throw insufficientPermissions(
    { userId: caller?.id ?? null, requiredPermission: 'read', requiredScope: 'accounts', currentRole: caller?.role ?? null, reason },
    reason,
  );
}

export const permissionRoutes = [
  defineRoute(ops['permissions.schema'], (ctx): PermissionsSchemaResponse => {
    const accounts = accountsOf(ctx.store);
    const roles: PermissionsSchemaResponse['roles'] = {};
    const accountCreated = new Date(accounts.account.createdAt).toISOString();
    for (const [key, r] of Object.entries(BUILT_IN_ROLES)) {
      roles[key] = {
        id: r.id,
        name: r.displayName,
        displayName: r.displayName,
        description: r.description,
        permissions: r.permissions,
        scopes: r.scopes,
        limitations: r.limitations,
        inherits: r.inherits,
        assignable: r.assignable,
        custom: false,
        createdAt: accountCreated,
      };
    }
    // Custom roles after the built-ins, by name; keyed by name like the built-ins.
    for (const stored of [...accounts.roles].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const { id, displayName, description, permissions, scopes, limitations, inherits, assignable, createdAt } = roleView(stored);
      roles[stored.name] = {
        id,
        name: displayName,
        displayName,
        description,
        permissions,
        scopes,
        limitations,
        inherits,
        assignable,
        custom: true,
        createdAt,
      };
    }
    return { roles, permissions: { ...PERMISSION_DESCRIPTIONS }, scopes: { ...SCOPE_DESCRIPTIONS } };
  }),
  defineRoute(ops['permissions.effective'], (ctx, { params, now }): EffectivePermissions => {
    const accounts = accountsOf(ctx.store);
    return effectiveOf(accounts, memberOf(accounts, params.user_id), now);
  }),
  defineRoute(ops['permissions.check'], (ctx, { body, key, now }): PermissionCheckResponse => {
    const accounts = accountsOf(ctx.store);
    // Without `userId` the caller checks themselves (the document marks none of the fields required).
    const userId = body.userId ?? callerMemberOf(accounts, key)?.id;
    if (userId === undefined) throw validationError('userId', 'required: this key belongs to no member');
    assertMayCheck(accounts, key, userId, now);
    const m = memberOf(accounts, userId);
    const resourceId = body.resourceId ?? null;
    const { allowed, source, reason, chain } = decide(
      accessWorldOf(accounts),
      m,
      { permission: body.permission, scope: body.scope, resourceIds: resourceId === null ? [] : [resourceId] },
      now,
      true,
    );
    return {
      userId: m.id,
      permission: body.permission,
      scope: body.scope,
      resourceId,
      allowed,
      source,
      role: m.role,
      details: { reason, limitations: executionLimits(accounts, m, now), chain: chain! },
    };
  }),
];
