// Leaving a section with unsaved changes asks first: another section's tab, another page, a
// link or the palette all change the address, so the guard watches the address. It puts the
// address back at once (the page stays) and keeps where the operator wanted to go; "Discard
// and leave" goes there. Closing or reloading the window asks through the browser's own prompt.
import { useEffect, useRef, useState } from 'react';
import { useLatest } from '../../../lib/use-latest';

export interface LeaveGuard {
  /**
   * The address the page stands on: it follows the hashchange events the guard lets through,
   * not the address itself (which a render may read before the event, and before the guard
   * could put it back).
   */
  hash: string;
  /** The address the operator tried to open, while the question is asked. */
  pending: string | null;
  leave(): void;
  stay(): void;
}

/** `guarded(hash)`: whether going to that address leaves what has unsaved changes ('' for leaving the window). */
export function useLeaveGuard(guarded: (hash: string) => boolean): LeaveGuard {
  const [pending, setPending] = useState<string | null>(null);
  const [hash, setHash] = useState(() => window.location.hash);
  const latest = useLatest(guarded);
  /** The address the page stands on, and the one the operator agreed to leave for. */
  const at = useRef({ current: window.location.hash, allowed: null as string | null });
  useEffect(() => {
    const state = at.current;
    state.current = window.location.hash;
    const onHash = () => {
      const next = window.location.hash;
      if (next === state.current) return;
      if (next !== state.allowed && latest.current(next)) {
        window.history.replaceState(null, '', state.current);
        window.dispatchEvent(new HashChangeEvent('hashchange'));
        setPending(next);
        return;
      }
      state.allowed = null;
      state.current = next;
      setHash(next);
    };
    const onUnload = (e: BeforeUnloadEvent) => {
      if (latest.current('')) e.preventDefault();
    };
    // Capture: before the router's own listeners render the next page (the browser runs
    // microtasks, so React's renders, between one listener and the next).
    window.addEventListener('hashchange', onHash, true);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      window.removeEventListener('hashchange', onHash, true);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [latest]);
  return {
    hash,
    pending,
    leave() {
      if (pending === null) return;
      at.current.allowed = pending;
      setPending(null);
      window.location.hash = pending;
    },
    stay: () => setPending(null),
  };
}
