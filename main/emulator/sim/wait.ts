// Holding a response until simulated time reaches a moment (wait_for_completion,
// wait_for_ready): the clock is polled, so /_emulator/clock/advance releases the wait at
// once and --speed shortens it. Bounded by a simulated deadline and by the emulator closing.
import type { SimClock } from '../core/clock';

const POLL_MAX_MS = 100;

/** Resolves true when `until` was reached, false at the deadline or when `signal` aborts. */
export async function waitForSimTime(clock: SimClock, until: number, deadline: number, signal: AbortSignal): Promise<boolean> {
  for (;;) {
    const now = clock.now();
    if (now >= until) return true;
    if (now >= deadline || signal.aborted) return false;
    const realMs = Math.max(1, Math.min(POLL_MAX_MS, (Math.min(until, deadline) - now) / clock.speed));
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, realMs);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
