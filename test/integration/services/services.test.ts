// The services end to end with the real embedded emulator: every call goes through the
// bridge handlers exactly as the renderer's would (dispatch validates, handlers run).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCallResponse, ProfilesState } from '../../../shared/ipc/contract';
import { dispatch, subscribeTopic } from '../../../shared/ipc/dispatch';
import type { BridgeResult } from '../../../shared/ipc/contract';
import { createEmulator } from '../../../main/emulator/index';
import { createServices, type Services } from '../../../main/services';
import { MemorySecretStore } from '../../../main/vault/memory-secret-store';

let dataDir: string;
let services: Services;
let vault: MemorySecretStore;
/** Everything the renderer received, to check no owner key ever reached it. */
const received: unknown[] = [];

async function invoke<T>(channel: string, request: unknown): Promise<T> {
  const result = (await dispatch(services.handlers, channel, request)) as BridgeResult<T>;
  received.push(result);
  if (!result.ok) throw Object.assign(new Error(result.error.message), { normalized: result.error });
  return result.value;
}

async function call<T>(op: string, input: Record<string, unknown> = {}): Promise<T> {
  const response = await invoke<ApiCallResponse>('api:call', { op, input });
  return response.data as T;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gpc-services-'));
  vault = new MemorySecretStore();
  services = await createServices({ mode: 'web', dataDir, secretStore: vault, emulator: { seed: 7 } });
});

