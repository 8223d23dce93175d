// Permission grants over real HTTP through the CLI (issue 19): grant, list and revoke, every
// refusal, the derived expired state on the simulated clock, effective permissions' custom
// permissions, the check's chain deciding through a grant (matched, expired, revoked,
// other_resource), the audit events, and grants surviving a restart of a data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateGrantResponse, ListGrantsResponse } from '../../../../shared/api/accounts/grants';
import { EffectivePermissions, PermissionCheckResponse } from '../../../../shared/api/accounts/permissions';
import type { TeamMember } from '../../../../shared/api/accounts/team';
import { advanceClock, inProcess, overHttp, type Target } from '../harness';
import { auditOf, holderOf, resourceIds, teamOf } from './access-fixture';

const grantPath = (userId: string) => `/v2/accounts/permissions/${userId}/grant`;

describe('permission grants (http)', () => {
  let t: Target;
  let members: TeamMember[];
  let viewer: TeamMember;
  let ids: Awaited<ReturnType<typeof resourceIds>>;

  beforeAll(async () => {
    t = await overHttp();
    members = await teamOf(t);
    viewer = holderOf(members, 'viewer');
    ids = await resourceIds(t);
  });
  afterAll(async () => t.close());

  const grant = async (userId: string, body: Record<string, unknown>, key?: string) => t.call('POST', grantPath(userId), { body, key });
  const check = async (body: Record<string, unknown>) => {
    const r = await t.call('POST', '/v2/accounts/permissions/check', { body: { userId: viewer.id, ...body } });
    expect(r.status).toBe(200);
    return PermissionCheckResponse.parse(r.body);
  };
  const grantSteps = (c: PermissionCheckResponse) => c.details.chain.filter((s) => s.step === 'grant');

  it('grants a member write on clusters: the check allows it through the grant, effective permissions list it, and it is audited', async () => {
    const before = await check({ permission: 'write', scope: 'clusters' });
    expect(before.allowed).toBe(false);
    const r = await grant(viewer.id, { permissions: ['write'], scopes: ['clusters'], reason: 'On call this week' });
    expect(r.status).toBe(201);
    const { grant: g } = CreateGrantResponse.parse(r.body);
    expect(g).toMatchObject({
      userId: viewer.id,
      permissions: ['write'],
      scopes: ['clusters'],
      resources: null,
      expiresAt: null,
      status: 'active',
      revokedBy: null,
    });
    expect(g.id).toMatch(/^grant_/);
    const after = await check({ permission: 'write', scope: 'clusters' });
    expect(after).toMatchObject({ allowed: true, source: 'grant' });
    expect(after.details.chain.at(-1)).toMatchObject({ step: 'grant', grantId: g.id, decided: true, outcome: 'matched' });
    const e = EffectivePermissions.parse((await t.call('GET', `/v2/accounts/permissions/${viewer.id}`)).body);
    expect(e.customPermissions).toEqual([
      { grantId: g.id, permissions: ['write'], scopes: ['clusters'], resources: null, expiresAt: null },
    ]);
    expect(e.lastUpdated).toBe(g.grantedAt);
    const event = (await auditOf(t)).find((x) => x.action === 'permission_granted' && x.details.grantId === g.id)!;
    expect(event).toMatchObject({ type: 'permission_change', targetUserId: viewer.id, resource: { type: 'grant', id: g.id } });
    expect(event.actorId).toBe(members.find((m) => m.role === 'owner')!.id);
    expect(event.keyId).toMatch(/^key_/);
  });

  it('derives expired from the simulated clock: the check refuses and names the expired grant', async () => {
    const now = Date.parse((await t.call('GET', '/_emulator/clock')).body.now);
    const r = await grant(viewer.id, {
      permissions: ['execute'],
      scopes: ['endpoints'],
      expiresAt: new Date(now + 3_600_000).toISOString(),
    });
    expect(r.status).toBe(201);
    const g = CreateGrantResponse.parse(r.body).grant;
    expect((await check({ permission: 'execute', scope: 'endpoints' })).source).toBe('grant');
    await advanceClock(t.call, 2 * 3600);
    const c = await check({ permission: 'execute', scope: 'endpoints' });
    expect(c.allowed).toBe(false);
    expect(grantSteps(c).find((s) => s.step === 'grant' && s.grantId === g.id)).toMatchObject({ outcome: 'expired', decided: false });
    const listed = ListGrantsResponse.parse(
      (await t.call('GET', `/v2/accounts/permissions/grants?userId=${viewer.id}&status=expired`)).body,
    );
    expect(listed.grants.map((x) => x.id)).toEqual([g.id]);
    const e = EffectivePermissions.parse((await t.call('GET', `/v2/accounts/permissions/${viewer.id}`)).body);
    expect(e.customPermissions.map((x) => x.grantId)).not.toContain(g.id);
  });

  it('limits a grant to resources: matched on that resource, other_resource on another', async () => {
    const r = await grant(viewer.id, { permissions: ['execute'], scopes: ['clusters'], resources: [ids.cluster] });
    expect(r.status).toBe(201);
    const g = CreateGrantResponse.parse(r.body).grant;
    expect(g.resources).toEqual([ids.cluster]);
    const here = await check({ permission: 'execute', scope: 'clusters', resourceId: ids.cluster });
    expect(here).toMatchObject({ allowed: true, source: 'grant' });
    const there = await check({ permission: 'execute', scope: 'clusters', resourceId: ids.cluster2 });
    expect(there.allowed).toBe(false);
    expect(grantSteps(there).find((s) => s.step === 'grant' && s.grantId === g.id)).toMatchObject({ outcome: 'other_resource' });
  });

  it('revokes a grant once: the check then names it revoked; a second revoke is INVALID_STATE, an unknown one GRANT_NOT_FOUND', async () => {
    const r = await grant(viewer.id, { permissions: ['write'], scopes: ['endpoints'] });
    const g = CreateGrantResponse.parse(r.body).grant;
    expect((await check({ permission: 'write', scope: 'endpoints' })).allowed).toBe(true);
    const revoked = await t.call('DELETE', `/v2/accounts/permissions/grants/${g.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.grant).toMatchObject({ id: g.id, status: 'revoked', revokedBy: members.find((m) => m.role === 'owner')!.id });
    const c = await check({ permission: 'write', scope: 'endpoints' });
    expect(c.allowed).toBe(false);
    expect(grantSteps(c).find((s) => s.step === 'grant' && s.grantId === g.id)).toMatchObject({ outcome: 'revoked' });
    const again = await t.call('DELETE', `/v2/accounts/permissions/grants/${g.id}`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'INVALID_STATE', details: { grantId: g.id, status: 'revoked' } });
    const unknown = await t.call('DELETE', '/v2/accounts/permissions/grants/grant_nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'GRANT_NOT_FOUND', details: { grantId: 'grant_nope' } });
    const event = (await auditOf(t)).find((x) => x.action === 'permission_revoked' && x.details.grantId === g.id);
    expect(event).toMatchObject({ targetUserId: viewer.id, type: 'permission_change' });
    const list = ListGrantsResponse.parse((await t.call('GET', '/v2/accounts/permissions/grants?status=revoked')).body);
    expect(list.grants.map((x) => x.id)).toEqual([g.id]);
  });

  it('lists grants newest first with their states and filters', async () => {
    const all = ListGrantsResponse.parse((await t.call('GET', '/v2/accounts/permissions/grants')).body);
    expect(all.total).toBe(all.grants.length);
    expect(all.total).toBeGreaterThanOrEqual(4);
    const times = all.grants.map((g) => Date.parse(g.grantedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(all.grants.map((g) => g.status))).toEqual(new Set(['active', 'expired', 'revoked']));
    const bad = await t.call('GET', '/v2/accounts/permissions/grants?status=gone');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('VALIDATION_ERROR');
  });

  it('refuses unknown members, removed ones, bad names, unknown resources and past ends', async () => {
    const unknown = await grant('usr_nobody', { permissions: ['read'], scopes: ['clusters'] });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'MEMBER_NOT_FOUND', details: { userId: 'usr_nobody' } });
    const malformed = await grant('someone', { permissions: ['read'], scopes: ['clusters'] });
    expect(malformed.status).toBe(404);
    const removed = members.find((m) => m.status === 'removed');
    if (removed) expect((await grant(removed.id, { permissions: ['read'], scopes: ['clusters'] })).status).toBe(404);
    const perm = await grant(viewer.id, { permissions: ['fly'], scopes: ['clusters'] });
    expect(perm.status).toBe(400);
    expect(perm.body).toMatchObject({ error: 'INVALID_PERMISSION', details: { invalidPermissions: ['fly'] } });
    expect(perm.body.details.validPermissions).toContain('manage_team');
    const scope = await grant(viewer.id, { permissions: ['read'], scopes: ['mars'] });
    expect(scope.status).toBe(400);
    expect(scope.body).toMatchObject({ error: 'INVALID_PERMISSION', details: { invalidScopes: ['mars'] } });
    const resource = await grant(viewer.id, { permissions: ['read'], scopes: ['clusters'], resources: ['cl_ghost'] });
    expect(resource.status).toBe(404);
    expect(resource.body).toMatchObject({ error: 'RESOURCE_NOT_FOUND', details: { resourceId: 'cl_ghost' } });
    const past = await grant(viewer.id, { permissions: ['read'], scopes: ['clusters'], expiresAt: '2001-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ error: 'VALIDATION_ERROR', details: { field: 'expiresAt' } });
    for (const body of [
      { permissions: [], scopes: ['clusters'] },
      { permissions: ['read'] },
      { permissions: ['read'], scopes: ['clusters'], reason: 'x'.repeat(501) },
      { permissions: ['read'], scopes: ['clusters'], resources: Array.from({ length: 101 }, (_, i) => `r${i}`) },
    ]) {
      const r = await grant(viewer.id, body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.error).toBe('VALIDATION_ERROR');
    }
  });

  it("refuses a grant above the caller's own level with attemptedPermission", async () => {
    const developer = holderOf(members, 'developer');
    const r = await grant(developer.id, { permissions: ['manage_security'], scopes: ['security'] }, t.keys.admin);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      error: 'INSUFFICIENT_PERMISSIONS',
      details: { attemptedPermission: 'manage_security', attemptedScope: 'security', userRole: 'admin' },
    });
    // The developer, once allowed to manage the team, still cannot hand out what they do not hold.
    for (const permissions of [['manage_team'], ['write']])
      expect((await grant(developer.id, { permissions, scopes: ['accounts'] })).status).toBe(201);
    const above = await grant(viewer.id, { permissions: ['manage_billing'], scopes: ['billing'] }, t.keys.developer);
    expect(above.status).toBe(403);
    expect(above.body.details).toMatchObject({ attemptedPermission: 'manage_billing', userRole: 'developer' });
    const within = await grant(viewer.id, { permissions: ['execute'], scopes: ['clusters'] }, t.keys.developer);
    expect(within.status).toBe(201);
  });
});

describe('permission grants across a restart (data folder)', () => {
  it('keeps a grant and its revocation', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpc-grants-'));
    try {
      const first = inProcess({ dataDir: dir });
      const viewer = holderOf(await teamOf(first), 'viewer');
      const kept = CreateGrantResponse.parse(
        (await first.call('POST', grantPath(viewer.id), { body: { permissions: ['write'], scopes: ['clusters'] } })).body,
      ).grant;
      const gone = CreateGrantResponse.parse(
        (await first.call('POST', grantPath(viewer.id), { body: { permissions: ['execute'], scopes: ['clusters'] } })).body,
      ).grant;
      expect((await first.call('DELETE', `/v2/accounts/permissions/grants/${gone.id}`)).status).toBe(200);
      await first.close();
      const second = inProcess({ dataDir: dir });
      const list = ListGrantsResponse.parse((await second.call('GET', `/v2/accounts/permissions/grants?userId=${viewer.id}`)).body);
      expect(Object.fromEntries(list.grants.map((g) => [g.id, g.status]))).toEqual({ [kept.id]: 'active', [gone.id]: 'revoked' });
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
