// The active profile's clock, as this machine sees it: one offset from the local clock,
// learnt from every answer's server time (the embedded emulator's simulated now, a remote
// server's `Date`) and forgotten on a profile switch. Relative times ("2 hours ago") are
// computed against it, so an emulator whose clock was advanced never shows "in 13 minutes"
// for something that already happened.
import { onCallOutcome } from '../bridge/call-outcomes';

let offsetMs = 0;
const listeners = new Set<() => void>();
const jumpListeners = new Set<() => void>();
/** How many times the clock was moved on purpose (an emulator clock advance). */
let jumps = 0;
/**
 * Each offset and the moment (this machine's clock) it took effect, oldest first: what a past
 * moment of this machine was on the server's clock (serverTimeAt).
 */
let history: { since: number; offset: number }[] = [{ since: Number.NEGATIVE_INFINITY, offset: 0 }];
const HISTORY_MAX = 64;

/** Answers closer than this to the current offset leave it alone: `Date` has whole seconds. */
const JITTER_MS = 1_500;

function setOffset(next: number, at: number = Date.now()): void {
  if (next === offsetMs) return;
  offsetMs = next;
  history.push({ since: at, offset: next });
  if (history.length > HISTORY_MAX) history = history.slice(history.length - HISTORY_MAX);
  for (const listener of listeners) listener();
}

/** Notes the server time of an answer received at `receivedAt` (this machine's clock). */
export function noteServerTime(serverTime: number | undefined | null, receivedAt: number = Date.now()): void {
  if (serverTime === undefined || serverTime === null || !Number.isFinite(serverTime)) return;
  const next = serverTime - receivedAt;
  // A `Date` header is truncated to the second: keep the offset steady unless the server's
  // clock really moved (an advance, a different server), so times do not flicker.
  if (Math.abs(next - offsetMs) < JITTER_MS) return;
  setOffset(next, receivedAt);
}

/**
 * The server's clock was moved on purpose (the emulator's clock advanced by this console): its
 * new now, as answered at `receivedAt`. The offset follows exactly, and views that keep a
 * window of time (live charts) hear of it at once (onServerClockJump) rather than at their
 * next reading.
 */
export function noteClockJump(serverTime: number, receivedAt: number = Date.now()): void {
  if (!Number.isFinite(serverTime)) return;
  setOffset(serverTime - receivedAt, receivedAt);
  jumps++;
  for (const listener of jumpListeners) listener();
}

/** Called after each jump of the server's clock (see noteClockJump). */
export function onServerClockJump(listener: () => void): () => void {
  jumpListeners.add(listener);
  return () => jumpListeners.delete(listener);
}

/** The number of jumps so far (a React key: useSyncExternalStore(onServerClockJump, clockJumps)). */
export function clockJumps(): number {
  return jumps;
}

/**
 * The server's time at a past moment of this machine's clock (when something was loaded): the
 * offset in effect then, so a later advance of the emulator's clock does not move it.
 */
export function serverTimeAt(machineMs: number): number {
  for (let i = history.length - 1; i >= 0; i--) if (history[i]!.since <= machineMs) return machineMs + history[i]!.offset;
  return machineMs + history[0]!.offset;
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
