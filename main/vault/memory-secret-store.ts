// Secrets for this process only: used when no OS keychain works, and by tests.
import type { SecretStore } from './secret-store';

export class MemorySecretStore implements SecretStore {
  readonly backend = 'memory' as const;
  readonly location = 'Memory of this session only';
  readonly #entries = new Map<string, string>();

  async get(account: string): Promise<string | null> {
    return this.#entries.get(account) ?? null;
  }

  async set(account: string, secret: string): Promise<void> {
    this.#entries.set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    return this.#entries.delete(account);
  }
}
