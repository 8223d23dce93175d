// GET /v2/accounts/team/members over the in-process emulator: the directory the console names
// people from (issue 8 #17); over real HTTP, a member's detail, changes and removal (issue 19).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListTeamMembersResponse, MemberDetailResponse, RemoveMemberResponse, TeamMember } from '../../../../shared/api/accounts/team';
import { inProcess, overHttp, type Target } from '../harness';

describe('team members', () => {
  let t: Target;
  beforeAll(() => {
    t = inProcess();
  });
  afterAll(async () => t.close());

  it('lists the seeded team with names, emails and role counts', async () => {
    const r = await t.call('GET', '/v2/accounts/team/members');
    expect(r.status).toBe(200);
    const list = ListTeamMembersResponse.parse(r.body);
    expect(list.total).toBe(list.members.length);
    expect(list.members.length).toBeGreaterThan(1);
    expect(list.members.every((m) => m.id.startsWith('usr_') && m.email.includes('@') && m.status !== 'removed')).toBe(true);
    const active = list.members.filter((m) => m.status !== 'pending');
    expect(active.every((m) => m.name !== null)).toBe(true);
    expect(list.members.filter((m) => m.role === 'owner')).toHaveLength(1);
    const counted = list.roles.owner + list.roles.admin + list.roles.developer + list.roles.viewer + list.roles.pending;
    expect(counted).toBe(list.total);
    expect(list.members.find((m) => m.role === 'owner')!.permissions).toEqual(['*']);
  });

  it('names every user id a cluster lists in its team', async () => {
    const ids = new Set(ListTeamMembersResponse.parse((await t.call('GET', '/v2/accounts/team/members')).body).members.map((m) => m.id));
    const clusters = (await t.call('GET', '/v1/clusters')).body as {
      data: { clusters: Array<{ project_info: { team_members: string[] } }> };
    };
    const team = clusters.data.clusters.flatMap((c) => c.project_info.team_members);
    expect(team.length).toBeGreaterThan(0);
    expect(team.every((id) => ids.has(id))).toBe(true);
  });
});

