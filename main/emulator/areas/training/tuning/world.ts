// The seeded tuning jobs (docs/decisions.md, Training: tuning — seeded world), made by the same
// code as a create and run on the same clock: a finished TPE search of the completed seeded job,
// with its best model, and a Bayesian search of it under way now.
import { CreateTuningRequest } from '../../../../../shared/api/training/tuning';
import { Rng } from '../../../core/rng';
import { seedOf } from '../jobs/sim/loss-model';
import type { TrainingState } from '../state';
import { newTuning } from './routes';
import { settleTunings } from './settle';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const SPACE = {
  learning_rate: { type: 'log_uniform', min: 1e-5, max: 1e-2 },
  rank: { type: 'choice', values: [8, 16, 32, 64] },
  warmup_steps: { type: 'int_uniform', min: 0, max: 30 },
  weight_decay: { type: 'uniform', min: 0, max: 0.1 },
};

const SEEDS = [
  { label: 'tpe', ago: 3 * DAY, body: { algorithm: 'tpe', max_trials: 24, max_concurrent: 4 } },
  {
    label: 'bayesian',
    ago: 4 * MINUTE,
    body: { algorithm: 'bayesian', max_trials: 40, max_concurrent: 3, early_stopping: { patience: 12 } },
  },
] as const;

export function seedTunings(state: TrainingState, worldSeed: number, now: number): void {
  const job = state.jobs.find((j) => j.name === 'support-assistant-v1');
  if (!job) return;
  for (const s of SEEDS) {
    const id = `tune_${Rng.derive(worldSeed, `tune:${s.label}`).base62(16)}`;
    const body = CreateTuningRequest.parse({ objective: 'minimize', metric: 'eval_loss', search_space: SPACE, ...s.body });
    state.tunings.push(newTuning(job, body, now - s.ago, id, seedOf(worldSeed, id)));
  }
  settleTunings(state, null, now);
}
