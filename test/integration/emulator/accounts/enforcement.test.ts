// The access model enforced on every route (issue 19), over real HTTP through the CLI with the
// seeded role keys, whose key-level permissions are broad: what each may do is their member's.
// Members are made suspended or removed, and grants, shares and custom roles put in the world,
// through the emulator's snapshot import (the team and grant routes are other slices').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmulatorSnapshot } from '../../../../shared/api/emulator-admin';
import { ListTeamMembersResponse, type TeamMember } from '../../../../shared/api/accounts/team';
import { advanceClock, overHttp, type Target } from '../harness';
import { loraJobBody } from '../training/file-emulator';

const HOUR = 3_600_000;

interface AccountsPart {
  members: Array<{ id: string; role: string; status: string }>;
  roles: unknown[];
  grants: unknown[];
  shares: unknown[];
}

describe('the access model on every route (http)', () => {
  let t: Target;
  let members: TeamMember[];
  let clusterIds: string[];
  let endpointIds: string[];
  /** The world as seeded, imported again (changed) by the tests that need members, grants or shares. */
  let base: EmulatorSnapshot;
  const holder = (role: TeamMember['role']) => members.find((m) => m.role === role && m.status === 'active')!;

  beforeAll(async () => {
    t = await overHttp();
    members = ListTeamMembersResponse.parse((await t.call('GET', '/v2/accounts/team/members')).body).members;
    clusterIds = (await t.call('GET', '/v1/clusters')).body.data.clusters.map((c: { id: string }) => c.id);
    endpointIds = (await t.call('GET', '/v2/endpoints')).body.endpoints.map((e: { id: string }) => e.id);
    base = EmulatorSnapshot.parse((await t.call('GET', '/_emulator/snapshot')).body);
  });
  afterAll(async () => t.close());

  /** Imports the seeded world changed by `change` (its accounts part); answers the simulated now. */
  async function importWorld(change: (accounts: AccountsPart, now: number) => void): Promise<number> {
    const snapshot = structuredClone(base);
    change(snapshot.state.areas.accounts as AccountsPart, snapshot.clock.now);
    const r = await t.call('POST', '/_emulator/snapshot', { body: snapshot });
    expect(r.status).toBe(200);
    return snapshot.clock.now;
  }

  const secretWrite = (key: string, clusterId: string, name: string) =>
    t.call('POST', `/v1/clusters/${clusterId}/secrets`, { key, body: { name, type: 'api_key', value: 'v-123' } });
  const endpointUpdate = (key: string, endpointId: string) =>
    t.call('PUT', `/v2/endpoints/${endpointId}`, { key, body: { timeoutSeconds: 300 } });

  /** The member refusal (docs/decisions.md, Permissions and roles: Enforcement). */
  function expectRoleRefusal(r: { status: number; body: Record<string, unknown> }, role: string, permission: string, scope: string) {
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      error: 'INSUFFICIENT_PERMISSIONS',
      code: 403,
      details: {
        userId: holder(role).id,
        requiredPermission: permission,
        requiredScope: scope,
        currentRole: role,
        reason: expect.stringContaining(permission),
      },
    });
  }

  it("refuses the viewer a cluster secret write and an endpoint update though the key allows write, with the role's reason", async () => {
    const viewer = t.keys.viewer!;
    const secret = await secretWrite(viewer, clusterIds[0]!, 'VIEWER_SECRET');
    expectRoleRefusal(secret, 'viewer', 'write', 'clusters');
    // The cluster area's 403 keeps the account shape with the request id (02-clusters.md, Errors).
    expect(secret.body.meta).toMatchObject({ request_id: expect.any(String) });
    expectRoleRefusal(await endpointUpdate(viewer, endpointIds[0]!), 'viewer', 'write', 'endpoints');
    // The key itself allows both: the owner's key with the same rights writes.
    expect((await endpointUpdate(t.ownerKey, endpointIds[0]!)).status).toBe(200);
    // Both refusals are in the audit log, with the route, the key and what was missing.
    const audit = await t.call('GET', `/v2/accounts/permissions/audit?type=access_denied&period=1d&userId=${holder('viewer').id}`);
    expect(audit.status).toBe(200);
    const routes = (audit.body.events as Array<{ actor: { keyId: string }; details: { route: string; missing: unknown } }>).map((e) => [
      e.details.route,
      e.actor.keyId,
    ]);
    expect(routes).toEqual(
      expect.arrayContaining([
        ['POST /v1/clusters/:cluster_id/secrets', expect.stringMatching(/^key_/)],
        ['PUT /v2/endpoints/:endpointId', expect.stringMatching(/^key_/)],
      ]),
    );
  });

  it('lets the viewer read clusters, endpoints and training', async () => {
    const viewer = t.keys.viewer!;
    for (const path of [
      '/v1/clusters',
      `/v1/clusters/${clusterIds[0]}`,
      '/v2/endpoints',
      `/v2/endpoints/${endpointIds[0]}`,
      '/v2/training/jobs',
    ])
      expect((await t.call('GET', path, { key: viewer })).status, path).toBe(200);
  });

  it('refuses the viewer and the developer account management; the admin may', async () => {
    for (const role of ['viewer', 'developer'] as const) {
      const key = t.keys[role]!;
      expectRoleRefusal(await t.call('GET', '/v2/accounts/api-keys', { key }), role, 'read', 'accounts');
      expectRoleRefusal(
        await t.call('POST', '/v2/accounts/api-keys', { key, body: { name: 'mine', permissions: ['read'], scopes: ['clusters'] } }),
        role,
        'write',
        'accounts',
      );
      expectRoleRefusal(await t.call('GET', '/v2/accounts/team/members', { key }), role, 'read', 'accounts');
    }
    const admin = t.keys.admin!;
    expect((await t.call('GET', '/v2/accounts/api-keys', { key: admin })).status).toBe(200);
    const created = await t.call('POST', '/v2/accounts/api-keys', {
      key: admin,
      body: { name: 'admin made', permissions: ['read'], scopes: ['clusters'] },
    });
    expect(created.status).toBe(201);
    expect((await t.call('DELETE', `/v2/accounts/api-keys/${created.body.id}`, { key: admin })).status).toBe(200);
  });

  it('lets the developer write clusters and endpoints', async () => {
    const developer = t.keys.developer!;
    expect((await secretWrite(developer, clusterIds[0]!, 'DEVELOPER_SECRET')).status).toBe(201);
    expect((await endpointUpdate(developer, endpointIds[0]!)).status).toBe(200);
  });

  it('lets every member read the permission schema and their own effective permissions, not another member’s', async () => {
    const viewer = t.keys.viewer!;
    expect((await t.call('GET', '/v2/accounts/permissions/schema', { key: viewer })).status).toBe(200);
    expect((await t.call('GET', `/v2/accounts/permissions/${holder('viewer').id}`, { key: viewer })).status).toBe(200);
    expectRoleRefusal(await t.call('GET', `/v2/accounts/permissions/${holder('admin').id}`, { key: viewer }), 'viewer', 'read', 'accounts');
  });

  it('lets the viewer write with a grant on that cluster only, and refuses again once the grant has expired', async () => {
    const viewer = holder('viewer');
    const [granted, other] = clusterIds as [string, string];
    await importWorld((a, now) => {
      a.grants.push({
        id: 'grant_enforce1',
        userId: viewer.id,
        permissions: ['write'],
        scopes: ['clusters'],
        resources: [granted],
        expiresAt: now + HOUR,
        reason: 'on call',
        grantedBy: holder('owner').id,
        grantedAt: now,
        status: 'active',
        revokedBy: null,
        revokedAt: null,
      });
    });
    expect((await secretWrite(t.keys.viewer!, granted, 'GRANTED_SECRET')).status).toBe(201);
    const elsewhere = await secretWrite(t.keys.viewer!, other, 'GRANTED_SECRET');
    expectRoleRefusal(elsewhere, 'viewer', 'write', 'clusters');
    await advanceClock(t.call, 2 * 3600);
    expectRoleRefusal(await secretWrite(t.keys.viewer!, granted, 'LATE_SECRET'), 'viewer', 'write', 'clusters');
  });

  it('lets the viewer update an endpoint shared with write, and no other', async () => {
    const viewer = holder('viewer');
    const [shared, other] = endpointIds as [string, string];
    await importWorld((a, now) => {
      a.shares.push({
        id: 'share_enforce1',
        resourceId: shared,
        userId: viewer.id,
        permissions: ['read', 'write'],
        expiresAt: null,
        message: null,
        sharedBy: holder('owner').id,
        sharedAt: now,
        status: 'active',
      });
    });
    expect((await endpointUpdate(t.keys.viewer!, shared)).status).toBe(200);
    expectRoleRefusal(await endpointUpdate(t.keys.viewer!, other), 'viewer', 'write', 'endpoints');
  });

  it("refuses a model deployment past the deployer's role maxEndpoints (a custom role given over HTTP), and allows it once raised", async () => {
    const developer = holder('developer');
    const detail = await t.call('GET', `/v2/accounts/team/members/${developer.id}`, { key: t.keys.admin });
    const owned = detail.body.member.activity.endpointsCreated as number;
    expect(owned).toBeGreaterThan(0);
    const role = await t.call('POST', '/v2/accounts/permissions/roles', {
      key: t.keys.admin,
      body: {
        name: 'deployer',
        displayName: 'Deployer',
        permissions: ['read', 'write', 'execute'],
        scopes: ['endpoints', 'clusters'],
        inherits: ['developer'],
        limitations: { maxEndpoints: owned },
      },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const given = await t.call('PUT', `/v2/accounts/team/members/${developer.id}`, { key: t.keys.admin, body: { role: 'deployer' } });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const models = (await t.call('GET', '/v2/training/models')).body.models as Array<{ id: string; metadata: { source: string } }>;
    const model = models.find((m) => m.metadata.source === 'training')!;
    const deploy = () =>
      t.call('POST', `/v2/training/models/${model.id}/deploy`, { key: t.keys.developer!, body: { gpuType: 'a100', workers: 1 } });
    const refused = await deploy();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: 'INSUFFICIENT_PERMISSIONS',
      details: { limitation: 'maxEndpoints', limit: owned, current: owned, currentRole: 'deployer' },
    });
    const raised = await t.call('PUT', `/v2/accounts/permissions/roles/${role.body.role.id}`, {
      key: t.keys.admin,
      body: { limitations: { maxEndpoints: owned + 1 } },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const allowed = await deploy();
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
    // The new endpoint is theirs: the next one is past the raised limit.
    expect((await deploy()).body).toMatchObject({ details: { limitation: 'maxEndpoints', current: owned + 1 } });
  });

  it("refuses new compute past the member role's maxComputeHours this month, shows it as an alert, and allows it once raised", async () => {
    const developer = holder('developer');
    const role = await t.call('POST', '/v2/accounts/permissions/roles', {
      key: t.keys.admin,
      body: {
        name: 'metered',
        displayName: 'Metered developer',
        permissions: ['read', 'write', 'execute'],
        scopes: ['endpoints', 'clusters'],
        inherits: ['developer'],
        limitations: { maxComputeHours: 1 },
      },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const given = await t.call('PUT', `/v2/accounts/team/members/${developer.id}`, { key: t.keys.admin, body: { role: 'metered' } });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    // The alert shows the member's GPU-hours this month against the limit: what the refusal names.
    const alerts = (await t.call('GET', '/v2/accounts/usage/alerts')).body.alerts as Array<Record<string, unknown>>;
    const alert = alerts.find((a) => a.userId === developer.id)!;
    expect(alert).toMatchObject({ type: 'compute_hours', threshold: 1, status: 'triggered', period: 'monthly', notificationsSent: 0 });
    const datasets = (await t.call('GET', '/v2/training/datasets?status=ready')).body.datasets as Array<{ id: string }>;
    const job = () =>
      t.call('POST', '/v2/training/jobs', {
        key: t.keys.developer!,
        body: loraJobBody('over-the-hours', datasets[0]!.id, 1),
      });
    const refused = await job();
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body).toMatchObject({
      error: 'INSUFFICIENT_PERMISSIONS',
      details: { limitation: 'maxComputeHours', limit: 1, currentRole: 'metered' },
    });
    expect(refused.body.details.current).toBeCloseTo(alert.current as number, 0);
    const raised = await t.call('PUT', `/v2/accounts/permissions/roles/${role.body.role.id}`, {
      key: t.keys.admin,
      body: { limitations: { maxComputeHours: 1_000_000 } },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect((await job()).status).toBe(201);
  });

  it("refuses a key past its member role's maxApiKeys, naming the limitation, limit and count", async () => {
    const developer = holder('developer');
    await importWorld((a, now) => {
      a.roles.push({
        id: 'role_custom_keeper',
        name: 'keeper',
        displayName: 'Key keeper',
        description: null,
        permissions: ['read', 'write'],
        scopes: ['accounts', 'clusters'],
        limitations: { maxApiKeys: 2 },
        inherits: [],
        assignable: true,
        createdAt: now,
        createdBy: holder('owner').id,
        updatedAt: now,
      });
      a.members.find((m) => m.id === developer.id)!.role = 'keeper';
    });
    const create = () =>
      t.call('POST', '/v2/accounts/api-keys', {
        key: t.keys.developer!,
        body: { name: 'kept', permissions: ['read'], scopes: ['clusters'] },
      });
    // The member's seeded key is one of the two.
    const kept = await create();
    expect(kept.status).toBe(201);
    const refused = await create();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: 'INSUFFICIENT_PERMISSIONS',
      details: { limitation: 'maxApiKeys', limit: 2, current: 2, currentRole: 'keeper', reason: expect.stringContaining('2') },
    });
    // The new key belongs to the member whose key created it: their suspension stops it too.
    expect((await t.call('GET', '/v1/clusters', { key: kept.body.key })).status).toBe(200);
    const now = EmulatorSnapshot.parse((await t.call('GET', '/_emulator/snapshot')).body);
    (now.state.areas.accounts as AccountsPart).members.find((m) => m.id === developer.id)!.status = 'suspended';
    expect((await t.call('POST', '/_emulator/snapshot', { body: now })).status).toBe(200);
    expect((await t.call('GET', '/v1/clusters', { key: kept.body.key })).body).toMatchObject({
      error: 'INSUFFICIENT_PERMISSIONS',
      details: { status: 'suspended' },
    });
  });

  it("answers 401 to a removed member's key and 403 with a reason to a suspended member's, on every area", async () => {
    const paths = ['/v2/accounts/permissions/schema', `/v1/clusters/${clusterIds[0]}`, '/v2/endpoints', '/v2/training/jobs'];
    await importWorld((a) => {
      a.members.find((m) => m.id === holder('developer').id)!.status = 'suspended';
      a.members.find((m) => m.id === holder('viewer').id)!.status = 'removed';
    });
    for (const path of paths) {
      const removed = await t.call('GET', path, { key: t.keys.viewer });
      expect(removed.status, path).toBe(401);
      expect(removed.body).toMatchObject({ error: 'UNAUTHORIZED', code: 401, message: expect.stringMatching(/removed/) });
      const suspended = await t.call('GET', path, { key: t.keys.developer });
      expect(suspended.status, path).toBe(403);
      expect(suspended.body).toMatchObject({
        error: 'INSUFFICIENT_PERMISSIONS',
        details: { status: 'suspended', currentRole: 'developer', reason: expect.stringMatching(/suspended/) },
      });
    }
    // Writes too, whatever the body.
    expect((await secretWrite(t.keys.viewer!, clusterIds[0]!, 'GONE')).status).toBe(401);
    expect((await endpointUpdate(t.keys.developer!, endpointIds[0]!)).status).toBe(403);
    // Back to active: the same keys work again at once.
    await importWorld(() => {});
    expect((await t.call('GET', '/v2/endpoints', { key: t.keys.viewer })).status).toBe(200);
    expect((await t.call('GET', '/v2/endpoints', { key: t.keys.developer })).status).toBe(200);
  });
});
