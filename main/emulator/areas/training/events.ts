// What the training area tells the event bus and the account's metering (core/area.ts):
// `training.job_completed` / `training.job_failed` at the moment a job's timeline ends (on the
// clock); metering is each job's billed running time (its GPUs × workers × the GPU's hourly price).
import { TRAINING_GPUS } from '../../../../shared/api/training/catalog';
import type { Happening } from '../../core/events';
import type { Metered } from '../../core/metering';
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

/** Each job's running spans at its workers × its GPU's hourly price (core/metering.ts), as the job's usage counts it. */
export function* trainingMetering(store: Store): Iterable<Metered> {
  for (const job of trainingState(store).jobs) {
    const resource = {
      type: 'training_job' as const,
      id: job.id,
      name: job.name,
      region: null,
      gpuType: job.gpu_type,
      createdBy: job.created_by ?? null,
    };
    const usdPerHour = job.workers * TRAINING_GPUS[job.gpu_type].hourlyPrice;
    for (const s of runOf(job).runningStretches())
      yield { resource, service: 'compute', start: s.start, end: s.end, usdPerHour, gpus: job.workers };
  }
}
