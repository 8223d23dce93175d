// The owner key is given (or generated) at start, not derived from the seed, and is always
// valid: over a fresh world, after reset, and over a loaded snapshot.
import type { StoredKey } from '../../../shared/api/emulator-admin';
import { AuthKeyScope } from '../../../shared/api/common';
import { hashKey, keyIdOf, keyPrefix } from '../core/ids';
import type { Store } from '../state/store';

export function applyOwnerKey(store: Store, ownerKey: string): void {
  const hash = hashKey(ownerKey);
  const prefix = keyPrefix(ownerKey);
  const existing = [...store.keys.values()].find((k) => k.owner);
  if (existing) {
    existing.status = 'active';
    existing.revokedAt = null;
    existing.expiresAt = null;
    if (existing.hash !== hash) store.rehashKey(existing, hash, prefix);
    return;
  }
  let id = keyIdOf(ownerKey);
  if (store.keys.has(id)) id = 'key_owner';
  const key: StoredKey = {
    id, name: 'Owner key (emulator)', prefix, hash,
    permissions: ['read', 'write', 'execute'], scopes: [...AuthKeyScope.options],
    createdAt: store.account.createdAt, expiresAt: null, status: 'active', revokedAt: null,
    lastUsed: null, usageCount: 0, rateLimit: { reads: 0, writes: 0, executions: 0 },
    owner: true, createdBy: store.account.ownerId,
  };
  store.addKey(key);
}
