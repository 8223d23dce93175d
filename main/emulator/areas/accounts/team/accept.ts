// Accepting an invitation (the document: "not shown"): the invitee's side is outside the API,
// so the emulator's admin route stands in for it (POST /_emulator/invitations/:id/accept, owner
// key). An expired, cancelled or accepted invitation is 409 INVALID_STATE (docs/decisions.md, Team).
import { emulatorAdminOperations as ops } from '../../../../../shared/api/emulator-admin';
import { invalidState } from '../../../core/errors';
import { defineRoute } from '../../../core/route-def';
import { appendAudit } from '../audit/log';
import { accountRecord } from '../records';
import { accountsOf, AREA } from '../state';
import { setExtras } from './extras';
import { assertOpen, invitationOr404 } from './invitations';
import { isExpired, iso } from './view';

export const acceptInvitationRoute = defineRoute(ops['emulator.invitationAccept'], (ctx, { params, body, key, now }) => {
  const accounts = accountsOf(ctx.store);
  const inv = invitationOr404(accounts, params.invitation_id);
  assertOpen(inv, 'accepted');
  if (isExpired(inv, now))
    throw invalidState(
      { invitationId: inv.id, status: 'expired', expiresAt: iso(inv.expiresAt) },
      'The invitation has expired: resend it first',
    );
  const m = accounts.members.find((x) => x.id === inv.userId && x.status === 'pending');
  if (!m) throw invalidState({ invitationId: inv.id, status: 'no_pending_member' }, 'The invited member is no longer pending');
  const local = inv.email.split('@')[0]!;
  m.status = 'active';
  m.joinedAt = now;
  m.lastActive = now;
  m.name = body.name ?? local;
  m.username =
    body.username ??
    (local
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 50) ||
      null);
  inv.acceptedAt = now;
  ctx.store.touch(AREA, accountRecord.members);
  ctx.store.touch(AREA, accountRecord.invitations);
  appendAudit(ctx.store, {
    at: now,
    type: 'role_assignment',
    action: 'invitation_accepted',
    actorId: m.id,
    keyId: key.id,
    targetUserId: m.id,
    details: { invitationId: inv.id, role: m.role, invitedBy: inv.invitedBy },
  });
  // The invitation's extra permissions, granted by whoever invited (the owner when they are gone).
  const inviter = accounts.members.find((x) => x.id === inv.invitedBy) ?? accounts.members.find((x) => x.role === 'owner');
  if (inv.permissions.length && inviter) setExtras(ctx.store, accounts, m, inv.permissions, inviter, key.id, now);
  return {
    invitationId: inv.id,
    member: { id: m.id, email: m.email, role: m.role, status: 'active' as const, joinedAt: iso(now)! },
    message: `${m.email} joined the team as ${m.role}`,
  };
});
