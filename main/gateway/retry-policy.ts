// When a call is sent again: only where it cannot do something twice. Idempotent methods
// (GET, PUT, DELETE) on network failures; any method on 429 when the server names a short
// Retry-After (the request was refused, not run). POST is otherwise never repeated.
import { HTTPError, TimeoutError, type RetryOptions } from 'ky';
import { retryAfterSeconds } from './rate-limit-headers';

export interface RetrySettings {
  /** Most retries per call. */
  limit: number;
  /** Longest Retry-After honoured, in seconds; a longer wait is returned to the caller instead. */
  maxRetryAfterSeconds: number;
  /** Wait before retry n (1-based) after a network failure. */
  delayMs: (attempt: number) => number;
}

export const defaultRetrySettings: RetrySettings = {
  limit: 2,
  maxRetryAfterSeconds: 10,
  delayMs: (attempt) => 250 * 2 ** (attempt - 1),
};

const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']);

function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method.toUpperCase());
}

/** ky's retry options for one call of `method`. */
export function retryOptions(method: string, settings: RetrySettings): RetryOptions {
  return {
    limit: settings.limit,
    // Every method passes ky's method gate; shouldRetry below makes the real decision.
    methods: ['get', 'put', 'delete', 'post', 'patch', 'head', 'options'],
    statusCodes: [429],
    afterStatusCodes: [429],
    maxRetryAfter: settings.maxRetryAfterSeconds * 1000,
    delay: settings.delayMs,
    retryOnTimeout: false,
    shouldRetry: ({ error }) => {
      if (error instanceof HTTPError) {
        if (error.response.status !== 429) return false;
        const wait = retryAfterSeconds(error.response.headers.get('retry-after'));
        // undefined: ky waits the Retry-After itself.
        return wait !== null && wait <= settings.maxRetryAfterSeconds ? undefined : false;
      }
      if (error instanceof TimeoutError) return false;
      if (error.name === 'AbortError') return false;
      return isIdempotent(method) ? undefined : false;
    },
  };
}
