// What the training area tells the event bus (core/area.ts):
// `training.job_completed` / `training.job_failed` at the moment a job's timeline ends (on the
// clock). Its metering is metering.ts.
import type { Happening } from '../../core/events';
import type { Store } from '../../state/store';
import { JobRun } from './jobs/sim/run';
import { trainingState, type StoredJob } from './state';

/** A job's run, kept while the stored job object is the same (building one builds its loss model). */
const runs = new WeakMap<StoredJob, JobRun>();
export const runOf = (job: StoredJob) => {
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
