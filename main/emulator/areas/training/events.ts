// What the training area tells the event bus and the spending figure (core/area.ts):
// `training.job_completed` / `training.job_failed` at the moment a job's timeline ends (on the
// clock); spending is each job's billed running time (its GPUs × workers × the GPU's hourly price).
import { TRAINING_GPUS } from '../../../../shared/api/training/catalog';
import type { Happening } from '../../core/events';
import type { Store } from '../../state/store';
import { JobRun } from './jobs/sim/run';
import { trainingState, type StoredJob } from './state';

/** A job's run, kept while the stored job object is the same (building one builds its loss model). */
const runs = new WeakMap<StoredJob, JobRun>();
const runOf = (job: StoredJob) => {
  let run = runs.get(job);
  if (!run) runs.set(job, (run = new JobRun(job)));
  return run;
};

export function trainingHappenings(store: Store, from: number, to: number): Happening[] {
  const out: Happening[] = [];
  for (const job of trainingState(store).jobs) {
    const t = runOf(job).at(to);
    if (t.endedAt === null || t.endedAt <= from || t.endedAt > to) continue;
    out.push({
      type: t.status === 'failed' ? 'training.job_failed' : 'training.job_completed',
      subject: job.id,
      at: t.endedAt,
      data: {
        name: job.name,
        status: t.status,
        step: t.step,
        ...(t.failure ? { failure: { reason: t.failure.reason, step: t.failure.step } } : {}),
      },
    });
  }
  return out;
}

/** USD spent on training in [from, to): the running time billed within the span, as the job's usage counts it. */
export function trainingSpending(store: Store, from: number, to: number): number {
  let sum = 0;
  for (const job of trainingState(store).jobs) {
    if (job.created_at >= to) continue;
    const run = runOf(job);
    const ms = run.at(to).runningMs - run.at(from).runningMs;
    if (ms > 0) sum += (ms / 3_600_000) * job.workers * TRAINING_GPUS[job.gpu_type].hourlyPrice;
  }
  return sum;
}
