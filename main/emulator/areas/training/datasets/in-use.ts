// Which training jobs use a dataset: a dataset in use cannot be deleted (03-endpoints-training.md,
// States and transitions). The training-jobs module fills this in when it joins the area; until
// then no job exists and every dataset is free.
import type { TrainingState } from '../state';

export function trainingJobsUsing(_state: TrainingState, _datasetId: string): readonly string[] {
  return [];
}
