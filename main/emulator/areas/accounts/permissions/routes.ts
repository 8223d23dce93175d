// Permissions and roles, read side (01-accounts.md, Endpoints: Permissions and roles): the
// schema, a member's effective permissions and the explained check (decide.ts).
import type {
  EffectivePermissions,
  PermissionCheckResponse,
  PermissionsSchemaResponse,
} from '../../../../../shared/api/accounts/permissions';
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import { memberNotFound } from '../../../core/errors';
import { TIER_LIMITS } from '../limits';
import { accountsOf, type Accounts } from '../state';
import type { StoredMember } from '../stored-schema';
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

/** A member the access model knows: removed members are gone (404 MEMBER_NOT_FOUND). */
function memberOf(accounts: Accounts, userId: string): StoredMember {
  const m = accounts.members.find((x) => x.id === userId);
  if (!m || m.status === 'removed') throw memberNotFound(userId);
  return m;
}

function effectiveOf(accounts: Accounts, m: StoredMember): EffectivePermissions {
  const lookup = roleLookup(accounts.roles);
  // A member's role always exists (custom roles cannot be deleted); an empty one otherwise.
  const role = lookup(m.role) ?? { ...BUILT_IN_ROLES.viewer, permissions: [], scopes: [], name: m.role };
  const inherited = inheritedRoles(role, lookup).map((i) => i.role);
  const held = {
    permissions: unionOf([role.permissions, ...inherited.map((r) => r.permissions)]),
    scopes: unionOf([role.scopes, ...inherited.map((r) => r.scopes)]),
  };
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
    customPermissions: [],
    inheritedFrom: inherited.map((r) => r.name),
    lastUpdated: new Date(m.joinedAt ?? m.invitedAt ?? accounts.account.createdAt).toISOString(),
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

export const permissionRoutes = [
  defineRoute(ops['permissions.schema'], (): PermissionsSchemaResponse => {
    const roles: PermissionsSchemaResponse['roles'] = {};
    for (const [key, r] of Object.entries(BUILT_IN_ROLES)) {
      roles[key] = {
        name: r.displayName,
        description: r.description,
        permissions: r.permissions,
        scopes: r.scopes,
        inherits: r.inherits,
        assignable: r.assignable,
      };
    }
    return { roles, permissions: { ...PERMISSION_DESCRIPTIONS }, scopes: { ...SCOPE_DESCRIPTIONS } };
  }),
  defineRoute(ops['permissions.effective'], (ctx, { params }): EffectivePermissions => {
    const accounts = accountsOf(ctx.store);
    return effectiveOf(accounts, memberOf(accounts, params.user_id));
  }),
  defineRoute(ops['permissions.check'], (ctx, { body, now }): PermissionCheckResponse => {
    const accounts = accountsOf(ctx.store);
    const m = memberOf(accounts, body.userId);
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
