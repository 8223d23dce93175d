// Verify, rate-limit status and the temporary boost (01-accounts.md, Authentication and
// Usage and limits). Boost bounds: docs/decisions.md.
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import { validationError } from '../../../core/errors';
import { randomId } from '../../../core/ids';
import type { TierClass } from '../../../core/limits';
import { defineRoute } from '../../../core/route-def';
import type { EmulatorContext } from '../../../core/context';
import { TIER_LIMITS } from '../limits';
import { accountRecord } from '../records';
import { accountsOf, AREA } from '../state';

const iso = (ms: number) => new Date(ms).toISOString();
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const BOOST_MAX_MS = 7 * 86_400_000;

function status(ctx: EmulatorContext, cls: TierClass, now: number) {
  const s = ctx.limiter.peek({ id: `t:${cls}`, limit: ctx.authority.tierLimit(cls, now), kind: 'tier' }, now);
  return { limit: s.limit, remaining: s.remaining, reset_at: iso(s.resetMs) };
}

export const authRoutes = [
  defineRoute(ops['auth.verify'], (ctx, { key: caller }) => {
    const key = accountsOf(ctx.store).keys.get(caller.id)!;
    return {
      valid: true,
      key_id: key.id,
      permissions: key.permissions,
      scopes: key.scopes,
      expires_at: key.expiresAt === null ? null : iso(key.expiresAt),
      user_id: key.createdBy || null,
    };
  }),
  defineRoute(ops['auth.rateLimits'], (ctx, { now }) => {
    const { boost, plan } = accountsOf(ctx.store).account;
    return {
      plan,
      limits: {
        read_operations: status(ctx, 'read', now),
        write_operations: status(ctx, 'write', now),
        ai_services: status(ctx, 'ai', now),
      },
      boost:
        boost && boost.expiresAt > now
          ? {
              multiplier: boost.multiplier,
              expires_at: iso(boost.expiresAt),
              reason: boost.reason,
              base_limits: {
                read_operations: TIER_LIMITS[plan].read,
                write_operations: TIER_LIMITS[plan].write,
                ai_services: TIER_LIMITS[plan].ai,
              },
            }
          : null,
    };
  }),
  defineRoute(
    ops['auth.temporaryBoost'],
    (ctx, { body, now }) => {
      const unit = body.duration.slice(-1) as keyof typeof UNIT_MS;
      const ms = Number(body.duration.slice(0, -1)) * UNIT_MS[unit];
      if (ms > BOOST_MAX_MS) throw validationError('duration', 'at most 7 days (7d, 168h)');
      const boost = {
        id: randomId('boost_'),
        multiplier: body.multiplier,
        duration: body.duration,
        reason: body.reason,
        startsAt: now,
        expiresAt: now + ms,
      };
      accountsOf(ctx.store).account.boost = boost;
      ctx.store.touch(AREA, accountRecord.account);
      return {
        boost: {
          id: boost.id,
          multiplier: boost.multiplier,
          duration: boost.duration,
          reason: boost.reason,
          status: 'active' as const,
          startsAt: iso(now),
          expiresAt: iso(boost.expiresAt),
          limits: {
            read_operations: ctx.authority.tierLimit('read', now),
            write_operations: ctx.authority.tierLimit('write', now),
            ai_services: ctx.authority.tierLimit('ai', now),
          },
        },
        message: `Tier limits multiplied by ${boost.multiplier} until ${iso(boost.expiresAt)}`,
      };
    },
    201,
  ),
];
