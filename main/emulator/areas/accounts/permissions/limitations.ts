// The limitations of a member's role (01-accounts.md, Role: limitations), with the roles it
// inherits: `maxApiKeys` counted here (the member's active keys), `maxEndpoints` counted by the
// area that creates endpoints (a model deployment) and asked through the authority.
// docs/decisions.md, Permissions and roles (issue 19): Enforcement.
import type { RoleLimitations } from '../../../../../shared/api/accounts/permissions';
import { insufficientPermissions, type ApiError } from '../../../core/errors';
import type { Accounts } from '../state';
import { limitationsOf, roleLookup } from './roles';

const WHAT: Readonly<Record<keyof RoleLimitations, string>> = {
  maxApiKeys: 'active API keys',
  maxEndpoints: 'endpoints',
  maxClusters: 'clusters',
  maxComputeHours: 'compute hours (GPU-hours) a month',
};

/** The refusal of one more of what `name` limits for `memberId`, who has `current`; null when within their role's limit (or it has none). */
export function roleLimitation(accounts: Accounts, memberId: string, name: keyof RoleLimitations, current: number): ApiError | null {
  const member = accounts.members.find((m) => m.id === memberId);
  if (member === undefined) return null;
  const lookup = roleLookup(accounts.roles);
  const role = lookup(member.role);
  const limit = role === undefined ? undefined : limitationsOf(role, lookup)[name];
  if (limit === undefined || current < limit) return null;
  const reason = `The ${member.role} role allows at most ${limit} ${WHAT[name]} per member; this member has ${current}`;
  return insufficientPermissions({ limitation: name, limit, current, currentRole: member.role, reason }, reason);
}

/** The refusal of one more key for `memberId` at `now` when their role's `maxApiKeys` is reached; null otherwise. */
export function apiKeyLimitation(accounts: Accounts, memberId: string, now: number): ApiError | null {
  let current = 0;
  for (const k of accounts.keys.values())
    if (k.createdBy === memberId && k.status === 'active' && (k.expiresAt === null || k.expiresAt > now)) current++;
  return roleLimitation(accounts, memberId, 'maxApiKeys', current);
}
