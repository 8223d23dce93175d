// Resource shares over real HTTP through the CLI (issue 19): sharing a resource of each area
// with members, sharing again (an update, not a duplicate), the list and revocation, every
// refusal, the check's share steps (matched on the resource, other_resource elsewhere, expired
// on the simulated clock), the audit events, and shares surviving a restart of a data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermissionCheckResponse } from '../../../../shared/api/accounts/permissions';
import { ListSharesResponse, ShareResourceResponse } from '../../../../shared/api/accounts/shares';
import type { TeamMember } from '../../../../shared/api/accounts/team';
import { advanceClock, inProcess, overHttp, type Target } from '../harness';
import { auditOf, holderOf, resourceIds, teamOf } from './access-fixture';

const sharePath = (resourceId: string) => `/v2/accounts/permissions/resources/${resourceId}/share`;
const sharesPath = (resourceId: string) => `/v2/accounts/permissions/resources/${resourceId}/shares`;

describe('resource shares (http)', () => {
  let t: Target;
  let members: TeamMember[];
  let viewer: TeamMember;
  let developer: TeamMember;
  let ids: Awaited<ReturnType<typeof resourceIds>>;

  beforeAll(async () => {
    t = await overHttp();
    members = await teamOf(t);
    viewer = holderOf(members, 'viewer');
    developer = holderOf(members, 'developer');
    ids = await resourceIds(t);
  });
  afterAll(async () => t.close());

  const share = (resourceId: string, body: Record<string, unknown>, key?: string) => t.call('POST', sharePath(resourceId), { body, key });
  const check = async (resourceId: string, permission = 'write', scope = 'clusters') => {
    const r = await t.call('POST', '/v2/accounts/permissions/check', { body: { userId: viewer.id, permission, scope, resourceId } });
    expect(r.status).toBe(200);
    return PermissionCheckResponse.parse(r.body);
  };
  const shareSteps = (c: PermissionCheckResponse) => c.details.chain.filter((s) => s.step === 'share');

  it('shares a cluster with two members: the check allows it on that cluster (source share), other_resource on another', async () => {
    const r = await share(ids.cluster, {
      users: [viewer.id, developer.id, viewer.id],
      permissions: ['read', 'write'],
      message: 'Debug with me',
    });
    expect(r.status).toBe(201);
    const body = ShareResourceResponse.parse(r.body);
    expect(body.resourceId).toBe(ids.cluster);
    expect(body.resource.type).toBe('cluster');
    expect(body.shares.map((s) => s.userId)).toEqual([viewer.id, developer.id]);
    expect(body.shares[0]).toMatchObject({ permissions: ['read', 'write'], status: 'active', message: 'Debug with me', expiresAt: null });
    expect(body.message).toContain('2 members');
    const here = await check(ids.cluster);
    expect(here).toMatchObject({ allowed: true, source: 'share' });
    expect(here.details.chain.at(-1)).toMatchObject({ step: 'share', shareId: body.shares[0]!.id, decided: true, outcome: 'matched' });
    const there = await check(ids.cluster2);
    expect(there.allowed).toBe(false);
    expect(shareSteps(there)[0]).toMatchObject({ shareId: body.shares[0]!.id, outcome: 'other_resource', resourceId: ids.cluster });
    const events = (await auditOf(t)).filter((e) => e.action === 'resource_shared');
    expect(events.map((e) => e.targetUserId)).toEqual([viewer.id, developer.id]);
    expect(events[0]).toMatchObject({ type: 'permission_change', resource: { type: 'cluster', id: ids.cluster } });
    expect(events[0]!.details).toMatchObject({ users: [viewer.id, developer.id], permissions: ['read', 'write'] });
  });

  it('shares again as an update of the same share, and lists the resource’s shares', async () => {
    const before = ListSharesResponse.parse((await t.call('GET', sharesPath(ids.cluster))).body);
    const mine = before.shares.find((s) => s.userId === viewer.id)!;
    const r = await share(ids.cluster, { users: [viewer.id], permissions: ['read'] });
    expect(r.status).toBe(201);
    expect(ShareResourceResponse.parse(r.body).shares).toMatchObject([{ id: mine.id, permissions: ['read'], message: null }]);
    const after = ListSharesResponse.parse((await t.call('GET', sharesPath(ids.cluster))).body);
    expect(after.total).toBe(2);
    expect(after.shares.find((s) => s.userId === viewer.id)).toMatchObject({ id: mine.id, permissions: ['read'] });
    expect((await check(ids.cluster)).allowed).toBe(false);
    expect(shareSteps(await check(ids.cluster))[0]).toMatchObject({ outcome: 'not_held' });
  });

  it('shares resources of the endpoint and training areas', async () => {
    const endpoint = await share(ids.endpoint, { users: [viewer.id], permissions: ['execute'] });
    expect(endpoint.status).toBe(201);
    expect(endpoint.body.resource.type).toBe('endpoint');
    expect(await check(ids.endpoint, 'execute', 'endpoints')).toMatchObject({ allowed: true, source: 'share' });
    const dataset = await share(ids.dataset, { users: [viewer.id], permissions: ['read'] });
    expect(dataset.status).toBe(201);
    expect(dataset.body.resource.type).toBe('dataset');
  });

  it('ends a share at its expiresAt on the simulated clock', async () => {
    const now = Date.parse((await t.call('GET', '/_emulator/clock')).body.now);
    const r = await share(ids.cluster2, { users: [viewer.id], permissions: ['execute'], expiresAt: new Date(now + 600_000).toISOString() });
    expect(r.status).toBe(201);
    expect(await check(ids.cluster2, 'execute')).toMatchObject({ allowed: true, source: 'share' });
    await advanceClock(t.call, 1200);
    const c = await check(ids.cluster2, 'execute');
    expect(c.allowed).toBe(false);
    expect(shareSteps(c).find((s) => s.step === 'share' && s.resourceId === ids.cluster2)).toMatchObject({ outcome: 'expired' });
    const list = ListSharesResponse.parse((await t.call('GET', sharesPath(ids.cluster2))).body);
    expect(list.shares[0]!.status).toBe('expired');
  });

  it('revokes a share once (SHARE_NOT_FOUND, INVALID_STATE after)', async () => {
    const s = ListSharesResponse.parse((await t.call('GET', sharesPath(ids.endpoint))).body).shares[0]!;
    const r = await t.call('DELETE', `/v2/accounts/permissions/shares/${s.id}`);
    expect(r.status).toBe(200);
    expect(r.body.share).toMatchObject({ id: s.id, status: 'revoked' });
    const c = await check(ids.endpoint, 'execute', 'endpoints');
    expect(c.allowed).toBe(false);
    expect(shareSteps(c).find((x) => x.step === 'share' && x.shareId === s.id)).toMatchObject({ outcome: 'revoked' });
    const again = await t.call('DELETE', `/v2/accounts/permissions/shares/${s.id}`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('INVALID_STATE');
    const unknown = await t.call('DELETE', '/v2/accounts/permissions/shares/share_nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'SHARE_NOT_FOUND', details: { shareId: 'share_nope' } });
    expect((await auditOf(t)).some((e) => e.action === 'share_revoked' && e.details.shareId === s.id)).toBe(true);
  });

  it('refuses unknown resources and members, teams, bad permissions, past ends and bounds', async () => {
    const resource = await share('cl_ghost', { users: [viewer.id], permissions: ['read'] });
    expect(resource.status).toBe(404);
    expect(resource.body).toMatchObject({ error: 'RESOURCE_NOT_FOUND', details: { resourceId: 'cl_ghost' } });
    const list = await t.call('GET', sharesPath('cl_ghost'));
    expect(list.status).toBe(404);
    expect(list.body.error).toBe('RESOURCE_NOT_FOUND');
    const users = await share(ids.cluster, { users: [viewer.id, 'usr_ghost', 'usr_other'], permissions: ['read'] });
    expect(users.status).toBe(404);
    expect(users.body).toMatchObject({ error: 'MEMBER_NOT_FOUND', details: { userId: 'usr_ghost', userIds: ['usr_ghost', 'usr_other'] } });
    const teams = await share(ids.cluster, { users: [viewer.id], teams: ['team_ml'], permissions: ['read'] });
    expect(teams.status).toBe(400);
    expect(teams.body).toMatchObject({ error: 'VALIDATION_ERROR', details: { field: 'teams' } });
    const past = await share(ids.cluster, { users: [viewer.id], permissions: ['read'], expiresAt: '2001-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body.details.field).toBe('expiresAt');
    for (const body of [
      { users: [], permissions: ['read'] },
      { users: [viewer.id], permissions: ['manage_team'] },
      { users: [viewer.id], permissions: [] },
      { users: Array.from({ length: 101 }, (_, i) => `usr_${i}`), permissions: ['read'] },
      { users: [viewer.id], permissions: ['read'], message: 'x'.repeat(501) },
    ]) {
      const r = await share(ids.cluster, body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('VALIDATION_ERROR');
    }
  });

  it('lets a developer share an endpoint they hold without the accounts scope, and no more than they hold', async () => {
    const r = await share(ids.endpoint, { users: [viewer.id], permissions: ['read', 'execute'] }, t.keys.developer);
    expect(r.status).toBe(201);
    // The viewer reads endpoints; writing and running them is above their level.
    const above = await share(ids.endpoint, { users: [viewer.id], permissions: ['write', 'execute'] }, t.keys.viewer);
    expect(above.status).toBe(403);
    // A key without the resource's scope cannot share it, whatever its member holds.
    const created = await t.call('POST', '/v2/accounts/api-keys', {
      body: { name: 'clusters only', permissions: ['read', 'write'], scopes: ['clusters'] },
    });
    expect(created.status).toBe(201);
    const narrow = await share(ids.endpoint, { users: [viewer.id], permissions: ['read'] }, created.body.key);
    expect(narrow.status).toBe(403);
    expect(narrow.body).toMatchObject({ error: 'INSUFFICIENT_PERMISSIONS', details: { requiredScope: 'endpoints' } });
  });

  it('refuses sharing more than the caller holds on the resource', async () => {
    const r = await share(ids.cluster, { users: [developer.id], permissions: ['write'] }, t.keys.viewer);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      error: 'INSUFFICIENT_PERMISSIONS',
      details: { attemptedPermission: 'write', attemptedScope: 'clusters', resourceId: ids.cluster, userRole: 'viewer' },
    });
  });
});

describe('resource shares across a restart (data folder)', () => {
  it('keeps a share', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpc-shares-'));
    try {
      const first = inProcess({ dataDir: dir });
      const viewer = holderOf(await teamOf(first), 'viewer');
      const { cluster } = await resourceIds(first);
      const made = await first.call('POST', sharePath(cluster), { body: { users: [viewer.id], permissions: ['read', 'execute'] } });
      expect(made.status).toBe(201);
      await first.close();
      const second = inProcess({ dataDir: dir });
      const list = ListSharesResponse.parse((await second.call('GET', sharesPath(cluster))).body);
      expect(list.shares).toMatchObject([{ userId: viewer.id, permissions: ['read', 'execute'], status: 'active' }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
