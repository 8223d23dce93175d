// Custom roles over real HTTP through the CLI (issue 19): create and update, every refusal
// (name taken, unknown permission or scope, `*`, bounds, hierarchy rules incl. a cycle, built-in
// and unknown roles, above the caller's own permissions), the schema and effective permissions
// listing them, the check deciding through one, and the audit events written.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EffectivePermissions,
  PermissionCheckResponse,
  PermissionsSchemaResponse,
  Role,
} from '../../../../shared/api/accounts/permissions';
import { CreateRoleResponse } from '../../../../shared/api/accounts/roles';
import type { TeamMember } from '../../../../shared/api/accounts/team';
import { inProcess, overHttp, type Target } from '../harness';
import { assignRole, auditOf, holderOf, teamOf } from './access-fixture';

const ROLES = '/v2/accounts/permissions/roles';

describe('custom roles (http)', () => {
  let t: Target;
  let members: TeamMember[];

  beforeAll(async () => {
    t = await overHttp();
    members = await teamOf(t);
  });
  afterAll(async () => t.close());

  const create = (body: Record<string, unknown>, key?: string) => t.call('POST', ROLES, { body, key });
  const update = (id: string, body: Record<string, unknown>, key?: string) => t.call('PUT', `${ROLES}/${id}`, { body, key });

  it('creates a custom role with its id, lists it in the schema and audits it', async () => {
    const r = await create({
      name: 'ml_reader',
      displayName: 'ML reader',
      description: 'Reads endpoints',
      permissions: ['read'],
      scopes: ['endpoints'],
      limitations: { maxEndpoints: 5, maxApiKeys: 2 },
    });
    expect(r.status).toBe(201);
    const { role } = CreateRoleResponse.parse(r.body);
    expect(role).toMatchObject({
      id: 'role_custom_ml_reader',
      name: 'ml_reader',
      displayName: 'ML reader',
      permissions: ['read'],
      scopes: ['endpoints'],
      limitations: { maxEndpoints: 5, maxApiKeys: 2 },
      inherits: [],
      assignable: true,
    });
    const schema = PermissionsSchemaResponse.parse((await t.call('GET', '/v2/accounts/permissions/schema')).body);
    expect(Object.keys(schema.roles)).toEqual(expect.arrayContaining(['owner', 'admin', 'developer', 'viewer', 'ml_reader']));
    expect(schema.roles.ml_reader).toMatchObject({
      id: 'role_custom_ml_reader',
      name: 'ML reader',
      displayName: 'ML reader',
      custom: true,
      limitations: { maxEndpoints: 5, maxApiKeys: 2 },
      createdAt: role.createdAt,
    });
    expect(schema.roles.admin).toMatchObject({ id: 'role_admin', custom: false, inherits: ['developer'] });
    const event = (await auditOf(t)).find((e) => e.action === 'role_created' && e.resource?.id === role.id)!;
    expect(event).toMatchObject({ type: 'permission_change', actorId: members.find((m) => m.role === 'owner')!.id, targetUserId: null });
    expect(event.resource).toEqual({ type: 'role', id: role.id, name: 'ml_reader' });
    expect(event.details).toMatchObject({ before: null, after: { id: role.id, permissions: ['read'] } });
  });

  it('refuses a name already taken with ROLE_NAME_EXISTS', async () => {
    const r = await create({ name: 'ml_reader', displayName: 'Again', permissions: ['read'], scopes: ['clusters'] });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      error: 'ROLE_NAME_EXISTS',
      details: { roleName: 'ml_reader', existingRoleId: 'role_custom_ml_reader' },
    });
  });

  it('refuses unknown permissions, `*` and unknown scopes with INVALID_PERMISSION and the valid names', async () => {
    const bad = await create({ name: 'r1', displayName: 'R', permissions: ['read', 'fly'], scopes: ['endpoints'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'INVALID_PERMISSION', details: { field: 'permissions', invalidPermissions: ['fly'] } });
    expect(bad.body.details.validPermissions).toEqual([
      'read',
      'write',
      'execute',
      'manage_team',
      'manage_billing',
      'manage_integrations',
      'manage_security',
    ]);
    const all = await create({ name: 'r1', displayName: 'R', permissions: ['*'], scopes: ['endpoints'] });
    expect(all.status).toBe(400);
    expect(all.body).toMatchObject({ error: 'INVALID_PERMISSION', details: { invalidPermissions: ['*'] } });
    const scope = await create({ name: 'r1', displayName: 'R', permissions: ['read'], scopes: ['endpoints', 'moon'] });
    expect(scope.status).toBe(400);
    expect(scope.body).toMatchObject({ error: 'INVALID_PERMISSION', details: { field: 'scopes', invalidScopes: ['moon'] } });
    expect(scope.body.details.validScopes).toContain('security');
  });

  it.each([
    ['a built-in name', { name: 'admin' }],
    ['a malformed name', { name: 'Ops Team' }],
    ['no permissions', { permissions: [] }],
    ['a negative limitation', { limitations: { maxClusters: -1 } }],
    ['a fractional limitation', { limitations: { maxComputeHours: 1.5 } }],
    ['maxApiKeys above 50', { limitations: { maxApiKeys: 51 } }],
    ['an unknown limitation', { limitations: { maxPets: 1 } }],
    ['a description over 500 characters', { description: 'x'.repeat(501) }],
    ['an unknown field', { colour: 'red' }],
  ])('refuses %s with VALIDATION_ERROR', async (_, change) => {
    const r = await create({ name: 'valid_name', displayName: 'Valid', permissions: ['read'], scopes: ['endpoints'], ...change });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION_ERROR');
  });

  it('refuses inheritance above what the role declares, the owner, an unknown parent and itself', async () => {
    const above = await create({
      name: 'half_dev',
      displayName: 'Half',
      permissions: ['read'],
      scopes: ['endpoints', 'clusters'],
      inherits: ['developer'],
    });
    expect(above.status).toBe(422);
    expect(above.body).toMatchObject({ error: 'INVALID_ROLE_HIERARCHY', details: { parentRole: 'developer', childRole: 'half_dev' } });
    expect(above.body.details.reason).toContain('write');
    const owner = await create({ name: 'boss', displayName: 'Boss', permissions: ['read'], scopes: ['endpoints'], inherits: ['owner'] });
    expect(owner.status).toBe(422);
    expect(owner.body.details).toMatchObject({ parentRole: 'owner', childRole: 'boss' });
    const unknown = await create({ name: 'orphan', displayName: 'O', permissions: ['read'], scopes: ['endpoints'], inherits: ['ghost'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.details).toMatchObject({ parentRole: 'ghost', reason: 'no role has this name' });
    const self = await create({ name: 'loop', displayName: 'L', permissions: ['read'], scopes: ['endpoints'], inherits: ['loop'] });
    expect(self.status).toBe(422);
  });

  it('lets a role inherit one it holds all of, and refuses an update that forms a cycle or lifts a parent above its child', async () => {
    const base = await create({ name: 'ops_base', displayName: 'Ops base', permissions: ['read'], scopes: ['clusters'] });
    expect(base.status).toBe(201);
    const lead = await create({
      name: 'ops_lead',
      displayName: 'Ops lead',
      permissions: ['read', 'write'],
      scopes: ['clusters'],
      inherits: ['ops_base', 'viewer'],
    });
    expect(lead.status).toBe(422); // viewer holds endpoints, which ops_lead does not declare
    const ok = await create({
      name: 'ops_lead',
      displayName: 'Ops lead',
      permissions: ['read', 'write'],
      scopes: ['clusters'],
      inherits: ['ops_base'],
    });
    expect(ok.status).toBe(201);
    const cycle = await update('role_custom_ops_base', { permissions: ['read', 'write'], inherits: ['ops_lead'] });
    expect(cycle.status).toBe(422);
    expect(cycle.body).toMatchObject({ error: 'INVALID_ROLE_HIERARCHY', details: { parentRole: 'ops_lead', childRole: 'ops_base' } });
    expect(cycle.body.details.reason).toContain('cycle');
    const lifted = await update('role_custom_ops_base', { permissions: ['read', 'execute'] });
    expect(lifted.status).toBe(422);
    expect(lifted.body.details).toMatchObject({ parentRole: 'ops_base', childRole: 'ops_lead' });
  });

  it('updates a custom role (never its name) and audits the before and after', async () => {
    const r = await update('role_custom_ml_reader', {
      displayName: 'ML readers',
      permissions: ['read', 'execute'],
      limitations: { maxEndpoints: 3 },
    });
    expect(r.status).toBe(200);
    const role = Role.parse(r.body);
    expect(role).toMatchObject({
      id: 'role_custom_ml_reader',
      name: 'ml_reader',
      displayName: 'ML readers',
      permissions: ['read', 'execute'],
    });
    expect(role.limitations).toEqual({ maxEndpoints: 3 });
    const event = (await auditOf(t)).findLast((e) => e.action === 'role_updated')!;
    expect(event.details).toMatchObject({ before: { displayName: 'ML reader' }, after: { displayName: 'ML readers' } });
    const renamed = await update('role_custom_ml_reader', { name: 'other' });
    expect(renamed.status).toBe(400);
    expect(renamed.body).toMatchObject({ error: 'VALIDATION_ERROR', details: { field: 'name' } });
    const empty = await update('role_custom_ml_reader', {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('VALIDATION_ERROR');
  });

  it('refuses to change a built-in role (409 INVALID_STATE) or an unknown one (404 ROLE_NOT_FOUND)', async () => {
    const builtIn = await update('role_admin', { displayName: 'Boss' });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body).toMatchObject({ error: 'INVALID_STATE', details: { roleId: 'role_admin', reason: 'built_in' } });
    const unknown = await update('role_custom_nobody', { displayName: 'X' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'ROLE_NOT_FOUND', details: { roleId: 'role_custom_nobody' } });
  });

  it("refuses a role above the caller's own permissions with attemptedPermission", async () => {
    const r = await create({ name: 'sec_admin', displayName: 'Sec', permissions: ['manage_security'], scopes: ['security'] }, t.keys.admin);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      error: 'INSUFFICIENT_PERMISSIONS',
      details: { attemptedPermission: 'manage_security', userRole: 'admin' },
    });
    const within = await create(
      { name: 'team_reader', displayName: 'Team reader', permissions: ['read'], scopes: ['accounts'] },
      t.keys.admin,
    );
    expect(within.status).toBe(201);
    const raise = await update('role_custom_team_reader', { permissions: ['read', 'manage_integrations'] }, t.keys.admin);
    expect(raise.status).toBe(403);
    expect(raise.body.details).toMatchObject({ attemptedPermission: 'manage_integrations' });
  });

  it("answers a custom role holder's effective permissions and decides the check through the role it inherits", async () => {
    const member = holderOf(members, 'viewer');
    const r = await create({
      name: 'endpoint_runner',
      displayName: 'Endpoint runner',
      permissions: ['read', 'execute'],
      scopes: ['endpoints', 'clusters'],
      limitations: { maxEndpoints: 2 },
      inherits: ['viewer'],
    });
    expect(r.status).toBe(201);
    await assignRole(t, member.id, 'endpoint_runner');
    const e = EffectivePermissions.parse((await t.call('GET', `/v2/accounts/permissions/${member.id}`)).body);
    expect(e).toMatchObject({ role: 'endpoint_runner', inheritedFrom: ['viewer'], customPermissions: [] });
    expect(e.effectivePermissions.permissions).toEqual(['read', 'execute']);
    expect(e.effectivePermissions.limitations).toEqual({ maxEndpoints: 2, maxTeamMembers: null });
    expect(e.lastUpdated).toBe(CreateRoleResponse.parse(r.body).role.createdAt);
    const check = PermissionCheckResponse.parse(
      (await t.call('POST', '/v2/accounts/permissions/check', { body: { userId: member.id, permission: 'execute', scope: 'endpoints' } }))
        .body,
    );
    expect(check).toMatchObject({ allowed: true, source: 'role', role: 'endpoint_runner' });
    const write = PermissionCheckResponse.parse(
      (await t.call('POST', '/v2/accounts/permissions/check', { body: { userId: member.id, permission: 'write', scope: 'endpoints' } }))
        .body,
    );
    expect(write.allowed).toBe(false);
    expect(write.details.chain.map((s) => s.step)).toEqual(['role', 'inherited_role', 'grant', 'share']);
  });
});

describe('custom roles across a restart (data folder)', () => {
  it('keeps a role and its update', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpc-roles-'));
    try {
      const first = inProcess({ dataDir: dir });
      const made = await first.call('POST', ROLES, {
        body: { name: 'kept_role', displayName: 'Kept', permissions: ['read'], scopes: ['clusters'] },
      });
      expect(made.status).toBe(201);
      expect((await first.call('PUT', `${ROLES}/role_custom_kept_role`, { body: { displayName: 'Kept too' } })).status).toBe(200);
      await first.close();
      const second = inProcess({ dataDir: dir });
      const schema = PermissionsSchemaResponse.parse((await second.call('GET', '/v2/accounts/permissions/schema')).body);
      expect(schema.roles.kept_role).toMatchObject({
        id: 'role_custom_kept_role',
        displayName: 'Kept too',
        permissions: ['read'],
        custom: true,
      });
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
