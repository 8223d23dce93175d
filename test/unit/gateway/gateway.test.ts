import { describe, expect, it } from 'vitest';
import type { ApiKey, KeyUsageResponse } from '../../../shared/api/accounts/api-keys';
import { createGateway, type GatewayOptions, type RateLimitEvent } from '../../../main/gateway/gateway';
import type { ResolvedProfile } from '../../../main/profiles/profile-store';
import { MemorySecretStore } from '../../../main/vault/memory-secret-store';
import { fakeFetch, json, type Answer } from './fake-fetch';
import { failure } from '../../support/failure';

const OWNER_KEY = 'sk_live_owner_key_0123456789abcdef';
const REMOTE_KEY = 'sk_live_remote_key_0123456789abcdef';
const emulatorProfile: ResolvedProfile = { id: 'local-emulator', name: 'Local emulator', kind: 'emulator', baseUrl: null, builtIn: true };
const remoteProfile: ResolvedProfile = {
  id: 'p-remote',
  name: 'Prod',
  kind: 'remote',
  baseUrl: 'https://api.example.com/base/',
  builtIn: false,
};

async function setup(answers: Answer[], overrides: Partial<GatewayOptions> & { profile?: ResolvedProfile } = {}) {
  const vault = new MemorySecretStore();
  await vault.set('emulator-owner-key', OWNER_KEY);
  await vault.set('profile:p-remote', REMOTE_KEY);
  const emulator = fakeFetch(answers);
  const remote = fakeFetch(answers);
  const profile = overrides.profile ?? emulatorProfile;
  const gateway = createGateway({
    profiles: { active: () => profile },
    vault,
    emulatorFetch: emulator.fetch,
    remoteFetch: remote.fetch,
    retry: { delayMs: () => 0 },
    ...overrides,
  });
  return { gateway, emulator, remote, vault };
}

const keyList = { apiKeys: [], total: 0 };
const created = { id: 'key_new1', name: 'ci', key: 'sk_test_new' };
// Bodies a remote server must send in full: the gateway checks them against the operations' schemas.
const apiKey: ApiKey = {
  id: 'key_new1',
  name: 'ci',
  prefix: 'sk_test_new',
  key: 'sk_test_new0123456789',
  permissions: ['read'],
  scopes: ['accounts'],
  lastUsed: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: null,
  status: 'active',
  usageCount: 0,
  rateLimit: { reads: 1000, writes: 100, executions: 10 },
};
const usage: KeyUsageResponse = {
  keyId: 'key_a1',
  period: '1d',
  granularity: 'hour',
  usage: { reads: 1, writes: 0, executions: 0, totalRequests: 1 },
  timeline: [],
  topEndpoints: [],
};

describe('gateway: success', () => {
  it('sends to the emulator in-process with the owner key and returns status, rate limit and body', async () => {
    const { gateway, emulator } = await setup([json(200, keyList)]);
    const events: RateLimitEvent[] = [];
    gateway.onRateLimit((e) => events.push(e));
    const response = await gateway.call('apiKeys.list', {});
    expect(response).toEqual({ status: 200, data: keyList, rateLimit: { limit: 500, remaining: 497, reset: 1767225600, window: 3600 } });
    expect(emulator.calls).toEqual([
      { method: 'GET', url: 'http://emulator.local/v2/accounts/api-keys', authorization: `Bearer ${OWNER_KEY}`, body: '' },
    ]);
    expect(events).toEqual([{ limit: 500, remaining: 497, reset: 1767225600, window: 3600, profileId: 'local-emulator' }]);
    expect(gateway.lastRateLimit()?.remaining).toBe(497);
  });

  it('sends remote profiles to their base URL with their own key, with query and JSON body', async () => {
    const { gateway, remote, emulator } = await setup([json(200, usage), json(201, apiKey)], { profile: remoteProfile });
    await gateway.call('apiKeys.usage', { params: { key_id: 'key_a1' }, query: { period: '1d', granularity: 'hour' } });
    await gateway.call('apiKeys.create', { body: { name: 'ci', permissions: ['read'], scopes: ['accounts'] } });
    expect(emulator.calls).toHaveLength(0);
    expect(remote.calls[0]).toMatchObject({
      method: 'GET',
      url: 'https://api.example.com/base/v2/accounts/api-keys/key_a1/usage?period=1d&granularity=hour',
      authorization: `Bearer ${REMOTE_KEY}`,
    });
    expect(remote.calls[1]).toMatchObject({ method: 'POST', url: 'https://api.example.com/base/v2/accounts/api-keys' });
    expect(JSON.parse(remote.calls[1]?.body ?? '')).toEqual({ name: 'ci', permissions: ['read'], scopes: ['accounts'] });
  });
});

