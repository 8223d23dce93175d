// The datasets a job can train on (status ready), read while the new-job form is open.
import type { NormalizedError } from '../../../../../shared/api/errors';
import { useLoaded } from '../../../platform/use-loaded';
import { useJobs, type ReadyDataset } from './jobs-store';

export function useReadyDatasets(open: boolean): { datasets: ReadyDataset[] | null; error: NormalizedError | null } {
  const { data, error } = useLoaded(open ? 'ready' : null, (signal) => useJobs.getState().readyDatasets(signal));
  // A failed read offers no dataset (the field says none is ready).
  return { datasets: data ?? (error ? [] : null), error };
}
