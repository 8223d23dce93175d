// Authorisation (01-accounts.md, Authentication): what an authenticated caller may do with an
// operation. Which 403 shape is used when is written down in docs/decisions.md, "403 shapes".
// Authentication itself is the authority's (AreaModule.authority).
import type { Operation } from '../../../shared/api/operation';
import type { Caller } from './area';
import { forbidden, insufficientPermissions, type ApiError } from './errors';

/**
 * Scope missing → INSUFFICIENT_PERMISSIONS. Permission missing → INSUFFICIENT_PERMISSIONS on
 * account-management routes (Authentication 7), FORBIDDEN elsewhere (Authentication 9).
 */
export function authorize(op: Operation, key: Caller): ApiError | null {
  const scope = op.scope;
  const scopeOk = scope === null || key.scopes.includes(scope);
  const permissionOk = key.permissions.includes(op.access);
  if (scopeOk && permissionOk) return null;
  if (op.namedPermission !== undefined) {
    // What the key holds, in the same `<scope>:<permission>` words.
    const currentPermissions = key.scopes.flatMap((s) => key.permissions.map((p) => `${s}:${p}`));
    return insufficientPermissions(
      { requiredPermission: op.namedPermission, requiredScope: scope, currentPermissions },
      `This key lacks the ${op.namedPermission} permission`,
    );
  }
  if (!scopeOk || scope === 'accounts') {
    return insufficientPermissions({ requiredPermission: op.access, requiredScope: scope });
  }
  return forbidden(`${scope ?? '*'}:${op.access}`);
}

/** Admin routes take the owner key only. */
export function authorizeAdmin(key: Caller): ApiError | null {
  return key.owner ? null : insufficientPermissions({ requiredRole: 'owner' }, "Emulator admin routes need the emulator's owner key");
}
