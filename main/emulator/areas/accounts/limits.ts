// The accounts area's rows of 01-accounts.md, Limits: tiers by plan, the accounts row of the
// endpoint-specific table, key creation (10/h) and the usage API (100/h).
import type { Plan } from '../../../../shared/api/common';
import type { AreaLimits } from '../../core/area';
import type { TierClass } from '../../core/limits';

export const TIER_LIMITS: Record<Plan, Record<TierClass, number>> = {
  free: { read: 100, write: 20, ai: 50 },
  pro: { read: 1000, write: 200, ai: 500 },
  enterprise: { read: 10_000, write: 2_000, ai: 5_000 },
};

export const accountsLimits: AreaLimits = {
  byGroup: {
    accounts: { GET: 500, POST: 50, PUT: 50, PATCH: 50, DELETE: 10 },
    // The table's "Account management" row names /accounts/* only: the /v2/auth family has the tier limits alone.
    auth: 'tier-only',
    // /v2/analytics/*: the tier, and the usage API's 100 an hour (the usage-api rule below).
    usage: 'tier-only',
  },
  rules: [
    { name: 'key-creation', limit: 10, matches: (op) => op.id === 'apiKeys.create' || op.id === 'authKeys.create' },
    {
      name: 'usage-api',
      limit: 100,
      matches: (op) => op.id === 'apiKeys.usage' || op.limitGroup === 'usage' || op.path.startsWith('/v2/accounts/usage'),
    },
  ],
};