afterAll(async () => {
  await services?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('services with the embedded emulator', () => {
  it('creates the local emulator owner key on first run and keeps it in the vault', async () => {
    const owner = await vault.get('emulator-owner-key');
    expect(owner).toBe(services.emulator.ownerKey);
    const info = await invoke<{ mode: string; vault: { backend: string } }>('app:info', {});
    expect(info).toMatchObject({ mode: 'web', vault: { backend: 'memory' } });
    const profiles = await invoke<ProfilesState>('profiles:list', {});
    expect(profiles.activeId).toBe('local-emulator');
    expect(profiles.profiles[0]).toMatchObject({ name: 'Local emulator', hasKey: true });
  });

  it('creates, lists, rotates and revokes a key through the handlers', async () => {
    const rateLimits: unknown[] = [];
    const sub = subscribeTopic(services.topics, 'gateway:rateLimit', {}, (e) => rateLimits.push(e));
    const created = await call<{ id: string; key: string; status: string }>('apiKeys.create', {
      body: { name: 'integration key', permissions: ['read', 'write'], scopes: ['accounts'] },
    });
    expect(created.id).toMatch(/^key_/);
    expect(created.key.length).toBeGreaterThan(8);
    expect(created.status).toBe('active');

    const list = await call<{ apiKeys: { id: string; key?: string }[]; total: number }>('apiKeys.list');
    const listed = list.apiKeys.find((k) => k.id === created.id);
    expect(listed).toBeDefined();
    expect(listed?.key).toBeUndefined();

    const rotated = await call<{ id: string; key: string; oldKeyRevoked: boolean }>('apiKeys.rotate', { params: { key_id: created.id } });
    expect(rotated.id).toBe(created.id);
    expect(rotated.key).not.toBe(created.key);

    const revoked = await call<{ status: string }>('apiKeys.revoke', { params: { key_id: created.id } });
    expect(revoked.status).toBe('revoked');
    expect(rateLimits.length).toBeGreaterThanOrEqual(4);
    expect(rateLimits.at(-1)).toMatchObject({ profileId: 'local-emulator' });
    if (sub.ok) sub.unsubscribe();
  });

  it('answers API errors as NormalizedErrors and invalid input before sending', async () => {
    const missing = (await dispatch(services.handlers, 'api:call', {
      op: 'apiKeys.revoke',
      input: { params: { key_id: 'key_doesnotexist' } },
    })) as BridgeResult<unknown>;
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error).toMatchObject({ status: 404, code: 'KEY_NOT_FOUND', source: 'account' });
    const invalid = (await dispatch(services.handlers, 'api:call', {
      op: 'apiKeys.create',
      input: { body: { name: 'x', permissions: ['fly'], scopes: ['accounts'] } },
    })) as BridgeResult<unknown>;
    expect(!invalid.ok && invalid.error.source).toBe('invalid_request');
  });

  it('uses a created key as a profile: fromKey, activate, then calls carry that key', async () => {
    const changes: ProfilesState[] = [];
    const sub = subscribeTopic(services.topics, 'profiles:changed', {}, (e) => changes.push(e as ProfilesState));
    const created = await call<{ id: string; key: string }>('apiKeys.create', {
      body: { name: 'read only', permissions: ['read'], scopes: ['accounts'] },
    });
    const profile = await invoke<{ id: string; kind: string }>('profiles:fromKey', { name: 'Read-only key', apiKey: created.key });
    expect(profile.kind).toBe('emulator');
    await invoke('profiles:activate', { id: profile.id });
    expect(changes.at(-1)?.activeId).toBe(profile.id);

    const verified = await call<{ valid: boolean; key_id: string }>('auth.verify');
    expect(verified).toMatchObject({ valid: true, key_id: created.id });
    // A read key may not create keys (01-accounts.md, Authentication 7).
    const refused = (await dispatch(services.handlers, 'api:call', {
      op: 'apiKeys.create',
      input: { body: { name: 'nope', permissions: ['read'], scopes: ['accounts'] } },
    })) as BridgeResult<unknown>;
    expect(!refused.ok && refused.error.status).toBe(403);

    await invoke('profiles:activate', { id: 'local-emulator' });
    const owner = await call<{ key_id: string }>('auth.verify');
    expect(owner.key_id).not.toBe(created.id);
    const file = await readFile(join(dataDir, 'profiles.json'), 'utf8');
    expect(file).not.toContain(created.key);
    if (sub.ok) sub.unsubscribe();
  });

  it('refuses user errors with clear messages', async () => {
    const removed = (await dispatch(services.handlers, 'profiles:remove', { id: 'local-emulator' })) as BridgeResult<unknown>;
    expect(!removed.ok && removed.error.message).toMatch(/cannot be removed/);
    const opened = await invoke<{ opened: boolean }>('shell:openExternal', { url: 'https://example.com' });
    expect(opened.opened).toBe(false);
    expect((await invoke<{ opened: boolean }>('windows:open', { route: '/logs' })).opened).toBe(false);
  });

  it('checks what a remote server answers: a real one (the CLI emulator over HTTP) passes every read', async () => {
    const server = createEmulator({ seed: 3 });
    try {
      const baseUrl = await server.listen(0, '127.0.0.1');
      const profile = await invoke<{ id: string }>('profiles:create', { name: 'Emulator over HTTP', baseUrl, apiKey: server.ownerKey });
      await invoke('profiles:activate', { id: profile.id });
      const clusters = await call<{ data: { clusters: { id: string }[] } }>('clusters.list');
      const clusterId = clusters.data.clusters[0]!.id;
      const templates = await call<{ data: { templates: { id: string }[] } }>('clusters.templates.list');
      const keys = await call<{ apiKeys: { id: string }[] }>('apiKeys.list');
      // Each answer went through the operation's response schema on its way.
      for (const [op, input] of [
        ['clusters.get', { params: { cluster_id: clusterId } }],
        ['clusters.proxy.get', { params: { cluster_id: clusterId } }],
        ['clusters.secrets.list', { params: { cluster_id: clusterId } }],
        ['clusters.templates.get', { params: { template_id: templates.data.templates[0]!.id } }],
        ['apiKeys.usage', { params: { key_id: keys.apiKeys[0]!.id } }],
        ['auth.rateLimits', {}],
        ['auth.verify', {}],
      ] as const) {
        expect(await call(op, input), op).toBeTruthy();
      }
    } finally {
      await invoke('profiles:activate', { id: 'local-emulator' });
      await server.close();
    }
  });

  it('runs the emulator admin actions on their own channels, and only there', async () => {
    const before = await invoke<{ now: string; offsetSeconds: number }>('emulator:clock', {});
    const after = await invoke<{ now: string; offsetSeconds: number }>('emulator:advanceClock', { seconds: 3600 });
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(3_600_000);
    expect(await invoke('emulator:setClockSpeed', { speed: 60 })).toMatchObject({ speed: 60, offsetSeconds: after.offsetSeconds });
    expect(await invoke('emulator:setClockSpeed', { speed: 1 })).toMatchObject({ speed: 1 });
    expect(await invoke('emulator:health', {})).toMatchObject({ status: 'ok', seed: 7 });
    expect((await invoke<{ entries: unknown[] }>('emulator:journal', { limit: 5 })).entries.length).toBeLessThanOrEqual(5);
    const chaos = await invoke<{ rules: unknown[] }>('emulator:setChaos', { rules: [{ route: '/v1/clusters/*', latencyMs: 1 }] });
    expect(chaos.rules).toHaveLength(1);
    expect(await invoke('emulator:setChaos', { rules: [] })).toMatchObject({ rules: [] });
    const snapshot = await invoke<{ format: string }>('emulator:exportSnapshot', {});
    expect(snapshot.format).toBe('gpu-operator-console/emulator-snapshot');
    expect(await invoke('emulator:importSnapshot', snapshot)).toMatchObject({ message: expect.any(String) });

    // The generic API channel does not reach them, whatever the spelling.
    for (const op of ['emulator.clockAdvance', 'emulator.reset', 'emulator.snapshotImport', 'emulator.chaosSet', 'emulator.health']) {
      const refused = (await dispatch(services.handlers, 'api:call', { op, input: { body: { seconds: 60 } } })) as BridgeResult<unknown>;
      expect(refused, op).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST', message: `Unknown operation "${op}"` } });
    }
    // Their input is the channel's schema: nothing unchecked reaches the emulator.
    const bad = (await dispatch(services.handlers, 'emulator:advanceClock', { seconds: 'soon' })) as BridgeResult<unknown>;
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
  });

  it('refuses the emulator admin channels while a remote profile is active', async () => {
    const server = createEmulator({ seed: 3 });
    try {
      const baseUrl = await server.listen(0, '127.0.0.1');
      const profile = await invoke<{ id: string }>('profiles:create', { name: 'Remote for admin', baseUrl, apiKey: server.ownerKey });
      await invoke('profiles:activate', { id: profile.id });
      const inputs = { 'emulator:reset': {}, 'emulator:advanceClock': { seconds: 60 }, 'emulator:setClockSpeed': { speed: 60 } };
      for (const [channel, input] of Object.entries(inputs)) {
        const refused = (await dispatch(services.handlers, channel, input)) as BridgeResult<unknown>;
        expect(refused, channel).toMatchObject({ ok: false, error: { code: 'EMULATOR_ONLY', source: 'profile' } });
      }
      // Nothing reached the remote server (its journal lists every request but its own).
      const journal = await server.fetch(
        new Request(`${baseUrl}/_emulator/journal`, { headers: { authorization: `Bearer ${server.ownerKey}` } }),
      );
      const paths = ((await journal.json()) as { entries: { path: string }[] }).entries.map((e) => e.path);
      expect(paths.filter((p) => p.startsWith('/_emulator/') && p !== '/_emulator/journal')).toEqual([]);
    } finally {
      await invoke('profiles:activate', { id: 'local-emulator' });
      await server.close();
    }
  });

  it('never hands the owner key to the renderer', () => {
    expect(JSON.stringify(received)).not.toContain(services.emulator.ownerKey);
  });
});
