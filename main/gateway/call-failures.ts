// NormalizedErrors for calls that got no usable answer. `where` names where the call went
// ("the local emulator", "the server at https://…": a base URL, never with credentials or a
// query) and messages never include the key.
import type { NormalizedError } from '../../shared/api/errors';
import { localError, type LocalErrorExtras } from '../../shared/api/local-errors';

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function timeoutFailure(where: string, timeoutMs: number): NormalizedError {
  const seconds = Math.round(timeoutMs / 100) / 10;
  return localError('TIMEOUT', `No answer from ${where} within ${seconds} s.`, { details: { timeoutMs } });
}

/** The errno-style code of a fetch failure (undici puts it on `cause`), if any. */
function networkCode(error: unknown): string | null {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = cause && typeof cause.code === 'string' ? cause.code : null;
  return code && /^[A-Z0-9_]{2,40}$/.test(code) ? code : null;
}

export function networkFailure(where: string, error: unknown): NormalizedError {
  const code = networkCode(error);
  return localError('NETWORK_ERROR', `Could not reach ${where}${code ? ` (${code})` : ''}.`, { details: code ? { cause: code } : {} });
}

export function invalidJsonFailure(status: number, where: string): NormalizedError {
  return localError('INVALID_RESPONSE', `${capitalize(where)} answered ${status} with a body that is not valid JSON.`, { status });
}

/**
 * A body a remote server sent that this console cannot read as the spec describes it:
 * `reason` says why in plain words; a success body is named without its status, an error
 * body with it (the status is the one part of it that still means something).
 */
export function notUnderstoodFailure(where: string, status: number, reason: string, extras: LocalErrorExtras = {}): NormalizedError {
  const answered = status >= 200 && status < 300 ? 'answered' : `answered ${status}`;
  return localError('INVALID_RESPONSE', `${capitalize(where)} ${answered} with a body this console does not understand: ${reason}.`, {
    ...extras,
    status,
  });
}
