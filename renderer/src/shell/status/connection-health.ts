// What an API call's outcome says about the active profile's connection, and the words the
// status bar uses for it. Pure: the store (connection-store.ts) keeps the state and timers.
import type { NormalizedError } from '../../../../shared/api/errors';
import type { CallOutcome } from '../../bridge/call-outcomes';

export type ConnectionHealth =
  /** No answer yet since the profile became active. */
  | { kind: 'unknown' }
  /** The server answered and accepted the key; latency of the last check, when known. */
  | { kind: 'ok'; latencyMs: number | null }
  | { kind: 'key-refused'; status: number; message: string }
  | { kind: 'no-key'; message: string }
  | { kind: 'unreachable'; reason: string; message: string }
  | { kind: 'timeout'; message: string }
  | { kind: 'server-error'; status: number; message: string }
  | { kind: 'not-understood'; message: string };

/** The network error codes operators see most, in words. */
const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'name lookup failed',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  CERT_HAS_EXPIRED: 'certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificate not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificate is for another host',
};

function networkReason(error: NormalizedError): string {
  const cause = error.details?.cause;
  if (typeof cause === 'string') return NETWORK_REASONS[cause] ?? cause;
  return 'network error';
}

/**
 * The health a failed call shows, or null when the failure says nothing about the connection
 * (a validation error, a permission the key lacks, the bridge itself): the server answered.
 * @internal Exported for its tests only.
 */
export function healthOfError(error: NormalizedError): ConnectionHealth | null {
  const { source, code, status, message } = error;
  if (source === 'network') return { kind: 'unreachable', reason: networkReason(error), message };
  if (source === 'timeout') return { kind: 'timeout', message };
  if (code === 'PROFILE_KEY_MISSING' || code === 'KEYCHAIN_ERROR') return { kind: 'no-key', message };
  if (source === 'invalid_response') return { kind: 'not-understood', message };
  if (source === 'account' || source === 'cluster') {
    if (status === 401) return { kind: 'key-refused', status, message };
    if (status >= 500) return { kind: 'server-error', status, message };
  }
  return null;
}

/** The next health after a call's outcome; `current` when the outcome changes nothing. */
export function nextHealth(current: ConnectionHealth, outcome: CallOutcome, isCheck: boolean): ConnectionHealth {
  if (outcome.ok) {
    // A check's round trip is the latency; other calls (some held on purpose) only stand in
    // until a check has measured one.
    const known = current.kind === 'ok' ? current.latencyMs : null;
    return { kind: 'ok', latencyMs: isCheck || known === null ? Math.round(outcome.latencyMs) : known };
  }
  const failed = healthOfError(outcome.error);
  if (failed) return failed;
  // Any other answer (403, 404, 409, 429…) came from a server that accepted the key.
  return current.kind === 'ok' ? current : { kind: 'ok', latencyMs: null };
}

export function isHealthy(health: ConnectionHealth): boolean {
  return health.kind === 'ok';
}

/** The status bar's words. */
export function healthLabel(health: ConnectionHealth): string {
  switch (health.kind) {
    case 'unknown':
      return 'Checking…';
    case 'ok':
      return health.latencyMs === null ? 'Connected' : `Connected · ${health.latencyMs.toLocaleString()} ms`;
    case 'key-refused':
      return `Key refused (${health.status})`;
    case 'no-key':
      return 'No key stored';
    case 'unreachable':
      return `Unreachable: ${health.reason}`;
    case 'timeout':
      return 'Timing out';
    case 'server-error':
      return `Server error (${health.status})`;
    case 'not-understood':
      return 'Answers not understood';
  }
}
