// Bulk member changes and the activity report over real HTTP through the CLI (issue 19), and
// the CLI's --members option for the console's 5,000-member target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BulkMembersResponse, ListTeamMembersResponse, TeamActivityResponse, type TeamMember } from '../../../../shared/api/accounts/team';
import { makeCall, OWNER, overHttp, startCli, type Target } from '../harness';

describe('bulk member changes and team activity (http)', () => {
  let t: Target;
  let members: TeamMember[];
  const holder = (role: string) => members.find((m) => m.role === role && m.status === 'active')!;
  const bulk = (body: unknown, key?: string) => t.call('POST', '/v2/accounts/team/members/bulk', { body, key });

  beforeAll(async () => {
    t = await overHttp();
    members = ListTeamMembersResponse.parse((await t.call('GET', '/v2/accounts/team/members')).body).members;
  });
  afterAll(async () => t.close());

  it('changes the others and fails the owner, the caller and unknown ids one by one', async () => {
    const devs = members.filter((m) => m.role === 'developer' && m.status === 'active').map((m) => m.id);
    const admin = holder('admin');
    const r = await bulk(
      { operation: 'update_department', members: [holder('owner').id, admin.id, ...devs, 'usr_unknown'], data: { department: 'Platform' } },
      t.keys.admin,
    );
    expect(r.status).toBe(200);
    const out = BulkMembersResponse.parse(r.body);
    expect(out.operation).toBe('update_department');
    expect(out.summary).toEqual({ total: devs.length + 3, successful: devs.length, failed: 3 });
    const byId = new Map(out.results.map((x) => [x.userId, x]));
    expect(byId.get(holder('owner').id)).toMatchObject({ status: 'failed', updated: false, error: { code: 'INVALID_STATE' } });
    expect(byId.get(admin.id)).toMatchObject({ status: 'failed', error: { code: 'INVALID_STATE' } });
    expect(byId.get('usr_unknown')).toMatchObject({ status: 'failed', error: { code: 'MEMBER_NOT_FOUND' } });
    for (const id of devs) expect(byId.get(id)).toMatchObject({ status: 'success', updated: true });
    const list = ListTeamMembersResponse.parse((await t.call('GET', '/v2/accounts/team/members')).body);
    expect(list.members.filter((m) => devs.includes(m.id)).every((m) => m.department === 'Platform')).toBe(true);
  });

  it('suspends and reactivates, a pending member failing; update_role to viewer and back', async () => {
    const dev = members.filter((m) => m.role === 'developer' && m.status === 'active')[1]!;
    const pending = members.find((m) => m.status === 'pending')!;
    const s = BulkMembersResponse.parse((await bulk({ operation: 'suspend', members: [dev.id, pending.id] })).body);
    expect(s.results).toEqual([
      { userId: dev.id, status: 'success', updated: true },
      expect.objectContaining({ userId: pending.id, status: 'failed', updated: false }),
    ]);
    const again = BulkMembersResponse.parse((await bulk({ operation: 'suspend', members: [dev.id] })).body);
    expect(again.results[0]).toEqual({ userId: dev.id, status: 'success', updated: false });
    expect(BulkMembersResponse.parse((await bulk({ operation: 'reactivate', members: [dev.id] })).body).summary.successful).toBe(1);
    const role = BulkMembersResponse.parse(
      (await bulk({ operation: 'update_role', members: [dev.id, dev.id], data: { role: 'viewer' } })).body,
    );
    expect(role.summary).toEqual({ total: 1, successful: 1, failed: 0 });
    const detail = await t.call('GET', `/v2/accounts/team/members/${dev.id}`);
    expect(detail.body.member).toMatchObject({ role: 'viewer', status: 'active' });
  });

  it('refuses a malformed bulk request as a whole with VALIDATION_ERROR', async () => {
    const id = holder('developer').id;
    for (const body of [
      { operation: 'update_role', members: [id] },
      { operation: 'update_role', members: [id], data: { role: 'owner' } },
      { operation: 'update_role', members: [id], data: { role: 'viewer', department: 'x' } },
      { operation: 'update_department', members: [id], data: {} },
      { operation: 'suspend', members: [id], data: { department: 'x' } },
      { operation: 'delete', members: [id] },
      { operation: 'suspend', members: [] },
      { operation: 'suspend', members: Array.from({ length: 101 }, (_, i) => `usr_${i}`) },
    ]) {
      const r = await bulk(body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.error).toBe('VALIDATION_ERROR');
    }
    const refused = await bulk({ operation: 'suspend', members: [id] }, t.keys.viewer);
    expect(refused.status).toBe(403);
    expect(refused.body.details).toMatchObject({ requiredRole: 'admin', currentRole: 'viewer' });
  });

  it('reports team activity per period, the same on every call, from key usage and the world', async () => {
    const a = TeamActivityResponse.parse((await t.call('GET', '/v2/accounts/team/activity?period=90d')).body);
    expect(a.period).toBe('90d');
    expect(a.summary.totalMembers).toBe(a.memberActivity.length);
    const owner = a.memberActivity.find((m) => m.role === 'owner')!;
    expect(owner.activity.logins).toBeGreaterThan(0);
    expect(owner.activity.logins).toBeLessThanOrEqual(91);
    expect(owner.activity.endpointExecutions).toBeGreaterThan(0);
    const sum = a.memberActivity.reduce(
      (n, m) => n + m.activity.logins + m.activity.endpointExecutions + m.activity.resourcesCreated + m.activity.collaborations,
      0,
    );
    expect(a.summary.totalActivity).toBe(sum);
    expect(a.trends.memberEngagement).toBeGreaterThanOrEqual(0);
    expect(a.trends.memberEngagement).toBeLessThanOrEqual(100);
    // Read again: the same members and counts (these reads themselves add requests, not logins, executions or resources).
    const b = TeamActivityResponse.parse((await t.call('GET', '/v2/accounts/team/activity?period=90d')).body);
    expect(b.memberActivity).toEqual(a.memberActivity);
    expect(b.summary).toEqual(a.summary);
    const day = TeamActivityResponse.parse((await t.call('GET', '/v2/accounts/team/activity?period=1d')).body);
    expect(day.memberActivity.every((m) => m.activity.logins <= 2)).toBe(true);
    expect(TeamActivityResponse.parse((await t.call('GET', '/v2/accounts/team/activity')).body).period).toBe('30d');
  });

  it('counts a training job a member creates among their resources created', async () => {
    const dev = holder('developer');
    const before = TeamActivityResponse.parse((await t.call('GET', '/v2/accounts/team/activity?period=1d')).body);
    const created = (m: TeamActivityResponse) => m.memberActivity.find((x) => x.userId === dev.id)!.activity.resourcesCreated;
    const datasets = (await t.call('GET', '/v2/training/datasets?status=ready')).body.datasets as Array<{ id: string; name: string }>;
    const job = await t.call('POST', '/v2/training/jobs', {
      key: t.keys.developer,
      body: {
        name: 'team-activity',
        modelType: 'llm',
        datasetId: datasets.find((d) => d.name === 'support-chat-v3')!.id,
        config: { baseModel: 'llama-3-8b', strategy: 'lora', training: { epochs: 1, batch_size: 4 } },
      },
    });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    const after = TeamActivityResponse.parse((await t.call('GET', '/v2/accounts/team/activity?period=1d')).body);
    expect(created(after)).toBe(created(before) + 1);
  });

  it('refuses an unknown period with INVALID_PERIOD {validPeriods, received}', async () => {
    const r = await t.call('GET', '/v2/accounts/team/activity?period=1y');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'INVALID_PERIOD', details: { validPeriods: ['1d', '7d', '30d', '90d'], received: '1y' } });
  });
});

