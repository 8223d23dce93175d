// The API usage view's boost form checks and the limits a boost raised (features/accounts/api-usage).
import { describe, expect, it } from 'vitest';
import { raisedLimits, routeName, validateBoost } from '../../../renderer/src/features/accounts/api-usage/api-usage-format';

const form = { multiplier: '2', amount: '24', unit: 'h' as const, reason: 'launch' };

describe('boost form', () => {
  it('sends the multiplier, the duration as the API writes it and the trimmed reason', () => {
    expect(validateBoost({ ...form, reason: '  launch ' })).toEqual({
      ok: true,
      request: { multiplier: 2, duration: '24h', reason: 'launch' },
    });
    expect(validateBoost({ ...form, amount: '7', unit: 'd' })).toMatchObject({ ok: true, request: { duration: '7d' } });
  });

  it('states each rule in the user’s words', () => {
    expect(validateBoost({ ...form, multiplier: '12' })).toEqual({ ok: false, errors: { multiplier: 'Must be from 1.1 to 10' } });
    expect(validateBoost({ ...form, multiplier: 'x' })).toEqual({ ok: false, errors: { multiplier: 'Enter a number from 1.1 to 10' } });
    expect(validateBoost({ ...form, amount: '169' })).toEqual({ ok: false, errors: { amount: 'At most 7 days (168 hours)' } });
    expect(validateBoost({ ...form, amount: '0' })).toEqual({ ok: false, errors: { amount: 'Enter a whole number, at least 1' } });
    expect(validateBoost({ ...form, reason: ' ' })).toEqual({ ok: false, errors: { reason: 'Say why you need more requests' } });
  });
});

describe('raised limits and route names', () => {
  it('pairs each plan limit with the boosted one', () => {
    const limit = (n: number) => ({ limit: n, remaining: n, reset_at: '2026-11-27T17:00:00.000Z' });
    const status = {
      plan: 'pro',
      limits: { read_operations: limit(2000), write_operations: limit(400), ai_services: limit(1000) },
      boost: {
        multiplier: 2,
        expires_at: '2026-11-28T17:00:00.000Z',
        reason: 'launch',
        base_limits: { read_operations: 1000, write_operations: 200, ai_services: 500 },
      },
    };
    expect(raisedLimits(status)).toEqual([
      { name: 'Reads', before: 1000, after: 2000 },
      { name: 'Writes', before: 200, after: 400 },
      { name: 'AI services', before: 500, after: 1000 },
    ]);
    expect(raisedLimits({ ...status, boost: null })).toEqual([]);
  });

  it('names a route by its template, a path no route has by its method', () => {
    const base = {
      operationId: null,
      requests: 1,
      byStatus: { '2xx': 1, '3xx': 0, '4xx': 0, '5xx': 0 },
      errorRate: 0,
      latencyMs: { p50: 1, p95: 1, p99: 1 },
    };
    expect(routeName({ ...base, kind: 'route', method: 'GET', path: '/v2/x/:id' })).toBe('GET /v2/x/:id');
    expect(routeName({ ...base, kind: 'unmatched', method: 'POST', path: null })).toBe('POST (no such route)');
  });
});
