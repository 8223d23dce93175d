// Hyperparameter tuning of a training job (03-endpoints-training.md, Tuning job and trial;
// Hyperparameter tuning; Errors; Limits) and what the document leaves open (docs/decisions.md,
// Training: tuning): the request with its search space, the tuning job with its trials, results,
// convergence analysis and recommendations, stop and deploy-best.
import { z } from 'zod';
import { Timestamp } from '../common';
import { JobId, TrainingJob } from './jobs';

const TUNE_ID_PATTERN = /^tune_[A-Za-z0-9]+$/;
const TuneId = z.string().regex(TUNE_ID_PATTERN, 'a tuning job id such as tune_…');
const TrialId = z.string().regex(/^trial_[A-Za-z0-9]+$/, 'a trial id such as trial_…');
export const TuneParams = z.object({ job_id: JobId, tune_id: TuneId });

export const TuningAlgorithm = z.enum(['grid', 'random', 'bayesian', 'tpe', 'hyperband']);
export type TuningAlgorithm = z.infer<typeof TuningAlgorithm>;
/**
 * The document's values only (issue 22: a client generated from it rejects any other). A stop
 * that lets the running trials finish leaves the job `running`, with `stop` set, until they have.
 */
export const TuningStatus = z.enum(['pending', 'running', 'completed', 'failed', 'cancelled']);
export type TuningStatus = z.infer<typeof TuningStatus>;
const TrialStatus = z.enum(['running', 'completed', 'failed', 'cancelled']);
const Direction = z.enum(['minimize', 'maximize']);

/** Metrics a trial reports (the training model's, at its last step). */
export const TRIAL_METRICS = ['loss', 'eval_loss', 'accuracy', 'perplexity'] as const;
const TrialMetric = z.enum(TRIAL_METRICS, { error: `the metric must be one of ${TRIAL_METRICS.join(', ')}` });
/** Objectives of a multi-objective search may also weigh a trial's cost (USD) and duration (seconds). */
export const OBJECTIVE_METRICS = [...TRIAL_METRICS, 'cost', 'duration'] as const;
const ObjectiveMetric = z.enum(OBJECTIVE_METRICS, { error: `an objective's metric must be one of ${OBJECTIVE_METRICS.join(', ')}` });

export const TUNING_LIMITS = {
  maxTrials: { min: 1, max: 500, default: 50 },
  maxConcurrent: { min: 1, max: 32, default: 4 },
  parameters: { min: 1, max: 20 },
  choiceValues: { max: 100 },
  conditionChars: 200,
  objectives: { min: 2, max: 5 },
  patience: { min: 1, max: 500 },
  hyperbandEpochs: { min: 1, max: 100 },
  reductionFactor: { min: 2, max: 10 },
  list: { min: 1, max: 100, default: 50 },
  reason: { max: 500 },
} as const;

const Finite = z.number().finite();
const Condition = z.string().max(TUNING_LIMITS.conditionChars, `a condition has at most ${TUNING_LIMITS.conditionChars} characters`);
export const ParamValue = z.union([z.string().max(100), Finite, z.boolean()]);

const RangeParam = z.strictObject({
  type: z.enum(['uniform', 'log_uniform', 'int_uniform', 'int_log_uniform']),
  min: Finite,
  max: Finite,
  condition: Condition.optional(),
});
const ChoiceParam = z.strictObject({
  type: z.literal('choice'),
  values: z.array(ParamValue).max(TUNING_LIMITS.choiceValues.max, `a choice lists at most ${TUNING_LIMITS.choiceValues.max} values`),
  condition: Condition.optional(),
});
const SearchParam = z.discriminatedUnion('type', [RangeParam, ChoiceParam], {
  error: 'type must be uniform, log_uniform, int_uniform, int_log_uniform or choice',
});
type SearchParam = z.infer<typeof SearchParam>;
export const ParamName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'a parameter name is a letter or _ then up to 63 letters, digits or _');
const SearchSpace = z
  .record(ParamName, SearchParam)
  .refine((s) => Object.keys(s).length >= TUNING_LIMITS.parameters.min, 'the search space needs at least one parameter')
  .refine(
    (s) => Object.keys(s).length <= TUNING_LIMITS.parameters.max,
    `the search space has at most ${TUNING_LIMITS.parameters.max} parameters`,
  );

