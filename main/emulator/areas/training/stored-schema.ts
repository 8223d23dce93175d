// The training area's stored state (`state.areas.training`) as zod schemas: the one source of
// its types (state.ts) and the check a snapshot's training area passes on import and on load.
// Datasets, jobs, models and the GPU pool; tuning and experiments join as siblings.
import { z } from 'zod';
import {
  DatasetFormat,
  DatasetId,
  DatasetSchema,
  DatasetType,
  FailingExample,
  ValidationReport,
} from '../../../../shared/api/training/datasets';
import { TrainingGpuType } from '../../../../shared/api/training/catalog';
import { JobPriority, ModelType } from '../../../../shared/api/training/jobs';
import { ModelStatus } from '../../../../shared/api/training/models';
import { StoredTuning } from './tuning/stored-schema';
import { StoredExperiment } from './experiments/stored-schema';
import { StoredTransferLedger } from '../../core/transfer';

/** Simulated ms, years 0000–9999 (see the cluster area's stored schema). */
const Ms = z.number().int().min(Date.parse('0000-01-01T00:00:00.000Z')).max(Date.parse('9999-12-31T23:59:59.999Z'));
const Bytes = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const BlobKey = z.string().regex(/^ds_[A-Za-z0-9]+(\/[A-Za-z0-9_.-]+)+$/);
const Free = z.record(z.string(), z.unknown());

export const StoredMultipart = z.object({
  id: z.string().regex(/^mpu_[A-Za-z0-9]+$/),
  filename: z.string().min(1).max(255),
  size: Bytes,
  part_size: Bytes,
  created_at: Ms,
  parts: z.array(z.object({ n: z.number().int().min(1), size: Bytes, etag: Sha256 })),
});

export const StoredAnalysis = z.object({
  bytes: Bytes,
  examples: z.number().int().min(0),
  schema: DatasetSchema,
  statistics: Free,
  report: ValidationReport.omit({ status: true }).extend({
    status: z.enum(['passed', 'failed']),
    failingExamples: z.array(FailingExample),
  }),
  preprocessing: z.object({ total_tokens: z.number().int().min(0), vocab_size: z.number().int().min(0) }),
  failure: z.object({ error: z.enum(['VALIDATION_FAILED', 'UNSUPPORTED_FORMAT']), message: z.string(), details: Free }).nullable(),
});

export const StoredDataset = z.object({
  id: DatasetId,
  name: z.string().min(1).max(100),
  type: DatasetType,
  format: DatasetFormat,
  description: z.string().nullable(),
  tags: z.array(z.string()),
  metadata: Free,
  /** The `validation` configuration as sent. */
  validation: Free,
  preprocessing: Free,
  created_at: Ms,
  updated_at: Ms,
  /** While `uploading`: the token (its SHA-256 only) and any multipart upload under way. */
  upload: z.object({ token_hash: Sha256, expires_at: Ms, multipart: StoredMultipart.nullable() }).nullable(),
  /** Once the upload completed: its spent token's SHA-256, so a late request with it is told so (409), not "unknown token". */
  spent_token_hash: Sha256.optional(),
  /** The parse of the uploaded content, done once when the upload completed. */
  analysis: StoredAnalysis.nullable(),
  /**
   * Analyses of the latest version started and not finished: counted before each starts, so one
   * that ends with the process (a crash, a kill) is not resumed at every start for ever.
   */
  analysis_attempts: z.number().int().min(0).default(0),
  /** `processing` until the simulated clock reaches this, then `ready` or `error` by the analysis. */
  ready_at: Ms.nullable(),
  versions: z.array(
    z.object({
      id: z.string().regex(/^dsv_[A-Za-z0-9]+$/),
      created_at: Ms,
      size: Bytes,
      checksum: Sha256,
      /** The content, in order (one blob for a single PUT, the parts of a multipart upload); empty for seeded datasets. */
      blobs: z.array(BlobKey),
    }),
  ),
  /** The member who created it (issue 21, usage by team); absent from older data. */
  created_by: z.string().nullable().optional(),
});

const GpuCount = z.number().int().min(0).max(100_000);
const Steps = z.number().int().min(0).max(1_000_000);

