// The training job resource of 03-endpoints-training.md (Training job; Training jobs; Errors;
// Limits) and what the document leaves open (docs/decisions.md, Training: jobs): the config keys
// the emulator reads with their bounds and defaults, stop/resume answers, checkpoints, the
// metrics series.
import { z } from 'zod';
import { Timestamp } from '../common';
import { DatasetId } from './datasets';
import { baseModelParameters, BASE_MODELS, TrainingGpuType, VISION_ARCHITECTURES } from './catalog';

const JOB_ID_PATTERN = /^job_[A-Za-z0-9]+$/;
export const JobId = z.string().regex(JOB_ID_PATTERN, 'a training job id such as job_…');
export const JobIdParams = z.object({ job_id: JobId });
const CheckpointId = z.string().regex(/^ckpt_[A-Za-z0-9]+$/, 'a checkpoint id such as ckpt_…');

export const ModelType = z.enum(['llm', 'vision', 'multimodal', 'custom']);
export type ModelType = z.infer<typeof ModelType>;
export const JobPriority = z.enum(['high', 'normal', 'low']);
export type JobPriority = z.infer<typeof JobPriority>;
/** The document's values, and `stopped`: the "stopped state" of its transitions table, which resume leaves. */
export const JobStatus = z.enum(['pending', 'running', 'completed', 'failed', 'cancelled', 'stopped']).meta({
  description:
    "The document's five values and `stopped`: its transitions table names a stopped state (POST stop on a running job) from which POST resume continues; `cancelled` is a job that never resumes (a stop while pending).",
});
export type JobStatus = z.infer<typeof JobStatus>;
export const TrainingStrategy = z.enum(['lora', 'qlora', 'full']);
export type TrainingStrategy = z.infer<typeof TrainingStrategy>;
export const LrScheduler = z.enum(['constant', 'linear', 'cosine']);
export type LrScheduler = z.infer<typeof LrScheduler>;
const MixedPrecision = z.enum(['bf16', 'fp16', 'fp32']);

/** Bounds the document gives (learning rate, maxWorkers, names, lists) and the emulator's own (docs/decisions.md, Training: jobs). */
export const JOB_LIMITS = {
  name: { min: 1, max: 100 },
  description: { max: 2000 },
  tags: { maxItems: 50, maxLength: 64 },
  list: { min: 1, max: 100, default: 50 },
  maxWorkers: { min: 1, max: 32, default: 1 },
  learningRate: { min: 1e-6, max: 1e-1 },
  epochs: { min: 1, max: 100 },
  batchSize: { min: 1, max: 1024 },
  gradientAccumulation: { min: 1, max: 128 },
  warmupSteps: { min: 0, max: 100_000 },
  weightDecay: { min: 0, max: 1 },
  maxSeqLength: { min: 16, max: 32_768 },
  rank: { min: 1, max: 256 },
  alpha: { min: 1, max: 1024 },
  dropout: { min: 0, maxExclusive: 1 },
  maxGradNorm: { minExclusive: 0, max: 100 },
  inputSize: { min: 32, max: 1024 },
  numClasses: { min: 2, max: 100_000 },
  /** Optimizer steps of one job (epochs × steps per epoch). */
  totalStepsMax: 1_000_000,
  /** Checkpoints one job may write (total steps / save_steps). */
  checkpointsMax: 1000,
  /** Points of one metrics answer. */
  seriesPoints: { min: 2, max: 2000, default: 500 },
  /** Jobs created per hour (Limits) and per day by plan (01-accounts.md, Limits; null: unlimited). */
  createdPerHour: 10,
  createdPerDay: { free: 5, pro: 20, enterprise: null },
} as const;

