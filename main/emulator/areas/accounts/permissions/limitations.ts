// The limitations of a member's role (01-accounts.md, Role: limitations) where the accounts area
// can count what they limit: `maxApiKeys`, the member's active keys. docs/decisions.md,
// Permissions and roles (issue 19): Enforcement.
import { insufficientPermissions, type ApiError } from '../../../core/errors';
import type { Accounts } from '../state';
import { limitationsOf, roleLookup } from './roles';

/** The refusal of one more key for `memberId` at `now` when their role's `maxApiKeys` is reached; null otherwise. */
export function apiKeyLimitation(accounts: Accounts, memberId: string, now: number): ApiError | null {
  const member = accounts.members.find((m) => m.id === memberId);
  if (member === undefined) return null;
  const lookup = roleLookup(accounts.roles);
  const role = lookup(member.role);
  const limit = role === undefined ? undefined : limitationsOf(role, lookup).maxApiKeys;
  if (limit === undefined) return null;
  let current = 0;
  for (const k of accounts.keys.values())
    if (k.createdBy === memberId && k.status === 'active' && (k.expiresAt === null || k.expiresAt > now)) current++;
  if (current < limit) return null;
  const reason = `The ${member.role} role allows at most ${limit} active API keys per member; this member has ${current}`;
  return insufficientPermissions({ limitation: 'maxApiKeys', limit, current, currentRole: member.role, reason }, reason);
}