describe('emulator CLI --members', () => {
  it('seeds 5,000 extra members of varied roles and statuses, and lists 5,005 and more', async () => {
    const cli = await startCli(['--port', '0', '--seed', '42', '--owner-key', OWNER, '--members', '5000']);
    try {
      const call = makeCall((r) => fetch(r), cli.url, cli.ownerKey);
      const r = await call('GET', '/v2/accounts/team/members');
      expect(r.status).toBe(200);
      const list = ListTeamMembersResponse.parse(r.body);
      expect(list.total).toBeGreaterThanOrEqual(5005);
      expect(new Set(list.members.map((m) => m.id)).size).toBe(list.total);
      expect(new Set(list.members.map((m) => m.email)).size).toBe(list.total);
      expect(list.roles.admin).toBeGreaterThan(100);
      expect(list.roles.viewer).toBeGreaterThan(100);
      expect(list.roles.pending).toBeGreaterThan(100);
      expect(list.members.filter((m) => m.status === 'suspended').length).toBeGreaterThan(100);
      expect(new Set(list.members.map((m) => m.department)).size).toBeGreaterThan(4);
      expect(list.members.some((m) => m.invitationStatus === 'expired')).toBe(true);
      const activity = await call('GET', '/v2/accounts/team/activity?period=7d');
      expect(activity.status).toBe(200);
    } finally {
      await cli.stop();
    }
  });

  it('refuses a --members count out of range', async () => {
    await expect(startCli(['--port', '0', '--members', '10001'])).rejects.toThrow(/--members must be an integer from 0 to 10000/);
  });
});
