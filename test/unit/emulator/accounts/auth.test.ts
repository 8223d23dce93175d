import { describe, expect, it } from 'vitest';
import { authenticate as authenticateIn } from '../../../../main/emulator/areas/accounts/authority';
import { checkGrant } from '../../../../main/emulator/areas/accounts/api-keys/grant';
import type { StoredKey } from '../../../../main/emulator/areas/accounts/stored-schema';
import { authorize, authorizeAdmin } from '../../../../main/emulator/core/auth';
import { ApiError } from '../../../../main/emulator/core/errors';
import { hashKey, keyIdOf } from '../../../../main/emulator/core/ids';
import { accountsOperations as ops } from '../../../../shared/api/accounts/operations';
import { seededStore } from './store-fixture';

const NOW = Date.UTC(2026, 5, 1);
const OWNER = 'gpu_live_OwnerKey_0123456789abcdefghijABCDEFGHIJ01';

function setup() {
  const { store, accounts, seededKeys } = seededStore(7, NOW, OWNER);
  const keyOf = (name: string) => authenticateIn(accounts, `Bearer ${seededKeys[name]}`, NOW) as StoredKey;
  const authenticate = (header: string | undefined, now: number) => authenticateIn(accounts, header, now);
  return { store, accounts, keys: seededKeys, keyOf, authenticate };
}

describe('authenticate', () => {
  it('accepts an active key and rejects missing, malformed, unknown, revoked and expired ones with 401', () => {
    const { keys, authenticate } = setup();
    const ok = authenticate(`Bearer ${keys.readWrite}`, NOW);
    expect(ok).not.toBeInstanceOf(ApiError);
    const cases: Array<[string | undefined, RegExp]> = [
      [undefined, /Missing/],
      ['Basic abc', /Bearer/],
      ['Bearer gpu_live_nope', /Invalid/],
      [`Bearer ${keys.revoked}`, /revoked/],
      [`Bearer ${keys.expired}`, /expired/],
    ];
    for (const [header, message] of cases) {
      const result = authenticate(header, NOW) as ApiError;
      expect(result).toBeInstanceOf(ApiError);
      expect(result.body()).toMatchObject({ error: 'UNAUTHORIZED', code: 401 });
      expect(result.message).toMatch(message);
    }
    expect(authenticate(`bearer ${OWNER}`, NOW)).toMatchObject({ owner: true });
  });

  it('refuses a header it has already accepted as soon as its key is rotated or revoked', () => {
    const { store, accounts, keys, authenticate } = setup();
    const header = `Bearer ${keys.readWrite}`;
    const key = authenticate(header, NOW) as StoredKey;
    expect(authenticate(header, NOW)).toBe(key);
    expect(accounts.headerHashes.size).toBe(1);
    const rotated = `${key.prefix}${'R'.repeat(32)}`;
    accounts.rehashKey(key, hashKey(rotated), key.prefix);
    store.changed('state');
    expect((authenticate(header, NOW) as ApiError).message).toMatch(/Invalid/);
    expect(authenticate(`Bearer ${rotated}`, NOW)).toBe(key);
    // Revocation is seen even without a change notice: the key's status is read on every request.
    key.status = 'revoked';
    expect((authenticate(`Bearer ${rotated}`, NOW) as ApiError).message).toMatch(/revoked/);
    expect(accounts.headerHashes.size).toBe(1);
    store.changed('state');
    expect(accounts.headerHashes.size).toBe(0);
  });

  it('keeps only headers that named a key, and a bounded number of them', () => {
    const { accounts, keys, authenticate } = setup();
    for (let i = 0; i < 300; i++) authenticate(`Bearer gpu_live_nope${i}`, NOW);
    expect(accounts.headerHashes.size).toBe(0);
    for (let i = 1; i <= 300; i++)
      expect(authenticate(`Bearer${' '.repeat(i)}${keys.readWrite}`, NOW)).toMatchObject({ id: keyIdOf(keys.readWrite!) });
    expect(accounts.headerHashes.size).toBeGreaterThan(0);
    expect(accounts.headerHashes.size).toBeLessThanOrEqual(256);
  });
});

describe('authorize', () => {
  it('gives INSUFFICIENT_PERMISSIONS for a missing scope and for a missing permission on account routes', () => {
    const { keyOf } = setup();
    const noScope = authorize(ops['apiKeys.list'], keyOf('service'))!;
    expect(noScope.body()).toEqual({
      error: 'INSUFFICIENT_PERMISSIONS',
      message: expect.any(String),
      code: 403,
      details: { requiredPermission: 'read', requiredScope: 'accounts' },
    });
    const readOnly = authorize(ops['apiKeys.create'], keyOf('readOnly'))!;
    expect(readOnly.body()).toMatchObject({
      error: 'INSUFFICIENT_PERMISSIONS',
      details: { requiredPermission: 'write', requiredScope: 'accounts' },
    });
    expect(authorize(ops['apiKeys.create'], keyOf('readWrite'))).toBeNull();
  });

  it('gives FORBIDDEN with required_permission when a key lacks the permission on a scope-free route', () => {
    const { keyOf } = setup();
    const denied = authorize(ops['auth.verify'], keyOf('execute'))!;
    expect(denied.body()).toEqual({ error: 'FORBIDDEN', message: expect.any(String), code: 403, required_permission: '*:read' });
  });

  it('keeps admin routes to the owner key and stops a key granting more than it holds', () => {
    const { keyOf, accounts } = setup();
    const owner = [...accounts.keys.values()].find((k) => k.owner)!;
    expect(authorizeAdmin(owner)).toBeNull();
    expect(authorizeAdmin(keyOf('readWrite'))!.body()).toMatchObject({
      error: 'INSUFFICIENT_PERMISSIONS',
      details: { requiredRole: 'owner' },
    });
    expect(checkGrant(keyOf('readWrite'), ['read', 'execute'], ['accounts'])!.details).toEqual({
      attemptedPermission: 'execute',
      field: 'permissions',
    });
    expect(checkGrant(keyOf('service'), ['read'], ['billing'])!.details).toEqual({ attemptedPermission: 'billing', field: 'scopes' });
    expect(checkGrant(owner, ['read', 'write', 'execute'], ['webhooks'])).toBeNull();
  });
});
