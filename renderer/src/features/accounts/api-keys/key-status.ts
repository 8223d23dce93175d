// The status an operator cares about: the API says active/revoked, but an active key
// past its expiresAt no longer works (01-accounts.md leaves its status "not shown"). Past by
// the server's clock (server-clock.ts): that is the one that refuses the key.
import type { ApiKey } from '../../../../../shared/api/accounts/api-keys';
import { serverNow } from '../../../platform/server-clock';

export type EffectiveStatus = 'active' | 'revoked' | 'expired';

export function effectiveStatus(key: Pick<ApiKey, 'status' | 'expiresAt'>, now: number = serverNow()): EffectiveStatus {
  if (key.status === 'revoked') return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return 'expired';
  return 'active';
}

/** What can still be used first. */
export const STATUS_RANK: Record<EffectiveStatus, number> = { active: 0, expired: 1, revoked: 2 };
