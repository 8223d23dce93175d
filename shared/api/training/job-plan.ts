// A job's plan, fixed at create (docs/decisions.md, Training: jobs — plan): the config with its
// defaults, steps per epoch from the dataset's examples, memory per GPU (weights, optimizer,
// activations), throughput from the GPU's peak, the step time, provisioning time, checkpoint
// size — and whether it runs out of memory. Shared so the console's cost estimate before a job
// is created is the emulator's own plan (estimateJobCost).
import { baseModelParameters, TRAINING_GPUS, VISION_ARCHITECTURES, type TrainingGpuType } from './catalog';
import type { JobPriority, LrScheduler, ModelType, TrainingJobConfig, TrainingStrategy } from './jobs';

/** The learning rate the loss model calls "1×" (the common defaults): LoRA 2e-4, full 2e-5, vision 1e-3. */
export function referenceLearningRate(kind: 'language' | 'vision', strategy: TrainingStrategy): number {
  if (kind === 'vision') return 1e-3;
  return strategy === 'full' ? 2e-5 : 2e-4;
}

export interface ResolvedConfig {
  kind: 'language' | 'vision';
  baseModel: string | null;
  architecture: string | null;
  parameters: number;
  strategy: TrainingStrategy;
  lora: { rank: number; alpha: number; dropout: number; target_modules: string[] } | null;
  epochs: number;
  batch_size: number;
  learning_rate: number;
  weight_decay: number;
  warmup_steps: number;
  gradient_accumulation_steps: number;
  lr_scheduler_type: LrScheduler;
  /** Language: tokens each example is padded or cut to. */
  max_seq_length: number | null;
  /** Vision: image side. */
  input_size: number | null;
  num_classes: number;
  save_steps: number;
  eval_steps: number;
  mixed_precision: 'bf16' | 'fp16' | 'fp32';
  gradient_checkpointing: boolean;
  max_grad_norm: number;
}

export interface JobPlan {
  provision_ms: number;
  step_ms: number;
  steps_per_epoch: number;
  total_steps: number;
  save_steps: number;
  eval_steps: number;
  memory_gb: number;
  throughput: number;
  efficiency: number;
  checkpoint_bytes: number;
  oom: boolean;
}

/** Model FLOPs utilisation the emulator assumes (language; vision a little lower). */
const MFU = { language: 0.4, vision: 0.35 } as const;
/** CUDA context, allocator slack and buffers, GB per GPU. */
const OVERHEAD_GB = 1.5;
const PER_STEP_OVERHEAD_S = 0.05;
const PROVISION_S = { base: 45, perWorker: 5 } as const;
const PRIORITY_FACTOR: Record<JobPriority, number> = { high: 0.5, normal: 1, low: 3 };

/** Transformer shape of a language model of P parameters (close to Llama's: 7B → 32 × 4096, 70B → 80 × 8192). */
export function transformerShape(parameters: number): { layers: number; hidden: number } {
  return { layers: Math.max(2, Math.round(32 * (parameters / 7e9) ** 0.4)), hidden: Math.round(4096 * (parameters / 7e9) ** 0.3) };
}

/** Multi-worker scaling efficiency (data parallel): 5 % lost per doubling. */
const scalingEfficiency = (workers: number) => 0.95 ** Math.log2(workers);

