// A run as the API shows it, computed at `now` from its training job (docs/decisions.md,
// Training: experiments — runs): the job's status, its metrics now, best so far and final, its
// checkpoints and model files as artifacts, its running time and cost, and the job's
// configuration flattened under the parameters given.
import { TRAINING_GPUS } from '../../../../../shared/api/training/catalog';
import type { Run, RunMetricName } from '../../../../../shared/api/training/experiments';
import type { TrainingJobConfig } from '../../../../../shared/api/training/jobs';
import { JobRun, type Timeline } from '../jobs/sim/run';
import { checkpointIdOf, lossFigure } from '../jobs/view';
import type { StoredJob, StoredModel } from '../state';
import type { StoredExperiment, StoredRun } from './stored-schema';

const iso = (ms: number) => new Date(ms).toISOString();
const round = (v: number, digits = 6) => Number(v.toFixed(digits));
// The job's figure, so that a run and its job never disagree in the last digit.
const finite = (v: number | null | undefined) => (v === null || v === undefined ? null : lossFigure(v));

/** At most this many evaluations are read for a run's best validation loss and its curve. */
const EVALS_MAX = 2000;

type Scalar = string | number | boolean | null;

/**
 * `{training: {learning_rate: 2e-4}}` → `{'training.learning_rate': 2e-4}`; lists become comma-joined text.
 * @internal Exported for its tests only.
 */
export function flatten(value: unknown, prefix = '', out: Record<string, Scalar> = {}): Record<string, Scalar> {
  if (value === null || typeof value !== 'object') {
    if (prefix !== '') out[prefix] = value === undefined ? null : (value as Scalar);
    return out;
  }
  if (Array.isArray(value)) {
    out[prefix] = value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(',');
    return out;
  }
  for (const [k, v] of Object.entries(value)) flatten(v, prefix === '' ? k : `${prefix}.${k}`, out);
  return out;
}

/** The job's configuration as sent, flattened, with the defaults the job resolved filled in, and its GPU and workers. */
function jobParameters(job: StoredJob, run = new JobRun(job)): Record<string, Scalar> {
  const c = run.config;
  const sent = flatten(job.config as TrainingJobConfig);
  const resolved: Record<string, Scalar> = {
    strategy: c.strategy,
    'training.epochs': c.epochs,
    'training.batch_size': c.batch_size,
    'training.learning_rate': c.learning_rate,
    'training.weight_decay': c.weight_decay,
    'training.warmup_steps': c.warmup_steps,
    'training.gradient_accumulation_steps': c.gradient_accumulation_steps,
    'training.lr_scheduler_type': c.lr_scheduler_type,
    ...(c.lora === null ? {} : { 'parameters.rank': c.lora.rank, 'parameters.alpha': c.lora.alpha, 'parameters.dropout': c.lora.dropout }),
    gpuType: job.gpu_type,
    maxWorkers: job.workers,
  };
  return { ...resolved, ...sent };
}

/** Evaluation steps up to `step` (every eval_steps), at most EVALS_MAX evenly spread, the last one kept. */
export function evaluationSteps(job: StoredJob, step: number): number[] {
  const e = job.plan.eval_steps;
  const count = Math.floor(step / e);
  if (count <= EVALS_MAX) return Array.from({ length: count }, (_, i) => (i + 1) * e);
  return Array.from({ length: EVALS_MAX }, (_, i) => Math.round(((i + 1) * count) / EVALS_MAX) * e);
}

/** Accuracy and perplexity from a validation loss, as the registered model reports them (models/register.ts). */
function derived(language: boolean, validationLoss: number | null): Record<string, number | null> {
  if (validationLoss === null) return { accuracy: null, ...(language ? { perplexity: null } : {}) };
  return {
    accuracy: round(Math.exp(language ? -validationLoss / 2 : -validationLoss)),
    ...(language ? { perplexity: round(Math.exp(validationLoss)) } : {}),
  };
}

/** What a run knows at `now`: the API view and what comparisons and insights read. */
export interface RunState {
  stored: StoredRun;
  job: StoredJob;
  jobRun: JobRun;
  t: Timeline;
  view: Run;
  /** The job's effective parameters (flattened config under the given ones). */
  parameters: Record<string, Scalar>;
}

