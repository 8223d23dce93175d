// Polling that spends the console's read budget (main/gateway/read-budget.ts): a view that
// follows something slow (a list while training jobs run, an experiment while its runs train)
// asks main for each next slot of its group's background share, and says the pace it got
// (components/RefreshPaceNote.tsx). Hidden windows do not poll (lib/use-polling.ts); a clock
// moved by hand on the emulator is read at once (server-clock's jumps, platform/clock-jumps.ts).
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { RefreshPace } from '../../../shared/ipc/streams';
import { getBridge } from '../bridge';
import { usePolling } from '../lib/use-polling';
import { clockJumps, onServerClockJump } from './server-clock';

type BudgetGroup = 'accounts' | 'clusters' | 'endpoints' | 'training' | 'usage';

/** This window among the console's windows and tabs, and its polling views: a follower's name for the budget. */
const WINDOW = Math.random().toString(36).slice(2, 10);
let views = 0;

/** Ticks while `active`, at `intervalMs` or the slower pace the budget allows; the pace while active. */
export function useBudgetedPolling(
  active: boolean,
  group: BudgetGroup,
  intervalMs: number,
  tick: () => void,
  reads = 1,
): RefreshPace | null {
  const [pace, setPace] = useState<RefreshPace | null>(null);
  const [follower] = useState(() => `${WINDOW}-${++views}`);
  const nextDelay = useCallback(
    async (preferredMs: number) => {
      const next = await getBridge().invoke('refresh:reserve', { group, follower, reads, preferredMs });
      setPace(next);
      return next.everyMs;
    },
    [group, follower, reads],
  );
  usePolling(active, intervalMs, tick, { nextDelay, kick: useSyncExternalStore(onServerClockJump, clockJumps) });
  // Leaving (unmounted, or nothing moves any more) gives the others of the group its part of the pace.
  useEffect(() => {
    if (!active) return;
    return () =>
      void getBridge()
        .invoke('refresh:leave', { follower })
        .catch(() => undefined);
  }, [active, follower]);
  return active ? pace : null;
}
