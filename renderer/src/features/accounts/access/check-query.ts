// A permission check as the address keeps it (`#/access?tab=check&user=usr_…&permission=write
// &scope=clusters&resource=cl_…`), so a check can be linked; an unknown permission or scope in the
// address falls back to the default, a resource id is bounded as the API bounds it.
import { PermissionName, SchemaScope, type PermissionCheckRequest } from '../../../../../shared/api/accounts/permissions';

/** The API's bound on `resourceId` (PermissionCheckRequest). */
export const RESOURCE_ID_MAX = 200;

export interface CheckQuery {
  user: string;
  permission: PermissionName;
  scope: SchemaScope;
  resource: string;
}

export const CHECK_URL_DEFAULTS = { user: '', permission: 'read', scope: 'clusters', resource: '' } as const;

/** The address's values as a check (unknown names become the defaults). */
export function checkQueryOf(params: Record<keyof typeof CHECK_URL_DEFAULTS, string>): CheckQuery {
  const permission = PermissionName.safeParse(params.permission);
  const scope = SchemaScope.safeParse(params.scope);
  return {
    user: params.user,
    permission: permission.success ? permission.data : CHECK_URL_DEFAULTS.permission,
    scope: scope.success ? scope.data : CHECK_URL_DEFAULTS.scope,
    resource: params.resource.slice(0, RESOURCE_ID_MAX),
  };
}

/** A check the console sends: it always names the member (the API checks the caller without one). */
export type MemberCheckRequest = PermissionCheckRequest & { userId: string };

/** The request a complete check sends, or null while no member is picked. */
export function checkRequestOf(query: CheckQuery): MemberCheckRequest | null {
  if (!query.user.startsWith('usr_')) return null;
  return {
    userId: query.user,
    permission: query.permission,
    scope: query.scope,
    ...(query.resource ? { resourceId: query.resource } : {}),
  };
}
