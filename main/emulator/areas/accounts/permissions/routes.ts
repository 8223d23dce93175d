// Permissions and roles, read side (01-accounts.md, Endpoints: Permissions and roles): the
// schema, a member's effective permissions and the explained check. Grants and shares do not
// exist yet: the check's chain says so at their steps (docs/decisions.md, Permissions and roles).
import type {
  ChainStep,
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
import { BUILT_IN_ROLES, holds, inheritedRoles, limitationsOf, PERMISSION_DESCRIPTIONS, SCOPE_DESCRIPTIONS, unionOf } from './roles';

const HOUR_MS = 3_600_000;
const ACTIONS = ['read', 'write', 'execute'] as const;

/** A member the access model knows: removed members are gone (404 MEMBER_NOT_FOUND). */
function memberOf(accounts: Accounts, userId: string): StoredMember {
  const m = accounts.members.find((x) => x.id === userId);
  if (!m || m.status === 'removed') throw memberNotFound(userId);
  return m;
}

function effectiveOf(accounts: Accounts, m: StoredMember): EffectivePermissions {
  const role = BUILT_IN_ROLES[m.role];
  const inherited = inheritedRoles(role).map((i) => i.role);
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
      limitations: { ...limitationsOf(role), maxTeamMembers: null },
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

/**
 * The explained decision: member status, then the role, its inherited roles nearest first,
 * grants, shares; the chain holds each step tried and stops at the one that decided.
 */
function check(
  m: StoredMember,
  permission: string,
  scope: string,
  resourceId: string | null,
): Pick<PermissionCheckResponse, 'allowed' | 'source'> & { reason: string; chain: ChainStep[] } {
  const what = `${permission} on ${scope}`;
  if (m.status !== 'active') {
    const reason = `The member is ${m.status}: their role gives no access until they are active`;
    return {
      allowed: false,
      source: null,
      reason,
      chain: [{ step: 'member', status: m.status, decided: true, outcome: 'member_inactive', reason }],
    };
  }
  const chain: ChainStep[] = [];
  const role = BUILT_IN_ROLES[m.role];
  if (holds(role, permission, scope)) {
    const reason = `The ${role.name} role holds ${what}`;
    chain.push({
      step: 'role',
      role: role.name,
      permissions: role.permissions,
      scopes: role.scopes,
      decided: true,
      outcome: 'matched',
      reason,
    });
    return { allowed: true, source: 'role', reason, chain };
  }
  chain.push({
    step: 'role',
    role: role.name,
    permissions: role.permissions,
    scopes: role.scopes,
    decided: false,
    outcome: 'not_held',
    reason: `The ${role.name} role does not hold ${what}`,
  });
  for (const { role: parent, via } of inheritedRoles(role)) {
    const base = { step: 'inherited_role', role: parent.name, via, permissions: parent.permissions, scopes: parent.scopes } as const;
    if (holds(parent, permission, scope)) {
      const reason = `The ${parent.name} role, inherited through ${via}, holds ${what}`;
      chain.push({ ...base, decided: true, outcome: 'matched', reason });
      return { allowed: true, source: 'inherited_role', reason, chain };
    }
    chain.push({ ...base, decided: false, outcome: 'not_held', reason: `The inherited ${parent.name} role does not hold ${what}` });
  }
  chain.push({
    step: 'grant',
    grantId: null,
    permissions: [],
    scopes: [],
    resources: null,
    decided: false,
    outcome: 'none_exist',
    reason: 'The member holds no permission grants',
  });
  chain.push({
    step: 'share',
    shareId: null,
    resourceId,
    permissions: [],
    decided: false,
    outcome: 'none_exist',
    reason: resourceId === null ? 'No resource named, and no resource is shared with the member' : 'No resource is shared with the member',
  });
  return { allowed: false, source: null, reason: `No role, inherited role, grant or share of this member holds ${what}`, chain };
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
    const { allowed, source, reason, chain } = check(m, body.permission, body.scope, resourceId);
    return {
      userId: m.id,
      permission: body.permission,
      scope: body.scope,
      resourceId,
      allowed,
      source,
      role: m.role,
      details: { reason, limitations: executionLimits(accounts, m, now), chain },
    };
  }),
];