export function resolveConfig(modelType: ModelType, config: TrainingJobConfig, examples: number, workers: number): ResolvedConfig {
  const language = modelType === 'llm' || modelType === 'multimodal' || (modelType === 'custom' && config.baseModel !== undefined);
  const t = config.training ?? {};
  const o = config.optimization ?? {};
  const strategy: TrainingStrategy = language ? (config.strategy ?? 'lora') : 'full';
  const kind = language ? 'language' : 'vision';
  const parameters = language
    ? baseModelParameters(config.baseModel!)!
    : VISION_ARCHITECTURES[config.architecture!.toLowerCase()]!.parameters;
  const lora =
    strategy === 'full'
      ? null
      : {
          rank: config.parameters?.rank ?? 8,
          alpha: config.parameters?.alpha ?? 16,
          dropout: config.parameters?.dropout ?? 0.05,
          target_modules: config.parameters?.target_modules ?? ['q_proj', 'v_proj'],
        };
  const batch = t.batch_size ?? (language ? 4 : 32);
  const accumulation = t.gradient_accumulation_steps ?? 1;
  const stepsPerEpoch = Math.max(1, Math.ceil(examples / (batch * accumulation * workers)));
  const epochs = t.epochs ?? 3;
  const total = epochs * stepsPerEpoch;
  const mp = o.mixed_precision;
  const save = t.save_steps ?? stepsPerEpoch;
  return {
    kind,
    baseModel: language ? config.baseModel! : null,
    architecture: language ? null : config.architecture!.toLowerCase(),
    parameters,
    strategy,
    lora,
    epochs,
    batch_size: batch,
    learning_rate: t.learning_rate ?? referenceLearningRate(kind, strategy),
    weight_decay: t.weight_decay ?? 0,
    // 3 % of the run, the common warmup ratio.
    warmup_steps: t.warmup_steps ?? Math.round(total * 0.03),
    gradient_accumulation_steps: accumulation,
    lr_scheduler_type: t.lr_scheduler_type ?? 'cosine',
    max_seq_length: language ? (t.max_seq_length ?? 512) : null,
    input_size: language ? null : (config.input_size ?? 224),
    num_classes: config.num_classes ?? 10,
    save_steps: save,
    eval_steps: t.eval_steps ?? save,
    mixed_precision: mp === undefined || mp === true ? 'bf16' : mp === false ? 'fp32' : mp,
    gradient_checkpointing: o.gradient_checkpointing ?? false,
    max_grad_norm: o.max_grad_norm ?? 1,
  };
}

/** Parameters a run trains: all of them, or the LoRA adapters on the target modules. */
export function trainableParameters(c: ResolvedConfig): number {
  if (c.lora === null) return c.parameters;
  const { layers, hidden } = transformerShape(c.parameters);
  return layers * c.lora.target_modules.length * c.lora.rank * 2 * hidden;
}

/** GB per GPU: weights, gradients and Adam states of what trains, activations of one micro-batch, overhead. */
function memoryPerGpu(c: ResolvedConfig): number {
  const fp32 = c.mixed_precision === 'fp32';
  const trainable = trainableParameters(c);
  if (c.kind === 'vision') {
    const arch = VISION_ARCHITECTURES[c.architecture!]!;
    const pixels = (c.input_size! / 224) ** 2;
    const activations = (c.batch_size * arch.activationMb224 * pixels * (fp32 ? 1 : 0.5)) / 1000;
    return (c.parameters * 16) / 1e9 + activations + 1;
  }
  const weightBytes = c.strategy === 'qlora' ? 0.55 : fp32 ? 4 : 2;
  // Full: gradients (2) + fp32 master (4) + Adam m, v (8); LoRA adapters train in fp32: weights, gradients, m, v.
  const optimizer = c.lora === null ? trainable * 14 : trainable * 16;
  const { layers, hidden } = transformerShape(c.parameters);
  const tokens = c.batch_size * c.max_seq_length!;
  const perLayer = tokens * hidden * 34 * (fp32 ? 2 : 1);
  const activations = c.gradient_checkpointing ? tokens * hidden * 2 * layers + perLayer : perLayer * layers;
  return (c.parameters * weightBytes + optimizer + activations) / 1e9 + OVERHEAD_GB;
}

/** Tokens (language) or samples (vision) per second of one GPU. */
function perGpuThroughput(c: ResolvedConfig, gpu: TrainingGpuType): number {
  const peak = TRAINING_GPUS[gpu].peakTflops * 1e12 * (c.mixed_precision === 'fp32' ? 0.25 : 1);
  const recompute = c.gradient_checkpointing ? 4 / 3 : 1;
  if (c.kind === 'vision') {
    const arch = VISION_ARCHITECTURES[c.architecture!]!;
    return (peak * MFU.vision) / (3 * arch.gflops224 * 1e9 * (c.input_size! / 224) ** 2 * recompute);
  }
  // Forward + backward: 6P per token for full fine-tuning, 4P when the base weights get no gradient.
  const flops = (c.lora === null ? 6 : 4) * c.parameters * recompute * (c.strategy === 'qlora' ? 1.3 : 1);
  return (peak * MFU.language) / flops;
}

