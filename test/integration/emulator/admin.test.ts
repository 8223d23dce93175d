// `/_emulator/*`: owner key only; health, reset, clock, snapshot, journal, chaos, OpenAPI.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorRoutes } from './route-table';
import { EmulatorSnapshot } from '../../../shared/api/emulator-admin';
import { inProcess, keyIdOf } from './harness';

const t = inProcess();
afterAll(() => t.close());
beforeEach(async () => {
  await t.call('PUT', '/_emulator/chaos', { body: { rules: [] } });
  await t.call('POST', '/_emulator/reset');
});

describe('emulator admin routes', () => {
  it('need the owner key: 401 without a key, 403 with another key', async () => {
    const none = await t.call('GET', '/_emulator/health', { key: null });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: 'UNAUTHORIZED', code: 401 });
    const other = await t.call('POST', '/_emulator/reset', { key: t.keys.readWrite });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ error: 'INSUFFICIENT_PERMISSIONS', code: 403, details: { requiredRole: 'owner' } });
  });

  it('reports health', async () => {
    const r = await t.call('GET', '/_emulator/health');
    expect(r.status).toBe(200);
    // 8 seeded keys, one per assignable role (issue 19), and the owner key.
    expect(r.body).toMatchObject({ status: 'ok', seed: 42, persistence: 'memory', keys: 12 });
  });

  it('resets to the seeded world', async () => {
    await t.call('POST', '/v2/accounts/api-keys', { body: { name: 'temp', permissions: ['read'], scopes: ['accounts'] } });
    expect((await t.call('GET', '/v2/accounts/api-keys')).body.total).toBe(13);
    expect((await t.call('POST', '/_emulator/reset')).body).toMatchObject({ seed: 42 });
    expect((await t.call('GET', '/v2/accounts/api-keys')).body.total).toBe(12);
    expect((await t.call('GET', '/v2/auth/verify', { key: t.keys.readWrite })).status).toBe(200);
  });

  it('advances the clock by a bounded positive number of seconds, and expiry follows it', async () => {
    const before = (await t.call('GET', '/_emulator/clock')).body;
    const r = await t.call('POST', '/_emulator/clock/advance', { body: { seconds: 86_400 } });
    expect(r.status).toBe(200);
    expect(Date.parse(r.body.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(86_400_000);
    expect(r.body.offsetSeconds).toBe(before.offsetSeconds + 86_400);
    for (const body of [{ seconds: 0 }, { seconds: -1 }, { seconds: 'soon' }, { seconds: 1e12 }, {}]) {
      const bad = await t.call('POST', '/_emulator/clock/advance', { body });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('VALIDATION_ERROR');
    }
    // the development key expires 70 days after the world was built
    expect((await t.call('GET', '/v2/auth/verify', { key: t.keys.development })).status).toBe(200);
    await t.call('POST', '/_emulator/clock/advance', { body: { seconds: 70 * 86_400 } });
    const expired = await t.call('GET', '/v2/auth/verify', { key: t.keys.development });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/expired/);
  });

  it('exports a snapshot without key values and imports one, keeping the owner key valid', async () => {
    const r = await t.call('GET', '/_emulator/snapshot');
    expect(r.status).toBe(200);
    const snapshot = EmulatorSnapshot.parse(r.body);
    const text = JSON.stringify(r.body);
    for (const value of [t.ownerKey, ...Object.values(t.keys)]) expect(text).not.toContain(value);
    const accounts = snapshot.state.areas.accounts as { keys: Array<{ id: string; owner: boolean; name: string }> };
    accounts.keys = accounts.keys.filter((k) => k.owner || k.id === keyIdOf(t.keys.readOnly!));
    accounts.keys.find((k) => k.id === keyIdOf(t.keys.readOnly!))!.name = 'from snapshot';
    const imported = await t.call('POST', '/_emulator/snapshot', { body: snapshot });
    expect(imported.status).toBe(200);
    expect(imported.body.keys).toBe(2);
    const list = (await t.call('GET', '/v2/accounts/api-keys')).body;
    expect(list.apiKeys.map((k: { name: string }) => k.name)).toContain('from snapshot');
    expect((await t.call('GET', '/v2/auth/verify', { key: t.keys.readWrite })).status).toBe(401);
    for (const body of [{ ...snapshot, version: 99 }, { nope: true }, { ...snapshot, state: { ...snapshot.state, keys: 'x' } }]) {
      const bad = await t.call('POST', '/_emulator/snapshot', { body });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('VALIDATION_ERROR');
    }
  });

  it('keeps a journal of requests with key ids, never key values', async () => {
    const before = (await t.call('GET', '/_emulator/journal?limit=1')).body.total;
    await t.call('GET', `/v2/accounts/api-keys?leak=${t.keys.readWrite}`, { key: t.keys.readOnly });
    await t.call('GET', `/v2/nowhere/${t.keys.readWrite}`);
    const r = await t.call('GET', '/_emulator/journal?limit=2');
    expect(r.status).toBe(200);
    // One entry per request: the journal call above, the list, the 404.
    expect(r.body.total).toBe(before + 3);
    expect(r.body.entries).toHaveLength(2);
    const [list, missing] = r.body.entries;
    expect(list).toMatchObject({
      method: 'GET',
      path: '/v2/accounts/api-keys',
      status: 200,
      keyId: keyIdOf(t.keys.readOnly!),
      durationMs: expect.any(Number),
    });
    expect(missing).toMatchObject({ status: 404 });
    const text = JSON.stringify(r.body);
    for (const value of [t.ownerKey, ...Object.values(t.keys)]) expect(text).not.toContain(value);
    expect((await t.call('GET', '/_emulator/journal?limit=0')).body.error).toBe('VALIDATION_ERROR');
    expect((await t.call('GET', '/_emulator/journal?limit=5000')).status).toBe(400);
  });

  it('injects errors and latency from chaos rules, never on admin routes', async () => {
    const rules = [{ route: '/v2/auth/*', method: 'GET', errorRate: 1, status: 503, code: 'CHAOS_INJECTED' }];
    const set = await t.call('PUT', '/_emulator/chaos', { body: { rules, seed: 7 } });
    expect(set.status).toBe(200);
    expect(set.body.rules[0]).toMatchObject({ route: '/v2/auth/*', errorRate: 1, latencyMs: 0 });
    const hit = await t.call('GET', '/v2/auth/verify');
    expect(hit.status).toBe(503);
    expect(hit.body).toMatchObject({ error: 'CHAOS_INJECTED', details: { chaos: true } });
    expect((await t.call('GET', '/v2/accounts/api-keys')).status).toBe(200);
    expect((await t.call('GET', '/_emulator/chaos')).body.rules).toHaveLength(1);
    await t.call('PUT', '/_emulator/chaos', { body: { rules: [{ route: '/v2/**', latencyMs: 20 }] } });
    expect((await t.call('GET', '/v2/auth/verify')).status).toBe(200);
    const bad = await t.call('PUT', '/_emulator/chaos', { body: { rules: [{ route: 'no-slash', errorRate: 2 }] } });
    expect(bad.status).toBe(400);
  });

  it('serves an OpenAPI 3.1 document covering every implemented route', async () => {
    const r = await t.call('GET', '/_emulator/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    for (const op of emulatorRoutes) {
      const path = op.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
      expect(r.body.paths[path]?.[op.method.toLowerCase()], `${op.method} ${op.path}`).toMatchObject({ operationId: op.id });
    }
    const create = r.body.paths['/v2/accounts/api-keys'].post;
    expect(create.requestBody.content['application/json'].schema.properties.permissions.items.enum).toEqual(['read', 'write', 'execute']);
    expect(create.responses['201']).toBeDefined();
    expect(r.body.paths['/v2/accounts/api-keys/{key_id}/usage'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'key_id',
      'period',
      'granularity',
    ]);
  });
});
