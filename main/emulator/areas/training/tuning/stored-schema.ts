// A tuning job as stored (`state.areas.training.tunings`; docs/decisions.md, Training: tuning):
// the request, what it copied of its parent job, and its trials as the simulated clock has
// decided them. Trials are written when they start (with the outcome their run will have) and
// when they end; anything else — status, progress, running cost — is computed when read.
import { z } from 'zod';
import { TrainingGpuType } from '../../../../../shared/api/training/catalog';
import { ModelType } from '../../../../../shared/api/training/jobs';
import { ParamValue, TuningRequestFields } from '../../../../../shared/api/training/tuning';

const Ms = z.number().int().min(Date.parse('0000-01-01T00:00:00.000Z')).max(Date.parse('9999-12-31T23:59:59.999Z'));
const Seed = z.number().int().min(0).max(0xffffffff);
const Num = z.number().finite();
const Metrics = z.record(z.string(), Num);

export const StoredTrial = z.object({
  id: z.string().regex(/^trial_[A-Za-z0-9]+$/),
  number: z.number().int().min(1),
  params: z.record(z.string(), ParamValue),
  seed: Seed,
  epochs: z.number().int().min(0),
  bracket: z.number().int().min(0).nullable(),
  rung: z.number().int().min(0).nullable(),
  started_at: Ms,
  /** When its run ends by itself (the last step, or the step it fails at). */
  ends_at: Ms,
  status: z.enum(['running', 'completed', 'failed', 'cancelled']),
  /** When it ended (its `ends_at`, or a cancellation); null while running. */
  ended_at: Ms.nullable(),
  /** The run's metrics at its last step (shown once completed). */
  outcome: Metrics,
  failure: z
    .object({ reason: z.enum(['DIVERGED', 'OUT_OF_MEMORY', 'CONFIGURATION_ERROR']), step: z.number().int().min(0), message: z.string() })
    .nullable(),
  /** USD and GPU-hours per ms of running. */
  cost_per_ms: Num.min(0),
  gpu_hours_per_ms: Num.min(0),
});

export const StoredTuning = z.object({
  id: z.string().regex(/^tune_[A-Za-z0-9]+$/),
  job_id: z.string().regex(/^job_[A-Za-z0-9]+$/),
  seed: Seed,
  created_at: Ms,
  updated_at: Ms,
  /** The first trials start here (the tuning job's GPUs provisioned like a job's). */
  start_at: Ms,
  /** As parsed, defaults applied (hyperband_config resolved). */
  request: TuningRequestFields,
  parent: z.object({
    name: z.string(),
    dataset_id: z.string(),
    model_type: ModelType,
    config: z.record(z.string(), z.unknown()),
    examples: z.number().int().min(1),
    gpu_type: TrainingGpuType,
    workers: z.number().int().min(1).max(32),
    seed: Seed,
  }),
  /** Trials the job plans (grid size, max_trials, or Hyperband's schedule). */
  total_trials: z.number().int().min(1),
  /** One trial of the parent's configuration, and all the planned trials. */
  estimate: z.object({ per_trial_cost: Num, per_trial_ms: Num, total_cost: Num, total_gpu_hours: Num }),
  baseline: z.object({ metrics: Metrics }),
  trials: z.array(StoredTrial),
  /** No more trials start: early stopping or an exhausted budget, from this instant. */
  halt: z.object({ reason: z.enum(['early_stopping', 'budget']), at: Ms }).nullable(),
  stop: z.object({ at: Ms, reason: z.string().nullable(), complete_running: z.boolean() }).nullable(),
  ended_at: Ms.nullable(),
  end_reason: z.enum(['all_trials', 'early_stopping', 'budget', 'stopped', 'all_failed']).nullable(),
  model_id: z
    .string()
    .regex(/^model_[A-Za-z0-9]+$/)
    .nullable(),
});
