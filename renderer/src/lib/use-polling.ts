// Repeats `tick` every `intervalMs` while `active` and the window is visible (lists and details
// that follow a change in progress); when the window comes back into view it ticks at once.
import { useEffect, useRef } from 'react';

/** One cluster while it changes state. */
export const DETAIL_POLL_MS = 3_000;
/** The whole list (up to hundreds of records) while any cluster changes state. */
export const LIST_POLL_MS = 5_000;

export function usePolling(active: boolean, intervalMs: number, tick: () => void): void {
  const tickRef = useRef(tick);
  tickRef.current = tick;
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setInterval> | null = null;
    const start = () => {
      if (timer === null) timer = setInterval(() => tickRef.current(), intervalMs);
    };
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const onVisibility = () => {
      if (document.hidden) stop();
      else {
        tickRef.current();
        start();
      }
    };
    if (!document.hidden) start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, intervalMs]);
}
