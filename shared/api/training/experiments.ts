// Experiments and runs of 03-endpoints-training.md (Experiment and run; Experiments; States and
// transitions), with the shapes the document leaves "not shown" chosen in docs/decisions.md,
// Training: experiments: list items, update, archive, clone, export, the run's metrics and the
// comparison's statistical analysis.
import { z } from 'zod';
import { Timestamp } from '../common';
import { JobId, JobStatus } from './jobs';

const EXPERIMENT_ID_PATTERN = /^exp_[A-Za-z0-9]+$/;
const RUN_ID_PATTERN = /^run_[A-Za-z0-9]+$/;
export const ExperimentId = z.string().regex(EXPERIMENT_ID_PATTERN, 'an experiment id such as exp_…');
export const RunId = z.string().regex(RUN_ID_PATTERN, 'a run id such as run_…');
export const ExperimentIdParams = z.object({ experiment_id: ExperimentId });
export const ExperimentStatus = z.enum(['active', 'completed', 'archived']);
export type ExperimentStatus = z.infer<typeof ExperimentStatus>;

export const EXPERIMENT_LIMITS = {
  name: { min: 1, max: 100 },
  description: { max: 5000 },
  tags: { max: 50, length: 50 },
  runsPerExperiment: 1000,
  compareRuns: { min: 2, max: 200 },
  list: { min: 1, max: 100, default: 50 },
} as const;

/** Metrics a run reports and a comparison can rank; `cost` (USD) and `duration` (seconds of running) too. */
export const RunMetricName = z.enum(['loss', 'validation_loss', 'perplexity', 'accuracy', 'cost', 'duration']);
export type RunMetricName = z.infer<typeof RunMetricName>;
/** Whether a metric is better low or high. */
export const METRIC_DIRECTION: Record<RunMetricName, 'minimize' | 'maximize'> = {
  loss: 'minimize',
  validation_loss: 'minimize',
  perplexity: 'minimize',
  accuracy: 'maximize',
  cost: 'minimize',
  duration: 'minimize',
};

const Count = z.number().int().min(0);
const Free = z.record(z.string(), z.unknown());
const Name = z.string().trim().min(EXPERIMENT_LIMITS.name.min).max(EXPERIMENT_LIMITS.name.max);
const Description = z.string().max(EXPERIMENT_LIMITS.description.max);
const Tag = z.string().trim().min(1).max(EXPERIMENT_LIMITS.tags.length);
const Tags = z.array(Tag).max(EXPERIMENT_LIMITS.tags.max);
/** A run's parameters: flat keys (`training.learning_rate`) to scalar values. */
const ParamValue = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);
export const RunParameters = z.record(z.string().min(1).max(200), ParamValue);

export const Baseline = z.strictObject({
  /** e.g. `model`, `run`, `published`. */
  type: z.string().trim().min(1).max(50),
  name: z.string().trim().min(1).max(200),
  /** Metric name → value, compared with the runs' (e.g. {validation_loss: 0.62}). */
  metrics: z.record(z.string().min(1).max(100), z.number()).default({}),
});

const MetricValues = z.record(z.string(), z.number().nullable());
const RunMetrics = z.object({
  /** At the job's current step: step, epoch, loss, validation_loss (the last evaluation), learning_rate. */
  current: MetricValues.nullable(),
  /** Best so far: lowest loss and validation loss, the step of the best evaluation, accuracy/perplexity from it. */
  best: MetricValues.nullable(),
  /** At the last step, once the job completed. */
  final: MetricValues.nullable(),
});

const RunArtifact = z.object({ type: z.enum(['checkpoint', 'model']), name: z.string(), path: z.string(), size: Count });

export const Run = z.object({
  id: RunId,
  experimentId: ExperimentId,
  trainingJobId: JobId,
  name: z.string(),
  /** The job's status. */
  status: JobStatus,
  parameters: RunParameters,
  metrics: RunMetrics,
  artifacts: z.array(RunArtifact),
  /** Running time so far (seconds) and what it cost (USD). */
  duration: Count,
  cost: z.number().min(0),
  failure: z.object({ reason: z.string(), step: Count }).nullable(),
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  completedAt: Timestamp.nullable(),
});
export type Run = z.infer<typeof Run>;

export const ExperimentStatistics = z.object({
  total_runs: Count,
  completed_runs: Count,
  /** Pending or running. */
  running_runs: Count,
  failed_runs: Count,
  best_run: z.object({ id: RunId, metric: RunMetricName, value: z.number() }).nullable(),
  /** The best run's value of the experiment's metric (validation loss). */
  best_metric: z.number().nullable(),
  total_cost: z.number().min(0),
  /** Seconds of running over all runs. */
  total_training_time: Count,
});

