// Keeps what was read from a slow store (a keychain answers over D-Bus/XPC in milliseconds)
// so the gateway can read the active key on every call without a round trip. The values
// are in this process's memory either way: the gateway needs them to send requests.
import type { SecretStore } from './secret-store';

export class CachingSecretStore implements SecretStore {
  readonly #inner: SecretStore;
  readonly #cache = new Map<string, string | null>();

  constructor(inner: SecretStore) {
    this.#inner = inner;
  }

  get backend() {
    return this.#inner.backend;
  }

  get location() {
    return this.#inner.location;
  }

  async get(account: string): Promise<string | null> {
    if (this.#cache.has(account)) return this.#cache.get(account) ?? null;
    const value = await this.#inner.get(account);
    this.#cache.set(account, value);
    return value;
  }

  async set(account: string, secret: string): Promise<void> {
    // Forget first: if the write fails, the next read asks the keychain again.
    this.#cache.delete(account);
    await this.#inner.set(account, secret);
    this.#cache.set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    this.#cache.delete(account);
    const removed = await this.#inner.delete(account);
    this.#cache.set(account, null);
    return removed;
  }
}
