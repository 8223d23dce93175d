// A stored job as the API shows it (03-endpoints-training.md, Training job), computed at `now`
// from its timeline and the loss model (docs/decisions.md, Training: jobs).
import { Rng } from '../../../core/rng';
import { TRAINING_GPUS } from '../../../../../shared/api/training/catalog';
import { runCostEstimate } from '../../../../../shared/api/training/job-plan';
import type { Checkpoint, TrainingJob } from '../../../../../shared/api/training/jobs';
import type { StoredJob } from '../state';
import { JobRun, type CheckpointAt, type Timeline } from './sim/run';

const iso = (ms: number) => new Date(ms).toISOString();
const nullableIso = (ms: number | null) => (ms === null ? null : iso(ms));
const round = (v: number, digits = 4) => Number(v.toFixed(digits));
const cents = (v: number) => Math.round(v * 100) / 100;
/** A loss as every training view shows it (jobs, checkpoints, experiment runs): 4 decimals, none when not finite. */
export const lossFigure = (v: number) => (Number.isFinite(v) ? round(v) : null);
const finite = lossFigure;

export const checkpointIdOf = (job: StoredJob, step: number) => `ckpt_${Rng.derive(job.seed, `ckpt:${job.id}:${step}`).base62(14)}`;

export function checkpointView(run: JobRun, c: CheckpointAt): Checkpoint {
  const job = run.job;
  const loss = run.model.trainLoss(c.step);
  return {
    id: checkpointIdOf(job, c.step),
    epoch: run.epochOf(c.step),
    step: c.step,
    loss: Number.isFinite(loss) ? round(loss) : -1,
    kind: c.kind,
    size: job.plan.checkpoint_bytes,
    createdAt: iso(c.at),
  };
}

function hourlyRate(job: StoredJob): number {
  return TRAINING_GPUS[job.gpu_type].hourlyPrice * job.workers;
}

export function usageOf(job: StoredJob, t: Timeline) {
  const gpuHours = (t.runningMs / 3_600_000) * job.workers;
  return {
    gpuHours: round(gpuHours, 6),
    cost: round(gpuHours * TRAINING_GPUS[job.gpu_type].hourlyPrice, 6),
    efficiency: round(job.plan.efficiency, 3),
  };
}

function progressOf(run: JobRun, t: Timeline) {
  const { plan } = run.job;
  const going = t.status === 'pending' || t.status === 'running';
  return {
    currentEpoch: t.step === 0 ? 0 : run.epochOf(t.step),
    totalEpochs: run.config.epochs,
    currentStep: t.step,
    totalSteps: plan.total_steps,
    percentage: round((100 * t.step) / plan.total_steps, 2),
    elapsedTime: Math.floor(t.runningMs / 1000),
    remainingTime: going ? Math.ceil(run.remainingMs(t.step) / 1000) : null,
  };
}

/** When the current segment reaches the end (the last step, or the failing one), if it runs on. */
function estimatedCompletion(run: JobRun, t: Timeline): number | null {
  if (t.status !== 'running' && t.status !== 'pending') return null;
  const seg = run.job.segments[run.job.segments.length - 1]!;
  return seg.start + run.remainingMs(seg.from_step);
}

const updatedAt = (job: StoredJob, t: Timeline) => iso(Math.max(job.updated_at, t.startedAt ?? 0, t.endedAt ?? 0));

