// The datasets a job can train on (status ready), read when the new-job form opens.
import { useEffect, useState } from 'react';
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { OutputOf } from '../../../../../shared/api/operations';
import { api } from '../../../bridge/api';
import { isCancelled, toNormalizedError } from '../../../bridge/errors';

export type ReadyDataset = OutputOf<'training.datasets.list'>['datasets'][number];

export function useReadyDatasets(open: boolean): { datasets: ReadyDataset[] | null; error: NormalizedError | null } {
  const [state, setState] = useState<{ datasets: ReadyDataset[] | null; error: NormalizedError | null }>({ datasets: null, error: null });
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setState({ datasets: null, error: null });
    api(
      'training.datasets.list',
      { query: { status: 'ready', limit: 100, sort: 'name', order: 'asc' } },
      { signal: controller.signal },
    ).then(
      ({ data }) => setState({ datasets: data.datasets, error: null }),
      (error: unknown) => {
        if (!isCancelled(error)) setState({ datasets: [], error: toNormalizedError(error) });
      },
    );
    return () => controller.abort();
  }, [open]);
  return state;
}
