// Repeats `tick` every `intervalMs` while `active` and the window is visible (lists and details
// that follow a change in progress); when the window comes back into view it ticks at once.
// With `nextDelay` (platform/use-budgeted-polling.ts: the console's read budget), each wait is
// what it answers for the interval wanted, asked after every tick; a change of `kick` (the
// emulator's clock jumped) ticks at once and starts the waits over.
import { useEffect, useRef } from 'react';

/** One cluster while it changes state. */
export const DETAIL_POLL_MS = 3_000;
/** The whole list (up to hundreds of records) while any cluster changes state. */
export const LIST_POLL_MS = 5_000;

export interface PollingPace {
  /** The wait before the next tick, for the interval wanted. */
  nextDelay?: (wantedMs: number) => Promise<number>;
  /** A change ticks at once. */
  kick?: number;
}

export function usePolling(active: boolean, intervalMs: number, tick: () => void, { nextDelay, kick = 0 }: PollingPace = {}): void {
  const tickRef = useRef(tick);
  tickRef.current = tick;
  const delayRef = useRef(nextDelay);
  delayRef.current = nextDelay;
  const paced = nextDelay !== undefined;
  const kickRef = useRef(kick);
  useEffect(() => {
    const kicked = kickRef.current !== kick;
    kickRef.current = kick;
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    /** Bumped by every stop, so that a wait answered after it schedules nothing. */
    let run = 0;
    const schedule = () => {
      const mine = run;
      const wait = delayRef.current ? delayRef.current(intervalMs) : Promise.resolve(intervalMs);
      void wait
        .catch(() => intervalMs)
        .then((ms) => {
          if (mine !== run || timer !== null) return;
          timer = setTimeout(() => {
            timer = null;
            tickRef.current();
            schedule();
          }, ms);
        });
    };
    const start = () => {
      if (timer === null) schedule();
    };
    const stop = () => {
      run++;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    };
    const onVisibility = () => {
      if (document.hidden) stop();
      else {
        tickRef.current();
        stop();
        start();
      }
    };
    if (!document.hidden) {
      if (kicked) tickRef.current();
      start();
    }
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, intervalMs, paced, kick]);
}