export function runState(
  exp: StoredExperiment,
  r: StoredRun,
  job: StoredJob,
  model: StoredModel | undefined,
  now: number,
  artifactsKept: boolean,
): RunState {
  const jobRun = new JobRun(job);
  const t = jobRun.at(now);
  const m = jobRun.model;
  const language = jobRun.config.kind === 'language';
  const step = t.step;
  let current: Record<string, number | null> | null = null;
  let best: Record<string, number | null> | null = null;
  let final: Record<string, number | null> | null = null;
  if (step > 0) {
    const lastEval = jobRun.lastEvalStep(step);
    current = {
      step,
      epoch: round(step / job.plan.steps_per_epoch, 3),
      loss: finite(m.trainLoss(step)),
      validation_loss: lastEval === null ? null : finite(m.validationLoss(lastEval)),
      learning_rate: m.learningRate(step),
    };
    let bestVal: number | null = null;
    let bestStep: number | null = null;
    for (const s of evaluationSteps(job, step)) {
      const v = m.validationLoss(s);
      if (Number.isFinite(v) && (bestVal === null || v < bestVal)) {
        bestVal = v;
        bestStep = s;
      }
    }
    const bestVr = finite(bestVal);
    best = { loss: finite(jobRun.bestLoss(step)), validation_loss: bestVr, step: bestStep, ...derived(language, bestVr) };
  }
  if (t.status === 'completed') {
    const total = job.plan.total_steps;
    const val = finite(m.validationLoss(total));
    final = { step: total, loss: finite(m.trainLoss(total)), validation_loss: val, ...derived(language, val) };
  }
  const artifacts: Run['artifacts'] = [];
  if (artifactsKept) {
    for (const c of t.checkpoints) {
      const id = checkpointIdOf(job, c.step);
      artifacts.push({ type: 'checkpoint', name: id, path: `training/jobs/${job.id}/checkpoints/${id}`, size: job.plan.checkpoint_bytes });
    }
    if (model)
      for (const f of model.files)
        artifacts.push({ type: 'model', name: f.name, path: `training/models/${model.id}/${f.name}`, size: f.size });
  }
  const parameters = { ...jobParameters(job, jobRun), ...r.parameters };
  const gpuHours = (t.runningMs / 3_600_000) * job.workers;
  const view: Run = {
    id: r.id,
    experimentId: exp.id,
    trainingJobId: job.id,
    name: r.name,
    status: t.status,
    parameters,
    metrics: { current, best, final },
    artifacts,
    duration: Math.floor(t.runningMs / 1000),
    cost: round(gpuHours * TRAINING_GPUS[job.gpu_type].hourlyPrice),
    failure: t.failure === null ? null : { reason: t.failure.reason, step: t.failure.step },
    tags: r.tags,
    notes: r.notes,
    createdAt: iso(r.created_at),
    updatedAt: iso(Math.max(r.updated_at, t.startedAt ?? 0, t.endedAt ?? 0)),
    completedAt: t.endedAt === null ? null : iso(t.endedAt),
  };
  return { stored: r, job, jobRun, t, view, parameters };
}

/**
 * The value a comparison ranks: the final one when the job completed, the best so far while it
 * may still go on (pending, running, stopped), none when it failed or was cancelled; cost and
 * duration always.
 */
export function metricValue(s: RunState, metric: RunMetricName): number | null {
  if (metric === 'cost') return s.view.cost;
  if (metric === 'duration') return s.view.duration;
  const { status } = s.view;
  if (status === 'failed' || status === 'cancelled') return null;
  const source = status === 'completed' ? s.view.metrics.final : s.view.metrics.best;
  return source?.[metric] ?? null;
}

/** Running steps a job would have saved had it stopped at `step` (cost and GPU-hours). */
export function savingsAfter(job: StoredJob, step: number): { cost: number; gpuHours: number } {
  const steps = Math.max(0, job.plan.total_steps - step);
  const gpuHours = ((steps * job.plan.step_ms) / 3_600_000) * job.workers;
  return { gpuHours, cost: gpuHours * TRAINING_GPUS[job.gpu_type].hourlyPrice };
}
