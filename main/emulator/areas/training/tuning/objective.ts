// The objective of a trial (docs/decisions.md, Training: tuning — objective): a run of the parent
// job's configuration with the trial's parameters written into it, planned and scored by the same
// seeded training model as jobs (jobs/sim/plan.ts, loss-model.ts): its metrics at the last step,
// its duration from the plan's step time, its cost in GPU-seconds at the GPU's price.
import { TRAINING_GPUS, type TrainingGpuType } from '../../../../../shared/api/training/catalog';
import { TRIAL_STARTUP_MS } from '../../../../../shared/api/training/job-plan';
import { configIssue, JOB_LIMITS, TrainingJobConfig, type ModelType } from '../../../../../shared/api/training/jobs';
import { hash32, seedOf, type LossModel } from '../jobs/sim/loss-model';
import { lossModelOf, planJob, resolveConfig, type JobPlan, type ResolvedConfig } from '../jobs/sim/plan';
import type { Literal } from '../../../../../shared/api/training/tuning-condition';
import { toUnit, type CompiledSpace, type Params } from './algorithms/space';

/** Where a parameter name lands in a job's config; `read`: whether the loss model or the plan reads that key. */
interface Target {
  path: readonly string[];
  read: boolean;
}

const T = (path: string[], read = true): Target => ({ path, read });
/** Parameter names and the config keys they set (03, Training job: config keys seen for language models and vision). */
const PARAMETER_MAP: Readonly<Record<string, Target>> = {
  learning_rate: T(['training', 'learning_rate']),
  lr: T(['training', 'learning_rate']),
  batch_size: T(['training', 'batch_size']),
  epochs: T(['training', 'epochs']),
  num_train_epochs: T(['training', 'epochs']),
  warmup_steps: T(['training', 'warmup_steps']),
  gradient_accumulation_steps: T(['training', 'gradient_accumulation_steps']),
  lr_scheduler_type: T(['training', 'lr_scheduler_type']),
  scheduler: T(['training', 'lr_scheduler_type']),
  max_seq_length: T(['training', 'max_seq_length']),
  weight_decay: T(['training', 'weight_decay'], false),
  rank: T(['parameters', 'rank']),
  lora_rank: T(['parameters', 'rank']),
  lora_r: T(['parameters', 'rank']),
  alpha: T(['parameters', 'alpha'], false),
  lora_alpha: T(['parameters', 'alpha'], false),
  dropout: T(['parameters', 'dropout'], false),
  lora_dropout: T(['parameters', 'dropout'], false),
  strategy: T(['strategy']),
  input_size: T(['input_size']),
  gradient_checkpointing: T(['optimization', 'gradient_checkpointing']),
  mixed_precision: T(['optimization', 'mixed_precision']),
};

/** Where a parameter goes: a known key, or `hyperparameters.<name>` (kept with the config, read by no model). */
const targetOf = (name: string): Target => PARAMETER_MAP[name] ?? { path: ['hyperparameters', name], read: false };

export type Config = Record<string, unknown>;

/** The config with the parameters written in (a copy). */
export function applyParams(config: Readonly<Config>, params: Readonly<Params>): Config {
  const out = structuredClone(config) as Config;
  for (const [name, value] of Object.entries(params)) {
    const path = targetOf(name).path;
    let node = out;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      node = node[key] = typeof next === 'object' && next !== null && !Array.isArray(next) ? { ...(next as Config) } : {};
    }
    node[path[path.length - 1]!] = value;
  }
  return out;
}

/** The value a config holds at a parameter's key, if any. */
function configValue(config: Readonly<Config>, name: string): Literal | undefined {
  let node: unknown = config;
  for (const key of targetOf(name).path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Config)[key];
  }
  return typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean' ? node : undefined;
}

/** Why a value cannot go into the config at that parameter's key (the job's own rule), or null. */
export function configRuleOf(name: string, value: Literal, modelType: ModelType, config: Readonly<Config>): string | null {
  const target = targetOf(name);
  if (!target.read && target.path[0] === 'hyperparameters') return null;
  const parsed = TrainingJobConfig.safeParse(applyParams(config, { [name]: value }));
  if (!parsed.success) return `${name} maps to config.${target.path.join('.')}: ${parsed.error.issues[0]!.message}`;
  const issue = configIssue(modelType, parsed.data);
  return issue ? `${name} maps to config.${target.path.join('.')}: ${issue.message}` : null;
}

/** What a tuning job knows of its parent job (copied at create). */
export interface Parent {
  model_type: ModelType;
  config: Config;
  examples: number;
  gpu_type: TrainingGpuType;
  workers: number;
  /** The parent job's curve seed: its parameters' response surface (below) is the job's. */
  seed: number;
}

export interface TrialOutcome {
  failure: { reason: 'DIVERGED' | 'OUT_OF_MEMORY' | 'CONFIGURATION_ERROR'; step: number; message: string } | null;
  epochs: number;
  /** Steps it runs (to the end, or to where it fails). */
  steps: number;
  totalSteps: number;
  durationMs: number;
  /** Per ms of running: dollars and GPU-hours. */
  costPerMs: number;
  gpuHoursPerMs: number;
  /** At the last step: loss, eval_loss, accuracy and (language) perplexity; empty when it failed. */
  metrics: Record<string, number>;
  config: Config;
  resolved: ResolvedConfig | null;
  plan: JobPlan | null;
}

/** Per parameter no model reads: at most this share of the loss floor added at the worst value. */
const SURFACE_AMPLITUDE = 0.03;

