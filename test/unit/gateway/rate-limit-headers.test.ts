import { describe, expect, it } from 'vitest';
import { parseRateLimitHeaders, retryAfterSeconds, serverTimeOf } from '../../../main/gateway/rate-limit-headers';

describe('parseRateLimitHeaders', () => {
  it('reads the four X-RateLimit headers and Retry-After', () => {
    const headers = new Headers({
      'X-RateLimit-Limit': '10',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': '1767225600',
      'X-RateLimit-Window': '3600',
      'Retry-After': '42',
    });
    expect(parseRateLimitHeaders(headers)).toEqual({ limit: 10, remaining: 0, reset: 1767225600, window: 3600, retryAfter: 42 });
  });

  it('assumes an hourly window when the server omits it', () => {
    const headers = new Headers({ 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '999', 'x-ratelimit-reset': '1767225600' });
    expect(parseRateLimitHeaders(headers)).toEqual({ limit: 1000, remaining: 999, reset: 1767225600, window: 3600 });
  });

  it('names the limit from X-RateLimit-Resource, and ignores a name that is not a plain token', () => {
    const base = { 'x-ratelimit-limit': '50', 'x-ratelimit-remaining': '49', 'x-ratelimit-reset': '1767225600' };
    expect(parseRateLimitHeaders(new Headers({ ...base, 'x-ratelimit-resource': 'accounts:POST' }))?.resource).toBe('accounts:POST');
    expect(parseRateLimitHeaders(new Headers({ ...base, 'x-ratelimit-resource': '<b>read</b>' }))).not.toHaveProperty('resource');
  });

  it('gives null when a required header is missing or not a whole number', () => {
    expect(parseRateLimitHeaders(new Headers())).toBeNull();
    expect(
      parseRateLimitHeaders(new Headers({ 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': 'lots', 'x-ratelimit-reset': '1' })),
    ).toBeNull();
    expect(
      parseRateLimitHeaders(new Headers({ 'x-ratelimit-limit': '1.5', 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': '1' })),
    ).toBeNull();
  });
});

describe('retryAfterSeconds', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:30 GMT', () => now)).toBe(30);
  });
});

describe('serverTimeOf', () => {
  it("reads the server's clock from Date, or null", () => {
    expect(serverTimeOf(new Headers({ date: 'Tue, 01 Jun 2027 10:00:00 GMT' }))).toBe(Date.UTC(2027, 5, 1, 10));
    expect(serverTimeOf(new Headers({ date: 'yesterday' }))).toBeNull();
    expect(serverTimeOf(new Headers())).toBeNull();
  });
});