export const Insight = z.object({
  type: z.enum(['divergence', 'out_of_memory', 'early_stopping', 'parameter_effect', 'baseline']),
  message: z.string(),
  /** 0–1. */
  confidence: z.number().min(0).max(1),
  evidence: z.object({ runIds: z.array(RunId) }).catchall(z.unknown()),
  /** What acting on the insight would have saved, when it is about cost. */
  savings: z.object({ cost: z.number().min(0), gpuHours: z.number().min(0) }).nullable(),
});

export const Experiment = z.object({
  id: ExperimentId,
  name: z.string(),
  description: z.string(),
  status: ExperimentStatus,
  hypothesis: z.string().nullable(),
  tags: z.array(z.string()),
  metadata: Free,
  baseline: z.object({ type: z.string(), name: z.string(), metrics: z.record(z.string(), z.number()) }).nullable(),
  conclusion: z.string().nullable(),
  runs: z.array(Run),
  statistics: ExperimentStatistics,
  insights: z.array(Insight),
  archived: z.object({ at: Timestamp, reason: z.string().nullable(), preserveArtifacts: z.boolean() }).nullable(),
  clonedFrom: ExperimentId.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  completedAt: Timestamp.nullable(),
});
export type Experiment = z.infer<typeof Experiment>;

const ExperimentListItem = Experiment.omit({ runs: true, insights: true }).extend({ runCount: Count });

export const CreateExperimentRequest = z.strictObject({
  name: Name,
  description: Description,
  tags: Tags.optional(),
  metadata: Free.optional(),
  hypothesis: Description.optional(),
  baseline: Baseline.optional(),
});

export const UpdateExperimentRequest = z
  .strictObject({
    name: Name.optional(),
    description: Description.optional(),
    /** Only `completed` (from `active`); archive has its own route. */
    status: z.literal('completed', { error: 'status can only be set to completed (archive with POST …/archive)' }).optional(),
    conclusion: Description.nullable().optional(),
    tags: Tags.optional(),
    metadata: Free.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'nothing to update' });

