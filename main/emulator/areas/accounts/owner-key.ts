// The owner key is given (or generated) at start, not derived from the seed, and is always
// valid: over a fresh world, after reset, and over a loaded snapshot.
import { AuthKeyScope } from '../../../../shared/api/common';
import { hashKey, keyIdOf, keyPrefix } from '../../core/ids';
import type { Store } from '../../state/store';
import { accountRecord } from './records';
import { accountsOf, AREA } from './state';
import type { StoredKey } from './stored-schema';

/**
 * A key allowed everything at key level (every permission and scope, no own rate limit), never
 * used yet: the owner key, and the seeded key of each role's member (whose role then decides).
 */
export function allAccessKey(value: string, fields: Pick<StoredKey, 'id' | 'name' | 'createdAt' | 'owner' | 'createdBy'>): StoredKey {
  return {
    ...fields,
    prefix: keyPrefix(value),
    hash: hashKey(value),
    permissions: ['read', 'write', 'execute'],
    scopes: [...AuthKeyScope.options],
    expiresAt: null,
    status: 'active',
    revokedAt: null,
    lastUsed: null,
    usageCount: 0,
    rateLimit: { reads: 0, writes: 0, executions: 0 },
  };
}

export function applyOwnerKey(store: Store, ownerKey: string): void {
  const accounts = accountsOf(store);
  const hash = hashKey(ownerKey);
  const prefix = keyPrefix(ownerKey);
  const existing = [...accounts.keys.values()].find((k) => k.owner);
  if (existing) {
    existing.status = 'active';
    existing.revokedAt = null;
    existing.expiresAt = null;
    if (existing.hash !== hash) accounts.rehashKey(existing, hash, prefix);
    store.touch(AREA, accountRecord.key(existing.id));
    return;
  }
  let id = keyIdOf(ownerKey);
  if (accounts.keys.has(id)) id = 'key_owner';
  const key = allAccessKey(ownerKey, {
    id,
    name: 'Owner key (emulator)',
    createdAt: accounts.account.createdAt,
    owner: true,
    createdBy: accounts.account.ownerId,
  });
  accounts.addKey(key);
  store.touch(AREA, accountRecord.key(key.id));
}
