// What became of each API call, for whoever judges the connection (the status bar): the
// operation, how long it took, and the error when it failed. Cancelled calls say nothing.
import type { NormalizedError } from '../../../shared/api/errors';

export type CallOutcome = { op: string; latencyMs: number } & ({ ok: true } | { ok: false; error: NormalizedError });

const listeners = new Set<(outcome: CallOutcome) => void>();

export function reportCallOutcome(outcome: CallOutcome): void {
  for (const listener of listeners) listener(outcome);
}

export function onCallOutcome(listener: (outcome: CallOutcome) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
