// Which training jobs use a dataset: a dataset in use cannot be deleted (03-endpoints-training.md,
// States and transitions). A job uses its dataset while pending, running or stopped (a stopped
// job may resume); completed, failed and cancelled jobs no longer do (docs/decisions.md, Training: jobs).
import { JobRun } from '../jobs/sim/run';
import type { TrainingState } from '../state';

const USING = new Set(['pending', 'running', 'stopped']);

export function trainingJobsUsing(state: TrainingState, datasetId: string, now: number): readonly string[] {
  return state.jobs.filter((j) => j.dataset_id === datasetId && USING.has(new JobRun(j).at(now).status)).map((j) => j.id);
}
