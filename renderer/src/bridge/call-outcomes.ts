// What became of each API call, for whoever judges the connection (the status bar) or keeps
// the server's clock (platform/server-clock): the operation, how long it took, the answer's
// server time, and the error when it failed. Cancelled calls say nothing.
import type { NormalizedError } from '../../../shared/api/errors';

export type CallOutcome = { op: string; latencyMs: number } & ({ ok: true; serverTime?: number } | { ok: false; error: NormalizedError });

const listeners = new Set<(outcome: CallOutcome) => void>();

export function reportCallOutcome(outcome: CallOutcome): void {
  for (const listener of listeners) listener(outcome);
}

export function onCallOutcome(listener: (outcome: CallOutcome) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
