// Revealed secret values: fetched only on demand, each hidden again after REVEAL_MS, and
// all dropped when the tab unmounts or the page is hidden. Held in component state only.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { NormalizedError } from '../../../../../../shared/api/errors';
import { toNormalizedError } from '../../../../bridge/errors';
import { useSecrets } from './secrets-store';

const REVEAL_MS = 30_000;
const REVEAL_FORBIDDEN_MESSAGE = 'Revealing values needs the owner/admin role or manage_security.';

/** @internal Exported for its tests only. */
export function isRevealForbidden(error: NormalizedError): boolean {
  return error.status === 403 || error.code === 'INSUFFICIENT_PERMISSIONS' || error.code === 'FORBIDDEN';
}

export interface RevealedValues {
  values: ReadonlyMap<string, string>;
  pending: ReadonlySet<string>;
  error: NormalizedError | null;
  reveal(name: string): Promise<void>;
  hide(name: string): void;
  hideAll(): void;
  dismissError(): void;
}

export function useRevealedValues(clusterId: string): RevealedValues {
  const [values, setValues] = useState<ReadonlyMap<string, string>>(new Map());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<NormalizedError | null>(null);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const hide = useCallback((name: string) => {
    clearTimeout(timers.current.get(name));
    timers.current.delete(name);
    setValues((m) => {
      if (!m.has(name)) return m;
      const next = new Map(m);
      next.delete(name);
      return next;
    });
  }, []);

  const hideAll = useCallback(() => {
    for (const t of timers.current.values()) clearTimeout(t);
    timers.current.clear();
    setValues(new Map());
  }, []);

  const reveal = useCallback(
    async (name: string) => {
      setPending((s) => new Set(s).add(name));
      setError(null);
      try {
        const value = await useSecrets.getState().readValue(clusterId, name);
        clearTimeout(timers.current.get(name));
        timers.current.set(
          name,
          setTimeout(() => hide(name), REVEAL_MS),
        );
        setValues((m) => new Map(m).set(name, value));
      } catch (e) {
        const normalized = toNormalizedError(e);
        setError(isRevealForbidden(normalized) ? { ...normalized, message: REVEAL_FORBIDDEN_MESSAGE } : normalized);
      } finally {
        setPending((s) => {
          const next = new Set(s);
          next.delete(name);
          return next;
        });
      }
    },
    [clusterId, hide],
  );

  // Leaving: another cluster, the tab unmounting, or the page going to the background.
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') hideAll();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', hideAll);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', hideAll);
      hideAll();
    };
  }, [clusterId, hideAll]);

  return { values, pending, error, reveal, hide, hideAll, dismissError: () => setError(null) };
}
