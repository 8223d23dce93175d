// The access decision (01-accounts.md, Role; Effective permissions; Permission grant; Resource
// share): one function answers the check route, guards every route of the three documents (the
// authority) and replays the what-if of a role edit, so they can never disagree. Steps in order:
// the member's status, their role, the roles it inherits nearest first, their grants, their
// shares; the first that holds the permission decides. With `explain`, each step tried is kept
// (the check's `details.chain`), near misses included; without, nothing is allocated past the
// answer (the request path).
import type { ChainStep, CheckSource, PermissionName, Role, SchemaScope } from '../../../../../shared/api/accounts/permissions';
import type { Accounts } from '../state';
import type { StoredGrant, StoredMember, StoredShare } from '../stored-schema';
import { holds, inheritedRoles, roleLookup, type RoleDef, type RoleLookup } from './roles';

/** What is asked: a permission on a schema scope, for the resources the request names (none for a list or create). */
export interface AccessQuery {
  permission: string;
  scope: string;
  resourceIds: readonly string[];
}

/** What the decision reads of the world: roles by name, and a member's grants and shares. */
export interface AccessWorld {
  role: RoleLookup;
  grantsOf(userId: string): readonly StoredGrant[];
  sharesOf(userId: string): readonly StoredShare[];
}

/** The world as the accounts slice holds it; `role` may be replaced (the what-if's edited role). */
export function accessWorldOf(accounts: Accounts, role: RoleLookup = roleLookup(accounts.roles)): AccessWorld {
  return {
    role,
    grantsOf: (userId) => accounts.grants.filter((g) => g.userId === userId),
    sharesOf: (userId) => accounts.shares.filter((s) => s.userId === userId),
  };
}

