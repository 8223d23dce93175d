// The training area's resources a member may be given access to (shares, resource grants:
// issue 19): datasets, training jobs, models, tuning jobs and experiments.
import type { ResourceRef } from '../../core/area';
import type { Store } from '../../state/store';
import { trainingState } from './state';

export function trainingResourceOf(store: Store, id: string): ResourceRef | null {
  const s = trainingState(store);
  const named = (type: string, list: ReadonlyArray<{ id: string; name: string }>): ResourceRef | null => {
    const r = list.find((x) => x.id === id);
    return r ? { type, name: r.name, scope: 'training' } : null;
  };
  const tuning = s.tunings.find((x) => x.id === id);
  if (tuning) return { type: 'tuning_job', name: null, scope: 'training' };
  return named('dataset', s.datasets) ?? named('training_job', s.jobs) ?? named('model', s.models) ?? named('experiment', s.experiments);
}