const int = (min: number, max: number, what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be between ${min} and ${max}`)
    .max(max, `${what} must be between ${min} and ${max}`);

const TrainingSection = z.looseObject({
  epochs: int(JOB_LIMITS.epochs.min, JOB_LIMITS.epochs.max, 'epochs').optional(),
  batch_size: int(JOB_LIMITS.batchSize.min, JOB_LIMITS.batchSize.max, 'batch size').optional(),
  learning_rate: z
    .number({ error: 'learning rate must be a number' })
    .min(JOB_LIMITS.learningRate.min, 'learning rate must be between 1e-6 and 1e-1')
    .max(JOB_LIMITS.learningRate.max, 'learning rate must be between 1e-6 and 1e-1')
    .optional(),
  weight_decay: z
    .number({ error: 'weight decay must be a number' })
    .min(0, 'weight decay must be between 0 and 1')
    .max(1, 'weight decay must be between 0 and 1')
    .optional(),
  warmup_steps: int(JOB_LIMITS.warmupSteps.min, JOB_LIMITS.warmupSteps.max, 'warmup steps').optional(),
  gradient_accumulation_steps: int(
    JOB_LIMITS.gradientAccumulation.min,
    JOB_LIMITS.gradientAccumulation.max,
    'gradient accumulation steps',
  ).optional(),
  lr_scheduler_type: z.enum(LrScheduler.options, { error: 'the schedule must be constant, linear or cosine' }).optional(),
  max_seq_length: int(JOB_LIMITS.maxSeqLength.min, JOB_LIMITS.maxSeqLength.max, 'max sequence length').optional(),
  save_steps: int(1, JOB_LIMITS.totalStepsMax, 'save steps').optional(),
  eval_steps: int(1, JOB_LIMITS.totalStepsMax, 'eval steps').optional(),
});

const LoraParameters = z.looseObject({
  rank: int(JOB_LIMITS.rank.min, JOB_LIMITS.rank.max, 'LoRA rank').optional(),
  alpha: int(JOB_LIMITS.alpha.min, JOB_LIMITS.alpha.max, 'LoRA alpha').optional(),
  dropout: z
    .number({ error: 'dropout must be a number' })
    .min(0, 'dropout must be at least 0 and below 1')
    .lt(1, 'dropout must be at least 0 and below 1')
    .optional(),
  target_modules: z
    .array(z.string().min(1).max(100), { error: 'target modules must be a list of module names' })
    .min(1, 'name at least one target module')
    .max(32, 'at most 32 target modules')
    .optional(),
});

const Optimization = z.looseObject({
  mixed_precision: z.union([MixedPrecision, z.boolean()], { error: 'mixed precision must be bf16, fp16, fp32, true or false' }).optional(),
  gradient_checkpointing: z.boolean({ error: 'gradient checkpointing must be true or false' }).optional(),
  max_grad_norm: z
    .number({ error: 'max grad norm must be a number' })
    .gt(0, 'max grad norm must be above 0 and at most 100')
    .max(100, 'max grad norm must be above 0 and at most 100')
    .optional(),
});

/**
 * `config` (03, Training job: "free-form per model type"; keys seen for language models and for
 * vision). The keys below are read, checked and defaulted; other keys are kept as sent.
 */
export const TrainingJobConfig = z.looseObject(
  {
    baseModel: z.string().min(1).max(200).optional(),
    strategy: z.enum(TrainingStrategy.options, { error: 'the strategy must be lora, qlora or full' }).optional(),
    parameters: LoraParameters.optional(),
    training: TrainingSection.optional(),
    optimization: Optimization.optional(),
    architecture: z.string().min(1).max(100).optional(),
    input_size: int(JOB_LIMITS.inputSize.min, JOB_LIMITS.inputSize.max, 'input size').optional(),
    num_classes: int(JOB_LIMITS.numClasses.min, JOB_LIMITS.numClasses.max, 'number of classes').optional(),
    augmentation: z.record(z.string(), z.unknown()).optional(),
  },
  { error: 'config must be an object' },
);
export type TrainingJobConfig = z.infer<typeof TrainingJobConfig>;

const Tags = z.array(z.string().min(1).max(JOB_LIMITS.tags.maxLength)).max(JOB_LIMITS.tags.maxItems);

/** Which config keys a model type needs: a base model (language, multimodal) or an architecture (vision); custom takes either. */
export function configIssue(modelType: ModelType, config: TrainingJobConfig): { path: string[]; message: string } | null {
  const needsBase = modelType === 'llm' || modelType === 'multimodal';
  const needsArch = modelType === 'vision';
  if (needsBase && config.baseModel === undefined) return { path: ['baseModel'], message: `a ${modelType} job needs baseModel` };
  if (needsArch && config.architecture === undefined) return { path: ['architecture'], message: 'a vision job needs architecture' };
  if (modelType === 'custom' && config.baseModel === undefined && config.architecture === undefined)
    return { path: ['baseModel'], message: 'a custom job needs baseModel or architecture' };
  if (config.baseModel !== undefined && (needsBase || config.architecture === undefined) && baseModelParameters(config.baseModel) === null)
    return {
      path: ['baseModel'],
      message: `unknown base model: name one of ${Object.keys(BASE_MODELS).join(', ')}, or a name with its size such as my-model-7b`,
    };
  if (config.architecture !== undefined && !needsBase && !(config.architecture.toLowerCase() in VISION_ARCHITECTURES))
    return { path: ['architecture'], message: `unknown architecture: one of ${Object.keys(VISION_ARCHITECTURES).join(', ')}` };
  return null;
}

export const CreateTrainingJobRequest = z
  .strictObject({
    name: z.string().trim().min(JOB_LIMITS.name.min).max(JOB_LIMITS.name.max),
    modelType: ModelType,
    datasetId: DatasetId,
    config: TrainingJobConfig,
    description: z.string().max(JOB_LIMITS.description.max).optional(),
    tags: Tags.optional(),
    gpuType: TrainingGpuType.default('a100'),
    maxWorkers: z.number().int().min(JOB_LIMITS.maxWorkers.min).max(JOB_LIMITS.maxWorkers.max).default(JOB_LIMITS.maxWorkers.default),
    priority: JobPriority.default('normal'),
  })
  .superRefine((b, ctx) => {
    const issue = configIssue(b.modelType, b.config);
    if (issue) ctx.addIssue({ code: 'custom', path: ['config', ...issue.path], message: issue.message });
  });
export type CreateTrainingJobRequest = z.infer<typeof CreateTrainingJobRequest>;

const Count = z.number().int().min(0);
const Num = z.number();

const JobProgress = z.object({
  currentEpoch: Count,
  totalEpochs: Count,
  currentStep: Count,
  totalSteps: Count,
  percentage: z.number().min(0).max(100),
  /** Seconds of running (not pending, not stopped). */
  elapsedTime: Count,
  /** Seconds of running left; null when the job is not going to run on (stopped, ended). */
  remainingTime: Count.nullable(),
});

export const Checkpoint = z.object({
  id: CheckpointId,
  epoch: Count,
  step: Count,
  loss: Num,
  /** `periodic` every save_steps, `stop` when a stop saved it. */
  kind: z.enum(['periodic', 'stop']),
  size: Count,
  createdAt: Timestamp,
});
export type Checkpoint = z.infer<typeof Checkpoint>;

const JobFailure = z.object({
  reason: z.enum(['DIVERGED', 'OUT_OF_MEMORY']),
  message: z.string(),
  step: Count,
  at: Timestamp,
});

const Allocation = z.object({ gpuType: z.string(), workers: Count, memoryPerWorker: z.string() });
const Cost = z.object({ hourly: Num, total: Num, currency: z.literal('USD') });
const Usage = z.object({ gpuHours: Num, cost: Num, efficiency: Num });

export const TrainingJob = z.object({
  id: JobId,
  name: z.string(),
  modelType: ModelType,
  datasetId: DatasetId,
  /** As sent. */
  config: z.record(z.string(), z.unknown()),
  /** What the run uses: the config with every default the emulator applied. */
  resolvedConfig: z.record(z.string(), z.unknown()),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  gpuType: TrainingGpuType,
  maxWorkers: Count,
  priority: JobPriority,
  status: JobStatus,
  resourceAllocation: Allocation,
  estimatedCost: Cost,
  progress: JobProgress,
  metrics: z.object({
    currentLoss: Num.nullable(),
    bestLoss: Num.nullable(),
    validationLoss: Num.nullable(),
    learningRate: Num.nullable(),
    /** Tokens per second (language, multimodal) or samples per second (vision), all workers. */
    throughput: Num.nullable(),
    throughputUnit: z.enum(['tokens/s', 'samples/s']),
    /** GiB per GPU in use, and the GPU's memory. */
    memoryUsage: z.object({ usedGb: Num, totalGb: Num }).nullable(),
  }),
  resourceUsage: Usage,
  checkpoints: z.array(Checkpoint),
  failure: JobFailure.nullable(),
  stop: z.object({ at: Timestamp, reason: z.string().nullable(), step: Count, checkpointId: CheckpointId.nullable() }).nullable(),
  modelId: z.string().nullable(),
  createdAt: Timestamp,
  startedAt: Timestamp.nullable(),
  updatedAt: Timestamp,
  completedAt: Timestamp.nullable(),
  estimatedCompletion: Timestamp.nullable(),
});
export type TrainingJob = z.infer<typeof TrainingJob>;

export const TrainingJobListItem = TrainingJob.pick({
  id: true,
  name: true,
  modelType: true,
  datasetId: true,
  gpuType: true,
  maxWorkers: true,
  priority: true,
  status: true,
  progress: true,
  resourceUsage: true,
  estimatedCost: true,
  modelId: true,
  createdAt: true,
  startedAt: true,
  updatedAt: true,
  estimatedCompletion: true,
}).extend({
  metrics: z.object({ loss: Num.nullable(), learningRate: Num.nullable(), throughput: Num.nullable() }),
});

const JobSort = z.enum(['created_at', 'updated_at', 'name']);
export const ListTrainingJobsQuery = z.object({
  status: JobStatus.optional(),
  modelType: ModelType.optional(),
  limit: z.coerce.number().int().min(JOB_LIMITS.list.min).max(JOB_LIMITS.list.max).default(JOB_LIMITS.list.default),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  sort: JobSort.default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export const ListTrainingJobsResponse = z.object({
  jobs: z.array(TrainingJobListItem),
  pagination: z.object({ total: Count, limit: Count, offset: Count, hasMore: z.boolean() }),
});

export const StopTrainingJobRequest = z.strictObject({
  saveCheckpoint: z.boolean().default(true),
  reason: z.string().max(500).optional(),
});
export const StopTrainingJobResponse = z.object({
  id: JobId,
  status: z.enum(['stopped', 'cancelled']),
  stoppedAt: Timestamp,
  step: Count,
  checkpoint: Checkpoint.nullable(),
  reason: z.string().nullable(),
  resumable: z.boolean(),
  resourceUsage: Usage,
});

export const ResumeTrainingJobRequest = z.strictObject({ checkpointId: CheckpointId.optional() });
export const ResumeTrainingJobResponse = z.object({
  id: JobId,
  status: z.literal('running'),
  resumedFrom: z.object({ checkpointId: CheckpointId, step: Count, loss: Num }).nullable(),
  resumedAt: Timestamp,
  estimatedCompletion: Timestamp,
});

export const JobMetricsQuery = z.object({
  /** Steps from and to (inclusive); default the whole run so far. */
  from_step: z.coerce.number().int().min(0).max(JOB_LIMITS.totalStepsMax).optional(),
  to_step: z.coerce.number().int().min(0).max(JOB_LIMITS.totalStepsMax).optional(),
  /** At most this many points: beyond it the steps are grouped in equal buckets. */
  points: z.coerce
    .number()
    .int()
    .min(JOB_LIMITS.seriesPoints.min)
    .max(JOB_LIMITS.seriesPoints.max)
    .default(JOB_LIMITS.seriesPoints.default),
});

/** One point: a step, or a bucket of steps ending at `step` (loss its mean, lossMin/lossMax its range). */
export const JobMetricPoint = z.object({
  step: Count,
  epoch: Num,
  loss: Num.nullable(),
  lossMin: Num.nullable(),
  lossMax: Num.nullable(),
  /** At the evaluations (every eval_steps) inside the bucket, else null. */
  validationLoss: Num.nullable(),
  learningRate: Num,
  throughput: Num,
  memoryGb: Num,
});
export const JobMetricsResponse = z.object({
  jobId: JobId,
  status: JobStatus,
  currentStep: Count,
  totalSteps: Count,
  fromStep: Count,
  toStep: Count,
  /** Steps per point (1: every step). */
  bucketSize: z.number().int().min(1),
  throughputUnit: z.enum(['tokens/s', 'samples/s']),
  points: z.array(JobMetricPoint),
});