export interface Decision {
  allowed: boolean;
  source: CheckSource | null;
  reason: string;
  /** Each step tried, in order; null unless explained. */
  chain: ChainStep[] | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const grantFits = (g: StoredGrant, q: AccessQuery) => g.resources === null || q.resourceIds.some((id) => g.resources!.includes(id));

/** Decides `q` for member `m` at `now`; `explain` keeps the chain. */
export function decide(world: AccessWorld, m: StoredMember, q: AccessQuery, now: number, explain: boolean): Decision {
  const what = `${q.permission} on ${q.scope}`;
  if (m.status !== 'active') {
    const reason = `The member is ${m.status}: their role gives no access until they are active`;
    return {
      allowed: false,
      source: null,
      reason,
      chain: explain ? [{ step: 'member', status: m.status, decided: true, outcome: 'member_inactive', reason }] : null,
    };
  }
  const chain: ChainStep[] | null = explain ? [] : null;
  const role = world.role(m.role);
  if (role) {
    const roleStep = (r: RoleDef, matched: boolean, reason: string) => ({
      role: r.name,
      permissions: r.permissions as Role['permissions'],
      scopes: r.scopes as Role['scopes'],
      decided: matched,
      outcome: matched ? ('matched' as const) : ('not_held' as const),
      reason,
    });
    if (holds(role, q.permission, q.scope)) {
      const reason = `The ${role.name} role holds ${what}`;
      chain?.push({ step: 'role', ...roleStep(role, true, reason) });
      return { allowed: true, source: 'role', reason, chain };
    }
    chain?.push({ step: 'role', ...roleStep(role, false, `The ${role.name} role does not hold ${what}`) });
    for (const { role: parent, via } of inheritedRoles(role, world.role)) {
      if (holds(parent, q.permission, q.scope)) {
        const reason = `The ${parent.name} role, inherited through ${via}, holds ${what}`;
        chain?.push({ step: 'inherited_role', via, ...roleStep(parent, true, reason) });
        return { allowed: true, source: 'inherited_role', reason, chain };
      }
      chain?.push({ step: 'inherited_role', via, ...roleStep(parent, false, `The inherited ${parent.name} role does not hold ${what}`) });
    }
  }

  const grants = world.grantsOf(m.id);
  for (const g of grants) {
    const held = holds(g, q.permission, q.scope);
    const fits = grantFits(g, q);
    if (held && fits && g.status === 'active' && (g.expiresAt === null || g.expiresAt > now)) {
      const reason = `Grant ${g.id} gives ${what}${g.resources === null ? '' : ` on ${q.resourceIds.find((id) => g.resources!.includes(id))}`}`;
      chain?.push(grantStep(g, true, 'matched', reason));
      return { allowed: true, source: 'grant', reason, chain };
    }
    if (!chain) continue;
    if (!held) chain.push(grantStep(g, false, 'not_held', `Grant ${g.id} does not give ${what}`));
    else if (g.status === 'revoked')
      chain.push(grantStep(g, false, 'revoked', `Grant ${g.id} gave ${what} but was revoked at ${iso(g.revokedAt)}`));
    else if (!fits)
      chain.push(
        grantStep(
          g,
          false,
          'other_resource',
          q.resourceIds.length === 0
            ? `Grant ${g.id} gives ${what} only on ${g.resources!.join(', ')}, and this request names no resource`
            : `Grant ${g.id} gives ${what} only on ${g.resources!.join(', ')}, not on ${q.resourceIds.join(', ')}`,
        ),
      );
    else chain.push(grantStep(g, false, 'expired', `Grant ${g.id} gave ${what} until ${iso(g.expiresAt)}: it has expired`));
  }
  if (chain && grants.length === 0)
    chain.push({
      step: 'grant',
      grantId: null,
      permissions: [],
      scopes: [],
      resources: null,
      expiresAt: null,
      decided: false,
      outcome: 'none_exist',
      reason: 'The member holds no permission grants',
    });

  const shares = world.sharesOf(m.id);
  for (const s of shares) {
    const held = s.permissions.includes(q.permission);
    const here = q.resourceIds.includes(s.resourceId);
    if (held && here && s.status === 'active' && (s.expiresAt === null || s.expiresAt > now)) {
      const reason = `${s.resourceId} is shared with the member with ${q.permission} (${s.id})`;
      chain?.push(shareStep(s, true, 'matched', reason));
      return { allowed: true, source: 'share', reason, chain };
    }
    if (!chain) continue;
    if (!held) chain.push(shareStep(s, false, 'not_held', `Share ${s.id} of ${s.resourceId} does not give ${q.permission}`));
    else if (!here)
      chain.push(
        shareStep(s, false, 'other_resource', `Share ${s.id} gives ${q.permission} on ${s.resourceId}, not on this request's resource`),
      );
    else if (s.status === 'revoked') chain.push(shareStep(s, false, 'revoked', `Share ${s.id} of ${s.resourceId} was revoked`));
    else
      chain.push(
        shareStep(s, false, 'expired', `Share ${s.id} of ${s.resourceId} gave ${q.permission} until ${iso(s.expiresAt)}: it has expired`),
      );
  }
  if (chain && shares.length === 0)
    chain.push({
      step: 'share',
      shareId: null,
      resourceId: q.resourceIds[0] ?? null,
      permissions: [],
      expiresAt: null,
      decided: false,
      outcome: 'none_exist',
      reason: 'No resource is shared with the member',
    });
  return {
    allowed: false,
    source: null,
    reason: role
      ? `No role, inherited role, grant or share of this member holds ${what}`
      : `The member's role ${m.role} no longer exists, and no grant or share holds ${what}`,
    chain,
  };
}

function grantStep(g: StoredGrant, decided: boolean, outcome: ChainStep['outcome'], reason: string): ChainStep {
  return {
    step: 'grant',
    grantId: g.id,
    permissions: g.permissions as PermissionName[],
    scopes: g.scopes as SchemaScope[],
    resources: g.resources,
    expiresAt: iso(g.expiresAt),
    decided,
    outcome,
    reason,
  };
}

function shareStep(s: StoredShare, decided: boolean, outcome: ChainStep['outcome'], reason: string): ChainStep {
  return {
    step: 'share',
    shareId: s.id,
    resourceId: s.resourceId,
    permissions: s.permissions as PermissionName[],
    expiresAt: iso(s.expiresAt),
    decided,
    outcome,
    reason,
  };
}
