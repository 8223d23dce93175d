// "Test connection" (`profiles:test`) against a real emulator over HTTP, and the server time
// every answer carries (the emulator's simulated clock), through the bridge handlers.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCallResponse, BridgeResult, ProfileTestResult } from '../../../shared/ipc/contract';
import { dispatch, subscribeTopic } from '../../../shared/ipc/dispatch';
import { createEmulator, type Emulator } from '../../../main/emulator/index';
import { createServices, type Services } from '../../../main/services';
import { MemorySecretStore } from '../../../main/vault/memory-secret-store';

let dataDir: string;
let services: Services;
let remote: Emulator;
let baseUrl: string;
const received: unknown[] = [];

async function invoke<T>(channel: string, request: unknown): Promise<T> {
  const result = (await dispatch(services.handlers, channel, request)) as BridgeResult<T>;
  received.push(result);
  if (!result.ok) throw Object.assign(new Error(result.error.message), { normalized: result.error });
  return result.value;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gpc-profile-test-'));
  services = await createServices({ mode: 'web', dataDir, secretStore: new MemorySecretStore(), emulator: { seed: 5 } });
  remote = createEmulator({ seed: 3 });
  baseUrl = await remote.listen(0, '127.0.0.1');
});

afterAll(async () => {
  await services?.dispose();
  await remote?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('profiles:test', () => {
  it('accepts a good key with its latency and what the server says about the key', async () => {
    const result = await invoke<ProfileTestResult>('profiles:test', { baseUrl, apiKey: remote.ownerKey });
    expect(result).toMatchObject({ ok: true, status: 200, key: { id: expect.stringMatching(/^key_/) } });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(result.message).toMatch(/^Connected in [\d,]+ ms; the key is valid\.$/);
  });

  it('says a wrong key was refused (401), and a closed port that nothing answered', async () => {
    const refused = await invoke<ProfileTestResult>('profiles:test', { baseUrl, apiKey: 'sk_live_not_a_real_key_000000' });
    expect(refused).toMatchObject({ ok: false, status: 401, code: 'UNAUTHORIZED' });
    expect(refused.message).toMatch(/refused the key \(401/);

    const port = await closedPort();
    const unreachable = await invoke<ProfileTestResult>('profiles:test', { baseUrl: `http://127.0.0.1:${port}`, apiKey: remote.ownerKey });
    expect(unreachable).toMatchObject({ ok: false, status: 0, code: 'NETWORK_ERROR' });
    expect(unreachable.message).toContain(`Could not reach the server at http://127.0.0.1:${port}`);
    expect(unreachable.message).toContain('ECONNREFUSED');
  });

  it('tests a saved profile with its stored key (never sent back), or a new URL with that key', async () => {
    const port = await closedPort();
    const profile = await invoke<{ id: string }>('profiles:create', {
      name: 'Moved server',
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: remote.ownerKey,
    });
    expect(await invoke<ProfileTestResult>('profiles:test', { id: profile.id })).toMatchObject({ ok: false, code: 'NETWORK_ERROR' });
    // The user typed the new address but not the key again: the stored key goes with it.
    const moved = await invoke<ProfileTestResult>('profiles:test', { id: profile.id, baseUrl });
    expect(moved).toMatchObject({ ok: true, status: 200 });
    // Testing changes nothing: the profile still has its old address until it is saved.
    const saved = await invoke<{ profiles: Array<{ id: string; baseUrl: string | null }> }>('profiles:list', {});
    expect(saved.profiles.find((p) => p.id === profile.id)?.baseUrl).toBe(`http://127.0.0.1:${port}`);
    await invoke('profiles:update', { id: profile.id, baseUrl });
    expect(await invoke<ProfileTestResult>('profiles:test', { id: profile.id })).toMatchObject({ ok: true });
    expect(JSON.stringify(received)).not.toContain(remote.ownerKey);
  });

  it("reports no rate limits for a test or an admin call: they are not the active profile's API limits", async () => {
    const events: unknown[] = [];
    const sub = subscribeTopic(services.topics, 'gateway:rateLimit', {}, (e) => events.push(e));
    events.length = 0; // a subscriber first gets the last figures
    await invoke('profiles:test', { baseUrl, apiKey: remote.ownerKey });
    await invoke('emulator:clock', {});
    expect(events).toEqual([]);
    await invoke('api:call', { op: 'auth.verify', input: {} });
    expect(events).toHaveLength(1);
    if (sub.ok) sub.unsubscribe();
  });

  it('refuses a request with neither a profile nor a URL and key, and a URL carrying credentials', async () => {
    const bare = (await dispatch(services.handlers, 'profiles:test', { baseUrl })) as BridgeResult<unknown>;
    expect(!bare.ok && bare.error.source).toBe('invalid_request');
    const withCredentials = (await dispatch(services.handlers, 'profiles:test', {
      baseUrl: 'https://user:pw@api.example.com',
      apiKey: remote.ownerKey,
    })) as BridgeResult<unknown>;
    expect(!withCredentials.ok && withCredentials.error.code).toBe('PROFILE_URL_CREDENTIALS');
  });
});

describe('server time', () => {
  it("carries the emulator's simulated now with every answer, in-process and over HTTP", async () => {
    await invoke('profiles:activate', { id: 'local-emulator' });
    const before = await invoke<ApiCallResponse>('api:call', { op: 'auth.verify', input: {} });
    expect(before.serverTime).toEqual(expect.any(Number));
    const clock = await invoke<{ now: string }>('emulator:advanceClock', { seconds: 30 * 24 * 3600 });
    const after = await invoke<ApiCallResponse>('api:call', { op: 'auth.verify', input: {} });
    // The Date header has whole seconds; the clock moved 30 days.
    expect(after.serverTime! - before.serverTime!).toBeGreaterThanOrEqual(30 * 24 * 3600 * 1000 - 1000);
    expect(Math.abs(after.serverTime! - Date.parse(clock.now))).toBeLessThan(60_000);

    const headers = { authorization: `Bearer ${remote.ownerKey}` };
    await fetch(`${baseUrl}/_emulator/clock/advance`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 366 * 24 * 3600 }),
    });
    const sentAt = Date.now();
    const response = await fetch(`${baseUrl}/v2/auth/verify`, { headers });
    const remoteNow = ((await (await fetch(`${baseUrl}/_emulator/clock`, { headers })).json()) as { now: string }).now;
    const apart = Date.now() - sentAt;
    // A year ahead of this machine; the two answers are at most as far apart as the two requests
    // took (a loaded machine can hold them), plus the second the Date header rounds away.
    expect(Math.abs(Date.parse(response.headers.get('date')!) - Date.parse(remoteNow))).toBeLessThan(apart + 1_000);
    expect(Date.parse(response.headers.get('date')!) - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
    expect(response.headers.get('x-ratelimit-resource')).toBe('read');
  });
});
