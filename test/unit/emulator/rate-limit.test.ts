import { describe, expect, it } from 'vitest';
import { BUCKETS_PRUNE_AT, RateLimiter, WINDOW_MS, type BucketSpec } from '../../../main/emulator/core/rate-limit';
import { accountsLimits } from '../../../main/emulator/areas/accounts/limits';
import { endpointBucketsOf, tierClassOf } from '../../../main/emulator/core/limits';
import { accountsOperations } from '../../../shared/api/accounts/operations';

const tier: BucketSpec = { id: 't:write', limit: 200, kind: 'tier' };
const creation: BucketSpec = { id: 'e:key-creation', limit: 10, kind: 'endpoint' };
const T0 = 10 * WINDOW_MS;

describe('RateLimiter', () => {
  it('counts every bucket and reports the one with the fewest requests left', () => {
    const limiter = new RateLimiter();
    const first = limiter.hit([tier, creation], T0);
    expect(first).toMatchObject({ limit: 10, remaining: 9, limited: false, kind: 'endpoint', resetMs: T0 + WINDOW_MS });
    expect(limiter.peek(tier, T0).remaining).toBe(199);
  });

  it('refuses at the limit, counts nothing for a refused request, and resets with the window', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 10; i++) expect(limiter.hit([tier, creation], T0 + i).limited).toBe(false);
    const refused = limiter.hit([tier, creation], T0 + 1_800_000);
    expect(refused).toMatchObject({ limited: true, limit: 10, remaining: 0, kind: 'endpoint', retryAfter: 1800 });
    expect(limiter.peek(tier, T0).remaining).toBe(190); // the refused request did not count
    expect(limiter.hit([tier, creation], T0 + WINDOW_MS).limited).toBe(false);
  });

  it('names the per-key bucket when it is the one that refuses', () => {
    const limiter = new RateLimiter();
    const own: BucketSpec = { id: 'k:key_a:writes', limit: 1, kind: 'key' };
    limiter.hit([tier, own], T0);
    expect(limiter.hit([tier, own], T0)).toMatchObject({ limited: true, kind: 'key', limit: 1 });
    // The refusing bucket is named for X-RateLimit-Resource; a spec without a name goes by its kind.
    expect(limiter.hit([tier, { ...own, resource: 'key:reads' }], T0)).toMatchObject({ resource: 'key:reads', now: T0 });
  });

  it('in report mode counts and reports but never refuses', () => {
    const limiter = new RateLimiter(false);
    for (let i = 0; i < 12; i++) limiter.hit([creation], T0);
    expect(limiter.hit([creation], T0)).toMatchObject({ limited: false, remaining: 0 });
  });
});

describe('limits table', () => {
  it('puts key creation under the account POST limit and the key-creation limit', () => {
    const buckets = endpointBucketsOf(accountsOperations['apiKeys.create'], accountsLimits);
    expect(buckets).toEqual([
      { id: 'e:accounts:POST', limit: 50, resource: 'accounts:POST' },
      { id: 'e:key-creation', limit: 10, resource: 'key-creation' },
    ]);
    expect(endpointBucketsOf(accountsOperations['authKeys.create'], accountsLimits)).toEqual([
      { id: 'e:key-creation', limit: 10, resource: 'key-creation' },
    ]);
    expect(endpointBucketsOf(accountsOperations['apiKeys.usage'], accountsLimits).map((b) => b.limit)).toEqual([500, 100]);
    expect(tierClassOf(accountsOperations['apiKeys.list'])).toBe('read');
    expect(tierClassOf(accountsOperations['apiKeys.revoke'])).toBe('write');
  });
});

describe('memory bounds', () => {
  it('drops the buckets of past windows once there are many, and keeps counting the current ones', () => {
    const limiter = new RateLimiter(true);
    for (let i = 0; i <= BUCKETS_PRUNE_AT; i++) limiter.hit([{ id: `c:10.0.${i}`, limit: 5, kind: 'client' }], T0);
    limiter.hit([{ id: 'c:kept', limit: 1, kind: 'client' }], T0 + WINDOW_MS);
    expect(limiter.size).toBe(1);
    expect(limiter.hit([{ id: 'c:kept', limit: 1, kind: 'client' }], T0 + WINDOW_MS).limited).toBe(true);
  });
});
