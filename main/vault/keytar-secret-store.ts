// The OS keychain through keytar. keytar is an optional dependency (a native module that
// may fail to build), so it is loaded lazily and its absence is an answer, not a crash.
import { keychainLocation } from './keychain-location';
import { VAULT_SERVICE, type SecretStore } from './secret-store';

export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** Loads keytar, or explains why it cannot be loaded (never throws). */
export async function loadKeytar(): Promise<{ ok: true; keytar: KeytarApi } | { ok: false; reason: string }> {
  try {
    // A variable specifier keeps bundlers from resolving the optional native module at build time.
    const specifier = 'keytar';
    const mod = (await import(specifier)) as Partial<KeytarApi> & { default?: Partial<KeytarApi> };
    // Node's CommonJS interop may name only some exports on the namespace: take whichever
    // of the namespace and its default export has all three functions.
    const api = [mod, mod.default].find(isKeytarApi);
    if (!api) return { ok: false, reason: 'the keytar module has an unexpected shape' };
    return { ok: true, keytar: api };
  } catch {
    return { ok: false, reason: 'the keytar module is not installed or could not be loaded' };
  }
}

function isKeytarApi(candidate: Partial<KeytarApi> | undefined): candidate is KeytarApi {
  return (
    !!candidate &&
    typeof candidate.getPassword === 'function' &&
    typeof candidate.setPassword === 'function' &&
    typeof candidate.deletePassword === 'function'
  );
}

export class KeytarSecretStore implements SecretStore {
  readonly backend = 'keychain' as const;
  readonly location: string;
  readonly #keytar: KeytarApi;
  readonly #service: string;

  constructor(keytar: KeytarApi, options: { service?: string; platform?: NodeJS.Platform } = {}) {
    this.#keytar = keytar;
    this.#service = options.service ?? VAULT_SERVICE;
    this.location = keychainLocation(options.platform);
  }

  get(account: string): Promise<string | null> {
    return this.#keytar.getPassword(this.#service, account);
  }

  set(account: string, secret: string): Promise<void> {
    return this.#keytar.setPassword(this.#service, account, secret);
  }

  delete(account: string): Promise<boolean> {
    return this.#keytar.deletePassword(this.#service, account);
  }
}
