// Brings tuning jobs up to `now` (engine.ts) and, when one has ended, registers its best trial's
// model the way a completed job registers one (models/register.ts), created at the instant the
// trial ended, so when it is read never changes what it is.
import type { Store } from '../../../state/store';
import type { StoredJob, StoredTuning, TrainingState } from '../state';
import { AREA } from '../state';
import { modelFromJob } from '../models/register';
import { JobRun } from '../jobs/sim/run';
import { trainingRecord } from '../records';
import { advance, settledTo, spaceOf } from './engine';
import { runTrial } from './objective';
import { TRIAL_STARTUP_MS } from '../../../../../shared/api/training/job-plan';
import { bestOf } from './view';

function registerBest(state: TrainingState, tu: StoredTuning): void {
  const best = bestOf(tu);
  if (best === null) return;
  const run = runTrial(tu.parent, spaceOf(tu), best.params, best.seed, tu.request.algorithm === 'hyperband' ? best.epochs : undefined);
  const p = tu.parent;
  const job: StoredJob = {
    id: `job_${best.id.slice('trial_'.length)}`,
    name: `${p.name}-${best.id}`.slice(0, 100),
    model_type: p.model_type,
    dataset_id: p.dataset_id,
    config: run.config,
    description: `Best trial of tuning job ${tu.id}`,
    tags: ['tuning'],
    gpu_type: p.gpu_type,
    workers: p.workers,
    priority: 'normal',
    created_at: best.started_at,
    updated_at: best.ended_at!,
    seed: best.seed,
    examples: p.examples,
    plan: run.plan!,
    segments: [{ start: best.started_at + TRIAL_STARTUP_MS, from_step: 0, stop: null }],
    stop: null,
    cancelled_at: null,
    saved_checkpoints: [],
    model_id: null,
    // The tuned job's creator: the model is theirs (issue 21, usage by team).
    created_by: state.jobs.find((j) => j.id === tu.job_id)?.created_by ?? null,
  };
  const model = modelFromJob(job, new JobRun(job), best.ended_at!, best.ended_at! - best.started_at - TRIAL_STARTUP_MS);
  // The trial's own metrics (they include the response-surface term of objective.ts).
  const o = best.outcome;
  model.metrics.training = { ...model.metrics.training, finalLoss: o.loss };
  model.metrics.validation = {
    ...model.metrics.validation,
    loss: o.eval_loss,
    accuracy: o.accuracy,
    ...(o.perplexity === undefined ? {} : { perplexity: o.perplexity }),
  };
  model.training_job_id = tu.job_id;
  model.metadata = { source: 'tuning', tuningJobId: tu.id, trialId: best.id, parameters: best.params };
  if (!state.models.some((m) => m.id === model.id)) state.models.push(model);
  tu.model_id = model.id;
}

/**
 * Advances every unfinished tuning job (or the one given) to `now`; writes what changed. With a
 * `deadline` (real ms, performance.now()) it stops there, the jobs consistent at an earlier
 * instant, and answers whether every job reached `now`: the area's settling on the clock
 * (index.ts `settle`) goes on in slices, so a read after a long clock advance finds nothing left.
 */
export function settleTunings(state: TrainingState, store: Store | null, now: number, only?: StoredTuning, deadline = Infinity): boolean {
  let worked = false;
  for (const tu of only ? [only] : state.tunings) {
    if (tu.ended_at !== null && tu.model_id !== null) continue;
    // Past the deadline only once something was done in this call: every call makes progress.
    if (worked && performance.now() > deadline) return false;
    const changed = advance(tu, now, deadline);
    worked ||= changed;
    if (!settledTo(tu, now)) {
      if (changed) store?.touch(AREA, trainingRecord.tune(tu.id));
      return false;
    }
    if (tu.ended_at !== null && tu.ended_at <= now && tu.model_id === null && bestOf(tu) !== null) {
      registerBest(state, tu);
      store?.touch(AREA, trainingRecord.model(tu.model_id!));
      store?.touch(AREA, trainingRecord.tune(tu.id));
    } else if (changed) store?.touch(AREA, trainingRecord.tune(tu.id));
  }
  return true;
}