/**
 * A training job: what it was asked, the plan fixed at create (from the config, the dataset and
 * the GPU), and its timeline on the clock — running segments, stop, cancel — from which status,
 * progress, metrics, checkpoints and cost are computed when read (docs/decisions.md, Training: jobs).
 */
export const StoredJob = z.object({
  id: z.string().regex(/^job_[A-Za-z0-9]+$/),
  name: z.string().min(1).max(100),
  model_type: ModelType,
  dataset_id: DatasetId,
  /** As sent. */
  config: Free,
  description: z.string().nullable(),
  tags: z.array(z.string()),
  gpu_type: TrainingGpuType,
  workers: z.number().int().min(1).max(32),
  priority: JobPriority,
  created_at: Ms,
  updated_at: Ms,
  /** Seed of the job's curves (world seed × job id). */
  seed: z.number().int().min(0).max(0xffffffff),
  /** The dataset's examples at create: the curve does not move if the dataset changes later. */
  examples: z.number().int().min(1),
  plan: z.object({
    provision_ms: z.number().int().min(0),
    step_ms: z.number().int().min(1),
    steps_per_epoch: Steps.min(1),
    total_steps: Steps.min(1),
    save_steps: Steps.min(1),
    eval_steps: Steps.min(1),
    /** Per GPU, GB. */
    memory_gb: z.number().min(0),
    /** All workers: tokens or samples per second. */
    throughput: z.number().min(0),
    /** Multi-worker scaling efficiency, 0–1. */
    efficiency: z.number().min(0).max(1),
    checkpoint_bytes: Bytes,
    /** A failure the config makes certain (out of memory); divergence is the loss model's. */
    oom: z.boolean(),
  }),
  /** Running stretches: from `start` at `from_step` until `stop` (null: still going or ended by itself). */
  segments: z.array(z.object({ start: Ms, from_step: Steps, stop: Ms.nullable() })).min(1),
  stop: z.object({ at: Ms, reason: z.string().nullable(), step: Steps, saved: z.boolean() }).nullable(),
  cancelled_at: Ms.nullable(),
  /** Steps a stop saved a checkpoint at, and when. */
  saved_checkpoints: z.array(z.object({ step: Steps, at: Ms })),
  model_id: z
    .string()
    .regex(/^model_[A-Za-z0-9]+$/)
    .nullable(),
  /** The member who created it (issue 19, team detail); absent from older data. */
  created_by: z.string().nullable().optional(),
});

const StoredModelFile = z.object({
  name: z.string(),
  size: Bytes,
  type: z.string(),
  checksum: z.string(),
  /** The content of a JSON file (served by the download host); weight files are generated (models/files.ts). */
  text: z.string().optional(),
});

/** One version of a model: what its training job produced (docs/decisions.md, Training: models). */
export const StoredModelVersion = z.object({
  version: z.string(),
  training_job_id: z.string().nullable(),
  dataset_id: z.string().nullable(),
  description: z.string().nullable(),
  changelog: z.array(z.string()),
  base_model: z.string().nullable(),
  architecture: Free,
  training: Free,
  size: z.object({ parameters: Bytes, trainable_parameters: Bytes, bytes: Bytes, compressed: Bytes }),
  metrics: z.object({ training: Free, validation: Free, custom: Free }),
  files: z.array(StoredModelFile),
  /** What the weight files' bytes derive from: the model id for the first version, `<model id>@<version>` after. */
  content_key: z.string(),
  /** The version this one copies when registered without a training job (absent before issue 22: none). */
  derived_from: z.string().nullable().default(null),
  created_at: Ms,
});

/**
 * `deploying` until `ready_at`, then `active` until `stopped_at` (set when the model is archived).
 * Its id is the serverless endpoint that serves it (`ep_…`, endpoint area); `dep_…` in records made
 * before deployments were endpoints.
 */
export const StoredDeployment = z.object({
  id: z.string().regex(/^(ep|dep)_[A-Za-z0-9]+$/),
  name: z.string(),
  environment: z.string(),
  version: z.string(),
  gpu_type: TrainingGpuType,
  workers: z.number().int().min(1).max(50),
  scaling: z.object({ min_workers: z.number().int().min(0), max_workers: z.number().int().min(1), target_utilization: z.number() }),
  configuration: z.object({ max_tokens: z.number().int(), temperature: z.number(), top_p: z.number(), repetition_penalty: z.number() }),
  created_at: Ms,
  ready_at: Ms,
  stopped_at: Ms.nullable(),
});