export function jobView(job: StoredJob, now: number, run = new JobRun(job)): TrainingJob {
  const t = run.at(now);
  const gpu = TRAINING_GPUS[job.gpu_type];
  const ran = t.step > 0;
  const loss = ran ? run.model.trainLoss(t.step) : NaN;
  const evalStep = run.lastEvalStep(t.step);
  const hourly = hourlyRate(job);
  const config = run.config;
  return {
    id: job.id,
    name: job.name,
    modelType: job.model_type,
    datasetId: job.dataset_id,
    config: job.config,
    resolvedConfig: { ...config, lora: config.lora, stepsPerEpoch: job.plan.steps_per_epoch, totalSteps: job.plan.total_steps },
    description: job.description,
    tags: job.tags,
    gpuType: job.gpu_type,
    maxWorkers: job.workers,
    priority: job.priority,
    status: t.status,
    resourceAllocation: { gpuType: gpu.displayName, workers: job.workers, memoryPerWorker: `${gpu.memoryGb}GB` },
    estimatedCost: {
      hourly: cents(hourly),
      total: runCostEstimate(hourly, run.remainingMs(0)),
      currency: 'USD',
    },
    progress: progressOf(run, t),
    metrics: {
      currentLoss: ran ? finite(loss) : null,
      bestLoss: ran ? finite(run.bestLoss(t.step) ?? NaN) : null,
      validationLoss: evalStep === null ? null : finite(run.model.validationLoss(evalStep)),
      learningRate: t.startedAt === null ? null : run.model.learningRate(t.step),
      throughput: t.status === 'running' ? round(run.throughputAt(t.step), 1) : null,
      throughputUnit: config.kind === 'language' ? 'tokens/s' : 'samples/s',
      memoryUsage:
        t.status === 'running' ? { usedGb: round(Math.min(run.memoryAt(t.step), gpu.memoryGb), 2), totalGb: gpu.memoryGb } : null,
    },
    resourceUsage: usageOf(job, t),
    checkpoints: t.checkpoints.map((c) => checkpointView(run, c)),
    failure:
      t.failure === null
        ? null
        : {
            reason: t.failure.reason,
            step: t.failure.step,
            at: iso(t.failure.at),
            message:
              t.failure.reason === 'OUT_OF_MEMORY'
                ? `CUDA out of memory: the run needs ${job.plan.memory_gb} GB per GPU and a ${gpu.displayName} has ${gpu.memoryGb} GB (lower batch_size or max_seq_length, enable gradient_checkpointing, or use qlora)`
                : `Loss became NaN at step ${t.failure.step}: training diverged (learning rate ${config.learning_rate} is too high for ${config.strategy}; try at most ${(run.model.lrRef * 10).toExponential(0)})`,
          },
    stop:
      job.stop === null || t.status !== 'stopped'
        ? null
        : {
            at: iso(job.stop.at),
            reason: job.stop.reason,
            step: job.stop.step,
            checkpointId: job.stop.saved ? checkpointIdOf(job, job.stop.step) : null,
          },
    modelId: job.model_id,
    createdAt: iso(job.created_at),
    startedAt: t.startedAt === null ? null : iso(t.startedAt),
    updatedAt: updatedAt(job, t),
    completedAt: t.endedAt === null ? null : iso(t.endedAt),
    estimatedCompletion: nullableIso(estimatedCompletion(run, t)),
  };
}

export function jobListItem(job: StoredJob, now: number) {
  const run = new JobRun(job);
  const t = run.at(now);
  const loss = t.step > 0 ? run.model.trainLoss(t.step) : NaN;
  const progress = progressOf(run, t);
  const hourly = hourlyRate(job);
  return {
    id: job.id,
    name: job.name,
    modelType: job.model_type,
    datasetId: job.dataset_id,
    gpuType: job.gpu_type,
    maxWorkers: job.workers,
    priority: job.priority,
    status: t.status,
    progress,
    metrics: {
      loss: Number.isFinite(loss) ? round(loss) : null,
      learningRate: t.startedAt === null ? null : run.model.learningRate(t.step),
      throughput: t.status === 'running' ? round(run.throughputAt(t.step), 1) : null,
    },
    resourceUsage: usageOf(job, t),
    estimatedCost: { hourly: cents(hourly), total: runCostEstimate(hourly, run.remainingMs(0)), currency: 'USD' as const },
    modelId: job.model_id,
    createdAt: iso(job.created_at),
    startedAt: t.startedAt === null ? null : iso(t.startedAt),
    updatedAt: updatedAt(job, t),
    estimatedCompletion: nullableIso(estimatedCompletion(run, t)),
  };
}