const ExperimentSort = z.enum(['created_at', 'updated_at', 'name']);
export const ListExperimentsQuery = z.object({
  status: ExperimentStatus.optional(),
  /** Comma-separated; an experiment must carry every one. */
  tags: z
    .string()
    .max(1000)
    .transform((s) =>
      s
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    )
    .optional(),
  limit: z.coerce.number().int().min(EXPERIMENT_LIMITS.list.min).max(EXPERIMENT_LIMITS.list.max).default(EXPERIMENT_LIMITS.list.default),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  sort: ExperimentSort.default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export const ListExperimentsResponse = z.object({
  experiments: z.array(ExperimentListItem),
  pagination: z.object({ total: Count, limit: Count, offset: Count, hasMore: z.boolean() }),
});

export const ArchiveExperimentRequest = z.strictObject({
  reason: z.string().max(1000).optional(),
  preserve_artifacts: z.boolean().default(true),
});
export const ArchiveExperimentResponse = z.object({
  id: ExperimentId,
  status: z.literal('archived'),
  archivedAt: Timestamp,
  reason: z.string().nullable(),
  preserveArtifacts: z.boolean(),
  /** Export files removed from the object store (none when artifacts are preserved). */
  removedExports: Count,
});

export const CloneExperimentRequest = z.strictObject({
  name: Name.optional(),
  description: Description.optional(),
  /** What the clone changes besides name and description. */
  modifications: z
    .strictObject({
      hypothesis: Description.nullable().optional(),
      tags: Tags.optional(),
      /** Merged over the source's metadata. */
      metadata: Free.optional(),
      baseline: Baseline.nullable().optional(),
    })
    .default({}),
  copy_runs: z.boolean().default(false),
});

export const CreateRunRequest = z.strictObject({
  trainingJobId: JobId,
  name: Name.optional(),
  /** Merged over the job's configuration flattened (`training.learning_rate`…). */
  parameters: RunParameters.optional(),
  tags: Tags.optional(),
  notes: Description.optional(),
});

/** Groups of replicates: the configuration (parameters, dataset) or a tag's value (`tag:<prefix>`). */
const GROUP_BY_PATTERN = /^(configuration|tag:.{1,50})$/;
export const CompareExperimentRequest = z.strictObject({
  /** Run ids; default every run of the experiment. */
  runs: z.array(RunId).min(EXPERIMENT_LIMITS.compareRuns.min).max(EXPERIMENT_LIMITS.compareRuns.max).optional(),
  metrics: z.array(RunMetricName).min(1).max(6).default(['validation_loss', 'loss']),
  analysis: z
    .strictObject({
      statistical_tests: z.boolean().default(true),
      correlation_analysis: z.boolean().default(true),
      performance_pareto: z.boolean().default(true),
      /** Pairwise against this run (its group) instead of every pair. */
      baseline_run: RunId.optional(),
      /** Replicates are runs of one configuration (parameters and dataset), or of one value of a tag starting with the prefix (`tag:config=`). */
      group_by: z
        .string()
        .regex(GROUP_BY_PATTERN, 'group_by is "configuration" or "tag:<prefix>" (a prefix of 1–50 characters, e.g. "tag:config=")')
        .default('configuration'),
      alpha: z.number().gt(0).lt(1).default(0.05),
      correction: z.enum(['holm', 'benjamini-hochberg']).default('holm'),
    })
    .default({
      statistical_tests: true,
      correlation_analysis: true,
      performance_pareto: true,
      alpha: 0.05,
      correction: 'holm',
      group_by: 'configuration',
    }),
});

const Nullable = z.number().nullable();
const Interval = z.tuple([z.number(), z.number()]);
const Correction = z.enum(['holm', 'benjamini-hochberg']);

/** A group of replicate runs (docs/decisions.md, Training: experiments — compare). */
const ReplicateGroup = z.object({
  id: z.string(),
  label: z.string(),
  runIds: z.array(RunId),
  /** Replicates with a value of the metric. */
  n: Count,
  mean: Nullable,
  sd: Nullable,
  /** Of the mean at the confidence level: Student's t below 10 replicates, a bootstrap percentile interval from 10; null below 2. */
  ci: Interval.nullable(),
  ciMethod: z.enum(['t', 'bootstrap']).nullable(),
});

/** Two configurations compared across their replicates' values (Welch, Mann–Whitney). */
const ReplicateTest = z.object({
  groupA: z.string(),
  groupB: z.string(),
  n: z.tuple([Count, Count]),
  meanA: z.number(),
  meanB: z.number(),
  /** meanA − meanB. */
  meanDifference: z.number(),
  welch: z.object({ statistic: z.number(), df: z.number(), pValue: z.number(), pAdjusted: z.number(), ci: Interval }).nullable(),
  mannWhitney: z
    .object({ U: z.number(), z: Nullable, pValue: z.number(), pAdjusted: z.number(), method: z.enum(['exact', 'normal']) })
    .nullable(),
  effectSize: z.object({ cohensD: Nullable, hedgesG: Nullable, rankBiserial: Nullable }),
  /** Welch's adjusted p-value below alpha. */
  significant: z.boolean(),
  /** The better group (by the metric's direction) when significant, else null. */
  better: z.string().nullable(),
});

/** Two trained models compared on the same evaluation examples (per-example validation losses). */
const PairedTest = z.object({
  runA: RunId,
  runB: RunId,
  /** Evaluation examples (pairs). */
  n: Count,
  /** The steps whose evaluation is compared (where each run's value comes from). */
  steps: z.tuple([Count, Count]),
  meanA: z.number(),
  meanB: z.number(),
  /** meanA − meanB (validation loss). */
  meanDifference: z.number(),
  /** Paired bootstrap percentile interval of the mean difference. */
  ci: Interval,
  wilcoxon: z.object({
    V: z.number(),
    z: Nullable,
    pValue: z.number(),
    pAdjusted: z.number(),
    method: z.enum(['exact', 'normal']),
  }),
  significant: z.boolean(),
  /** The run with the lower validation loss on these examples when significant, else null. */
  better: RunId.nullable(),
});

const StatisticalAnalysis = z.object({
  /** The metric the replicate tests compare: the first requested model metric (not cost or duration). */
  metric: RunMetricName,
  alpha: z.number(),
  correction: Correction,
  confidenceLevel: z.number(),
  groupBy: z.string(),
  baselineRunId: RunId.nullable(),
  /** Every pair (up to 30 groups, or 30 runs on one evaluation set); else each against the reference (the baseline run's, or the best). */
  pairing: z.enum(['all-pairs', 'baseline-run', 'best-run']),
  groups: z.array(ReplicateGroup),
  replicate_tests: z.array(ReplicateTest),
  paired_tests: z.array(PairedTest),
  /** Each run's validation loss with a bootstrap interval over its evaluation examples. */
  run_intervals: z.array(z.object({ runId: RunId, step: Count, n: Count, value: z.number(), ci: Interval })),
  /** Pairs nothing valid can be said of: no p-value, and what would make them testable. */
  not_testable: z.array(
    z.object({
      groupA: z.string(),
      groupB: z.string(),
      runA: RunId,
      runB: RunId,
      reason: z.string(),
      action: z.literal('add_seeds'),
      /** New replicate runs to bring both groups to 3 replicates. */
      replicatesNeeded: Count,
    }),
  ),
  /** Runs left out and why (failed, cancelled, no value, no tag of the prefix). */
  excluded: z.array(z.object({ runId: RunId, reason: z.string() })),
  /** How the answer was computed, in words (resamples, pairing, seeds). */
  method: z.string(),
});

const CorrelationCoefficient = z.object({
  coefficient: z.number(),
  /** At the confidence level (Fisher z); null below 4 runs. */
  ci: Interval.nullable(),
  /** Null below `minimumN` runs. */
  pValue: Nullable,
});
const CorrelationEntry = z.object({
  parameter: z.string(),
  metric: RunMetricName,
  n: Count,
  /** Fewest runs for a p-value: below, nothing is claimed. */
  minimumN: Count,
  pearson: CorrelationCoefficient.nullable(),
  spearman: CorrelationCoefficient.nullable(),
});

const CompareRun = z.object({
  id: RunId,
  name: z.string(),
  status: JobStatus,
  trainingJobId: JobId,
  parameters: RunParameters,
  /** The value ranked for each requested metric: the final one when completed, else the best so far. */
  values: z.record(z.string(), z.number().nullable()),
  /** Evaluations of the job: step, training and validation loss. */
  curve: z.array(z.object({ step: Count, loss: Nullable, validation_loss: Nullable })),
});

export const CompareExperimentResponse = z.object({
  comparison: z.object({
    experimentId: ExperimentId,
    metrics: z.array(RunMetricName),
    runs: z.array(CompareRun),
    rankings: z.record(z.string(), z.array(RunId)),
    statistical_analysis: StatisticalAnalysis.nullable(),
    correlations: z.array(CorrelationEntry).nullable(),
    pareto_frontier: z.array(z.object({ runId: RunId, reason: z.string() })).nullable(),
    dominated: z.array(z.object({ runId: RunId, dominatedBy: RunId })).nullable(),
    recommendations: z.array(z.string()),
  }),
});

export const ExportInclude = z.enum(['parameters', 'metrics', 'artifacts', 'metadata']);
export const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** Object keys: segments of letters, digits, `_ . -`, no `..`, no leading slash. */
export const OBJECT_PATH_PATTERN = /^(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;
/**
 * How long an object path may be: what a file system holds (a name of 255 bytes, the pattern
 * admitting ASCII only) and a depth no layout needs (docs/decisions.md, Training: experiments).
 */
const OBJECT_PATH_LIMITS = { length: 1024, segment: 255, depth: 32 } as const;

/** What is wrong with an object path, in the user's words; null when it is a good one. */
export function objectPathProblem(path: string): string | null {
  const { length, segment, depth } = OBJECT_PATH_LIMITS;
  if (path.length > length) return `at most ${length.toLocaleString('en')} characters (this one has ${path.length.toLocaleString('en')})`;
  if (!OBJECT_PATH_PATTERN.test(path)) return 'a relative object path of letters, digits, _ . - and /';
  const names = path.split('/');
  if (names.length > depth) return `at most ${depth} names separated by / (this one has ${names.length})`;
  const long = names.find((n) => n.length > segment);
  if (long) return `each name between / at most ${segment} characters ("${long.slice(0, 12)}…" has ${long.length})`;
  return null;
}
export const EXPORT_FORMATS = ['csv'] as const;
export const ExportExperimentRequest = z.strictObject({
  /** One of EXPORT_FORMATS; another name is UNSUPPORTED_FORMAT (not a validation error). */
  format: z.string().min(1).max(40).default('csv'),
  include: z.array(ExportInclude).min(1).max(4).default(['parameters', 'metrics', 'artifacts', 'metadata']),
  destination: z
    .strictObject({
      type: z.literal('object_store'),
      bucket: z.string().regex(BUCKET_PATTERN, 'a bucket name of 3–63 lower-case letters, digits, dots and hyphens'),
      path: z.string().superRefine((path, ctx) => {
        const problem = objectPathProblem(path);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    })
    .optional(),
});
export const ExportExperimentResponse = z.object({
  id: z.string().regex(/^xpt_[A-Za-z0-9]+$/),
  experimentId: ExperimentId,
  status: z.literal('completed'),
  format: z.literal('csv'),
  include: z.array(ExportInclude),
  destination: z.object({ type: z.literal('object_store'), bucket: z.string(), path: z.string(), uri: z.string() }),
  rows: Count,
  columns: z.array(z.string()),
  size: Count,
  checksum: z.string(),
  downloadUrl: z.string(),
  downloadToken: z.string(),
  expiresAt: Timestamp,
  createdAt: Timestamp,
});