/**
 * Parameters neither the loss model nor the plan reads (weight_decay, alpha, dropout, names the
 * emulator does not know) still matter: each has a seeded best point in its range (from the
 * parent job's seed and its name, in [0.25, 0.75] of the unit interval) and adds
 * SURFACE_AMPLITUDE × floor × ((u − best)/0.5)² to the losses; a choice's values each add a seeded
 * share of it. An inactive or unset parameter sits at the middle of its range.
 */
function surfacePenalty(parent: Parent, space: CompiledSpace, params: Readonly<Params>): number {
  let total = 0;
  for (const p of space.params) {
    if (targetOf(p.name).read) continue;
    const h = hash32(seedOf(parent.seed, p.name), 0x5eed);
    const has = Object.prototype.hasOwnProperty.call(params, p.name);
    if (p.spec.type === 'choice') {
      const i = has ? p.spec.values.indexOf(params[p.name]!) : -1;
      total += i < 0 ? 0.5 : (hash32(h, i + 1) / 4294967296) ** 2;
      continue;
    }
    const best = 0.25 + 0.5 * (h / 4294967296);
    const raw = has ? toUnit(p.spec, params[p.name]!) : 0.5;
    const u = Number.isFinite(raw) ? Math.min(1, Math.max(0, raw)) : 0.5;
    total += ((u - best) / 0.5) ** 2;
  }
  return SURFACE_AMPLITUDE * total;
}

function failed(
  reason: 'DIVERGED' | 'OUT_OF_MEMORY' | 'CONFIGURATION_ERROR',
  step: number,
  message: string,
  rest: Pick<TrialOutcome, 'epochs' | 'totalSteps' | 'costPerMs' | 'gpuHoursPerMs' | 'config' | 'resolved' | 'plan'>,
  stepMs: number,
): TrialOutcome {
  return { ...rest, failure: { reason, step, message }, steps: step, durationMs: TRIAL_STARTUP_MS + step * stepMs, metrics: {} };
}

/** Metrics a run gives from its loss model at step `s` (with the response-surface term). */
function metricsAt(model: LossModel, resolved: ResolvedConfig, s: number, penalty: number): Record<string, number> {
  const extra = penalty * model.floor;
  const loss = model.trainLoss(s) + extra;
  const evalLoss = model.validationLoss(s) + extra;
  const language = resolved.kind === 'language';
  const out: Record<string, number> = {
    loss: round(loss),
    eval_loss: round(evalLoss),
    accuracy: round(Math.exp(language ? -evalLoss / 2 : -evalLoss)),
  };
  if (language) out.perplexity = round(Math.exp(evalLoss), 4);
  return out;
}

const round = (v: number, digits = 6) => Number(v.toFixed(digits));

/** Runs one trial: `epochs` (Hyperband's rung) overrides the config's. */
export function runTrial(parent: Parent, space: CompiledSpace, params: Readonly<Params>, seed: number, epochs?: number): TrialOutcome {
  const withEpochs = epochs === undefined ? params : { ...params, epochs };
  const config = applyParams(parent.config, withEpochs);
  const price = TRAINING_GPUS[parent.gpu_type].hourlyPrice * parent.workers;
  const base = {
    costPerMs: price / 3_600_000,
    gpuHoursPerMs: parent.workers / 3_600_000,
    config,
    resolved: null,
    plan: null,
    epochs: 0,
    totalSteps: 0,
  };
  const parsed = TrainingJobConfig.safeParse(config);
  const issue = parsed.success ? configIssue(parent.model_type, parsed.data) : null;
  if (!parsed.success || issue) {
    const message = parsed.success ? issue!.message : parsed.error.issues[0]!.message;
    return failed('CONFIGURATION_ERROR', 0, message, base, 0);
  }
  const resolved = resolveConfig(parent.model_type, parsed.data, parent.examples, parent.workers);
  const plan = planJob(resolved, parent.examples, parent.gpu_type, parent.workers, 'normal');
  const rest = { ...base, resolved, plan, epochs: resolved.epochs, totalSteps: plan.total_steps };
  if (plan.total_steps > JOB_LIMITS.totalStepsMax)
    return failed('CONFIGURATION_ERROR', 0, `${plan.total_steps} steps; a run takes at most ${JOB_LIMITS.totalStepsMax}`, rest, 0);
  if (resolved.warmup_steps > plan.total_steps)
    return failed('CONFIGURATION_ERROR', 0, `warmup_steps ${resolved.warmup_steps} exceeds the run's ${plan.total_steps} steps`, rest, 0);
  if (plan.oom) return failed('OUT_OF_MEMORY', 1, `CUDA out of memory: the run needs ${plan.memory_gb} GB per GPU`, rest, plan.step_ms);
  // Trials are evaluated on one set of examples of their own (the parent's seed): a tuning job
  // stores no dataset id, and its trials are compared with each other, not with runs.
  const model = lossModelOf(resolved, plan, parent.examples, parent.workers, seed, seedOf(parent.seed, 'eval'));
  if (model.divergence !== null)
    return failed(
      'DIVERGED',
      model.divergence.failStep,
      `loss became NaN at step ${model.divergence.failStep} (learning rate ${resolved.learning_rate} is too high)`,
      rest,
      plan.step_ms,
    );
  const T = plan.total_steps;
  return {
    ...rest,
    failure: null,
    steps: T,
    durationMs: TRIAL_STARTUP_MS + T * plan.step_ms,
    metrics: metricsAt(model, resolved, T, surfacePenalty(parent, space, params)),
  };
}

/** The parent's own configuration as a point of the space: the values its config holds (the surface reads them). */
export function baselineParams(parent: Parent, space: CompiledSpace): Params {
  const out: Params = {};
  for (const p of space.params) {
    const v = configValue(parent.config, p.name);
    if (v !== undefined) out[p.name] = v;
  }
  return out;
}
