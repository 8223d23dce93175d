// Connection profiles: the built-in local emulator and any number of others, persisted
// without secrets in <dataDir>/profiles.json; each non-built-in profile's key is kept in
// the vault. Mutations run one at a time so the file, the vault and memory agree.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Profile, ProfilesState } from '../../shared/ipc/contract';
import type { SecretStore } from '../vault/secret-store';
import { profileKeyAccount } from './key-accounts';
import { serverOf, valuePrefix, type KeyUse } from './key-use';
import { keychainError, profileError } from './profile-errors';
import { PROFILES_FILE_NAME, PROFILES_FILE_VERSION, readProfilesFile, writeProfilesFile, type StoredProfile } from './profile-file';

/** @internal Exported for its tests only. */
export const LOCAL_EMULATOR_ID = 'local-emulator';
const LOCAL_EMULATOR_NAME = 'Local emulator';
/** Bounds the file and the UI's list; far above what an operator keeps. */
const MAX_PROFILES = 100;

interface ProfileStoreOptions {
  dataDir: string;
  vault: SecretStore;
  now?: () => Date;
  newId?: () => string;
}

/** A profile as the gateway needs it: where to send and which vault entry holds the key. */
export interface ResolvedProfile {
  id: string;
  name: string;
  kind: 'emulator' | 'remote';
  baseUrl: string | null;
  builtIn: boolean;
}

type Listener = (state: ProfilesState) => void;

/**
 * profiles.json is not a secret store: a base URL carrying credentials or a query (where
 * some APIs take keys) would put a secret on disk, so such URLs are refused.
 */
export function checkBaseUrl(baseUrl: string): void {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw profileError('PROFILE_INVALID_URL', 'The base URL is not a valid URL.', {});
  }
  if (url.username || url.password) {
    throw profileError(
      'PROFILE_URL_CREDENTIALS',
      'Leave credentials out of the base URL; the API key field keeps the key in the keychain.',
      {},
    );
  }
  if (url.search || url.hash) {
    throw profileError('PROFILE_URL_QUERY', 'A base URL has no query or fragment (keys never go in the URL).', {});
  }
}

export class ProfileStore {
  readonly path: string;
  readonly #vault: SecretStore;
  readonly #now: () => Date;
  readonly #newId: () => string;
  #profiles: StoredProfile[];
  #activeId: string;
  readonly #withKey = new Set<string>();
  readonly #listeners = new Set<Listener>();
  #queue: Promise<unknown> = Promise.resolve();
  #lastSaved: { profiles: StoredProfile[]; activeId: string };

  private constructor(options: ProfileStoreOptions, profiles: StoredProfile[], activeId: string) {
    this.path = join(options.dataDir, PROFILES_FILE_NAME);
    this.#vault = options.vault;
    this.#now = options.now ?? (() => new Date());
    this.#newId = options.newId ?? (() => `p-${randomBytes(5).toString('hex')}`);
    this.#profiles = profiles;
    this.#activeId = activeId;
    this.#lastSaved = { profiles, activeId };
  }

  /** Reads the file (a corrupt one throws ProfilesFileError) and which profiles have keys. */
  static async open(options: ProfileStoreOptions): Promise<ProfileStore> {
    const now = options.now ?? (() => new Date());
    const path = join(options.dataDir, PROFILES_FILE_NAME);
    const file = await readProfilesFile(path, now);
    const builtIn: StoredProfile = {
      id: LOCAL_EMULATOR_ID,
      name: LOCAL_EMULATOR_NAME,
      kind: 'emulator',
      baseUrl: null,
      createdAt: file?.profiles.find((p) => p.id === LOCAL_EMULATOR_ID)?.createdAt ?? now().toISOString(),
    };
    // The built-in profile is always first and always itself, whatever the file says.
    const others = (file?.profiles ?? []).filter((p) => p.id !== LOCAL_EMULATOR_ID);
    const profiles = [builtIn, ...others];
    const activeId = file && profiles.some((p) => p.id === file.activeId) ? file.activeId : LOCAL_EMULATOR_ID;
    const store = new ProfileStore(options, profiles, activeId);
    await store.#readKeyPresence();
    if (!file) await store.#save();
    return store;
  }

