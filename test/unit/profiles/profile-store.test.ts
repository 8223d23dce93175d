import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProfilesState } from '../../../shared/ipc/contract';
import { BridgeError } from '../../../shared/ipc/dispatch';
import { ProfilesFileError } from '../../../main/profiles/profile-file';
import { LOCAL_EMULATOR_ID, ProfileStore } from '../../../main/profiles/profile-store';
import { MemorySecretStore } from '../../../main/vault/memory-secret-store';

const KEY = 'sk_live_profile_secret_0123456789';

let dataDir: string;
let vault: MemorySecretStore;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gpc-profiles-'));
  vault = new MemorySecretStore();
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const open = () => ProfileStore.open({ dataDir, vault });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BridgeError) return error.normalized.code;
    throw error;
  }
  throw new Error('expected a BridgeError');
}

describe('ProfileStore', () => {
  it('starts with the built-in Local emulator profile, active, and writes the file', async () => {
    const store = await open();
    const state = store.state();
    expect(state.activeId).toBe(LOCAL_EMULATOR_ID);
    expect(state.profiles).toHaveLength(1);
    expect(state.profiles[0]).toMatchObject({
      id: 'local-emulator',
      name: 'Local emulator',
      kind: 'emulator',
      baseUrl: null,
      builtIn: true,
    });
    const file = JSON.parse(await readFile(store.path, 'utf8')) as { version: number; activeId: string };
    expect(file).toMatchObject({ version: 1, activeId: 'local-emulator' });
  });

  it('persists a remote profile without its key, which goes to the vault under profile:<id>', async () => {
    const store = await open();
    const created = await store.create({ name: 'Production', baseUrl: 'https://api.example.com', apiKey: KEY });
    expect(created).toMatchObject({ name: 'Production', kind: 'remote', baseUrl: 'https://api.example.com', builtIn: false, hasKey: true });
    expect(await vault.get(`profile:${created.id}`)).toBe(KEY);
    const text = await readFile(store.path, 'utf8');
    expect(text).toContain('Production');
    expect(text).not.toContain(KEY);

    const reopened = await open();
    expect(reopened.state().profiles.map((p) => p.name)).toEqual(['Local emulator', 'Production']);
    expect(reopened.get(created.id)?.hasKey).toBe(true);
  });

  it('activates, persists the choice, and emits every change', async () => {
    const store = await open();
    const seen: ProfilesState[] = [];
    store.onChange((s) => seen.push(s));
    const created = await store.create({ name: 'Staging', baseUrl: 'https://staging.example.com/api', apiKey: KEY });
    const state = await store.activate(created.id);
    expect(state.activeId).toBe(created.id);
    expect(store.active()).toMatchObject({ id: created.id, kind: 'remote', baseUrl: 'https://staging.example.com/api' });
    expect(seen.map((s) => s.activeId)).toEqual([LOCAL_EMULATOR_ID, created.id]);
    expect((await open()).state().activeId).toBe(created.id);
  });

  it('updates name, base URL and key of a remote profile', async () => {
    const store = await open();
    const created = await store.create({ name: 'Prod', baseUrl: 'https://a.example.com', apiKey: KEY });
    const updated = await store.update({
      id: created.id,
      name: 'Prod EU',
      baseUrl: 'https://eu.example.com',
      apiKey: 'sk_live_replacement_key',
    });
    expect(updated).toMatchObject({ name: 'Prod EU', baseUrl: 'https://eu.example.com' });
    expect(await vault.get(`profile:${created.id}`)).toBe('sk_live_replacement_key');
  });

  it('refuses to change or remove the built-in profile, duplicate names and unknown ids', async () => {
    const store = await open();
    expect(await codeOf(store.remove(LOCAL_EMULATOR_ID))).toBe('PROFILE_BUILT_IN');
    expect(await codeOf(store.update({ id: LOCAL_EMULATOR_ID, name: 'Renamed' }))).toBe('PROFILE_BUILT_IN');
    expect(await codeOf(store.create({ name: 'local EMULATOR', baseUrl: 'https://x.example.com', apiKey: KEY }))).toBe(
      'PROFILE_NAME_TAKEN',
    );
    expect(await codeOf(store.activate('p-missing'))).toBe('PROFILE_NOT_FOUND');
    expect(store.state().profiles).toHaveLength(1);
  });

  it('refuses base URLs that would put a secret in the file', async () => {
    const store = await open();
    expect(await codeOf(store.create({ name: 'Creds', baseUrl: 'https://user:sk_live_x@api.example.com', apiKey: KEY }))).toBe(
      'PROFILE_URL_CREDENTIALS',
    );
    expect(await codeOf(store.create({ name: 'Query', baseUrl: 'https://api.example.com/?api_key=sk_live_x', apiKey: KEY }))).toBe(
      'PROFILE_URL_QUERY',
    );
    const created = await store.create({ name: 'Fine', baseUrl: 'https://api.example.com', apiKey: KEY });
    expect(await codeOf(store.update({ id: created.id, baseUrl: 'https://a:b@api.example.com' }))).toBe('PROFILE_URL_CREDENTIALS');
    expect(await readFile(store.path, 'utf8')).not.toContain('sk_live_x');
  });

  it('removes a profile and its key; removing the active one activates the built-in', async () => {
    const store = await open();
    const created = await store.create({ name: 'Gone soon', baseUrl: 'https://x.example.com', apiKey: KEY });
    await store.activate(created.id);
    await store.remove(created.id);
    expect(store.state().activeId).toBe(LOCAL_EMULATOR_ID);
    expect(store.get(created.id)).toBeNull();
    expect(await vault.get(`profile:${created.id}`)).toBeNull();
    expect((await open()).state().profiles).toHaveLength(1);
  });

  it('fromKey aims a new profile where the active one is: the emulator, or the same base URL', async () => {
    const store = await open();
    const onEmulator = await store.fromKey({ name: 'Read-only key', apiKey: KEY });
    expect(onEmulator).toMatchObject({ kind: 'emulator', baseUrl: null, builtIn: false, hasKey: true });
    expect(store.state().activeId).toBe(LOCAL_EMULATOR_ID);
    expect(await codeOf(store.update({ id: onEmulator.id, baseUrl: 'https://x.example.com' }))).toBe('PROFILE_NO_BASE_URL');

    const remote = await store.create({ name: 'Remote', baseUrl: 'https://api.example.com', apiKey: KEY });
    await store.activate(remote.id);
    const sibling = await store.fromKey({ name: 'Remote CI key', apiKey: 'sk_live_ci_key_abcdef', activate: true });
    expect(sibling).toMatchObject({ kind: 'remote', baseUrl: 'https://api.example.com' });
    expect(store.state().activeId).toBe(sibling.id);
    expect(await vault.get(`profile:${sibling.id}`)).toBe('sk_live_ci_key_abcdef');
  });

  it('reports profiles whose key is gone from the vault', async () => {
    const store = await open();
    const created = await store.create({ name: 'Remote', baseUrl: 'https://api.example.com', apiKey: KEY });
    const fresh = new MemorySecretStore();
    const reopened = await ProfileStore.open({ dataDir, vault: fresh });
    expect(reopened.get(created.id)?.hasKey).toBe(false);
  });

  it('leaves memory, vault and file as they were when a write fails', async () => {
    const store = await ProfileStore.open({ dataDir, vault, newId: () => 'p-doomed' });
    // A folder where the file should be makes the final rename fail.
    await rm(store.path);
    await mkdir(store.path);
    await expect(store.create({ name: 'Doomed', baseUrl: 'https://x.example.com', apiKey: KEY })).rejects.toThrow();
    expect(store.state().profiles.map((p) => p.name)).toEqual(['Local emulator']);
    expect((await readdir(dataDir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(await vault.get('profile:p-doomed')).toBeNull();
  });

  it('writes atomically: only the final file remains, never a temporary one', async () => {
    const store = await open();
    for (let i = 0; i < 5; i++) await store.create({ name: `P${i}`, baseUrl: 'https://x.example.com', apiKey: KEY });
    expect((await readdir(dataDir)).sort()).toEqual(['profiles.json']);
  });
});

describe('a corrupt profiles file', () => {
  it('is reported clearly, kept as it was, and copied aside', async () => {
    const path = join(dataDir, 'profiles.json');
    await writeFile(path, '{"version":1,"activeId":');
    const error = await open().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProfilesFileError);
    const fileError = error as ProfilesFileError;
    expect(fileError.message).toContain('not valid JSON');
    expect(fileError.message).toContain(fileError.copyPath);
    expect(await readFile(path, 'utf8')).toBe('{"version":1,"activeId":');
    expect(await readFile(fileError.copyPath, 'utf8')).toBe('{"version":1,"activeId":');
  });

  it('that parses but does not validate is reported with the failing field', async () => {
    const path = join(dataDir, 'profiles.json');
    const content = JSON.stringify({
      version: 1,
      activeId: 'local-emulator',
      profiles: [{ id: 'BAD ID', name: 'x', kind: 'remote', baseUrl: null, createdAt: '' }],
    });
    await writeFile(path, content);
    const error = (await open().catch((e: unknown) => e)) as ProfilesFileError;
    expect(error).toBeInstanceOf(ProfilesFileError);
    expect(error.message).toContain('profiles.0.id');
    expect(await readFile(path, 'utf8')).toBe(content);
  });

  it('of an unknown version is not read as if it were ours', async () => {
    await writeFile(join(dataDir, 'profiles.json'), JSON.stringify({ version: 2, activeId: 'local-emulator', profiles: [] }));
    await expect(open()).rejects.toBeInstanceOf(ProfilesFileError);
  });
});
