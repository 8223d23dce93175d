// Who may manage the team (01-accounts.md, Authentication 8: "Team management is restricted to
// admins"): the caller's member (the key's creator; the owner key's is the owner) must hold
// `manage_team` on `accounts` by the one access decision (role, inherited roles, grants).
import type { Caller } from '../../../core/area';
import { insufficientPermissions, memberNotFound } from '../../../core/errors';
import { accessWorldOf, decide } from '../permissions/decide';
import type { Accounts } from '../state';
import type { StoredMember } from '../stored-schema';

/** The member a caller acts as, if still on the team. */
const callerMember = (accounts: Accounts, caller: Caller): StoredMember | undefined =>
  accounts.members.find((m) => m.id === caller.createdBy && m.status !== 'removed');

/** Whether member `m` may use `permission` on `scope` now. */
export const memberMay = (accounts: Accounts, m: StoredMember, permission: string, scope: string, now: number): boolean =>
  decide(accessWorldOf(accounts), m, { permission, scope, resourceIds: [] }, now, false).allowed;

/** The caller's member when they manage the team; else 403 INSUFFICIENT_PERMISSIONS {requiredRole: admin, currentRole}. */
export function requireTeamManager(accounts: Accounts, caller: Caller, now: number): StoredMember {
  const m = callerMember(accounts, caller);
  if (m && memberMay(accounts, m, 'manage_team', 'accounts', now)) return m;
  throw insufficientPermissions(
    { requiredRole: 'admin', currentRole: m?.role ?? null, requiredPermission: 'manage_team' },
    'Team management is restricted to admins',
  );
}

/** A member on the team: a removed member is gone (404 MEMBER_NOT_FOUND). */
export function memberOr404(accounts: Accounts, userId: string): StoredMember {
  const m = accounts.members.find((x) => x.id === userId);
  if (!m || m.status === 'removed') throw memberNotFound(userId);
  return m;
}
