import { describe, expect, it } from 'vitest';
import { authenticate, authorize, authorizeAdmin, checkGrant } from '../../../main/emulator/core/auth';
import { ApiError } from '../../../main/emulator/core/errors';
import { hashKey, keyIdOf } from '../../../main/emulator/core/ids';
import { Store } from '../../../main/emulator/state/store';
import { buildWorld } from '../../../main/emulator/world/builder';
import { applyOwnerKey } from '../../../main/emulator/world/owner-key';
import { accountsOperations as ops } from '../../../shared/api/accounts-operations';
import type { StoredKey } from '../../../shared/api/emulator-admin';

const NOW = Date.UTC(2026, 5, 1);
const OWNER = 'gpu_live_OwnerKey_0123456789abcdefghijABCDEFGHIJ01';

function setup() {
  const world = buildWorld(7, NOW);
  const store = new Store(world.state);
  applyOwnerKey(store, OWNER);
  const keyOf = (name: string) => authenticate(store, `Bearer ${world.seededKeys[name]}`, NOW) as StoredKey;
  return { store, keys: world.seededKeys, keyOf };
}

describe('authenticate', () => {
  it('accepts an active key and rejects missing, malformed, unknown, revoked and expired ones with 401', () => {
    const { store, keys } = setup();
    const ok = authenticate(store, `Bearer ${keys.readWrite}`, NOW);
    expect(ok).not.toBeInstanceOf(ApiError);
    const cases: Array<[string | undefined, RegExp]> = [
      [undefined, /Missing/],
      ['Basic abc', /Bearer/],
      ['Bearer gpu_live_nope', /Invalid/],
      [`Bearer ${keys.revoked}`, /revoked/],
      [`Bearer ${keys.expired}`, /expired/],
    ];
    for (const [header, message] of cases) {
      const result = authenticate(store, header, NOW) as ApiError;
      expect(result).toBeInstanceOf(ApiError);
      expect(result.body()).toMatchObject({ error: 'UNAUTHORIZED', code: 401 });
      expect(result.message).toMatch(message);
    }
    expect(authenticate(store, `bearer ${OWNER}`, NOW)).toMatchObject({ owner: true });
  });

  it('refuses a header it has already accepted as soon as its key is rotated or revoked', () => {
    const { store, keys } = setup();
    const header = `Bearer ${keys.readWrite}`;
    const key = authenticate(store, header, NOW) as StoredKey;
    expect(authenticate(store, header, NOW)).toBe(key);
    expect(store.headerHashes.size).toBe(1);
    const rotated = `${key.prefix}${'R'.repeat(32)}`;
    store.rehashKey(key, hashKey(rotated), key.prefix);
    expect((authenticate(store, header, NOW) as ApiError).message).toMatch(/Invalid/);
    expect(authenticate(store, `Bearer ${rotated}`, NOW)).toBe(key);
    // Revocation is seen even without a change notice: the key's status is read on every request.
    key.status = 'revoked';
    expect((authenticate(store, `Bearer ${rotated}`, NOW) as ApiError).message).toMatch(/revoked/);
    store.changed('state');
    expect(store.headerHashes.size).toBe(0);
  });

  it('keeps only headers that named a key, and a bounded number of them', () => {
    const { store, keys } = setup();
    for (let i = 0; i < 300; i++) authenticate(store, `Bearer gpu_live_nope${i}`, NOW);
    expect(store.headerHashes.size).toBe(0);
    for (let i = 1; i <= 300; i++) expect(authenticate(store, `Bearer${' '.repeat(i)}${keys.readWrite}`, NOW)).toMatchObject({ id: keyIdOf(keys.readWrite!) });
    expect(store.headerHashes.size).toBeGreaterThan(0);
    expect(store.headerHashes.size).toBeLessThanOrEqual(256);
  });
});

describe('authorize', () => {
  it('gives INSUFFICIENT_PERMISSIONS for a missing scope and for a missing permission on account routes', () => {
    const { keyOf } = setup();
    const noScope = authorize(ops['apiKeys.list'], keyOf('service'))!;
    expect(noScope.body()).toEqual({
      error: 'INSUFFICIENT_PERMISSIONS', message: expect.any(String), code: 403,
      details: { requiredPermission: 'read', requiredScope: 'accounts' },
    });
    const readOnly = authorize(ops['apiKeys.create'], keyOf('readOnly'))!;
    expect(readOnly.body()).toMatchObject({ error: 'INSUFFICIENT_PERMISSIONS', details: { requiredPermission: 'write', requiredScope: 'accounts' } });
    expect(authorize(ops['apiKeys.create'], keyOf('readWrite'))).toBeNull();
  });

  it('gives FORBIDDEN with required_permission when a key lacks the permission on a scope-free route', () => {
    const { keyOf } = setup();
    const denied = authorize(ops['auth.verify'], keyOf('execute'))!;
    expect(denied.body()).toEqual({ error: 'FORBIDDEN', message: expect.any(String), code: 403, required_permission: '*:read' });
  });

  it('keeps admin routes to the owner key and stops a key granting more than it holds', () => {
    const { keyOf, store } = setup();
    const owner = [...store.keys.values()].find((k) => k.owner)!;
    expect(authorizeAdmin(owner)).toBeNull();
    expect(authorizeAdmin(keyOf('readWrite'))!.body()).toMatchObject({ error: 'INSUFFICIENT_PERMISSIONS', details: { requiredRole: 'owner' } });
    expect(checkGrant(keyOf('readWrite'), ['read', 'execute'], ['accounts'])!.details).toEqual({ attemptedPermission: 'execute', field: 'permissions' });
    expect(checkGrant(keyOf('service'), ['read'], ['billing'])!.details).toEqual({ attemptedPermission: 'billing', field: 'scopes' });
    expect(checkGrant(owner, ['read', 'write', 'execute'], ['webhooks'])).toBeNull();
  });
});
