export { VAULT_SERVICE, type SecretStore } from './secret-store';
export { MemorySecretStore } from './memory-secret-store';
export { CachingSecretStore } from './caching-secret-store';
export { KeytarSecretStore, loadKeytar, type KeytarApi } from './keytar-secret-store';
export { keychainLocation } from './keychain-location';
export { openSecretStore, statusOf, type OpenedSecretStore, type OpenSecretStoreOptions } from './open-secret-store';