const EarlyStopping = z.strictObject({
  /** Default: the tuning job's metric. */
  metric: TrialMetric.optional(),
  /** Finished trials in a row without an improvement of more than min_delta. */
  patience: z.number().int().min(TUNING_LIMITS.patience.min).max(TUNING_LIMITS.patience.max),
  min_delta: z.number().min(0).finite().default(0),
});
const Budget = z
  .strictObject({ max_gpu_hours: z.number().positive().finite().optional(), max_cost: z.number().positive().finite().optional() })
  .refine((b) => b.max_gpu_hours !== undefined || b.max_cost !== undefined, 'a budget names max_gpu_hours, max_cost or both');
const HyperbandConfig = z
  .strictObject({
    max_epochs: z.number().int().min(TUNING_LIMITS.hyperbandEpochs.min).max(TUNING_LIMITS.hyperbandEpochs.max),
    reduction_factor: z.number().int().min(TUNING_LIMITS.reductionFactor.min).max(TUNING_LIMITS.reductionFactor.max).default(3),
    min_epochs: z.number().int().min(TUNING_LIMITS.hyperbandEpochs.min).max(TUNING_LIMITS.hyperbandEpochs.max).default(1),
  })
  .refine((h) => h.min_epochs < h.max_epochs, { message: 'min_epochs must be below max_epochs', path: ['min_epochs'] });
const Objective = z.strictObject({
  metric: ObjectiveMetric,
  direction: Direction,
  weight: z.number().positive().finite().default(1),
});

/** The request's fields (the stored form of a tuning job keeps them as parsed). */
export const TuningRequestFields = z.strictObject({
  objective: Direction,
  metric: TrialMetric,
  search_space: SearchSpace,
  algorithm: TuningAlgorithm,
  max_trials: z.number().int().min(TUNING_LIMITS.maxTrials.min).max(TUNING_LIMITS.maxTrials.max).default(TUNING_LIMITS.maxTrials.default),
  max_concurrent: z
    .number()
    .int()
    .min(TUNING_LIMITS.maxConcurrent.min)
    .max(TUNING_LIMITS.maxConcurrent.max)
    .default(TUNING_LIMITS.maxConcurrent.default),
  early_stopping: EarlyStopping.optional(),
  budget: Budget.optional(),
  /** Hyperband only; default max_epochs from the parent's epochs (at least 9), reduction_factor 3, min_epochs 1. */
  hyperband_config: HyperbandConfig.optional(),
  /** Multi-objective: trials are ranked by the weighted sum, and the pareto set is reported. */
  objectives: z
    .array(Objective)
    .min(TUNING_LIMITS.objectives.min, 'a multi-objective search weighs at least two objectives')
    .max(TUNING_LIMITS.objectives.max)
    .optional(),
});
export const CreateTuningRequest = TuningRequestFields.superRefine((b, ctx) => {
  if (b.hyperband_config !== undefined && b.algorithm !== 'hyperband')
    ctx.addIssue({ code: 'custom', path: ['hyperband_config'], message: 'hyperband_config goes with algorithm hyperband' });
  if (b.objectives && new Set(b.objectives.map((o) => o.metric)).size !== b.objectives.length)
    ctx.addIssue({ code: 'custom', path: ['objectives'], message: 'each objective names a different metric' });
});
export type CreateTuningRequest = z.infer<typeof CreateTuningRequest>;

const Count = z.number().int().min(0);
const Num = z.number();
const Metrics = z.record(z.string(), Num);

export const Trial = z.object({
  id: TrialId,
  /** 1-based, in launch order. */
  number: Count,
  parameters: z.record(z.string(), ParamValue),
  /** At the trial's last step; empty while it runs, or when it failed or was cancelled. */
  metrics: Metrics,
  status: TrialStatus,
  /** Seconds of running so far (all of it once it ended). */
  duration: Num,
  /** USD so far. */
  cost: Num,
  gpuHours: Num,
  epochs: Count,
  /** Hyperband: the bracket (0-based, in run order) and rung of successive halving; else null. */
  bracket: Count.nullable(),
  rung: Count.nullable(),
  failure: z.object({ reason: z.enum(['DIVERGED', 'OUT_OF_MEMORY', 'CONFIGURATION_ERROR']), step: Count, message: z.string() }).nullable(),
  startedAt: Timestamp,
  completedAt: Timestamp.nullable(),
  /** The model registered from the best trial when the tuning job ended; null otherwise. */
  modelId: z.string().nullable(),
});
export type Trial = z.infer<typeof Trial>;

const Results = z.object({
  totalTrials: Count,
  completedTrials: Count,
  failedTrials: Count,
  cancelledTrials: Count,
  bestValue: Num.nullable(),
  /** Percent better than the parent job's own result on the metric (positive: better); null without both. */
  improvementOverBaseline: Num.nullable(),
  /** Seconds from the first trial's start to the last's end (or now). */
  totalDuration: Num,
  totalCost: Num,
  totalGpuHours: Num,
});