  async #readKeyPresence(): Promise<void> {
    await Promise.all(
      this.#profiles.map(async (p) => {
        const key = await this.#vault.get(profileKeyAccount(this.#resolve(p))).catch(() => null);
        if (key) this.#withKey.add(p.id);
      }),
    );
  }

  #resolve(p: StoredProfile): ResolvedProfile {
    return { id: p.id, name: p.name, kind: p.kind, baseUrl: p.baseUrl, builtIn: p.id === LOCAL_EMULATOR_ID };
  }

  #toProfile(p: StoredProfile): Profile {
    return { ...this.#resolve(p), hasKey: this.#withKey.has(p.id), createdAt: p.createdAt };
  }

  state(): ProfilesState {
    return { profiles: this.#profiles.map((p) => this.#toProfile(p)), activeId: this.#activeId };
  }

  active(): ResolvedProfile {
    const p = this.#profiles.find((x) => x.id === this.#activeId) ?? this.#profiles[0];
    if (!p) throw new Error('no profiles');
    return this.#resolve(p);
  }

  /** A profile as the gateway needs it, or null. */
  resolved(id: string): ResolvedProfile | null {
    const p = this.#profiles.find((x) => x.id === id);
    return p ? this.#resolve(p) : null;
  }

  get(id: string): Profile | null {
    const p = this.#profiles.find((x) => x.id === id);
    return p ? this.#toProfile(p) : null;
  }

  onChange(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * For each prefix, the profiles aimed where the active one is (the local emulator, or the
   * same server) whose key has that prefix; prefixes no profile holds are left out. Key ids and
   * prefixes are per server, so profiles of other servers never match. `prefixOf` reads a
   * stored value's prefix (the emulator's own rule for its owner key); values never leave here.
   */
  async usingKeys(
    prefixes: readonly string[],
    prefixOf: (value: string, profile: ResolvedProfile) => string | null = valuePrefix,
  ): Promise<KeyUse[]> {
    const active = this.active();
    const server = serverOf(active.baseUrl);
    const candidates = this.#profiles
      .map((p) => this.#resolve(p))
      .filter((p) => p.kind === active.kind && (p.kind === 'emulator' || serverOf(p.baseUrl) === server));
    const wanted = new Set(prefixes);
    const byPrefix = new Map<string, KeyUse>();
    for (const p of candidates) {
      const value = await this.#vault.get(profileKeyAccount(p)).catch(() => null);
      const prefix = value ? prefixOf(value, p) : null;
      if (prefix === null || !wanted.has(prefix)) continue;
      const use = byPrefix.get(prefix) ?? { prefix, profiles: [] };
      use.profiles.push({ id: p.id, name: p.name, builtIn: p.builtIn });
      byPrefix.set(prefix, use);
    }
    return [...byPrefix.values()];
  }

  /** Marks the built-in profile's key (the emulator owner key) as present. */
  markOwnerKeyPresent(): void {
    this.#withKey.add(LOCAL_EMULATOR_ID);
  }

  create(input: { name: string; baseUrl: string; apiKey: string }): Promise<Profile> {
    return this.#exclusive(() => {
      checkBaseUrl(input.baseUrl);
      return this.#add({ name: input.name, kind: 'remote', baseUrl: input.baseUrl }, input.apiKey);
    });
  }

  /** A new profile aimed where the active one is (the emulator or the same base URL), holding this key. */
  fromKey(input: { name: string; apiKey: string; activate?: boolean }): Promise<Profile> {
    return this.#exclusive(async () => {
      const active = this.active();
      const profile = await this.#add(
        { name: input.name, kind: active.kind, baseUrl: active.baseUrl },
        input.apiKey,
        input.activate === true,
      );
      return profile;
    });
  }

  update(input: { id: string; name?: string; baseUrl?: string; apiKey?: string }): Promise<Profile> {
    return this.#exclusive(async () => {
      const current = this.#find(input.id);
      if (current.id === LOCAL_EMULATOR_ID) {
        throw profileError('PROFILE_BUILT_IN', 'The built-in Local emulator profile cannot be changed.', { id: input.id });
      }
      if (input.baseUrl !== undefined && current.kind === 'emulator') {
        throw profileError('PROFILE_NO_BASE_URL', `"${current.name}" talks to the local emulator and has no base URL.`, { id: input.id });
      }
      if (input.baseUrl !== undefined) checkBaseUrl(input.baseUrl);
      const name = input.name?.trim();
      if (name !== undefined) this.#checkNameFree(name, current.id);
      if (input.apiKey !== undefined) await this.#storeKey(current, input.apiKey);
      const next: StoredProfile = { ...current, name: name ?? current.name, baseUrl: input.baseUrl ?? current.baseUrl };
      this.#profiles = this.#profiles.map((p) => (p.id === current.id ? next : p));
      await this.#commit();
      return this.#toProfile(next);
    });
  }

  remove(id: string): Promise<void> {
    return this.#exclusive(async () => {
      const current = this.#find(id);
      if (current.id === LOCAL_EMULATOR_ID) {
        throw profileError('PROFILE_BUILT_IN', 'The built-in Local emulator profile cannot be removed.', { id });
      }
      this.#profiles = this.#profiles.filter((p) => p.id !== id);
      if (this.#activeId === id) this.#activeId = LOCAL_EMULATOR_ID;
      await this.#commit();
      // After the file no longer names it: an entry left behind by a failing keychain is harmless.
      await this.#vault.delete(profileKeyAccount(this.#resolve(current))).catch(() => false);
      this.#withKey.delete(id);
    });
  }

  activate(id: string): Promise<ProfilesState> {
    return this.#exclusive(async () => {
      this.#find(id);
      if (this.#activeId !== id) {
        this.#activeId = id;
        await this.#commit();
      }
      return this.state();
    });
  }

  /** Resolves once every queued change is written. */
  async flush(): Promise<void> {
    await this.#queue.catch(() => undefined);
  }

  #find(id: string): StoredProfile {
    const p = this.#profiles.find((x) => x.id === id);
    if (!p) throw profileError('PROFILE_NOT_FOUND', 'That profile does not exist (it may have been removed).', { id });
    return p;
  }

  #checkNameFree(name: string, exceptId?: string): void {
    const lower = name.toLowerCase();
    if (this.#profiles.some((p) => p.id !== exceptId && p.name.toLowerCase() === lower)) {
      throw profileError('PROFILE_NAME_TAKEN', `A profile named "${name}" already exists.`, { name });
    }
  }

  async #add(
    fields: { name: string; kind: 'emulator' | 'remote'; baseUrl: string | null },
    apiKey: string,
    activate = false,
  ): Promise<Profile> {
    const name = fields.name.trim();
    this.#checkNameFree(name);
    if (this.#profiles.length >= MAX_PROFILES) {
      throw profileError('PROFILE_LIMIT_REACHED', `At most ${MAX_PROFILES} profiles can be kept; remove one first.`, { max: MAX_PROFILES });
    }
    const profile: StoredProfile = {
      id: this.#newId(),
      name,
      kind: fields.kind,
      baseUrl: fields.baseUrl,
      createdAt: this.#now().toISOString(),
    };
    await this.#storeKey(profile, apiKey);
    this.#profiles = [...this.#profiles, profile];
    if (activate) this.#activeId = profile.id;
    try {
      await this.#commit();
    } catch (error) {
      await this.#vault.delete(profileKeyAccount(this.#resolve(profile))).catch(() => false);
      this.#withKey.delete(profile.id);
      throw error;
    }
    return this.#toProfile(profile);
  }

  async #storeKey(profile: StoredProfile, apiKey: string): Promise<void> {
    try {
      await this.#vault.set(profileKeyAccount(this.#resolve(profile)), apiKey);
    } catch {
      // keytar's message is not shown: it adds nothing a user can act on.
      throw keychainError(`The key could not be stored in ${this.#vault.location}; the profile was not saved.`);
    }
    this.#withKey.add(profile.id);
  }

  /** Saves, then tells listeners; when saving fails, memory goes back to what the file holds. */
  async #commit(): Promise<void> {
    const before = this.#lastSaved;
    try {
      await this.#save();
    } catch (error) {
      this.#profiles = before.profiles;
      this.#activeId = before.activeId;
      throw error;
    }
    const state = this.state();
    for (const listener of this.#listeners) listener(state);
  }

  async #save(): Promise<void> {
    const snapshot = { profiles: this.#profiles, activeId: this.#activeId };
    await writeProfilesFile(this.path, { version: PROFILES_FILE_VERSION, ...snapshot });
    this.#lastSaved = snapshot;
  }

  #exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
