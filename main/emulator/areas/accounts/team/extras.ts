// A member's extra permissions (01-accounts.md, Team: `permissions` of invite and update): held
// beyond their role as one unexpiring grant the team made (docs/decisions.md, Team), so the one
// access decision applies them like any grant, and revoking the member revokes them.
import { PermissionName } from '../../../../../shared/api/accounts/permissions';
import { insufficientPermissions, invalidPermission } from '../../../core/errors';
import { randomBase62 } from '../../../core/ids';
import type { Store } from '../../../state/store';
import { appendAudit } from '../audit/log';
import { inheritedRoles, roleLookup, type RoleDef } from '../permissions/roles';
import { accountRecord } from '../records';
import { AREA, type Accounts } from '../state';
import type { StoredGrant, StoredMember } from '../stored-schema';
import { memberMay } from './guard';

/** Marks the grant that carries a member's extra permissions (one active at a time). */
const TEAM_GRANT_REASON = 'Team: extra permissions';

const MANAGE_SCOPE: Readonly<Record<string, string>> = {
  manage_team: 'accounts',
  manage_billing: 'billing',
  manage_integrations: 'integrations',
  manage_security: 'security',
};
const ALL_SCOPES = ['endpoints', 'clusters', 'accounts', 'billing', 'integrations', 'security'];

const isTeamGrant = (g: StoredGrant) => g.reason === TEAM_GRANT_REASON && g.status === 'active';

/** Each member's extra permissions, by member id. */
export function teamExtrasByMember(accounts: Accounts): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const g of accounts.grants) if (isTeamGrant(g)) out.set(g.userId, [...(out.get(g.userId) ?? []), ...g.permissions]);
  return out;
}

/** The scopes an extra permission applies on: a manage_* permission on its own scope, read/write/execute on the role's scopes. */
function scopesFor(permission: string, role: RoleDef, accounts: Accounts): string[] {
  const own = MANAGE_SCOPE[permission];
  if (own) return [own];
  const scopes = [role, ...inheritedRoles(role, roleLookup(accounts.roles)).map((i) => i.role)].flatMap((r) => r.scopes);
  return scopes.includes('*') ? ALL_SCOPES : [...new Set(scopes)];
}

/**
 * The extra permissions asked, checked: known names (400 INVALID_PERMISSION), and none the
 * caller does not hold themselves on the scopes it would apply on (01-accounts.md, Authentication 8: 403).
 */
export function checkExtras(accounts: Accounts, actor: StoredMember, asked: readonly string[], role: RoleDef, now: number): string[] {
  const valid: readonly string[] = PermissionName.options;
  const invalid = asked.filter((p) => !valid.includes(p));
  if (invalid.length) throw invalidPermission({ field: 'permissions', invalidPermissions: invalid, validPermissions: valid });
  const perms = [...new Set(asked)];
  for (const p of perms) {
    if (!scopesFor(p, role, accounts).every((s) => memberMay(accounts, actor, p, s, now)))
      throw insufficientPermissions(
        { attemptedPermission: p, userRole: actor.role },
        'A caller cannot grant permissions higher than its own',
      );
  }
  return perms;
}

/** Replaces a member's extra permissions: the team's active grant is revoked, a new one made when any are left. */
export function setExtras(
  store: Store,
  accounts: Accounts,
  m: StoredMember,
  perms: readonly string[],
  actor: StoredMember,
  keyId: string,
  now: number,
): void {
  const role = roleLookup(accounts.roles)(m.role);
  let changed = false;
  for (const g of accounts.grants) {
    if (g.userId !== m.id || !isTeamGrant(g)) continue;
    Object.assign(g, { status: 'revoked', revokedBy: actor.id, revokedAt: now });
    changed = true;
  }
  let grantId: string | null = null;
  if (perms.length && role) {
    grantId = `grant_${randomBase62(16)}`;
    accounts.grants.push({
      id: grantId,
      userId: m.id,
      permissions: [...perms],
      scopes: [...new Set(perms.flatMap((p) => scopesFor(p, role, accounts)))],
      resources: null,
      expiresAt: null,
      reason: TEAM_GRANT_REASON,
      grantedBy: actor.id,
      grantedAt: now,
      status: 'active',
      revokedBy: null,
      revokedAt: null,
    });
    changed = true;
  }
  if (!changed) return;
  store.touch(AREA, accountRecord.grants);
  appendAudit(store, {
    at: now,
    type: 'permission_change',
    action: grantId ? 'permission_granted' : 'permission_revoked',
    actorId: actor.id,
    keyId,
    targetUserId: m.id,
    details: { permissions: [...perms], grantId, source: 'team' },
  });
}
