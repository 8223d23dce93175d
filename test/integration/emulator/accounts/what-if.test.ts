// The what-if of a role edit (issue 19, an emulator extension) over real HTTP through the CLI:
// the seeded developer's successful cluster writes are listed by a draft without `write`, a call
// that failed is not, an unchanged draft lists nothing, and an unknown role is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WhatIfResponse } from '../../../../shared/api/accounts/audit';
import { ListTeamMembersResponse, type TeamMember } from '../../../../shared/api/accounts/team';
import { keyIdOf, overHttp, type Target } from '../harness';

const ROUTE = '/v1/clusters/:cluster_id/secrets';

describe('what-if of a role edit (http)', () => {
  let t: Target;
  let members: TeamMember[];

  const whatIf = async (body: Record<string, unknown>) => {
    const r = await t.call('POST', '/v2/accounts/permissions/roles/what-if', { body });
    expect(r.status).toBe(200);
    return WhatIfResponse.parse(r.body);
  };

  beforeAll(async () => {
    t = await overHttp();
    members = ListTeamMembersResponse.parse((await t.call('GET', '/v2/accounts/team/members')).body).members;
    const clusterId = (await t.call('GET', '/v1/clusters')).body.data.clusters[0].id as string;
    for (const name of ['A_ONE', 'A_TWO', 'A_THREE']) {
      const r = await t.call('POST', `/v1/clusters/${clusterId}/secrets`, {
        key: t.keys.developer,
        body: { name, type: 'api_key', category: 'ml_services', value: 'v' },
      });
      expect(r.status).toBe(201);
    }
    // A write that failed (the name is taken): not a call that succeeded.
    const dup = await t.call('POST', `/v1/clusters/${clusterId}/secrets`, {
      key: t.keys.developer,
      body: { name: 'A_ONE', type: 'api_key', category: 'ml_services', value: 'v' },
    });
    expect(dup.status).toBe(409);
    expect((await t.call('GET', '/v1/clusters', { key: t.keys.viewer })).status).toBe(200);
  });
  afterAll(async () => t.close());

  it('lists the successful calls a draft without write would refuse, with count, route and what is missing', async () => {
    const r = await whatIf({ role: 'developer', permissions: ['read', 'execute'], scopes: ['endpoints', 'clusters'] });
    const holder = members.find((m) => m.role === 'developer' && m.status === 'active')!;
    const holders = members.filter((m) => m.status === 'active' && (m.role === 'developer' || m.role === 'admin'));
    expect(r).toMatchObject({ role: 'developer', period: '30d', members: holders.length });
    const row = r.wouldBeRefused.find((w) => w.keyId === keyIdOf(t.keys.developer!) && w.route === ROUTE);
    expect(row).toMatchObject({ userId: holder.id, name: holder.name, method: 'POST', count: 3, missing: 'write on clusters' });
    expect(row!.reason).toContain('write on clusters');
    expect(r.callsReplayed).toBeGreaterThanOrEqual(3);
    expect(r.summary.callsRefused).toBe(r.wouldBeRefused.reduce((n, w) => n + w.count, 0));
    expect(r.summary.membersAffected).toBeGreaterThanOrEqual(1);
    expect(r.note).toContain('resources');
    // The admin inherits developer but holds write itself: none of an admin's calls is listed.
    const admins = new Set(members.filter((m) => m.role === 'admin').map((m) => m.id));
    expect(r.wouldBeRefused.some((w) => admins.has(w.userId))).toBe(false);
  });

  it('lists nothing for an unchanged draft', async () => {
    const same = await whatIf({ role: 'developer', permissions: ['read', 'write', 'execute'], scopes: ['endpoints', 'clusters'] });
    expect(same.wouldBeRefused).toEqual([]);
    expect(same.summary).toEqual({ callsRefused: 0, routes: 0, membersAffected: 0, keysAffected: 0 });
  });

  it('replays a built-in role members inherit (viewer): its own holders are listed, inheriting roles keep their own read', async () => {
    const r = await whatIf({ role: 'viewer', permissions: [], scopes: [], period: '7d' });
    const viewers = new Set(members.filter((m) => m.role === 'viewer').map((m) => m.id));
    expect(r.period).toBe('7d');
    expect(r.wouldBeRefused.every((w) => viewers.has(w.userId))).toBe(true);
    const row = r.wouldBeRefused.find((w) => w.keyId === keyIdOf(t.keys.viewer!) && w.method === 'GET' && w.route === '/v1/clusters');
    expect(row).toMatchObject({ missing: 'read on clusters' });
    expect(row!.count).toBeGreaterThanOrEqual(1);
  });

  it('refuses an unknown role and a draft out of bounds', async () => {
    const unknown = await t.call('POST', '/v2/accounts/permissions/roles/what-if', {
      body: { role: 'nobody', permissions: [], scopes: [] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: 'VALIDATION_ERROR', details: { field: 'role' } });
    for (const body of [
      { role: 'developer', permissions: ['fly'], scopes: [] },
      { role: 'developer', permissions: [], scopes: [], period: '90d' },
      { role: 'developer', permissions: [] },
    ]) {
      const r = await t.call('POST', '/v2/accounts/permissions/roles/what-if', { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('is a read: the seeded read-only key may ask', async () => {
    const r = await t.call('POST', '/v2/accounts/permissions/roles/what-if', {
      key: t.keys.readOnly,
      body: { role: 'developer', permissions: ['read'], scopes: ['clusters'] },
    });
    expect(r.status).toBe(200);
  });
});
