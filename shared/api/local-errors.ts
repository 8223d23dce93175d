// Errors the console makes itself (no server sent them): every code in one enum, each with
// the LocalErrorKind it reports as `source`, and one factory, so main, preload and renderer
// build them alike. Wire errors come from normalizeErrorBody (errors.ts) instead.
import { z } from 'zod';
import type { ErrorDetails, LocalErrorKind, NormalizedError } from './errors';

// Marked pure so a bundle that only builds errors (the sandboxed preload, which must stay
// small) drops the enum and zod with it: dist/preload/index.cjs stays ~2.5 KB, not ~450 KB.
export const LocalErrorCode = /* @__PURE__ */ z.enum([
  // A call that got no usable answer.
  'CANCELLED',
  'TIMEOUT',
  'NETWORK_ERROR',
  'INVALID_RESPONSE',
  // A renderer call the contract refuses (unknown channel or operation, invalid input).
  'INVALID_REQUEST',
  // Keys and profiles.
  'KEYCHAIN_ERROR',
  'PROFILE_KEY_MISSING',
  'PROFILE_INVALID_URL',
  'PROFILE_URL_CREDENTIALS',
  'PROFILE_URL_QUERY',
  'PROFILE_BUILT_IN',
  'PROFILE_NO_BASE_URL',
  'PROFILE_NOT_FOUND',
  'PROFILE_NAME_TAKEN',
  'PROFILE_LIMIT_REACHED',
  'EMULATOR_ONLY',
  // Model downloads to a file: bytes that do not match what the download listed; a file that could not be written.
  'CHECKSUM_MISMATCH',
  'FILE_WRITE_FAILED',
  // The transport between renderer and main process.
  'BRIDGE_ERROR',
  'BRIDGE_DISCONNECTED',
  'BRIDGE_CLOSED',
  'BRIDGE_PROTOCOL',
  'UNKNOWN_CHANNEL',
  'USER_ACTIVATION_REQUIRED',
  'UNTRUSTED_SENDER',
  'INTERNAL_ERROR',
]);
export type LocalErrorCode = z.infer<typeof LocalErrorCode>;

type Kind = z.infer<typeof LocalErrorKind>;

/** The `source` each code reports; a Record, so a new code without one does not compile. */
const KIND: Record<LocalErrorCode, Kind> = {
  CANCELLED: 'cancelled',
  TIMEOUT: 'timeout',
  NETWORK_ERROR: 'network',
  INVALID_RESPONSE: 'invalid_response',
  INVALID_REQUEST: 'invalid_request',
  KEYCHAIN_ERROR: 'keychain',
  PROFILE_KEY_MISSING: 'profile',
  PROFILE_INVALID_URL: 'profile',
  PROFILE_URL_CREDENTIALS: 'profile',
  PROFILE_URL_QUERY: 'profile',
  PROFILE_BUILT_IN: 'profile',
  PROFILE_NO_BASE_URL: 'profile',
  PROFILE_NOT_FOUND: 'profile',
  PROFILE_NAME_TAKEN: 'profile',
  PROFILE_LIMIT_REACHED: 'profile',
  EMULATOR_ONLY: 'profile',
  CHECKSUM_MISMATCH: 'invalid_response',
  FILE_WRITE_FAILED: 'bridge',
  BRIDGE_ERROR: 'bridge',
  BRIDGE_DISCONNECTED: 'bridge',
  BRIDGE_CLOSED: 'bridge',
  BRIDGE_PROTOCOL: 'bridge',
  UNKNOWN_CHANNEL: 'bridge',
  USER_ACTIVATION_REQUIRED: 'bridge',
  UNTRUSTED_SENDER: 'bridge',
  INTERNAL_ERROR: 'bridge',
};

export interface LocalErrorExtras {
  details?: ErrorDetails;
  /** The HTTP status when a server did answer (an unreadable body); 0 otherwise. */
  status?: number;
  retryAfter?: number;
}

/** A NormalizedError of the console's own making. */
export function localError(code: LocalErrorCode, message: string, extras: LocalErrorExtras = {}): NormalizedError {
  const error: NormalizedError = { status: extras.status ?? 0, code, message, details: extras.details ?? {}, source: KIND[code] };
  if (extras.retryAfter !== undefined) error.retryAfter = extras.retryAfter;
  return error;
}

/** The one cancellation error, whether the renderer or the gateway noticed the abort first. */
export function cancelledError(): NormalizedError {
  return localError('CANCELLED', 'The request was cancelled.');
}