describe('gateway: answers of remote servers', () => {
  const remoteSetup = (answers: Answer[]) => setup(answers, { profile: remoteProfile });
  const withBadKey = { apiKeys: [{ ...apiKey, createdAt: 12 }], total: 1 };

  it("passes a body that matches the operation's response schema on as it came", async () => {
    const { gateway } = await remoteSetup([json(200, { apiKeys: [apiKey], total: 1 })]);
    expect((await gateway.call('apiKeys.list', {})).data).toEqual({ apiKeys: [apiKey], total: 1 });
  });

  it('turns a body that does not match into a clear error naming the base URL and the first issue', async () => {
    const { gateway } = await remoteSetup([json(200, withBadKey)]);
    const error = await failure(gateway.call('apiKeys.list', {}));
    expect(error).toMatchObject({ status: 200, code: 'INVALID_RESPONSE', source: 'invalid_response' });
    expect(error.message).toBe(
      'The server at https://api.example.com/base answered with a body this console does not understand: apiKeys[0].createdAt should be text but is 12.',
    );
    expect(error.details).toEqual({
      operation: 'apiKeys.list',
      issues: [{ path: 'apiKeys[0].createdAt', message: 'apiKeys[0].createdAt should be text but is 12' }],
    });
  });

  it('says which field is missing, and when a body is not JSON at all', async () => {
    const missing = await remoteSetup([json(200, { total: 0 })]);
    expect((await failure(missing.gateway.call('apiKeys.list', {}))).message).toMatch(/does not understand: apiKeys is missing\.$/);
    const html = await remoteSetup([new Response('<html>login</html>', { status: 200, headers: { 'content-type': 'text/html' } })]);
    expect(await failure(html.gateway.call('apiKeys.list', {}))).toMatchObject({
      code: 'INVALID_RESPONSE',
      message: expect.stringMatching(/^The server at https:\/\/api\.example\.com\/base answered with .*: it is not JSON\.$/),
    });
  });

  it('trusts the embedded emulator: its bodies are not checked', async () => {
    const { gateway } = await setup([json(200, withBadKey)]);
    expect((await gateway.call('apiKeys.list', {})).data).toEqual(withBadKey);
  });

  it('normalises a documented error envelope from a remote as usual', async () => {
    const { gateway } = await remoteSetup([
      json(404, { success: false, error: { code: 'CLUSTER_NOT_FOUND', message: 'No cluster', details: { cluster_id: 'cluster_x' } } }),
    ]);
    expect(await failure(gateway.call('clusters.get', { params: { cluster_id: 'cluster_x' } }))).toMatchObject({
      status: 404,
      code: 'CLUSTER_NOT_FOUND',
      source: 'cluster',
    });
  });

  it('turns an error body in neither envelope into a clear error that keeps the status', async () => {
    const proxy = await remoteSetup([
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html', 'retry-after': '30' } }),
    ]);
    expect(await failure(proxy.gateway.call('apiKeys.list', {}))).toMatchObject({
      status: 502,
      code: 'INVALID_RESPONSE',
      source: 'invalid_response',
      retryAfter: 30,
      message: 'The server at https://api.example.com/base answered 502 with a body this console does not understand: it is not JSON.',
    });
    const odd = await remoteSetup([json(500, { oops: true })]);
    expect((await failure(odd.gateway.call('apiKeys.list', {}))).message).toMatch(
      /^The server at https:\/\/api\.example\.com\/base answered 500 with a body .*: it is neither of the documented error envelopes/,
    );
  });
});

describe('gateway: emulator admin operations', () => {
  it('sends them to the embedded emulator with the owner key, through admin() only', async () => {
    const { gateway, emulator } = await setup([json(200, { now: '2026-01-01T00:00:00.000Z' })]);
    await gateway.admin('emulator.clockAdvance', { body: { seconds: 60 } });
    expect(emulator.calls[0]).toMatchObject({
      method: 'POST',
      url: 'http://emulator.local/_emulator/clock/advance',
      authorization: `Bearer ${OWNER_KEY}`,
    });
  });

  it('refuses them on the generic API call, before anything is sent', async () => {
    const { gateway, emulator } = await setup([json(200, {})]);
    for (const op of ['emulator.clockAdvance', 'emulator.reset', 'emulator.snapshotImport', 'emulator.chaosSet']) {
      const error = await failure(gateway.call(op, { body: { seconds: 60 } }));
      expect(error).toMatchObject({ code: 'INVALID_REQUEST', message: `Unknown operation "${op}"` });
    }
    expect(emulator.calls).toHaveLength(0);
  });

  it("validates their input with the admin route's schema", async () => {
    const { gateway, emulator } = await setup([json(200, {})]);
    const error = await failure(gateway.admin('emulator.clockAdvance', { body: { seconds: -5 } }));
    expect(error).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(emulator.calls).toHaveLength(0);
  });

  it('never sends them to a remote profile', async () => {
    const { gateway, remote } = await setup([json(200, {})], { profile: remoteProfile });
    const error = await failure(gateway.admin('emulator.reset', {}));
    expect(error).toMatchObject({ code: 'EMULATOR_ONLY', source: 'profile' });
    expect(remote.calls).toHaveLength(0);
  });
});

