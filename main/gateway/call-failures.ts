// NormalizedErrors for calls that got no usable answer. Messages name where the call went
// (an origin, never a full URL with credentials) and never include the key.
import type { NormalizedError } from '../../shared/api/errors';

export function cancelledFailure(): NormalizedError {
  return { status: 0, code: 'CANCELLED', message: 'The request was cancelled.', details: {}, source: 'cancelled' };
}

export function timeoutFailure(where: string, timeoutMs: number): NormalizedError {
  const seconds = Math.round(timeoutMs / 100) / 10;
  return { status: 0, code: 'TIMEOUT', message: `No answer from ${where} within ${seconds} s.`, details: { timeoutMs }, source: 'timeout' };
}

/** The errno-style code of a fetch failure (undici puts it on `cause`), if any. */
function networkCode(error: unknown): string | null {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = cause && typeof cause.code === 'string' ? cause.code : null;
  return code && /^[A-Z0-9_]{2,40}$/.test(code) ? code : null;
}

export function networkFailure(where: string, error: unknown): NormalizedError {
  const code = networkCode(error);
  return {
    status: 0,
    code: 'NETWORK_ERROR',
    message: `Could not reach ${where}${code ? ` (${code})` : ''}.`,
    details: code ? { cause: code } : {},
    source: 'network',
  };
}

export function invalidResponseFailure(status: number, where: string, envelope: 'account' | 'cluster'): NormalizedError {
  return { status, code: 'INVALID_RESPONSE', message: `${where.charAt(0).toUpperCase()}${where.slice(1)} answered ${status} with a body that is not valid JSON.`, details: {}, source: envelope };
}
