// The port every part of main uses to keep secrets (API keys). Backends: the OS keychain
// (keytar) and memory. No backend ever writes a secret to disk in plain text.

/** The keychain "service" every entry of this app is filed under. */
export const VAULT_SERVICE = 'gpu-operator-console';

export interface SecretStore {
  /** Which backend this is, for the status the UI shows. */
  readonly backend: 'keychain' | 'memory';
  /** Where secrets are kept, in words for the UI. */
  readonly location: string;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** Resolves true when an entry was removed. */
  delete(account: string): Promise<boolean>;
}