describe('team members: detail, change and removal (http)', () => {
  let t: Target;
  let members: TeamMember[];
  const holder = (role: string) => members.find((m) => m.role === role && m.status === 'active')!;

  beforeAll(async () => {
    t = await overHttp();
    members = ListTeamMembersResponse.parse((await t.call('GET', '/v2/accounts/team/members')).body).members;
  });
  afterAll(async () => t.close());

  it('counts roles with pending ones apart and a custom count, and shows no invitation for joined members', async () => {
    const list = ListTeamMembersResponse.parse((await t.call('GET', '/v2/accounts/team/members')).body);
    expect(list.roles).toEqual({ owner: 1, admin: 1, developer: 2, viewer: 1, pending: 1, custom: 0 });
    expect(list.members.filter((m) => m.status !== 'pending').every((m) => m.invitationId === null && m.invitationStatus === null)).toBe(
      true,
    );
    const pending = list.members.find((m) => m.status === 'pending')!;
    expect(pending.invitationStatus).toBe('sent');
    // Any admin can copy a pending invitation's address again, not only who sent it.
    expect(pending.inviteUrl).toMatch(new RegExp(`/invitations/${pending.invitationId}$`));
    expect(list.members.filter((m) => m.status !== 'pending').every((m) => m.inviteUrl === null)).toBe(true);
  });

  it("reads a member's detail with activity and resources computed from the world", async () => {
    const owner = holder('owner');
    const r = await t.call('GET', `/v2/accounts/team/members/${owner.id}`);
    expect(r.status).toBe(200);
    const { member } = MemberDetailResponse.parse(r.body);
    expect(member).toMatchObject({ id: owner.id, role: 'owner', email: owner.email });
    // The seeded resources take the active members in turn: the owner created the first of each kind.
    const clusters = (await t.call('GET', '/v1/clusters')).body.data.clusters as Array<{ id: string }>;
    expect(member.resources.ownedClusters).toContain(clusters[0]!.id);
    expect(member.activity.clustersManaged).toBe(member.resources.ownedClusters.length);
    expect(member.activity.endpointsCreated).toBe(member.resources.ownedEndpoints.length);
    expect(member.activity.endpointsCreated).toBeGreaterThan(0);
    // The owner's seeded keys carry 90 days of synthetic usage, executions among it.
    expect(member.activity.totalExecutions).toBeGreaterThan(0);
    expect(member.activity.lastLogin).not.toBeNull();
    expect(member.resources.sharedEndpoints).toEqual([]);
    const again = MemberDetailResponse.parse((await t.call('GET', `/v2/accounts/team/members/${owner.id}`)).body);
    expect(again.member.activity.totalExecutions).toBe(member.activity.totalExecutions);
  });

  it('answers 404 MEMBER_NOT_FOUND for an unknown or malformed member id on every member route', async () => {
    for (const id of ['usr_nobody', 'nobody']) {
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', { title: 'x' }],
        ['DELETE', undefined],
      ] as const) {
        const r = await t.call(method, `/v2/accounts/team/members/${id}`, { body });
        expect(r.status).toBe(404);
        expect(r.body).toMatchObject({ error: 'MEMBER_NOT_FOUND', details: { userId: id } });
      }
    }
  });

  it('changes role, department, title and status, audited; refuses the owner, pending members and bad values', async () => {
    const dev = members.filter((m) => m.role === 'developer' && m.status === 'active')[1]!;
    const r = await t.call('PUT', `/v2/accounts/team/members/${dev.id}`, {
      body: { role: 'viewer', department: 'Data', title: 'Analyst' },
    });
    expect(r.status).toBe(200);
    expect(TeamMember.parse(r.body)).toMatchObject({ id: dev.id, role: 'viewer', department: 'Data', title: 'Analyst' });
    const s = await t.call('PUT', `/v2/accounts/team/members/${dev.id}`, { body: { status: 'suspended' } });
    expect(s.body.status).toBe('suspended');
    expect((await t.call('PUT', `/v2/accounts/team/members/${dev.id}`, { body: { status: 'active' } })).body.status).toBe('active');
    const extras = await t.call('PUT', `/v2/accounts/team/members/${dev.id}`, { body: { permissions: ['manage_billing'] } });
    expect(extras.body.permissions).toContain('manage_billing');
    const check = await t.call('POST', '/v2/accounts/permissions/check', {
      body: { userId: dev.id, permission: 'manage_billing', scope: 'billing' },
    });
    expect(check.body).toMatchObject({ allowed: true, source: 'grant' });

    const owner = holder('owner');
    for (const body of [{ role: 'admin' }, { status: 'suspended' }, { permissions: ['read'] }]) {
      const x = await t.call('PUT', `/v2/accounts/team/members/${owner.id}`, { body });
      expect(x.status).toBe(409);
      expect(x.body).toMatchObject({ error: 'INVALID_STATE', details: { userId: owner.id, role: 'owner' } });
    }
    expect((await t.call('PUT', `/v2/accounts/team/members/${owner.id}`, { body: { title: 'Founder' } })).body.title).toBe('Founder');
    const pending = members.find((m) => m.status === 'pending')!;
    const p = await t.call('PUT', `/v2/accounts/team/members/${pending.id}`, { body: { status: 'suspended' } });
    expect(p.body).toMatchObject({ error: 'INVALID_STATE', details: { status: 'pending' } });
    expect((await t.call('PUT', `/v2/accounts/team/members/${dev.id}`, { body: { role: 'owner' } })).body.error).toBe('VALIDATION_ERROR');
    expect((await t.call('PUT', `/v2/accounts/team/members/${dev.id}`, { body: { status: 'removed' } })).body.error).toBe(
      'VALIDATION_ERROR',
    );
    expect((await t.call('PUT', `/v2/accounts/team/members/${dev.id}`, { body: { title: 't'.repeat(101) } })).body.error).toBe(
      'VALIDATION_ERROR',
    );
    expect((await t.call('PUT', `/v2/accounts/team/members/${dev.id}`, { body: { permissions: ['nope'] } })).body.error).toBe(
      'INVALID_PERMISSION',
    );
    const self = await t.call('PUT', `/v2/accounts/team/members/${holder('admin').id}`, { key: t.keys.admin, body: { role: 'viewer' } });
    expect(self.body).toMatchObject({ error: 'INVALID_STATE' });
    const refused = await t.call('PUT', `/v2/accounts/team/members/${dev.id}`, { key: t.keys.developer, body: { title: 'x' } });
    expect(refused.status).toBe(403);
    expect(refused.body.details).toMatchObject({ requiredRole: 'admin', currentRole: 'developer' });
  });

  it('writes each change to the audit log: role changes with from and to, status changes, removal', async () => {
    const snapshot = await t.call('GET', '/_emulator/snapshot');
    const audit = snapshot.body.state.areas.accounts.audit as Array<{
      type: string;
      action: string;
      targetUserId: string;
      details: Record<string, unknown>;
    }>;
    const dev = members.filter((m) => m.role === 'developer' && m.status === 'active')[1]!;
    const mine = audit.filter((e) => e.targetUserId === dev.id);
    expect(mine).toContainEqual(
      expect.objectContaining({ type: 'role_assignment', action: 'role_updated', details: { from: 'developer', to: 'viewer' } }),
    );
    expect(mine).toContainEqual(
      expect.objectContaining({ type: 'role_assignment', action: 'member_suspended', details: { from: 'active', to: 'suspended' } }),
    );
    expect(mine).toContainEqual(expect.objectContaining({ type: 'role_assignment', action: 'member_reactivated' }));
    expect(mine).toContainEqual(expect.objectContaining({ type: 'permission_change', action: 'permission_granted' }));
  });

  it('refuses to remove the owner with 422 CANNOT_REMOVE_OWNER {userId, role}', async () => {
    const owner = holder('owner');
    const r = await t.call('DELETE', `/v2/accounts/team/members/${owner.id}`);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ error: 'CANNOT_REMOVE_OWNER', details: { userId: owner.id, role: 'owner' } });
    expect((await t.call('DELETE', `/v2/accounts/team/members/${owner.id}`, { key: t.keys.viewer })).status).toBe(403);
  });

  it('removes a member at once: gone from the list, detail 404, their key refused 401', async () => {
    const viewer = holder('viewer');
    // Verify needs no scope: any key of an active member passes it.
    const verify = await t.call('GET', '/v2/auth/verify', { key: t.keys.viewer });
    expect(verify.status).toBe(200);
    // Verify names the member the key belongs to: a console knows who "you" are.
    expect(verify.body.user_id).toBe(viewer.id);
    const r = await t.call('DELETE', `/v2/accounts/team/members/${viewer.id}`, { key: t.keys.admin });
    expect(r.status).toBe(200);
    expect(RemoveMemberResponse.parse(r.body)).toMatchObject({ id: viewer.id, status: 'removed' });
    expect((await t.call('GET', `/v2/accounts/team/members/${viewer.id}`)).status).toBe(404);
    const list = ListTeamMembersResponse.parse((await t.call('GET', '/v2/accounts/team/members')).body);
    expect(list.members.some((m) => m.id === viewer.id)).toBe(false);
    expect((await t.call('GET', '/v2/auth/verify', { key: t.keys.viewer })).status).toBe(401);
    expect((await t.call('DELETE', `/v2/accounts/team/members/${viewer.id}`)).status).toBe(404);
    const audit = (await t.call('GET', '/_emulator/snapshot')).body.state.areas.accounts.audit as Array<{
      action: string;
      targetUserId: string;
      details: Record<string, unknown>;
    }>;
    expect(audit.find((e) => e.action === 'member_removed' && e.targetUserId === viewer.id)?.details).toMatchObject({
      role: 'viewer',
      revokedKeys: 1,
    });
  });
});
