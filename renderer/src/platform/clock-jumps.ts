// The embedded emulator's clock moved by hand — from the Emulator page of any window, or any
// other client of this console (main's `emulator:clockJumped`): views that refresh on a slow
// pace read the new now at once instead of at their next slot of the read budget.
import { useSyncExternalStore } from 'react';
import { getBridge } from '../bridge';

let jumps = 0;
const listeners = new Set<() => void>();
let unsubscribe: (() => void) | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  unsubscribe ??= getBridge().subscribe('emulator:clockJumped', {}, () => {
    jumps++;
    for (const l of [...listeners]) l();
  });
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      unsubscribe?.();
      unsubscribe = null;
    }
  };
}

/** How many times the clock jumped since this window started: changes on every jump. */
export function useClockJumps(): number {
  return useSyncExternalStore(subscribe, () => jumps);
}