function checkpointBytes(c: ResolvedConfig): number {
  const trainable = trainableParameters(c);
  // Weights of what trains (bf16 adapters, or the full model) and the optimizer's state.
  return Math.round(c.lora === null ? trainable * (c.kind === 'vision' ? 12 : 14) : trainable * 10 + 1e6);
}

export function planJob(c: ResolvedConfig, examples: number, gpu: TrainingGpuType, workers: number, priority: JobPriority): JobPlan {
  const efficiency = scalingEfficiency(workers);
  const perGpu = perGpuThroughput(c, gpu);
  const stepsPerEpoch = Math.max(1, Math.ceil(examples / (c.batch_size * c.gradient_accumulation_steps * workers)));
  const unitsPerWorkerStep = c.batch_size * c.gradient_accumulation_steps * (c.kind === 'language' ? c.max_seq_length! : 1);
  const stepSeconds = unitsPerWorkerStep / (perGpu * efficiency) + PER_STEP_OVERHEAD_S;
  const memory = memoryPerGpu(c);
  return {
    provision_ms: Math.round((PROVISION_S.base + PROVISION_S.perWorker * workers) * PRIORITY_FACTOR[priority] * 1000),
    step_ms: Math.max(1, Math.round(stepSeconds * 1000)),
    steps_per_epoch: stepsPerEpoch,
    total_steps: c.epochs * stepsPerEpoch,
    save_steps: c.save_steps,
    eval_steps: c.eval_steps,
    memory_gb: Math.round(memory * 100) / 100,
    throughput: perGpu * workers * efficiency,
    efficiency,
    checkpoint_bytes: checkpointBytes(c),
    oom: memory > TRAINING_GPUS[gpu].memoryGb,
  };
}

/** Dollars rounded to the cent, as the job's `estimatedCost` is. */
const cents = (n: number) => Math.round(n * 100) / 100;

/** A tuning trial loads the base model and the data before its first step. */
export const TRIAL_STARTUP_MS = 30_000;

/**
 * One tuning trial's estimated cost (issue 18 part 2 #3): its parent job's run estimate (the
 * job's `estimatedCost.total`, in cents) plus TRIAL_STARTUP_MS at the job's hourly rate. The
 * tuning route's estimate and the start form's are this one figure.
 */
export function trialCostEstimate(runCost: number, hourly: number): number {
  return runCost + (hourly * TRIAL_STARTUP_MS) / 3_600_000;
}

/** The run estimate a job shows (`estimatedCost.total`): its hourly rate over its running time, in cents. */
export function runCostEstimate(hourly: number, runningMs: number): number {
  return cents((hourly * runningMs) / 3_600_000);
}

export interface JobCostEstimate {
  /** USD per hour of running: the GPU type's price × workers. */
  hourly: number;
  /** USD for the whole run (running time only: provisioning is free). */
  total: number;
  /** Seconds of running the run takes. */
  runningSeconds: number;
  totalSteps: number;
  stepsPerEpoch: number;
  memoryGb: number;
  /** The plan needs more memory per GPU than the GPU has: the job would fail at its first step. */
  oom: boolean;
}

/** What a job would cost before it is created: the emulator's plan for this request and dataset. */
export function estimateJobCost(
  modelType: ModelType,
  config: TrainingJobConfig,
  examples: number,
  gpu: TrainingGpuType,
  workers: number,
  priority: JobPriority,
): JobCostEstimate {
  const resolved = resolveConfig(modelType, config, examples, workers);
  const plan = planJob(resolved, examples, gpu, workers, priority);
  const hourly = TRAINING_GPUS[gpu].hourlyPrice * workers;
  const runningMs = plan.total_steps * plan.step_ms;
  return {
    hourly: cents(hourly),
    total: cents((hourly * runningMs) / 3_600_000),
    runningSeconds: Math.round(runningMs / 1000),
    totalSteps: plan.total_steps,
    stepsPerEpoch: plan.steps_per_epoch,
    memoryGb: plan.memory_gb,
    oom: plan.oom,
  };
}
