// A key may not hand out permissions or scopes its caller lacks (01-accounts.md, Authentication 8).
import type { Caller } from '../../../core/area';
import { insufficientPermissions, type ApiError } from '../../../core/errors';

export function checkGrant(
  caller: Caller,
  permissions: readonly string[] | undefined,
  scopes: readonly string[] | undefined,
): ApiError | null {
  for (const p of permissions ?? []) {
    if (!caller.permissions.includes(p)) {
      return insufficientPermissions({ attemptedPermission: p, field: 'permissions' }, 'A key cannot grant a permission its caller lacks');
    }
  }
  for (const s of scopes ?? []) {
    if (!caller.scopes.includes(s)) {
      return insufficientPermissions({ attemptedPermission: s, field: 'scopes' }, 'A key cannot grant a scope its caller lacks');
    }
  }
  return null;
}
