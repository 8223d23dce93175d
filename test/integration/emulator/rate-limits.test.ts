// Rate limits (01-accounts.md, Limits) in-process: 429 shapes and headers, windows on the
// simulated clock, per-key limits, the boost, and the headers on every response.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { RateLimitsResponse, TemporaryBoostResponse } from '../../../shared/api/accounts/api-keys';
import { inProcess, rateHeaders } from './harness';

const t = inProcess();
afterAll(() => t.close());
beforeEach(async () => {
  await t.call('POST', '/_emulator/reset');
  // Start each test at the top of a simulated hour, so no window closes mid-test.
  const now = Date.parse((await t.call('GET', '/_emulator/clock')).body.now);
  await t.call('POST', '/_emulator/clock/advance', { body: { seconds: 3600 - ((now / 1000) % 3600) + 1 } });
});

const valid = { name: 'k', permissions: ['read'], scopes: ['accounts'] };
const advance = (seconds: number) => t.call('POST', '/_emulator/clock/advance', { body: { seconds } });

describe('rate limits', () => {
  it('allows 10 key creations an hour, then 429 RATE_LIMIT_EXCEEDED with headers, and a new window after the clock moves', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await t.call('POST', '/v2/accounts/api-keys', { body: valid });
      expect(r.status).toBe(201);
      expect(rateHeaders(r)).toMatchObject({ limit: '10', remaining: String(9 - i), window: '3600' });
    }
    const r = await t.call('POST', '/v2/auth/api-keys', { body: valid });
    expect(r.status).toBe(429);
    expect(r.body).toEqual({
      error: 'RATE_LIMIT_EXCEEDED',
      message: expect.any(String),
      code: 429,
      details: { limit: 10, period: '1h', remaining: 0, resetAt: expect.any(String), retry_after: expect.any(Number) },
    });
    expect(rateHeaders(r)).toMatchObject({ limit: '10', remaining: '0', window: '3600' });
    expect(Number(r.headers.get('retry-after'))).toBe(r.body.details.retry_after);
    expect(Number(r.headers.get('x-ratelimit-reset')) * 1000).toBe(Date.parse(r.body.details.resetAt));
    expect((await t.call('GET', '/v2/accounts/api-keys')).status).toBe(200); // other buckets unaffected
    await advance(3600);
    expect((await t.call('POST', '/v2/accounts/api-keys', { body: valid })).status).toBe(201);
  });

  it("answers RATE_LIMITED with retry_after when a key's own limit binds", async () => {
    for (let i = 0; i < 5; i++) {
      const r = await t.call('GET', '/v2/auth/verify', { key: t.keys.limited });
      expect(r.status).toBe(200);
      expect(rateHeaders(r)).toMatchObject({ limit: '5', remaining: String(4 - i) });
    }
    const r = await t.call('GET', '/v2/auth/verify', { key: t.keys.limited });
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ error: 'RATE_LIMITED', message: expect.any(String), code: 429, retry_after: expect.any(Number) });
    expect(r.headers.get('retry-after')).toBe(String(r.body.retry_after));
    await advance(3600);
    expect((await t.call('GET', '/v2/auth/verify', { key: t.keys.limited })).status).toBe(200);
  });

  it('puts the four headers on every response: success, 401, 403, 404, 405, 400 and admin', async () => {
    const replies = [
      await t.call('GET', '/v2/accounts/api-keys'),
      await t.call('GET', '/v2/accounts/api-keys', { key: null }),
      await t.call('GET', '/v2/accounts/api-keys', { key: t.keys.service }),
      await t.call('GET', '/nowhere'),
      await t.call('DELETE', '/v2/auth/verify'),
      await t.call('POST', '/v2/accounts/api-keys', { raw: '{' }),
      await t.call('GET', '/_emulator/health'),
      await t.call('GET', '/_emulator/health', { key: null }),
    ];
    for (const r of replies) {
      const h = rateHeaders(r);
      expect(h.window).toBe('3600');
      expect(Number(h.limit)).toBeGreaterThan(0);
      expect(Number(h.remaining)).toBeLessThan(Number(h.limit));
      expect(Number(h.reset)).toBeGreaterThan(Date.now() / 1000 - 86_400 * 400);
    }
    expect(rateHeaders(replies[1]!).limit).toBe('1000'); // per-client bucket for requests without a key
  });

  it('reports tier status and multiplies the tier limits with a temporary boost until it expires', async () => {
    const before = RateLimitsResponse.parse((await t.call('GET', '/v2/auth/rate-limits')).body);
    expect(before.plan).toBe('pro');
    expect(before.limits.read_operations.limit).toBe(1000);
    expect(before.limits.write_operations.limit).toBe(200);
    expect(before.limits.ai_services.limit).toBe(500);
    expect(before.boost).toBeNull();
    const boost = await t.call('POST', '/v2/auth/temporary-boost', { body: { multiplier: 2, duration: '1h', reason: 'launch' } });
    expect(boost.status).toBe(201);
    expect(TemporaryBoostResponse.parse(boost.body).boost.limits).toEqual({
      read_operations: 2000,
      write_operations: 400,
      ai_services: 1000,
    });
    const during = RateLimitsResponse.parse((await t.call('GET', '/v2/auth/rate-limits')).body);
    expect(during.limits.read_operations.limit).toBe(2000);
    expect(during.boost).toMatchObject({ multiplier: 2, reason: 'launch' });
    await advance(3601);
    const after = RateLimitsResponse.parse((await t.call('GET', '/v2/auth/rate-limits')).body);
    expect(after.limits.read_operations.limit).toBe(1000);
    expect(after.boost).toBeNull();
    for (const body of [
      { multiplier: 20, duration: '1h', reason: 'x' },
      { multiplier: 2, duration: '8d', reason: 'x' },
      { multiplier: 2, duration: 'soon', reason: 'x' },
    ]) {
      expect((await t.call('POST', '/v2/auth/temporary-boost', { body })).body.error).toBe('VALIDATION_ERROR');
    }
    expect(
      (await t.call('POST', '/v2/auth/temporary-boost', { key: t.keys.readOnly, body: { multiplier: 2, duration: '1h', reason: 'x' } }))
        .status,
    ).toBe(403);
  });

  it('counts reads against the remaining figure of the rate-limit status', async () => {
    const a = RateLimitsResponse.parse((await t.call('GET', '/v2/auth/rate-limits', { key: t.keys.readWrite })).body);
    const b = RateLimitsResponse.parse((await t.call('GET', '/v2/auth/rate-limits', { key: t.keys.readWrite })).body);
    expect(b.limits.read_operations.remaining).toBe(a.limits.read_operations.remaining - 1);
    expect(b.limits.write_operations.remaining).toBe(a.limits.write_operations.remaining);
  });
});
