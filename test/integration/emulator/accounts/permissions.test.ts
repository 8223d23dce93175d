// Permissions and roles, read side (issue 19, first slice), over real HTTP through the CLI:
// the schema, each seeded role member's effective permissions, the explained check and its
// chain, unknown members and bad check bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EffectivePermissions, PermissionCheckResponse, PermissionsSchemaResponse } from '../../../../shared/api/accounts/permissions';
import { ListTeamMembersResponse, type TeamMember } from '../../../../shared/api/accounts/team';
import { overHttp, type Target } from '../harness';

describe('permissions and roles (http)', () => {
  let t: Target;
  let members: TeamMember[];
  /** The seeded member of each role that holds that role's seeded key (the first active one). */
  const holder = (role: TeamMember['role']) => members.find((m) => m.role === role && m.status === 'active')!;

  beforeAll(async () => {
    t = await overHttp();
    members = ListTeamMembersResponse.parse((await t.call('GET', '/v2/accounts/team/members')).body).members;
  });
  afterAll(async () => t.close());

  const check = async (userId: string, permission: string, scope: string, key?: string) => {
    const r = await t.call('POST', '/v2/accounts/permissions/check', { key, body: { userId, permission, scope } });
    expect(r.status).toBe(200);
    return PermissionCheckResponse.parse(r.body);
  };

  it('answers the schema with the built-in roles as the document has them', async () => {
    const r = await t.call('GET', '/v2/accounts/permissions/schema');
    expect(r.status).toBe(200);
    const schema = PermissionsSchemaResponse.parse(r.body);
    expect(Object.keys(schema.roles)).toEqual(['owner', 'admin', 'developer', 'viewer']);
    expect(schema.roles.owner).toMatchObject({ permissions: ['*'], scopes: ['*'], inherits: [], assignable: false });
    expect(schema.roles.admin).toMatchObject({
      permissions: ['read', 'write', 'execute', 'manage_team', 'manage_billing'],
      scopes: ['endpoints', 'clusters', 'accounts', 'billing'],
      inherits: ['developer'],
      assignable: true,
    });
    expect(schema.roles.developer).toMatchObject({
      permissions: ['read', 'write', 'execute'],
      scopes: ['endpoints', 'clusters'],
      inherits: ['viewer'],
      assignable: true,
    });
    expect(schema.roles.viewer).toMatchObject({ permissions: ['read'], scopes: ['endpoints', 'clusters'], inherits: [], assignable: true });
    expect(Object.keys(schema.permissions).sort()).toEqual(
      ['execute', 'manage_billing', 'manage_integrations', 'manage_security', 'manage_team', 'read', 'write'].sort(),
    );
    expect(Object.keys(schema.scopes).sort()).toEqual(['accounts', 'billing', 'clusters', 'endpoints', 'integrations', 'security']);
  });

  it.each([
    ['owner', ['*'], ['*'], []],
    [
      'admin',
      ['read', 'write', 'execute', 'manage_team', 'manage_billing'],
      ['endpoints', 'clusters', 'accounts', 'billing'],
      ['developer', 'viewer'],
    ],
    ['developer', ['read', 'write', 'execute'], ['endpoints', 'clusters'], ['viewer']],
    ['viewer', ['read'], ['endpoints', 'clusters'], []],
  ] as const)(
    "answers the %s member's effective permissions, with the roles inherited",
    async (role, permissions, scopes, inheritedFrom) => {
      const m = holder(role);
      const r = await t.call('GET', `/v2/accounts/permissions/${m.id}`);
      expect(r.status).toBe(200);
      const e = EffectivePermissions.parse(r.body);
      expect(e).toMatchObject({ userId: m.id, role, customPermissions: [], inheritedFrom });
      expect(e.effectivePermissions.permissions).toEqual(permissions);
      expect(e.effectivePermissions.scopes).toEqual(scopes);
      expect(e.effectivePermissions.limitations.maxTeamMembers).toBeNull();
      const writes = role === 'viewer' ? [] : ['write'];
      expect(e.effectivePermissions.resourceAccess.endpoints.own).toEqual(role === 'viewer' ? ['read'] : ['read', ...writes, 'execute']);
    },
  );

  it('lets each role member read their own effective permissions with their own seeded key', async () => {
    for (const role of ['admin', 'developer', 'viewer'] as const) {
      const r = await t.call('GET', `/v2/accounts/permissions/${holder(role).id}`, { key: t.keys[role] });
      expect(r.status).toBe(200);
      expect(r.body.role).toBe(role);
    }
  });

  it('allows what a role holds, decided at the role step', async () => {
    for (const [role, permission, scope] of [
      ['owner', 'manage_security', 'security'],
      ['admin', 'manage_billing', 'billing'],
      ['developer', 'execute', 'endpoints'],
      ['viewer', 'read', 'clusters'],
    ] as const) {
      const c = await check(holder(role).id, permission, scope, t.keys.admin);
      expect(c).toMatchObject({ allowed: true, source: 'role', role, permission, scope, resourceId: null });
      expect(c.details.chain).toEqual([expect.objectContaining({ step: 'role', role, decided: true, outcome: 'matched' })]);
      expect(c.details.reason).toContain(`${permission} on ${scope}`);
      expect(c.details.limitations.maxExecutionsPerHour).toBeGreaterThan(0);
    }
  });

  it('refuses what no role holds, with every step tried: role, inherited roles nearest first, grants, shares', async () => {
    const steps = (c: PermissionCheckResponse) => c.details.chain.map((s) => [s.step, 'role' in s ? s.role : null, s.outcome, s.decided]);
    const grantAndShare = [
      ['grant', null, 'none_exist', false],
      ['share', null, 'none_exist', false],
    ];

    const admin = await check(holder('admin').id, 'manage_security', 'security');
    expect(admin).toMatchObject({ allowed: false, source: null, role: 'admin' });
    expect(steps(admin)).toEqual([
      ['role', 'admin', 'not_held', false],
      ['inherited_role', 'developer', 'not_held', false],
      ['inherited_role', 'viewer', 'not_held', false],
      ...grantAndShare,
    ]);
    expect(admin.details.chain[1]).toMatchObject({ via: 'admin', permissions: ['read', 'write', 'execute'] });
    expect(admin.details.chain[2]).toMatchObject({ via: 'developer', permissions: ['read'] });

    const developer = await check(holder('developer').id, 'write', 'billing');
    expect(developer).toMatchObject({ allowed: false, source: null, role: 'developer' });
    expect(steps(developer)).toEqual([
      ['role', 'developer', 'not_held', false],
      ['inherited_role', 'viewer', 'not_held', false],
      ...grantAndShare,
    ]);

    const viewer = await check(holder('viewer').id, 'write', 'endpoints');
    expect(viewer).toMatchObject({ allowed: false, source: null, role: 'viewer' });
    expect(steps(viewer)).toEqual([['role', 'viewer', 'not_held', false], ...grantAndShare]);
    expect(viewer.details.reason).toMatch(/No role, inherited role, grant or share .* write on endpoints/);
  });

  it("lets any member check themselves (the console's Why?), and only accounts readers check others", async () => {
    // The viewer's role holds nothing on accounts, yet may ask why they are refused.
    const self = await check(holder('viewer').id, 'write', 'clusters', t.keys.viewer);
    expect(self).toMatchObject({ allowed: false, role: 'viewer' });
    const other = await t.call('POST', '/v2/accounts/permissions/check', {
      key: t.keys.viewer,
      body: { userId: holder('admin').id, permission: 'write', scope: 'clusters' },
    });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({
      error: 'INSUFFICIENT_PERMISSIONS',
      details: { userId: holder('viewer').id, requiredPermission: 'read', requiredScope: 'accounts', currentRole: 'viewer' },
    });
    // The admin reads the team's access.
    expect((await check(holder('viewer').id, 'write', 'clusters', t.keys.admin)).allowed).toBe(false);
  });

  it('checks the caller themselves when the body names no userId', async () => {
    const r = await t.call('POST', '/v2/accounts/permissions/check', {
      key: t.keys.viewer,
      body: { permission: 'write', scope: 'clusters' },
    });
    expect(r.status).toBe(200);
    expect(PermissionCheckResponse.parse(r.body)).toMatchObject({ userId: holder('viewer').id, role: 'viewer', allowed: false });
  });

  it('echoes the resource a check names, and says no share exists', async () => {
    const r = await t.call('POST', '/v2/accounts/permissions/check', {
      body: { userId: holder('viewer').id, permission: 'write', scope: 'clusters', resourceId: 'cluster_abc' },
    });
    const c = PermissionCheckResponse.parse(r.body);
    expect(c.resourceId).toBe('cluster_abc');
    expect(c.details.chain.at(-1)).toMatchObject({ step: 'share', shareId: null, resourceId: 'cluster_abc', outcome: 'none_exist' });
  });

  it('refuses a pending member at the member step', async () => {
    const pending = members.find((m) => m.status === 'pending')!;
    const c = await check(pending.id, 'read', 'endpoints');
    expect(c).toMatchObject({ allowed: false, source: null });
    expect(c.details.chain).toEqual([
      expect.objectContaining({ step: 'member', status: 'pending', decided: true, outcome: 'member_inactive' }),
    ]);
  });

  it('answers 404 MEMBER_NOT_FOUND for an unknown or malformed user id', async () => {
    for (const id of ['usr_nobody0000', 'bogus']) {
      const r = await t.call('GET', `/v2/accounts/permissions/${id}`);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ error: 'MEMBER_NOT_FOUND', details: { userId: id } });
    }
    const r = await t.call('POST', '/v2/accounts/permissions/check', {
      body: { userId: 'usr_nobody0000', permission: 'read', scope: 'endpoints' },
    });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ error: 'MEMBER_NOT_FOUND', details: { userId: 'usr_nobody0000' } });
  });

  it.each([
    ['no permission', { scope: 'endpoints' }, 'permission'],
    ['an unknown permission', { permission: 'fly', scope: 'endpoints' }, 'permission'],
    ['an unknown scope', { permission: 'read', scope: 'moon' }, 'scope'],
    ['a user id of the wrong kind', { userId: 'key_abc', permission: 'read', scope: 'endpoints' }, 'userId'],
  ])('refuses a check body with %s: 400 VALIDATION_ERROR in the envelope', async (_name, body, field) => {
    const r = await t.call('POST', '/v2/accounts/permissions/check', { body: { userId: holder('viewer').id, ...body } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'VALIDATION_ERROR', message: expect.any(String), details: expect.objectContaining({ field }) });
  });

  it('refuses a check without a key (401) and counts it against the accounts limits', async () => {
    const r = await t.call('POST', '/v2/accounts/permissions/check', { key: null, body: {} });
    expect(r.status).toBe(401);
    const ok = await t.call('GET', '/v2/accounts/permissions/schema');
    expect(ok.headers.get('x-ratelimit-limit')).toBe('500');
  });
});