describe('gateway: errors', () => {
  it('normalises the account envelope', async () => {
    const { gateway } = await setup([json(404, { error: 'KEY_NOT_FOUND', message: 'No key key_x', details: { keyId: 'key_x' } })]);
    const error = await failure(gateway.call('apiKeys.revoke', { params: { key_id: 'key_x' } }));
    expect(error).toMatchObject({ status: 404, code: 'KEY_NOT_FOUND', source: 'account', details: { keyId: 'key_x' } });
  });

  it('normalises the cluster envelope', async () => {
    const { gateway } = await setup([
      json(409, {
        success: false,
        error: { code: 'INVALID_STATE', message: 'Cluster is stopping', details: { phase: 'stopping' } },
        meta: { request_id: 'req_1' },
      }),
    ]);
    const error = await failure(gateway.call('apiKeys.list', {}));
    expect(error).toMatchObject({
      status: 409,
      code: 'INVALID_STATE',
      source: 'cluster',
      requestId: 'req_1',
      details: { phase: 'stopping' },
    });
  });

  it('reports the rate limit of error responses too', async () => {
    const { gateway } = await setup([json(403, { error: 'INSUFFICIENT_PERMISSIONS', message: 'no', code: 403 })]);
    const events: RateLimitEvent[] = [];
    gateway.onRateLimit((e) => events.push(e));
    await failure(gateway.call('apiKeys.list', {}));
    expect(events).toHaveLength(1);
  });

  it('reads a bare status without an envelope, and a broken JSON body, as errors of their own', async () => {
    const { gateway } = await setup([new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })]);
    expect(await failure(gateway.call('apiKeys.list', {}))).toMatchObject({ status: 502, code: 'HTTP_502' });
    const broken = await setup([new Response('{"apiKeys": [', { status: 200, headers: { 'content-type': 'application/json' } })]);
    expect(await failure(broken.gateway.call('apiKeys.list', {}))).toMatchObject({
      status: 200,
      code: 'INVALID_RESPONSE',
      message: expect.stringMatching(/^The local emulator answered 200/),
    });
  });

  it('rejects invalid input before sending anything', async () => {
    const { gateway, emulator } = await setup([json(200, {})]);
    const error = await failure(gateway.call('apiKeys.create', { body: { name: '', permissions: ['fly'], scopes: [] } }));
    expect(error.source).toBe('invalid_request');
    expect((error.details.issues as unknown[]).length).toBeGreaterThanOrEqual(3);
    expect(emulator.calls).toHaveLength(0);
  });

  it('says plainly when a profile has no key', async () => {
    const { gateway, vault } = await setup([json(200, {})], { profile: remoteProfile });
    await vault.delete('profile:p-remote');
    const error = await failure(gateway.call('apiKeys.list', {}));
    expect(error).toMatchObject({ source: 'profile', code: 'PROFILE_KEY_MISSING' });
  });
});

