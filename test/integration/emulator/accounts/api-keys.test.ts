// Every API key route of both families, over real HTTP through the CLI and in-process.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiKey,
  ListApiKeysResponse,
  RotateApiKeyResponse,
  KeyUsageResponse,
  VerifyResponse,
} from '../../../../shared/api/accounts/api-keys';
import { inProcess, keyIdOf, overHttp, type Target } from '../harness';

const targets: Array<[string, () => Promise<Target> | Target]> = [
  ['in-process', () => inProcess()],
  ['http (CLI)', () => overHttp()],
];

describe.each(targets)('API keys (%s)', (_name, make) => {
  let t: Target;
  beforeAll(async () => {
    t = await make();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    expect((await t.call('POST', '/_emulator/reset')).status).toBe(200);
  });

  const create = (body: unknown, key?: string) => t.call('POST', '/v2/accounts/api-keys', { body, key });
  const valid = { name: 'ci', permissions: ['read', 'write'], scopes: ['accounts', 'endpoints'] };

  it('lists keys without their values', async () => {
    const r = await t.call('GET', '/v2/accounts/api-keys');
    expect(r.status).toBe(200);
    const list = ListApiKeysResponse.parse(r.body);
    expect(list.total).toBe(list.apiKeys.length);
    expect(list.apiKeys.every((k) => k.key === undefined)).toBe(true);
    expect(JSON.stringify(r.body)).not.toContain(t.keys.readWrite);
    const readOnly = list.apiKeys.find((k) => k.id === keyIdOf(t.keys.readOnly!))!;
    expect(readOnly).toMatchObject({ prefix: t.keys.readOnly!.slice(0, 18), status: 'active', permissions: ['read'] });
    expect((await t.call('GET', '/v2/auth/api-keys')).body.total).toBe(list.total);
  });

  it('creates a key, shows its value once, and the value authenticates', async () => {
    const r = await create({ ...valid, rateLimit: { reads: 100 } });
    expect(r.status).toBe(201);
    const key = ApiKey.parse(r.body);
    expect(key.key).toMatch(/^gpu_live_[0-9A-Za-z]{8}_[0-9A-Za-z]{32}$/);
    expect(key.prefix).toBe(key.key!.slice(0, 18));
    expect(key.rateLimit).toEqual({ reads: 100, writes: 0, executions: 0 });
    const list = await t.call('GET', '/v2/accounts/api-keys');
    expect(JSON.stringify(list.body)).not.toContain(key.key);
    const verify = await t.call('GET', '/v2/auth/verify', { key: key.key });
    expect(VerifyResponse.parse(verify.body)).toMatchObject({ valid: true, key_id: key.id, permissions: ['read', 'write'] });
    const after = (await t.call('GET', '/v2/accounts/api-keys')).body.apiKeys.find((k: ApiKey) => k.id === key.id);
    expect(after.usageCount).toBe(1);
    expect(after.lastUsed).not.toBeNull();
  });

  it('validates names, permissions, scopes, expiry and the body', async () => {
    const long = await create({ ...valid, name: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: 'VALIDATION_ERROR', details: { field: 'name' } });
    expect((await create({ ...valid, name: 'x'.repeat(100) })).status).toBe(201);
    expect((await create({ ...valid, name: '' })).body.error).toBe('VALIDATION_ERROR');
    const perm = await create({ ...valid, permissions: ['read', 'admin'] });
    expect(perm.status).toBe(400);
    expect(perm.body).toEqual({
      error: 'INVALID_PERMISSIONS',
      message: expect.any(String),
      details: { field: 'permissions', invalidPermissions: ['admin'], validPermissions: ['read', 'write', 'execute'] },
    });
    const scope = await create({ ...valid, scopes: ['training'] });
    expect(scope.body.details).toEqual({
      field: 'scopes',
      invalidPermissions: ['training'],
      validPermissions: ['endpoints', 'clusters', 'billing', 'accounts'],
    });
    expect((await create({ ...valid, permissions: 'read' })).body.error).toBe('INVALID_PERMISSIONS');
    expect((await create({ ...valid, expiresAt: '2000-01-01T00:00:00Z' })).body).toMatchObject({
      error: 'VALIDATION_ERROR',
      details: { field: 'expiresAt' },
    });
    expect((await create({ ...valid, extra: 1 })).body).toMatchObject({ error: 'VALIDATION_ERROR', details: { field: 'extra' } });
    expect((await t.call('POST', '/v2/accounts/api-keys')).body).toMatchObject({ error: 'VALIDATION_ERROR', details: { field: 'body' } });
    expect((await create({ ...valid, rateLimit: { reads: -1 } })).body).toMatchObject({ details: { field: 'rateLimit.reads' } });
  });

  it('answers 403 INSUFFICIENT_PERMISSIONS without write on accounts, or when granting above the caller', async () => {
    const readOnly = await create(valid, t.keys.readOnly);
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toEqual({
      error: 'INSUFFICIENT_PERMISSIONS',
      message: expect.any(String),
      code: 403,
      details: { requiredPermission: 'write', requiredScope: 'accounts' },
    });
    const noScope = await t.call('GET', '/v2/accounts/api-keys', { key: t.keys.service });
    expect(noScope.body).toMatchObject({ error: 'INSUFFICIENT_PERMISSIONS', details: { requiredScope: 'accounts' } });
    const above = await create({ ...valid, permissions: ['read', 'execute'] }, t.keys.readWrite);
    expect(above.status).toBe(403);
    expect(above.body).toMatchObject({ error: 'INSUFFICIENT_PERMISSIONS', code: 403, details: { attemptedPermission: 'execute' } });
  });

  it('answers 403 FORBIDDEN with required_permission when the key lacks the method permission', async () => {
    const r = await t.call('GET', '/v2/auth/verify', { key: t.keys.execute });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: 'FORBIDDEN', message: expect.any(String), code: 403, required_permission: '*:read' });
  });

  it('updates a key and refuses unknown, owner and revoked keys', async () => {
    const id = keyIdOf(t.keys.readWrite!);
    const r = await t.call('PUT', `/v2/accounts/api-keys/${id}`, { body: { name: 'renamed', rateLimit: { writes: 7 } } });
    expect(r.status).toBe(200);
    expect(ApiKey.parse(r.body)).toMatchObject({ name: 'renamed', rateLimit: { reads: 0, writes: 7, executions: 0 } });
    expect(r.body.key).toBeUndefined();
    const missing = await t.call('PUT', '/v2/accounts/api-keys/key_doesnotexist', { body: { name: 'x' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'KEY_NOT_FOUND', message: expect.any(String), details: { keyId: 'key_doesnotexist' } });
    expect((await t.call('PUT', '/v2/accounts/api-keys/not-a-key-id', { body: {} })).body.error).toBe('KEY_NOT_FOUND');
    expect((await t.call('PUT', `/v2/accounts/api-keys/${keyIdOf(t.ownerKey)}`, { body: { name: 'x' } })).body.error).toBe('INVALID_STATE');
    expect((await t.call('PUT', `/v2/accounts/api-keys/${keyIdOf(t.keys.revoked!)}`, { body: { name: 'x' } })).status).toBe(409);
  });

  it.each([['/v2/accounts/api-keys'], ['/v2/auth/api-keys']])(
    'rotates under %s: same id and prefix, old value rejected at once',
    async (base) => {
      const created = ApiKey.parse((await create(valid)).body);
      const r = await t.call('POST', `${base}/${created.id}/rotate`);
      expect(r.status).toBe(200);
      const rotated = RotateApiKeyResponse.parse(r.body);
      expect(rotated).toMatchObject({ id: created.id, oldKeyRevoked: true });
      expect(rotated.key.startsWith(created.prefix)).toBe(true);
      expect(rotated.key).not.toBe(created.key);
      const old = await t.call('GET', '/v2/auth/verify', { key: created.key });
      expect(old.status).toBe(401);
      expect(old.body).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String), code: 401 });
      expect((await t.call('GET', '/v2/auth/verify', { key: rotated.key })).body.key_id).toBe(created.id);
      expect((await t.call('POST', `${base}/key_unknown1/rotate`)).status).toBe(404);
    },
  );

  it.each([['/v2/accounts/api-keys'], ['/v2/auth/api-keys']])('revokes under %s and the key stops working', async (base) => {
    const created = ApiKey.parse((await create(valid)).body);
    const r = await t.call('DELETE', `${base}/${created.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: created.id, status: 'revoked', revokedAt: expect.any(String) });
    expect((await t.call('GET', '/v2/auth/verify', { key: created.key })).status).toBe(401);
    expect((await t.call('DELETE', `${base}/${created.id}`)).body.error).toBe('INVALID_STATE');
    expect((await t.call('DELETE', `${base}/key_unknown1`)).body).toMatchObject({
      error: 'KEY_NOT_FOUND',
      details: { keyId: 'key_unknown1' },
    });
  });

  it('creates auth-family keys with the wider scope list and no rateLimit', async () => {
    const r = await t.call('POST', '/v2/auth/api-keys', { body: { name: 'trainer', permissions: ['read'], scopes: ['training', 'ai'] } });
    expect(r.status).toBe(201);
    expect(ApiKey.parse(r.body).scopes).toEqual(['training', 'ai']);
    const bad = await t.call('POST', '/v2/auth/api-keys', { body: { ...valid, rateLimit: { reads: 1 } } });
    expect(bad.body).toMatchObject({ error: 'VALIDATION_ERROR', details: { field: 'rateLimit' } });
    const escalate = await t.call('POST', '/v2/auth/api-keys', { key: t.keys.readWrite, body: { ...valid, scopes: ['training'] } });
    expect(escalate.body).toMatchObject({ error: 'INSUFFICIENT_PERMISSIONS', details: { attemptedPermission: 'training' } });
  });

  it('reports key usage by period and granularity, and rejects unknown periods', async () => {
    const id = keyIdOf(t.keys.readOnly!);
    const week = await t.call('GET', `/v2/accounts/api-keys/${id}/usage?period=7d&granularity=day`);
    expect(week.status).toBe(200);
    const usage = KeyUsageResponse.parse(week.body);
    expect(usage.timeline).toHaveLength(8);
    expect(usage.usage.totalRequests).toBe(usage.timeline.reduce((n, b) => n + b.reads + b.writes + b.executions, 0));
    expect(usage.usage.totalRequests).toBeGreaterThan(0);
    expect(usage.topEndpoints.length).toBeGreaterThan(0);
    const hours = KeyUsageResponse.parse((await t.call('GET', `/v2/accounts/api-keys/${id}/usage?period=1d&granularity=hour`)).body);
    expect(hours.timeline).toHaveLength(25);
    const bad = await t.call('GET', `/v2/accounts/api-keys/${id}/usage?period=2w`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'INVALID_PERIOD',
      message: expect.any(String),
      details: { validPeriods: ['1d', '7d', '30d', '90d'], received: '2w' },
    });
    expect((await t.call('GET', `/v2/accounts/api-keys/${id}/usage?granularity=minute`)).body).toMatchObject({
      error: 'VALIDATION_ERROR',
      details: { field: 'granularity' },
    });
    expect((await t.call('GET', '/v2/accounts/api-keys/key_unknown1/usage')).status).toBe(404);
  });

  it("counts this session's requests in the key usage", async () => {
    const created = ApiKey.parse((await create(valid)).body);
    for (let i = 0; i < 3; i++) await t.call('GET', '/v2/accounts/api-keys', { key: created.key });
    const u = KeyUsageResponse.parse((await t.call('GET', `/v2/accounts/api-keys/${created.id}/usage?period=1d`)).body);
    expect(u.usage).toEqual({ reads: 3, writes: 0, executions: 0, totalRequests: 3 });
    expect(u.topEndpoints).toEqual([{ endpoint: '/v2/accounts/api-keys', method: 'GET', count: 3 }]);
  });

  it('rejects missing, invalid, revoked and expired keys with 401', async () => {
    for (const key of [null, 'gpu_live_AAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB', t.keys.revoked!, t.keys.expired!]) {
      const r = await t.call('GET', '/v2/accounts/api-keys', { key });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String), code: 401 });
    }
  });

  it('answers unknown routes, wrong methods and bad bodies in the account envelope', async () => {
    expect((await t.call('GET', '/v2/nothing')).body).toMatchObject({ error: 'NOT_FOUND' });
    const wrong = await t.call('PATCH', '/v2/accounts/api-keys');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, POST');
    expect(wrong.body.error).toBe('METHOD_NOT_ALLOWED');
    const json = await t.call('POST', '/v2/accounts/api-keys', { raw: '{"name": ' });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe('INVALID_JSON');
    const type = await t.call('POST', '/v2/accounts/api-keys', { raw: 'name=x', headers: { 'content-type': 'text/plain' } });
    expect(type.status).toBe(415);
    expect(type.body.error).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = await t.call('POST', '/v2/accounts/api-keys', { raw: JSON.stringify({ name: 'x'.repeat(1_100_000) }) });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers KEY_LIMIT_REACHED at the security setting max_api_keys', async () => {
    const snapshot = (await t.call('GET', '/_emulator/snapshot')).body;
    const active = snapshot.state.areas.accounts.keys.filter(
      (k: { status: string; expiresAt: number | null }) =>
        k.status === 'active' && (k.expiresAt === null || k.expiresAt > snapshot.clock.now),
    ).length;
    const set = await t.call('PUT', '/v2/accounts/settings/security', { body: { api_access: { max_api_keys: active + 1 } } });
    expect(set.status).toBe(200);
    expect(set.body.api_access.max_api_keys).toBe(active + 1);
    expect((await create(valid)).status).toBe(201);
    const r = await create(valid);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: 'KEY_LIMIT_REACHED', details: { maxApiKeys: active + 1, activeKeys: active + 1 } });
  });
});