const ConvergenceAnalysis = z.object({
  converged: z.boolean(),
  /** The trial number from which the best value stayed within 1 % of the final best; null before any completed trial. */
  convergenceEpoch: Count.nullable(),
  /** Percent improvement the last half of the finished trials brought: what as many more may bring, at most. */
  remainingImprovement: Num.nullable(),
  recommendation: z.string(),
});

export const TuningJob = z.object({
  id: TuneId,
  trainingJobId: JobId,
  status: TuningStatus,
  algorithm: TuningAlgorithm,
  objective: Direction,
  metric: TrialMetric,
  objectives: z.array(z.object({ metric: ObjectiveMetric, direction: Direction, weight: Num })).nullable(),
  searchSpace: z.record(z.string(), z.record(z.string(), z.unknown())),
  maxTrials: Count,
  maxConcurrent: Count,
  earlyStopping: z.object({ metric: TrialMetric, patience: Count, min_delta: Num }).nullable(),
  budget: z.object({ max_gpu_hours: Num.nullable(), max_cost: Num.nullable() }).nullable(),
  hyperbandConfig: z.object({ max_epochs: Count, reduction_factor: Count, min_epochs: Count }).nullable(),
  progress: z.object({
    completedTrials: Count,
    totalTrials: Count,
    runningTrials: Count,
    failedTrials: Count,
    bestValue: Num.nullable(),
    percentage: z.number().min(0).max(100),
  }),
  /** The parent job's configuration scored by the same objective (its own seed). */
  baseline: z.object({ metrics: Metrics, value: Num.nullable() }),
  estimatedCost: z.object({ perTrial: Num, total: Num, gpuHours: Num, currency: z.literal('USD') }),
  bestTrial: Trial.nullable(),
  /** Multi-objective: ids of the trials no other completed trial beats on every objective; else null. */
  paretoSet: z.array(TrialId).nullable(),
  results: Results,
  trials: z.array(Trial),
  convergenceAnalysis: ConvergenceAnalysis,
  recommendations: z.array(z.string()),
  /** Why it ended: all_trials, early_stopping, budget, stopped, all_failed; null while it runs. */
  endReason: z.enum(['all_trials', 'early_stopping', 'budget', 'stopped', 'all_failed']).nullable(),
  stop: z.object({ at: Timestamp, reason: z.string().nullable(), completeRunningTrials: z.boolean() }).nullable(),
  estimatedCompletion: Timestamp.nullable(),
  startedAt: Timestamp.nullable(),
  completedAt: Timestamp.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type TuningJob = z.infer<typeof TuningJob>;

const TuningListItem = TuningJob.omit({ trials: true, searchSpace: true });
export const ListTuningQuery = z.object({
  status: TuningStatus.optional(),
  algorithm: TuningAlgorithm.optional(),
  limit: z.coerce.number().int().min(TUNING_LIMITS.list.min).max(TUNING_LIMITS.list.max).default(TUNING_LIMITS.list.default),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const ListTuningResponse = z.object({
  tuningJobs: z.array(TuningListItem),
  pagination: z.object({ total: Count, limit: Count, offset: Count, hasMore: z.boolean() }),
});

export const StopTuningRequest = z.strictObject({
  reason: z.string().max(TUNING_LIMITS.reason.max).optional(),
  /** true: no new trials, the running ones finish (the job stays `running`, with `stop` set, until then); false: they are cancelled now. */
  complete_running_trials: z.boolean().default(false),
});
export const StopTuningResponse = z.object({
  id: TuneId,
  /** The job's status after the stop: `running` while the running trials finish, else `cancelled`. */
  status: z.enum(['running', 'cancelled']),
  stoppedAt: Timestamp,
  reason: z.string().nullable(),
  completeRunningTrials: z.boolean(),
  /** Trials left running to finish (complete_running_trials), or cancelled now. */
  runningTrials: z.array(TrialId),
  cancelledTrials: z.array(TrialId),
  results: Results,
});

export const DeployBestRequest = z.strictObject({
  /** Default: `<parent job name>-best`. */
  name: z.string().trim().min(1).max(100).optional(),
  epochs: z.number().int().min(1).max(100).optional(),
  /** A trial to take the parameters of instead of the best. */
  use_best_trial: TrialId.optional(),
  /** Parameters set on top (mapped onto the config like the search space's). */
  override_parameters: z.record(ParamName, ParamValue).optional(),
});
export const DeployBestResponse = z.object({
  tuningJobId: TuneId,
  trialId: TrialId,
  parameters: z.record(z.string(), ParamValue),
  trainingJob: TrainingJob,
});
