// One member (01-accounts.md, Team: GET, PUT and DELETE /v2/accounts/team/members/{user_id}).
// The detail is a read like the list (docs/decisions.md, Team); changing and removing need
// `manage_team`. Removal takes effect at once: the member's grants, shares and keys are revoked.
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import type { MemberDetailResponse } from '../../../../../shared/api/accounts/team';
import { cannotRemoveOwner } from '../../../core/errors';
import { defineRoute } from '../../../core/route-def';
import { appendAudit } from '../audit/log';
import { roleLookup } from '../permissions/roles';
import { accountRecord } from '../records';
import { accountsOf, AREA } from '../state';
import { assertChangeable, assignableRole, changeField, changeRole, changeStatus, type Change } from './changes';
import { checkExtras, setExtras } from './extras';
import { memberOr404, requireTeamManager } from './guard';
import { keysByMember, lastUsedOf, usageOf } from './usage';
import { originOf } from '../profile/view';
import { iso, viewOf } from './view';

export const memberRoutes = [
  defineRoute(ops['team.members.get'], (ctx, { params, headers, now }): MemberDetailResponse => {
    const accounts = accountsOf(ctx.store);
    const m = memberOr404(accounts, params.user_id);
    const owned = ctx.createdResources().filter((r) => r.createdBy === m.id);
    const keys = keysByMember(accounts).get(m.id) ?? [];
    const ownedEndpoints = owned.filter((r) => r.type === 'endpoint').map((r) => r.id);
    const ownedClusters = owned.filter((r) => r.type === 'cluster').map((r) => r.id);
    const lastUsed = lastUsedOf(keys);
    return {
      member: {
        ...viewOf(accounts, m, roleLookup(accounts.roles), originOf(headers), now),
        activity: {
          endpointsCreated: ownedEndpoints.length,
          clustersManaged: ownedClusters.length,
          totalExecutions: usageOf(accounts, keys, 0, now + 1).executions,
          lastLogin: iso(lastUsed ?? m.lastActive),
        },
        resources: {
          ownedEndpoints,
          ownedClusters,
          sharedEndpoints: [
            ...new Set(
              accounts.shares
                .filter((s) => s.userId === m.id && s.status === 'active' && (s.expiresAt === null || s.expiresAt > now))
                .map((s) => s.resourceId)
                .filter((id) => ctx.resource(id)?.type === 'endpoint'),
            ),
          ],
        },
      },
    };
  }),
  defineRoute(ops['team.members.update'], (ctx, { params, body, key, headers, now }) => {
    const accounts = accountsOf(ctx.store);
    const actor = requireTeamManager(accounts, key, now);
    const m = memberOr404(accounts, params.user_id);
    const c: Change = { store: ctx.store, accounts, actor, keyId: key.id, now };
    // Everything is checked before anything changes: a refused request changes nothing.
    const role = body.role === undefined ? undefined : assignableRole(accounts, body.role);
    if (role) assertChangeable(c, m, 'role');
    if (body.status !== undefined) assertChangeable(c, m, 'status');
    let extras: string[] | undefined;
    if (body.permissions !== undefined) {
      assertChangeable(c, m, 'permissions');
      const held = role ?? roleLookup(accounts.roles)(m.role) ?? assignableRole(accounts, m.role);
      extras = checkExtras(accounts, actor, body.permissions, held, now);
    }
    let changed = false;
    if (role) changed = changeRole(c, m, role) || changed;
    if (body.status !== undefined) changed = changeStatus(c, m, body.status) || changed;
    if (body.department !== undefined) changed = changeField(c, m, 'department', body.department) || changed;
    if (body.title !== undefined) changed = changeField(c, m, 'title', body.title) || changed;
    if (extras) {
      const inv = accounts.invitations.find((i) => i.userId === m.id && i.status !== 'cancelled' && i.acceptedAt === null);
      // A pending member's extras wait on the invitation, applied when it is accepted.
      if (m.status === 'pending' && inv) {
        inv.permissions = extras;
        ctx.store.touch(AREA, accountRecord.invitations);
      } else setExtras(ctx.store, accounts, m, extras, actor, key.id, now);
    }
    if (changed) {
      ctx.store.touch(AREA, accountRecord.members);
      if (role) ctx.store.touch(AREA, accountRecord.invitations);
    }
    return viewOf(accounts, m, roleLookup(accounts.roles), originOf(headers), now);
  }),
  defineRoute(ops['team.members.remove'], (ctx, { params, key, now }) => {
    const accounts = accountsOf(ctx.store);
    const actor = requireTeamManager(accounts, key, now);
    const m = memberOr404(accounts, params.user_id);
    if (m.role === 'owner') throw cannotRemoveOwner(m.id, m.role);
    const from = m.status;
    Object.assign(m, { status: 'removed', removedAt: now });
    ctx.store.touch(AREA, accountRecord.members);
    let invitations = 0;
    for (const inv of accounts.invitations) {
      if (inv.userId !== m.id || inv.status === 'cancelled' || inv.acceptedAt !== null) continue;
      Object.assign(inv, { status: 'cancelled', cancelledAt: now });
      invitations++;
    }
    if (invitations) ctx.store.touch(AREA, accountRecord.invitations);
    let grants = 0;
    for (const g of accounts.grants) {
      if (g.userId !== m.id || g.status !== 'active') continue;
      Object.assign(g, { status: 'revoked', revokedBy: actor.id, revokedAt: now });
      grants++;
    }
    if (grants) ctx.store.touch(AREA, accountRecord.grants);
    let shares = 0;
    for (const s of accounts.shares) {
      if (s.userId !== m.id || s.status !== 'active') continue;
      s.status = 'revoked';
      shares++;
    }
    if (shares) ctx.store.touch(AREA, accountRecord.shares);
    // Their keys stop working at once and for good (a key of a removed member is never valid again).
    let keys = 0;
    for (const k of accounts.keys.values()) {
      if (k.createdBy !== m.id || k.owner || k.status !== 'active') continue;
      Object.assign(k, { status: 'revoked', revokedAt: now });
      ctx.store.touch(AREA, accountRecord.key(k.id));
      keys++;
    }
    appendAudit(ctx.store, {
      at: now,
      type: 'role_assignment',
      action: 'member_removed',
      actorId: actor.id,
      keyId: key.id,
      targetUserId: m.id,
      details: { role: m.role, from, revokedGrants: grants, revokedShares: shares, revokedKeys: keys, cancelledInvitations: invitations },
    });
    ctx.events.emit('team.member_removed', { subject: m.id, data: { email: m.email, role: m.role, from, revokedKeys: keys } });
    return {
      id: m.id,
      status: 'removed' as const,
      removedAt: iso(now)!,
      message: `${m.email} was removed from the team; ${keys} key(s), ${grants} grant(s) and ${shares} share(s) revoked`,
    };
  }),
];
