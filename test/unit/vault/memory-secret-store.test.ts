import { describe, expect, it } from 'vitest';
import { CachingSecretStore } from '../../../main/vault/caching-secret-store';
import { MemorySecretStore } from '../../../main/vault/memory-secret-store';
import type { SecretStore } from '../../../main/vault/secret-store';

describe('MemorySecretStore', () => {
  it('keeps, returns and deletes secrets by account', async () => {
    const store = new MemorySecretStore();
    expect(await store.get('profile:a')).toBeNull();
    await store.set('profile:a', 'sk_test_one');
    await store.set('profile:b', 'sk_test_two');
    expect(await store.get('profile:a')).toBe('sk_test_one');
    expect(await store.delete('profile:a')).toBe(true);
    expect(await store.delete('profile:a')).toBe(false);
    expect(await store.get('profile:a')).toBeNull();
    expect(await store.get('profile:b')).toBe('sk_test_two');
    expect(store.backend).toBe('memory');
  });
});

describe('CachingSecretStore', () => {
  function countingStore(): SecretStore & { reads: number } {
    const inner = new MemorySecretStore();
    const counted = {
      reads: 0,
      backend: 'keychain' as const,
      location: 'Test keychain',
      get: async (account: string) => {
        counted.reads++;
        return inner.get(account);
      },
      set: (account: string, secret: string) => inner.set(account, secret),
      delete: (account: string) => inner.delete(account),
    };
    return counted;
  }

  it('reads the inner store once per account and follows writes and deletes', async () => {
    const inner = countingStore();
    await inner.set('a', 'v1');
    const cache = new CachingSecretStore(inner);
    expect(await cache.get('a')).toBe('v1');
    expect(await cache.get('a')).toBe('v1');
    expect(inner.reads).toBe(1);
    await cache.set('a', 'v2');
    expect(await cache.get('a')).toBe('v2');
    expect(await inner.get('a')).toBe('v2');
    await cache.delete('a');
    expect(await cache.get('a')).toBeNull();
    expect(await inner.get('a')).toBeNull();
    expect(cache.location).toBe('Test keychain');
  });

  it('does not remember a value whose write failed', async () => {
    const inner = countingStore();
    await inner.set('a', 'old');
    const cache = new CachingSecretStore({ ...inner, set: async () => Promise.reject(new Error('locked')) });
    await expect(cache.set('a', 'new')).rejects.toThrow('locked');
    expect(await cache.get('a')).toBe('old');
  });
});
