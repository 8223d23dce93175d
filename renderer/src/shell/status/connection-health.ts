// What an API call's outcome says about the active profile's connection, and the words the
// status bar uses for it. Pure: the store (connection-store.ts) keeps the state and timers.
import type { NormalizedError } from '../../../../shared/api/errors';
import type { CallOutcome } from '../../bridge/call-outcomes';

export type ConnectionHealth =
  /** No answer yet since the profile became active. */
  | { kind: 'unknown' }
  /** The server answered and accepted the key; the recent round trips' median (recentLatency), when known. */
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

/** A round trip the status bar's latency is made of: when it ended (this machine's clock, ms) and how long it took. */
export interface LatencySample {
  at: number;
  ms: number;
}

/**
 * The latency shown is the median round trip of the calls answered over this much time up to
 * the latest answer (docs/decisions.md, Honest status): current within a minute, and one call
 * held long (a synchronous run, a chaos delay on one route) does not make it.
 * @internal Exported for its tests only.
 */
export const LATENCY_WINDOW_MS = 60_000;
/** At most this many round trips are kept (a busy console answers hundreds a minute). */
const LATENCY_SAMPLES_MAX = 200;

/** The round trip of an outcome the server answered (a success, or an error it sent back), or null (no answer, or refused before it left). */
export function roundTripOf(outcome: CallOutcome): number | null {
  if (outcome.ok) return outcome.latencyMs;
  const { source } = outcome.error;
  return (source === 'account' || source === 'cluster') && healthOfError(outcome.error) === null ? outcome.latencyMs : null;
}

/** The samples to keep after `sample`: those within LATENCY_WINDOW_MS of it, the newest last. */
export function withLatencySample(samples: readonly LatencySample[], sample: LatencySample): LatencySample[] {
  const kept = samples.filter((s) => sample.at - s.at <= LATENCY_WINDOW_MS);
  kept.push(sample);
  return kept.length > LATENCY_SAMPLES_MAX ? kept.slice(kept.length - LATENCY_SAMPLES_MAX) : kept;
}

/** The median round trip of the samples, in whole ms (the mean of the middle two for an even count); null for none. */
export function recentLatency(samples: readonly LatencySample[]): number | null {
  if (samples.length === 0) return null;
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return Math.round(sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** The next health after a call's outcome, with the latency to show (recentLatency of the samples, this outcome's included). */
export function nextHealth(outcome: CallOutcome, latencyMs: number | null): ConnectionHealth {
  if (outcome.ok) return { kind: 'ok', latencyMs };
  const failed = healthOfError(outcome.error);
  if (failed) return failed;
  // Any other answer (403, 404, 409, 429…) came from a server that accepted the key.
  return { kind: 'ok', latencyMs };
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
