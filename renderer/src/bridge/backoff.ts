// Reconnect delays for the web-mode socket: exponential with a cap and jitter, so many
// tabs of one server do not reconnect in lockstep after a restart.
interface BackoffOptions {
  baseMs?: number;
  maxMs?: number;
  /** 0..1: the share of the delay that is randomised. */
  jitter?: number;
}

export function backoffDelay(attempt: number, random: () => number = Math.random, options: BackoffOptions = {}): number {
  const { baseMs = 250, maxMs = 10_000, jitter = 0.3 } = options;
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
  const spread = exp * jitter;
  return Math.round(exp - spread + random() * spread);
}