describe('gateway: retries', () => {
  const limited = (retryAfter: string) =>
    json(
      429,
      { error: 'RATE_LIMIT_EXCEEDED', message: 'Slow down', code: 429, details: { limit: 10, period: '1h' } },
      { 'retry-after': retryAfter },
    );

  it('retries a POST refused with 429 and a short Retry-After', async () => {
    const { gateway, emulator } = await setup([limited('0'), json(201, created)]);
    const response = await gateway.call('apiKeys.create', { body: { name: 'ci', permissions: ['read'], scopes: ['accounts'] } });
    expect(response.status).toBe(201);
    expect(emulator.calls.map((c) => c.method)).toEqual(['POST', 'POST']);
  });

  it('does not wait out a long Retry-After: the 429 is returned with it', async () => {
    const { gateway, emulator } = await setup([limited('3600'), json(200, keyList)]);
    const error = await failure(gateway.call('apiKeys.list', {}));
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMIT_EXCEEDED', retryAfter: 3600 });
    expect(emulator.calls).toHaveLength(1);
  });

  it('bounds the number of retries', async () => {
    const { gateway, emulator } = await setup([limited('0')], { retry: { limit: 2, delayMs: () => 0 } });
    const error = await failure(gateway.call('apiKeys.list', {}));
    expect(error.status).toBe(429);
    expect(emulator.calls).toHaveLength(3);
  });

  it('retries GET, PUT and DELETE on network errors', async () => {
    for (const [op, input] of [
      ['apiKeys.list', {}],
      ['apiKeys.update', { params: { key_id: 'key_a1' }, body: { name: 'x' } }],
      ['apiKeys.revoke', { params: { key_id: 'key_a1' } }],
    ] as const) {
      const { gateway, emulator } = await setup([new TypeError('fetch failed'), json(200, {})]);
      expect((await gateway.call(op, input)).status).toBe(200);
      expect(emulator.calls).toHaveLength(2);
    }
  });

  it('never retries a POST after a network error, and never leaks the key in the message', async () => {
    const { gateway, remote } = await setup([new TypeError('fetch failed'), json(201, created)], { profile: remoteProfile });
    const error = await failure(gateway.call('apiKeys.rotate', { params: { key_id: 'key_a1' } }));
    expect(error).toMatchObject({ status: 0, source: 'network', code: 'NETWORK_ERROR' });
    expect(error.message).toContain('https://api.example.com');
    expect(JSON.stringify(error)).not.toContain(REMOTE_KEY);
    expect(remote.calls).toHaveLength(1);
  });

  it('does not retry server errors', async () => {
    const { gateway, emulator } = await setup([json(500, { error: 'INTERNAL_ERROR', message: 'boom' }), json(200, keyList)]);
    const error = await failure(gateway.call('apiKeys.list', {}));
    expect(error.code).toBe('INTERNAL_ERROR');
    expect(emulator.calls).toHaveLength(1);
  });
});

describe('gateway: timeouts and cancellation', () => {
  it('times out a call that gets no answer', async () => {
    const { gateway } = await setup(['hang'], { timeoutMs: 20 });
    const error = await failure(gateway.call('apiKeys.list', {}));
    expect(error).toMatchObject({ status: 0, source: 'timeout', code: 'TIMEOUT' });
    expect(error.message).toContain('the local emulator');
    expect(JSON.stringify(error)).not.toContain(OWNER_KEY);
  });

  it('gives a call the server holds on purpose (wait_for_completion) its timeout_minutes on top', async () => {
    const later = () =>
      new Promise<Response>((resolve) => setTimeout(() => resolve(json(200, { success: true, data: {}, meta: {} })), 100));
    const stop = (wait: boolean) => ({ params: { cluster_id: 'cluster_a1' }, body: { wait_for_completion: wait, timeout_minutes: 1 } });
    const held = await setup([later], { timeoutMs: 20 });
    expect((await held.gateway.call('clusters.stop', stop(true))).status).toBe(200);
    const plain = await setup([later], { timeoutMs: 20 });
    expect(await failure(plain.gateway.call('clusters.stop', stop(false)))).toMatchObject({ code: 'TIMEOUT' });
  });

  it('cancels a call by its id', async () => {
    const { gateway, emulator } = await setup(['hang']);
    const pending = failure(gateway.call('apiKeys.list', {}, { callId: 'c1' }));
    while (emulator.calls.length === 0) await new Promise((r) => setTimeout(r, 1));
    expect(gateway.cancel('c1')).toBe(true);
    expect(await pending).toMatchObject({ status: 0, source: 'cancelled', code: 'CANCELLED' });
    expect(gateway.cancel('c1')).toBe(false);
  });

  it('cancels through a caller signal', async () => {
    const { gateway } = await setup(['hang']);
    const controller = new AbortController();
    const pending = failure(gateway.call('apiKeys.list', {}, { signal: controller.signal }));
    controller.abort();
    expect((await pending).source).toBe('cancelled');
  });

  it('refuses a second call with an id already running', async () => {
    const { gateway } = await setup(['hang']);
    const first = failure(gateway.call('apiKeys.list', {}, { callId: 'dup' }));
    const second = await failure(gateway.call('apiKeys.list', {}, { callId: 'dup' }));
    expect(second.source).toBe('invalid_request');
    gateway.cancelAll();
    expect((await first).source).toBe('cancelled');
  });
});
