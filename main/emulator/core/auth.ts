// Authentication and authorisation (01-accounts.md, Authentication). Which 403 shape is
// used when is written down in docs/decisions.md, "403 shapes".
import type { StoredKey } from '../../../shared/api/emulator-admin';
import type { Operation } from '../../../shared/api/operation';
import { ApiError, forbidden, insufficientPermissions, unauthorized } from './errors';
import { hashKey } from './ids';
import type { Store } from '../state/store';

const BEARER = /^Bearer +(\S+) *$/i;
/** Bound of Store.headerHashes; far above the number of keys a session uses. */
const HEADER_HASHES_MAX = 256;

/** The caller's key, or the 401 to send. */
export function authenticate(store: Store, header: string | undefined, now: number): StoredKey | ApiError {
  if (header === undefined || header === '') return unauthorized('Missing API key: send Authorization: Bearer <API_KEY>');
  // A header already seen naming a key skips the parse and the SHA-256 (Store.headerHashes).
  let hash = store.headerHashes.get(header);
  if (hash === undefined) {
    const m = BEARER.exec(header);
    if (!m) return unauthorized('The Authorization header must be Bearer <API_KEY>');
    hash = hashKey(m[1]!);
    if (store.byHash.has(hash)) {
      if (store.headerHashes.size >= HEADER_HASHES_MAX) store.headerHashes.clear();
      store.headerHashes.set(header, hash);
    }
  }
  const key = store.byHash.get(hash);
  if (key === undefined) return unauthorized('Invalid API key');
  if (key.status === 'revoked') return unauthorized('This API key has been revoked');
  if (key.expiresAt !== null && key.expiresAt <= now) return unauthorized('This API key has expired');
  return key;
}

/**
 * Scope missing → INSUFFICIENT_PERMISSIONS. Permission missing → INSUFFICIENT_PERMISSIONS on
 * account-management routes (Authentication 7), FORBIDDEN elsewhere (Authentication 9).
 */
export function authorize(op: Operation, key: StoredKey): ApiError | null {
  const scope = op.scope;
  const scopeOk = scope === null || (key.scopes as string[]).includes(scope);
  const permissionOk = key.permissions.includes(op.access);
  if (scopeOk && permissionOk) return null;
  if (!scopeOk || scope === 'accounts') {
    return insufficientPermissions({ requiredPermission: op.access, requiredScope: scope });
  }
  return forbidden(`${scope ?? '*'}:${op.access}`);
}

/** Admin routes take the owner key only. */
export function authorizeAdmin(key: StoredKey): ApiError | null {
  return key.owner ? null : insufficientPermissions({ requiredRole: 'owner' }, "Emulator admin routes need the emulator's owner key");
}

/** A key may not hand out permissions or scopes its caller lacks (Authentication 8). */
export function checkGrant(caller: StoredKey, permissions: readonly string[] | undefined, scopes: readonly string[] | undefined): ApiError | null {
  for (const p of permissions ?? []) {
    if (!(caller.permissions as string[]).includes(p)) {
      return insufficientPermissions({ attemptedPermission: p, field: 'permissions' }, 'A key cannot grant a permission its caller lacks');
    }
  }
  for (const s of scopes ?? []) {
    if (!(caller.scopes as string[]).includes(s)) {
      return insufficientPermissions({ attemptedPermission: s, field: 'scopes' }, 'A key cannot grant a scope its caller lacks');
    }
  }
  return null;
}
