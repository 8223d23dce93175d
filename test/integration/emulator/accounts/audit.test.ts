// The permission audit log (issue 19) over real HTTP through the CLI: a 403 of another area
// written as access_denied with its route, key and what was missing; the filters, the summary,
// paging, the period against a moved clock, INVALID_PERIOD, retention, and a restart on a data
// folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditResponse } from '../../../../shared/api/accounts/audit';
import { advanceClock, keyIdOf, makeCall, OWNER, overHttp, startCli, type Target } from '../harness';

const DAY_S = 86_400;

describe('permission audit log (http)', () => {
  let t: Target;
  let clusterId: string;
  let otherClusterId: string;

  const audit = async (query = '') => {
    const r = await t.call('GET', `/v2/accounts/permissions/audit${query}`);
    expect(r.status).toBe(200);
    return AuditResponse.parse(r.body);
  };
  /** The seeded read-only key writing a secret: a key-level 403 of the cluster area. */
  const deniedWrite = async (cluster = clusterId) => {
    const r = await t.call('POST', `/v1/clusters/${cluster}/secrets`, { key: t.keys.readOnly, body: { name: 'X', value: 'v' } });
    expect(r.status).toBe(403);
  };

  beforeAll(async () => {
    t = await overHttp();
    const clusters = (await t.call('GET', '/v1/clusters')).body.data.clusters as Array<{ id: string }>;
    [clusterId, otherClusterId] = [clusters[0]!.id, clusters[1]!.id];
  });
  afterAll(async () => t.close());

  it('writes a 403 of another area as access_denied, with the route, the key, the member and what was missing', async () => {
    const before = await audit('?type=access_denied');
    await deniedWrite();
    const after = await audit('?type=access_denied');
    expect(after.total).toBe(before.total + 1);
    expect(after.summary.accessDenied).toBe(before.summary.accessDenied + 1);
    const e = after.events[0]!;
    expect(e).toMatchObject({
      type: 'access_denied',
      action: 'write_attempt',
      resource: { type: 'cluster', id: clusterId, name: null },
      target: null,
      details: {
        method: 'POST',
        route: 'POST /v1/clusters/:cluster_id/secrets',
        path: `/v1/clusters/${clusterId}/secrets`,
        error: 'FORBIDDEN',
        scope: 'clusters',
        missing: { required_permission: 'clusters:write' },
      },
    });
    expect(e.id).toMatch(/^audit_/);
    expect(e.actor.userId).toMatch(/^usr_/);
    expect(typeof e.actor.ipAddress).toBe('string');
    expect(e.actor.keyId).toBe(keyIdOf(t.keys.readOnly!));
  });

  it('writes nothing for answers that are not a 403 (a 401, a 404, a success)', async () => {
    const before = (await audit('?period=90d')).total;
    expect((await t.call('POST', `/v1/clusters/${clusterId}/secrets`, { key: 'gpu_live_nope', body: {} })).status).toBe(401);
    expect((await t.call('GET', '/v1/clusters/cls_doesnotexist')).status).toBe(404);
    expect((await t.call('GET', '/v1/clusters')).status).toBe(200);
    expect((await audit('?period=90d')).total).toBe(before);
  });

  it('filters by type, member (actor or target) and resource, and counts the summary over the filtered period', async () => {
    await deniedWrite(otherClusterId);
    const all = await audit('?type=access_denied');
    const actor = all.events[0]!.actor.userId!;
    const byUser = await audit(`?userId=${actor}&type=access_denied`);
    expect(byUser.total).toBe(all.total);
    expect((await audit('?userId=usr_nobody')).total).toBe(0);
    const onOther = await audit(`?resourceId=${otherClusterId}`);
    expect(onOther.total).toBe(1);
    expect(onOther.events[0]!.resource?.id).toBe(otherClusterId);
    const changes = await audit('?type=permission_change');
    expect(changes.events.every((e) => e.type === 'permission_change')).toBe(true);
    expect(changes.summary.accessDenied).toBe(0);
    const whole = await audit();
    expect(whole.total).toBe(whole.summary.permissionChanges + whole.summary.accessDenied + whole.summary.roleAssignments);
  });

  it('pages newest first with limit and nextCursor, the total unchanged', async () => {
    for (let i = 0; i < 3; i++) await deniedWrite();
    const first = await audit('?type=access_denied&limit=2');
    expect(first.events).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const seen = [...first.events];
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const page = await audit(`?type=access_denied&limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect(page.total).toBe(first.total);
      seen.push(...page.events);
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    const times = seen.map((e) => Date.parse(e.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses an unknown period with INVALID_PERIOD, and bad paging with VALIDATION_ERROR', async () => {
    const r = await t.call('GET', '/v2/accounts/permissions/audit?period=2d');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'INVALID_PERIOD', details: { validPeriods: ['1d', '7d', '30d', '90d'], received: '2d' } });
    for (const q of ['limit=0', 'limit=1001', 'cursor=bm90LWEtY3Vyc29y', 'type=everything']) {
      const bad = await t.call('GET', `/v2/accounts/permissions/audit?${q}`);
      expect(bad.status, q).toBe(400);
      expect(bad.body.error, q).toBe('VALIDATION_ERROR');
    }
  });

  it('keeps to the period as the simulated clock moves', async () => {
    const now = await audit('?period=1d&type=access_denied');
    expect(now.total).toBeGreaterThan(0);
    await advanceClock(t.call, 2 * DAY_S);
    expect((await audit('?period=1d&type=access_denied')).total).toBe(0);
    expect((await audit('?period=7d&type=access_denied')).total).toBe(now.total);
    await deniedWrite();
    expect((await audit('?period=1d&type=access_denied')).total).toBe(1);
  });

  it('drops events older than the retention (90 days by default) from the state', async () => {
    const r = await audit();
    expect(r.retentionDays).toBe(90);
    await advanceClock(t.call, 89 * DAY_S);
    await deniedWrite(); // one event inside the retention
    await advanceClock(t.call, 2 * DAY_S);
    const after = await audit('?period=90d&type=access_denied');
    expect(after.total).toBe(1);
    const snapshot = (await t.call('GET', '/_emulator/snapshot')).body;
    const now = snapshot.clock.now as number;
    const kept = snapshot.state.areas.accounts.audit as Array<{ at: number }>;
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((e) => e.at >= now - 90 * DAY_S * 1000)).toBe(true);
  });
});

describe('permission audit log on a data folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gpc-audit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps access_denied events across a restart', async () => {
    const start = () => startCli(['--port', '0', '--data', dir, '--owner-key', OWNER]);
    let cli = await start();
    let call = makeCall((r) => fetch(r), cli.url, cli.ownerKey);
    const created = await call('POST', '/v2/accounts/api-keys', { body: { name: 'reader', permissions: ['read'], scopes: ['clusters'] } });
    expect(created.status).toBe(201);
    const clusterId = (await call('GET', '/v1/clusters')).body.data.clusters[0].id as string;
    expect((await call('POST', `/v1/clusters/${clusterId}/stop`, { key: created.body.key, body: {} })).status).toBe(403);
    const before = AuditResponse.parse((await call('GET', '/v2/accounts/permissions/audit?type=access_denied')).body);
    expect(before.total).toBe(1);
    await cli.stop();

    cli = await start();
    call = makeCall((r) => fetch(r), cli.url, cli.ownerKey);
    try {
      const after = AuditResponse.parse((await call('GET', '/v2/accounts/permissions/audit?type=access_denied')).body);
      expect(after.events.map((e) => e.id)).toEqual(before.events.map((e) => e.id));
      expect(after.events[0]).toMatchObject({ details: { route: 'POST /v1/clusters/:cluster_id/stop' }, resource: { id: clusterId } });
    } finally {
      await cli.stop();
    }
  });
});
