// profiles:usingKeys over the real bridge handlers and the embedded emulator: which saved
// profiles hold a listed key, told by prefix, for the server the active profile talks to —
// and never a key value, nor an answer to a prefix the list did not give.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCallResponse, BridgeResult, KeyUses } from '../../../shared/ipc/contract';
import { dispatch } from '../../../shared/ipc/dispatch';
import { createServices, type Services } from '../../../main/services';
import { MemorySecretStore } from '../../../main/vault/memory-secret-store';

let dataDir: string;
let services: Services;
const received: string[] = [];
/** Every key value created here, and the prefixes of the list. */
const values: string[] = [];
let listed: string[] = [];

async function send<T>(channel: string, request: unknown): Promise<BridgeResult<T>> {
  const result = (await dispatch(services.handlers, channel, request)) as BridgeResult<T>;
  received.push(JSON.stringify(result));
  return result;
}

async function invoke<T>(channel: string, request: unknown): Promise<T> {
  const result = await send<T>(channel, request);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function createKey(name: string): Promise<{ id: string; prefix: string; key: string }> {
  const response = await invoke<ApiCallResponse>('api:call', {
    op: 'apiKeys.create',
    input: { body: { name, permissions: ['read'], scopes: ['accounts'] } },
  });
  const created = response.data as { id: string; prefix: string; key: string };
  values.push(created.key);
  return created;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gpc-using-keys-'));
  services = await createServices({ mode: 'web', dataDir, secretStore: new MemorySecretStore(), emulator: { seed: 5 } });
});

afterAll(async () => {
  await services?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('profiles:usingKeys', () => {
  it('names the profiles holding each listed key on this server, and the owner key’s built-in profile', async () => {
    const staging = await createKey('staging');
    const unused = await createKey('unused');
    await invoke('profiles:fromKey', { name: 'Staging', apiKey: staging.key });
    // Same key value, but a profile of another server: key ids and prefixes are per server.
    await invoke('profiles:create', { name: 'Elsewhere', baseUrl: 'https://gpu.example.com', apiKey: staging.key });

    const list = (await invoke<ApiCallResponse>('api:call', { op: 'apiKeys.list', input: {} })).data as {
      apiKeys: Array<{ name: string; prefix: string }>;
    };
    const owner = list.apiKeys.find((k) => k.name === 'Owner key (emulator)')!;
    listed = list.apiKeys.map((k) => k.prefix);
    const answer = await invoke<KeyUses>('profiles:usingKeys', { prefixes: listed });

    const byPrefix = new Map(answer.uses.map((u) => [u.prefix, u.profiles]));
    expect(byPrefix.get(staging.prefix)?.map((p) => p.name)).toEqual(['Staging']);
    expect(byPrefix.get(owner.prefix)).toEqual([{ id: 'local-emulator', name: 'Local emulator', builtIn: true }]);
    expect(byPrefix.has(unused.prefix)).toBe(false);
    expect(answer.uses).toHaveLength(2);
  });

  it('answers for the active profile’s server only', async () => {
    const state = await invoke<{ profiles: Array<{ id: string; name: string }> }>('profiles:list', {});
    const elsewhere = state.profiles.find((p) => p.name === 'Elsewhere')!;
    const staging = state.profiles.find((p) => p.name === 'Staging')!;
    await invoke('profiles:activate', { id: elsewhere.id });
    try {
      const answer = await invoke<KeyUses>('profiles:usingKeys', { prefixes: listed });
      // Only "Elsewhere" is aimed at https://gpu.example.com: Staging and the built-in are not.
      expect(answer.uses.flatMap((u) => u.profiles.map((p) => p.name))).toEqual(['Elsewhere']);
      expect(answer.uses.flatMap((u) => u.profiles.map((p) => p.id))).not.toContain(staging.id);
    } finally {
      await invoke('profiles:activate', { id: 'local-emulator' });
    }
  });

  it('confirms only a whole prefix: a part of a value matches nothing', async () => {
    const probe = await createKey('probe');
    await invoke('profiles:fromKey', { name: 'Probe', apiKey: probe.key });
    const parts = ['gpu_', 'gpu_live_', probe.prefix.slice(0, -2) + '_', `${probe.prefix}${probe.key.slice(probe.prefix.length, -1)}_`];
    const answer = await invoke<KeyUses>('profiles:usingKeys', { prefixes: parts });
    expect(answer.uses).toEqual([]);
    expect((await invoke<KeyUses>('profiles:usingKeys', { prefixes: [probe.prefix] })).uses).toHaveLength(1);
  });

  it('validates the request: prefixes end with an underscore, at least one', async () => {
    for (const request of [{ prefixes: [] }, { prefixes: ['no-underscore'] }, { prefixes: ['gpu_live_ x_'] }, { prefix: 'gpu_' }, {}]) {
      const result = await send('profiles:usingKeys', request);
      expect(result.ok).toBe(false);
    }
  });

  it('never sends a key value in its answers', () => {
    const answers = received.filter((text) => text.includes('"uses"'));
    expect(answers.length).toBeGreaterThanOrEqual(4);
    for (const text of answers) {
      for (const value of [services.emulator.ownerKey, ...values]) expect(text).not.toContain(value);
      expect(text).not.toMatch(/gpu_live_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}/);
    }
  });
});
