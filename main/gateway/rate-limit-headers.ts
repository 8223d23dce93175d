// X-RateLimit-* headers (01-accounts.md, Limits: "Response headers on every response") read
// into the RateLimitInfo the status bar shows.
import type { RateLimitInfo } from '../../shared/api/accounts/api-keys';

/** Hourly windows are the spec's norm; used when a server omits X-RateLimit-Window. */
const DEFAULT_WINDOW_SECONDS = 3600;

function integerHeader(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null || !/^\s*-?\d+\s*$/.test(raw)) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : null;
}

/** Seconds to wait from a Retry-After header (delta-seconds or HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(raw: string | null, now: () => number = Date.now): number | null {
  if (raw === null || raw.trim() === '') return null;
  const trimmed = raw.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now()) / 1000));
}

/** Null unless Limit, Remaining and Reset are all present and whole numbers. */
export function parseRateLimitHeaders(headers: Headers): RateLimitInfo | null {
  const limit = integerHeader(headers, 'x-ratelimit-limit');
  const remaining = integerHeader(headers, 'x-ratelimit-remaining');
  const reset = integerHeader(headers, 'x-ratelimit-reset');
  if (limit === null || remaining === null || reset === null) return null;
  const info: RateLimitInfo = {
    limit,
    remaining,
    reset,
    window: integerHeader(headers, 'x-ratelimit-window') ?? DEFAULT_WINDOW_SECONDS,
  };
  const retryAfter = retryAfterSeconds(headers.get('retry-after'));
  if (retryAfter !== null) info.retryAfter = retryAfter;
  const resource = headers.get('x-ratelimit-resource')?.trim();
  if (resource && /^[A-Za-z0-9:._-]{1,64}$/.test(resource)) info.resource = resource;
  return info;
}

/** The server's clock from its `Date` header, in ms; null when absent or unreadable. */
export function serverTimeOf(headers: Headers): number | null {
  const raw = headers.get('date');
  if (!raw) return null;
  const ms = Date.parse(raw);
  return Number.isFinite(ms) ? ms : null;
}
