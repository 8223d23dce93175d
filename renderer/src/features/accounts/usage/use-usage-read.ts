// A panel's read of the dashboard: keyed by what it asks (a period change reads it, or takes the
// store's kept answer), and read again, its answer kept on screen meanwhile, when the store's
// generation moves (the user's refresh, the budgeted background one, a cluster stopped).
import { useEffect, useRef } from 'react';
import { useLoaded } from '../../../platform/use-loaded';
import { useUsage } from './usage-store';

export function useUsageRead<T>(key: string, read: () => Promise<T>): ReturnType<typeof useLoaded<T>> {
  const loaded = useLoaded(key, read);
  const generation = useUsage((s) => s.generation);
  const seen = useRef(generation);
  const { reload } = loaded;
  useEffect(() => {
    if (seen.current === generation) return;
    seen.current = generation;
    reload();
  }, [generation, reload]);
  return loaded;
}