/** A download the download host serves while its token lives (its SHA-256 only is kept). */
export const StoredDownload = z.object({
  id: z.string().regex(/^dl_[A-Za-z0-9]+$/),
  token_hash: Sha256,
  version: z.string(),
  files: z.array(z.string()).min(1),
  compression: z.enum(['zip', 'none']),
  format: z.string(),
  created_at: Ms,
  expires_at: Ms,
});

export const StoredModel = z.object({
  id: z.string().regex(/^model_[A-Za-z0-9]+$/),
  /** The API's fields as registered (shared/api/training/models.ts), times in simulated ms. */
  name: z.string(),
  type: ModelType,
  status: ModelStatus,
  description: z.string().nullable(),
  base_model: z.string().nullable(),
  version: z.string(),
  training_job_id: z.string().nullable(),
  dataset_id: z.string().nullable(),
  architecture: Free,
  training: Free,
  size: z.object({ parameters: Bytes, trainable_parameters: Bytes, bytes: Bytes, compressed: Bytes }),
  metrics: z.object({ training: Free, validation: Free, custom: Free }),
  files: z.array(z.object({ name: z.string(), size: Bytes, type: z.string(), checksum: z.string() })),
  tags: z.array(z.string()),
  metadata: Free,
  created_at: Ms,
  updated_at: Ms,
  /** Every version, oldest first; the top-level fields above are the last one's. Empty in records older than versions (read as one). */
  versions: z.array(StoredModelVersion).default([]),
  deployments: z.array(StoredDeployment).default([]),
  /** Set while archived; the model is deleted when the clock reaches `delete_at`. */
  archive: z
    .object({ at: Ms, reason: z.string().nullable(), retention_days: z.number().int().min(1).max(3650), delete_at: Ms })
    .nullable()
    .default(null),
  downloads: z.array(StoredDownload).default([]),
  /** The member whose training job made it (issue 21, usage by team); absent from older data. */
  created_by: z.string().nullable().optional(),
});

/** Entries of `removed_storage` kept: past this many the earliest removed go first. */
export const REMOVED_STORAGE_MAX = 10_000;

/**
 * What a dataset or a model stored before it was deleted (issue 21: a past period reads the same
 * after a resource goes): its versions, each stored from when it was made until `removed_at`.
 */
export const StoredRemovedStorage = z.object({
  type: z.enum(['dataset', 'model']),
  id: z.string().regex(/^(ds|model)_[A-Za-z0-9]+$/),
  name: z.string(),
  created_by: z.string().nullable(),
  removed_at: Ms,
  versions: z.array(z.object({ created_at: Ms, bytes: Bytes })),
});

export const TrainingState = z
  .object({
    datasets: z.array(StoredDataset),
    jobs: z.array(StoredJob).default([]),
    models: z.array(StoredModel).default([]),
    tunings: z.array(StoredTuning).default([]),
    experiments: z.array(StoredExperiment).default([]),
    /** GPUs per type the training pool has (seeded); jobs pending or running hold their workers. */
    gpu_pool: z.record(TrainingGpuType, GpuCount).default({ a100: 16, h100: 8, v100: 0, rtx4090: 8 }),
    /** What model downloads and experiment exports transferred, by resource and hour (core/transfer.ts); absent before issue 21: none. */
    transfers: StoredTransferLedger,
    /** Deleted datasets' and models' storage, for past periods (absent before issue 21: none). */
    removed_storage: z.array(StoredRemovedStorage).max(REMOVED_STORAGE_MAX).default([]),
  })
  .superRefine((s, ctx) => {
    for (const [list, name] of [
      [s.datasets, 'datasets'],
      [s.jobs, 'jobs'],
      [s.models, 'models'],
      [s.tunings, 'tunings'],
      [s.experiments, 'experiments'],
      [s.removed_storage, 'removed_storage'],
    ] as const) {
      const ids = new Set<string>();
      list.forEach((d, i) => {
        if (ids.has(d.id)) ctx.addIssue({ code: 'custom', path: [name, i, 'id'], message: `duplicate id in ${name}` });
        ids.add(d.id);
      });
    }
  });
