// What limits job creation besides the request rate (docs/decisions.md, Training: jobs): the
// training pool's GPUs per type (seeded), held by pending and running jobs and by model
// deployments that are not stopped (Training: models), and the plan's daily job quota
// (01-accounts.md, Limits: Training jobs per day).
import { TrainingGpuType } from '../../../../../shared/api/training/catalog';
import { JOB_LIMITS } from '../../../../../shared/api/training/jobs';
import type { EmulatorContext } from '../../../core/context';
import type { Rng } from '../../../core/rng';
import type { TrainingState } from '../state';
import { dailyJobQuotaExceeded, insufficientResources } from './errors';
import { HOLDS_GPUS, JobRun } from './sim/run';

const DAY_MS = 86_400_000;

/** GPUs per type in the training pool: V100s are retired (none); the others drawn from the seed. */
export function seedGpuPool(rng: Rng): Record<TrainingGpuType, number> {
  return { a100: rng.int(16, 32), h100: rng.int(8, 16), v100: 0, rtx4090: rng.int(8, 24) };
}

export function freeGpus(state: TrainingState, now: number): Record<TrainingGpuType, number> {
  const free = { ...state.gpu_pool } as Record<TrainingGpuType, number>;
  for (const job of state.jobs) if (HOLDS_GPUS.includes(new JobRun(job).at(now).status)) free[job.gpu_type] -= job.workers;
  for (const model of state.models)
    for (const d of model.deployments) if (d.stopped_at === null || d.stopped_at > now) free[d.gpu_type] -= d.workers;
  for (const t of TrainingGpuType.options) free[t] = Math.max(0, free[t] ?? 0);
  return free;
}

export function assertGpus(state: TrainingState, gpuType: TrainingGpuType, workers: number, now: number): void {
  const free = freeGpus(state, now);
  if (free[gpuType] < workers) throw insufficientResources(gpuType, workers, free);
}

/** The plan's jobs per simulated UTC day; refused only when the emulator enforces its rate limits. */
export function assertDailyQuota(ctx: EmulatorContext, state: TrainingState, now: number): void {
  const plan = ctx.directory().organization().plan;
  const limit = JOB_LIMITS.createdPerDay[plan];
  if (limit === null || !ctx.limiter.enforce) return;
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const today = state.jobs.filter((j) => j.created_at >= dayStart && j.created_at <= now).length;
  if (today >= limit) throw dailyJobQuotaExceeded(limit, plan, dayStart + DAY_MS, now);
}
