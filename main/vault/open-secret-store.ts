// Chooses the vault backend at start: the OS keychain when it demonstrably works, else
// memory, with a plain reason the UI shows. Never a file: a key is not written to disk.
import { randomBytes } from 'node:crypto';
import type { VaultStatus } from '../../shared/ipc/contract';
import { keychainUnavailableMessage, type KeychainProblem } from './keychain-location';
import { KeytarSecretStore, loadKeytar, type KeytarApi } from './keytar-secret-store';
import { MemorySecretStore } from './memory-secret-store';
import type { SecretStore } from './secret-store';

export interface OpenedSecretStore {
  store: SecretStore;
  status: VaultStatus;
}

export interface OpenSecretStoreOptions {
  /**
   * How long the probe may take (default 10 s): a broken Secret Service can hang instead of
   * failing, but a locked keyring may first ask the user to unlock it, which takes a human a moment.
   */
  probeTimeoutMs?: number;
  platform?: NodeJS.Platform;
  /** Test seam: how keytar is obtained. */
  load?: () => Promise<{ ok: true; keytar: KeytarApi } | { ok: false; reason: string }>;
  /** Keychain service name (tests use their own so they never touch the app's entries). */
  service?: string;
}

const PROBE_ACCOUNT_PREFIX = 'probe:';

function memoryFallback(problem: KeychainProblem, platform: NodeJS.Platform): OpenedSecretStore {
  return {
    store: new MemorySecretStore(),
    status: {
      backend: 'memory',
      persistent: false,
      location: 'Memory of this session only',
      reason: keychainUnavailableMessage(problem, platform),
    },
  };
}

/** Status of a store handed in by the caller (tests, `GPC_VAULT=memory`). */
export function statusOf(store: SecretStore, reason?: string): VaultStatus {
  if (store.backend === 'keychain') return { backend: 'keychain', persistent: true, location: store.location };
  return {
    backend: 'memory',
    persistent: false,
    location: store.location,
    reason: reason ?? 'A session-only store was chosen for this run: keys are kept for this session only and never written to disk.',
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    timer.unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Writes, reads back and deletes a throwaway entry: the only proof a keychain works. */
async function probe(store: SecretStore): Promise<void> {
  const account = `${PROBE_ACCOUNT_PREFIX}${randomBytes(6).toString('hex')}`;
  const value = randomBytes(12).toString('hex');
  await store.set(account, value);
  try {
    const read = await store.get(account);
    if (read !== value) throw new Error('the keychain did not return what was stored');
  } finally {
    await store.delete(account);
  }
}

export async function openSecretStore(options: OpenSecretStoreOptions = {}): Promise<OpenedSecretStore> {
  const platform = options.platform ?? process.platform;
  const loaded = await (options.load ?? loadKeytar)();
  if (!loaded.ok) return memoryFallback('no-module', platform);
  const store = new KeytarSecretStore(loaded.keytar, { service: options.service, platform });
  try {
    await withTimeout(probe(store), options.probeTimeoutMs ?? 10_000);
  } catch (error) {
    return memoryFallback(error instanceof Error && error.message === 'timeout' ? 'no-answer' : 'refused', platform);
  }
  return { store, status: { backend: 'keychain', persistent: true, location: store.location } };
}
