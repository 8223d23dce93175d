// The members a permission route names, and the member behind the calling key.
import type { Caller } from '../../../core/area';
import { memberNotFound } from '../../../core/errors';
import type { Accounts } from '../state';
import type { StoredMember } from '../stored-schema';

/** A member the access model knows: removed members are gone (404 MEMBER_NOT_FOUND). */
export function memberOf(accounts: Accounts, userId: string): StoredMember {
  const m = accounts.members.find((x) => x.id === userId);
  if (!m || m.status === 'removed') throw memberNotFound(userId);
  return m;
}

/** The member who created the calling key (the owner key's is the account owner); undefined when none is on the team. */
export const callerMemberOf = (accounts: Accounts, key: Caller): StoredMember | undefined =>
  accounts.members.find((m) => m.id === key.createdBy);
