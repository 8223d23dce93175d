// Invitations (01-accounts.md, Team: invite, resend, cancel; States and transitions). An
// invitation expires when its `expiresAt` passes on the simulated clock (derived when read);
// resend renews it, an expired one too; cancel removes the pending member from the list.
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import { invalidState, invitationNotFound, memberAlreadyExists } from '../../../core/errors';
import { randomBase62 } from '../../../core/ids';
import { defineRoute } from '../../../core/route-def';
import { appendAudit } from '../audit/log';
import { accountRecord } from '../records';
import { accountsOf, AREA, type Accounts } from '../state';
import type { StoredInvitation } from '../stored-schema';
import { assignableRole } from './changes';
import { checkExtras } from './extras';
import { requireTeamManager } from './guard';
import { invitationView, inviteUrlOf, isExpired, iso, LIFETIME_MS } from './view';

/** An invitation by id; a cancelled or accepted one is 409 INVALID_STATE for what changes it. */
export function invitationOr404(accounts: Accounts, id: string): StoredInvitation {
  const inv = accounts.invitations.find((i) => i.id === id);
  if (!inv) throw invitationNotFound(id);
  return inv;
}

export function assertOpen(inv: StoredInvitation, what: string): void {
  const status = inv.acceptedAt !== null ? 'accepted' : inv.status === 'cancelled' ? 'cancelled' : null;
  if (status) throw invalidState({ invitationId: inv.id, status }, `The invitation was ${status}: it cannot be ${what}`);
}

export const invitationRoutes = [
  defineRoute(
    ops['team.members.invite'],
    (ctx, { body, key, now }) => {
      const accounts = accountsOf(ctx.store);
      const actor = requireTeamManager(accounts, key, now);
      const role = assignableRole(accounts, body.role);
      const permissions = checkExtras(accounts, actor, body.permissions ?? [], role, now);
      const email = body.email.toLowerCase();
      // Active, suspended and pending members hold their address; a removed one frees it.
      const existing = accounts.members.find((m) => m.status !== 'removed' && m.email.toLowerCase() === email);
      if (existing) throw memberAlreadyExists(body.email, existing.role);
      const userId = `usr_${randomBase62(10)}`;
      const id = `inv_${randomBase62(10)}`;
      accounts.members.push({
        id: userId,
        email: body.email,
        name: null,
        username: null,
        role: role.name,
        status: 'pending',
        joinedAt: null,
        lastActive: null,
        invitedAt: now,
        invitedBy: actor.id,
        department: body.department || null,
        title: body.title || null,
        removedAt: null,
      });
      const inv: StoredInvitation = {
        id,
        userId,
        email: body.email,
        role: role.name,
        status: 'sent',
        createdAt: now,
        expiresAt: now + LIFETIME_MS[body.expiresIn],
        inviteUrl: inviteUrlOf(id),
        lifetime: body.expiresIn,
        department: body.department || null,
        title: body.title || null,
        message: body.message ?? null,
        permissions,
        invitedBy: actor.id,
        resentAt: null,
        cancelledAt: null,
        acceptedAt: null,
      };
      accounts.invitations.push(inv);
      ctx.store.touch(AREA, accountRecord.members);
      ctx.store.touch(AREA, accountRecord.invitations);
      appendAudit(ctx.store, {
        at: now,
        type: 'role_assignment',
        action: 'member_invited',
        actorId: actor.id,
        keyId: key.id,
        targetUserId: userId,
        details: { invitationId: id, email: body.email, role: role.name, permissions, expiresIn: body.expiresIn },
      });
      ctx.events.emit('team.member_invited', {
        subject: userId,
        data: {
          invitationId: id,
          email: body.email,
          role: role.name,
          inviteUrl: inv.inviteUrl,
          expiresAt: iso(inv.expiresAt),
          message: inv.message,
        },
      });
      return { invitation: invitationView(inv, now), message: `Invitation sent to ${body.email}` };
    },
    201,
  ),
  defineRoute(ops['team.invitations.resend'], (ctx, { params, key, now }) => {
    const accounts = accountsOf(ctx.store);
    requireTeamManager(accounts, key, now);
    const inv = invitationOr404(accounts, params.invitation_id);
    assertOpen(inv, 'resent');
    const wasExpired = isExpired(inv, now);
    inv.status = 'resent';
    inv.resentAt = now;
    inv.expiresAt = now + LIFETIME_MS[inv.lifetime];
    ctx.store.touch(AREA, accountRecord.invitations);
    return {
      invitation: { id: inv.id, email: inv.email, status: 'resent' as const, expiresAt: iso(inv.expiresAt)!, resentAt: iso(now)! },
      message: `Invitation resent to ${inv.email}${wasExpired ? ' (it had expired)' : ''}; it expires in ${inv.lifetime}`,
    };
  }),
  defineRoute(ops['team.invitations.cancel'], (ctx, { params, key, now }) => {
    const accounts = accountsOf(ctx.store);
    const actor = requireTeamManager(accounts, key, now);
    const inv = invitationOr404(accounts, params.invitation_id);
    assertOpen(inv, 'cancelled');
    inv.status = 'cancelled';
    inv.cancelledAt = now;
    // The pending member leaves the list: the address is free to invite again.
    const m = accounts.members.find((x) => x.id === inv.userId);
    if (m && m.status === 'pending') Object.assign(m, { status: 'removed', removedAt: now });
    ctx.store.touch(AREA, accountRecord.invitations);
    ctx.store.touch(AREA, accountRecord.members);
    appendAudit(ctx.store, {
      at: now,
      type: 'role_assignment',
      action: 'invitation_cancelled',
      actorId: actor.id,
      keyId: key.id,
      targetUserId: inv.userId,
      details: { invitationId: inv.id, email: inv.email, role: inv.role },
    });
    return {
      invitation: { id: inv.id, status: 'cancelled' as const, cancelledAt: iso(now)! },
      message: `Invitation to ${inv.email} cancelled`,
    };
  }),
];
