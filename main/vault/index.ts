export { type SecretStore } from './secret-store';
export { MemorySecretStore } from './memory-secret-store';
export { CachingSecretStore } from './caching-secret-store';
export { openSecretStore, statusOf } from './open-secret-store';
