// Permission and scope names a role or grant may hold (01-accounts.md, Role): the document's
// names; `*` (all) is the owner's alone, so a custom role or a grant cannot hold it
// (docs/decisions.md, Permissions and roles: custom roles, grants and shares).
import { PermissionName, SchemaScope } from '../../../../../shared/api/accounts/permissions';
import { invalidPermission } from '../../../core/errors';

/** The names, deduplicated in order, or 400 INVALID_PERMISSION listing the unknown ones and the valid. */
export function checkedPermissions(names: readonly string[]): PermissionName[] {
  const valid: readonly string[] = PermissionName.options;
  const invalid = names.filter((n) => !valid.includes(n));
  if (invalid.length) throw invalidPermission({ field: 'permissions', invalidPermissions: invalid, validPermissions: valid });
  return [...new Set(names)] as PermissionName[];
}

export function checkedScopes(names: readonly string[]): SchemaScope[] {
  const valid: readonly string[] = SchemaScope.options;
  const invalid = names.filter((n) => !valid.includes(n));
  if (invalid.length) throw invalidPermission({ field: 'scopes', invalidScopes: invalid, validScopes: valid });
  return [...new Set(names)] as SchemaScope[];
}
