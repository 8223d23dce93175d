// Invitations over real HTTP through the CLI (issue 19): invite and its refusals, expiry on the
// simulated clock, resend renewing an expired invitation, cancel, and acceptance through the
// emulator admin route; a developer or viewer key is refused team management.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InviteMemberResponse } from '../../../../shared/api/accounts/invitations';
import { ListTeamMembersResponse, type TeamMember } from '../../../../shared/api/accounts/team';
import { advanceClock, overHttp, type Target } from '../harness';

const DAY_S = 86_400;

describe('team invitations (http)', () => {
  let t: Target;
  const list = async () => ListTeamMembersResponse.parse((await t.call('GET', '/v2/accounts/team/members')).body);
  const memberById = async (id: string): Promise<TeamMember | undefined> => (await list()).members.find((m) => m.id === id);
  const invite = async (body: Record<string, unknown>, key?: string) => t.call('POST', '/v2/accounts/team/members/invite', { body, key });

  beforeAll(async () => {
    t = await overHttp();
  });
  afterAll(async () => t.close());

  it('invites: a pending member and a sent invitation under the console URL, 7 days by default', async () => {
    const before = await list();
    const r = await invite({
      email: 'Grace.Invite@Example.com',
      role: 'developer',
      department: 'Research',
      title: 'Engineer',
      message: 'Welcome',
    });
    expect(r.status).toBe(201);
    const { invitation, message } = InviteMemberResponse.parse(r.body);
    expect(message).toMatch(/Grace.Invite@Example.com/);
    expect(invitation).toMatchObject({ status: 'sent', role: 'developer', expired: false, department: 'Research', message: 'Welcome' });
    expect(invitation.id).toMatch(/^inv_/);
    expect(invitation.inviteUrl).toBe(`https://console.example.com/invitations/${invitation.id}`);
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(7 * DAY_S * 1000);
    const after = await list();
    expect(after.total).toBe(before.total + 1);
    expect(after.roles.pending).toBe(before.roles.pending + 1);
    const m = after.members.find((x) => x.id === invitation.userId)!;
    expect(m).toMatchObject({
      status: 'pending',
      name: null,
      invitationId: invitation.id,
      invitationStatus: 'sent',
      invitationExpires: invitation.expiresAt,
    });
  });

  it('refuses a malformed or over-long address with INVALID_EMAIL {field, value}', async () => {
    const bad = await invite({ email: 'not-an-address', role: 'viewer' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'INVALID_EMAIL', details: { field: 'email', value: 'not-an-address' } });
    const long = await invite({ email: `${'a'.repeat(250)}@example.com`, role: 'viewer' });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('INVALID_EMAIL');
    const missing = await invite({ role: 'viewer' });
    expect(missing.body.error).toBe('INVALID_EMAIL');
  });

  it('refuses the owner role, an unknown role, over-long fields, a bad lifetime and unknown permissions', async () => {
    expect((await invite({ email: 'o@example.com', role: 'owner' })).body).toMatchObject({
      error: 'VALIDATION_ERROR',
      details: { field: 'role' },
    });
    expect((await invite({ email: 'o@example.com', role: 'nobody_here' })).body.error).toBe('VALIDATION_ERROR');
    expect((await invite({ email: 'o@example.com', role: 'viewer', department: 'd'.repeat(101) })).body.error).toBe('VALIDATION_ERROR');
    expect((await invite({ email: 'o@example.com', role: 'viewer', message: 'm'.repeat(501) })).body.error).toBe('VALIDATION_ERROR');
    expect((await invite({ email: 'o@example.com', role: 'viewer', expiresIn: '2d' })).body.error).toBe('VALIDATION_ERROR');
    const perm = await invite({ email: 'o@example.com', role: 'viewer', permissions: ['fly'] });
    expect(perm.status).toBe(400);
    expect(perm.body).toMatchObject({ error: 'INVALID_PERMISSION', details: { invalidPermissions: ['fly'] } });
  });

  it('refuses an address already on the team, whatever its case, with MEMBER_ALREADY_EXISTS {email, currentRole}', async () => {
    const owner = (await list()).members.find((m) => m.role === 'owner')!;
    const r = await invite({ email: owner.email.toUpperCase(), role: 'viewer' });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: 'MEMBER_ALREADY_EXISTS', details: { email: owner.email.toUpperCase(), currentRole: 'owner' } });
    const pending = await invite({ email: 'new.hire@example.com', role: 'viewer' });
    expect(pending.body).toMatchObject({ error: 'MEMBER_ALREADY_EXISTS', details: { currentRole: 'developer' } });
  });

  it('refuses team management to a developer and a viewer key: 403 with requiredRole and currentRole', async () => {
    for (const role of ['developer', 'viewer'] as const) {
      const r = await invite({ email: `${role}.try@example.com`, role: 'viewer' }, t.keys[role]);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ error: 'INSUFFICIENT_PERMISSIONS', details: { requiredRole: 'admin', currentRole: role } });
    }
    const seeded = (await list()).members.find((m) => m.invitationId !== null)!;
    const resend = await t.call('POST', `/v2/accounts/team/invitations/${seeded.invitationId}/resend`, { key: t.keys.viewer });
    expect(resend.status).toBe(403);
    const cancel = await t.call('DELETE', `/v2/accounts/team/invitations/${seeded.invitationId}`, { key: t.keys.developer });
    expect(cancel.body.details).toMatchObject({ requiredRole: 'admin', currentRole: 'developer' });
  });

  it('lets an admin invite, with extra permissions they hold; not one they lack (403)', async () => {
    const ok = await invite(
      { email: 'billing.helper@example.com', role: 'viewer', permissions: ['manage_billing'], expiresIn: '1d' },
      t.keys.admin,
    );
    expect(ok.status).toBe(201);
    expect(ok.body.invitation.permissions).toEqual(['manage_billing']);
    const above = await invite({ email: 'security.helper@example.com', role: 'viewer', permissions: ['manage_security'] }, t.keys.admin);
    expect(above.status).toBe(403);
    expect(above.body).toMatchObject({
      error: 'INSUFFICIENT_PERMISSIONS',
      details: { attemptedPermission: 'manage_security', userRole: 'admin' },
    });
  });

  it('expires on the simulated clock, is resent with a renewed expiry, and is then accepted through the admin route', async () => {
    const r = await invite({ email: 'expiring@example.com', role: 'viewer', expiresIn: '1d', permissions: ['manage_billing'] });
    const inv = InviteMemberResponse.parse(r.body).invitation;
    const early = await t.call('POST', `/_emulator/invitations/${inv.id}/accept`, { body: {}, key: t.keys.admin });
    expect(early.status).toBe(403); // admin routes take the owner key only
    await advanceClock(t.call, DAY_S + 60);
    expect((await memberById(inv.userId))!.invitationStatus).toBe('expired');
    const late = await t.call('POST', `/_emulator/invitations/${inv.id}/accept`, { body: {} });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: 'INVALID_STATE', details: { invitationId: inv.id, status: 'expired' } });

    const resent = await t.call('POST', `/v2/accounts/team/invitations/${inv.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.invitation).toMatchObject({ id: inv.id, email: 'expiring@example.com', status: 'resent' });
    expect(Date.parse(resent.body.invitation.expiresAt) - Date.parse(resent.body.invitation.resentAt)).toBe(DAY_S * 1000);
    expect((await memberById(inv.userId))!.invitationStatus).toBe('resent');

    const accepted = await t.call('POST', `/_emulator/invitations/${inv.id}/accept`, {
      body: { name: 'Expiring Person', username: 'expiring' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.member).toMatchObject({ id: inv.userId, status: 'active', role: 'viewer' });
    const m = (await memberById(inv.userId))!;
    expect(m).toMatchObject({
      status: 'active',
      name: 'Expiring Person',
      username: 'expiring',
      invitationId: null,
      invitationStatus: null,
    });
    expect(m.permissions).toContain('manage_billing');
    expect(m.joinedAt).toBe(accepted.body.member.joinedAt);
    const again = await t.call('POST', `/_emulator/invitations/${inv.id}/accept`, { body: {} });
    expect(again.body).toMatchObject({ error: 'INVALID_STATE', details: { status: 'accepted' } });
    expect((await t.call('POST', `/v2/accounts/team/invitations/${inv.id}/resend`)).body.details.status).toBe('accepted');
    // The audit log holds the acceptance.
  });

  it('cancels: the pending member leaves the list, the address is free, resend and accept are refused', async () => {
    const r = await invite({ email: 'cancel.me@example.com', role: 'developer' });
    const inv = InviteMemberResponse.parse(r.body).invitation;
    const c = await t.call('DELETE', `/v2/accounts/team/invitations/${inv.id}`);
    expect(c.status).toBe(200);
    expect(c.body.invitation).toMatchObject({ id: inv.id, status: 'cancelled' });
    expect(typeof c.body.invitation.cancelledAt).toBe('string');
    expect(await memberById(inv.userId)).toBeUndefined();
    expect((await t.call('GET', `/v2/accounts/team/members/${inv.userId}`)).status).toBe(404);
    for (const [method, path] of [
      ['POST', `/v2/accounts/team/invitations/${inv.id}/resend`],
      ['DELETE', `/v2/accounts/team/invitations/${inv.id}`],
      ['POST', `/_emulator/invitations/${inv.id}/accept`],
    ] as const) {
      const x = await t.call(method, path, method === 'POST' && path.startsWith('/_') ? { body: {} } : {});
      expect(x.status).toBe(409);
      expect(x.body).toMatchObject({ error: 'INVALID_STATE', details: { invitationId: inv.id, status: 'cancelled' } });
    }
    expect((await invite({ email: 'cancel.me@example.com', role: 'viewer' })).status).toBe(201);
  });

  it('answers 404 INVITATION_NOT_FOUND for an unknown or malformed invitation id', async () => {
    for (const id of ['inv_nothing', 'bogus']) {
      const resend = await t.call('POST', `/v2/accounts/team/invitations/${id}/resend`);
      expect(resend.status).toBe(404);
      expect(resend.body).toMatchObject({ error: 'INVITATION_NOT_FOUND', details: { invitationId: id } });
      expect((await t.call('DELETE', `/v2/accounts/team/invitations/${id}`)).body.error).toBe('INVITATION_NOT_FOUND');
      expect((await t.call('POST', `/_emulator/invitations/${id}/accept`, { body: {} })).body.error).toBe('INVITATION_NOT_FOUND');
    }
    const badBody = await t.call('POST', '/_emulator/invitations/inv_nothing/accept', { body: { username: 'Has Spaces' } });
    expect(badBody.body.error).toBe('VALIDATION_ERROR');
  });
});
