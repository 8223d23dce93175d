// "A caller cannot grant permissions higher than its own" (01-accounts.md, Authentication 8):
// every (permission, scope) a caller hands out — in a grant, a share or a role they define — must
// be one the caller's own access decision (decide.ts) allows, on the same resources.
import type { Caller } from '../../../core/area';
import { insufficientPermissions } from '../../../core/errors';
import type { Accounts } from '../state';
import { accessWorldOf, decide } from './decide';
import { callerMemberOf } from './member';

export interface Handout {
  permissions: readonly string[];
  scopes: readonly string[];
  /** Each resource the handout is limited to, decided one by one; empty: the scopes as a whole. */
  resourceIds: readonly string[];
}

/** Throws 403 INSUFFICIENT_PERMISSIONS {attemptedPermission, attemptedScope, userRole} at the first pair the caller lacks. */
export function assertWithinCallerLevel(accounts: Accounts, key: Caller, h: Handout, now: number): void {
  const caller = callerMemberOf(accounts, key);
  const world = accessWorldOf(accounts);
  const targets = h.resourceIds.length === 0 ? [[]] : h.resourceIds.map((id) => [id]);
  for (const permission of h.permissions) {
    for (const scope of h.scopes) {
      for (const resourceIds of targets) {
        if (caller && decide(world, caller, { permission, scope, resourceIds }, now, false).allowed) continue;
        throw insufficientPermissions(
          {
            attemptedPermission: permission,
            attemptedScope: scope,
            ...(resourceIds.length ? { resourceId: resourceIds[0] } : {}),
            userRole: caller?.role ?? null,
          },
          `You cannot hand out ${permission} on ${scope}${resourceIds.length ? ` for ${resourceIds[0]}` : ''}: it is above your own permissions`,
        );
      }
    }
  }
}
