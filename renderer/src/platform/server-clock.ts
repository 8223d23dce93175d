// The active profile's clock, as this machine sees it: one offset from the local clock,
// learnt from every answer's server time (the embedded emulator's simulated now, a remote
// server's `Date`) and forgotten on a profile switch. Relative times ("2 hours ago") are
// computed against it, so an emulator whose clock was advanced never shows "in 13 minutes"
// for something that already happened.
import { onCallOutcome } from '../bridge/call-outcomes';

let offsetMs = 0;
const listeners = new Set<() => void>();

/** Answers closer than this to the current offset leave it alone: `Date` has whole seconds. */
const JITTER_MS = 1_500;

function setOffset(next: number): void {
  if (next === offsetMs) return;
  offsetMs = next;
  for (const listener of listeners) listener();
}

/** Notes the server time of an answer received at `receivedAt` (this machine's clock). */
export function noteServerTime(serverTime: number | undefined | null, receivedAt: number = Date.now()): void {
  if (serverTime === undefined || serverTime === null || !Number.isFinite(serverTime)) return;
  const next = serverTime - receivedAt;
  // A `Date` header is truncated to the second: keep the offset steady unless the server's
  // clock really moved (an advance, a different server), so times do not flicker.
  if (Math.abs(next - offsetMs) < JITTER_MS) return;
  setOffset(next);
}

/** Forgets the offset: the next answer teaches the new profile's clock. */
export function resetServerClock(): void {
  setOffset(0);
}

/** The server's now, in ms. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Called when the offset changes (for views that keep a computed time on screen). */
export function onServerClockChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Every answer teaches the clock: the bridge reports each call's outcome with its server time
// (it knows nothing of this module), and this listener is in place as soon as anything reads
// the clock.
onCallOutcome((outcome) => {
  if (outcome.ok) noteServerTime(outcome.serverTime);
});
