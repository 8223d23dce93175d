// Requests and responses of the model actions of 03-endpoints-training.md, Models: update,
// versions, deploy, download, compare, archive, and the restore the emulator adds
// (docs/decisions.md, Training: models). The model itself: models.ts.
import { z } from 'zod';
import { Timestamp } from '../common';
import { TrainingGpuType } from './catalog';
import { JobId } from './jobs';
import { DeploymentStatus, ModelId, ModelVersion } from './models';

export const MODEL_LIMITS = {
  name: { min: 1, max: 100 },
  description: { max: 2000 },
  tags: { maxItems: 50, maxLength: 64 },
  version: { max: 64 },
  changelog: { maxItems: 100, maxLength: 500 },
  /** The deployable size of 03, Errors (MODEL_TOO_LARGE: "example 40GB"), decimal bytes. */
  maxDeployableBytes: 40e9,
  /** Simulated seconds a deployment takes to become active (03, Limits: "about 3-5 minutes"). */
  deploySeconds: { min: 180, max: 300 },
  workers: { min: 1, max: 50 },
  /** Simulated seconds a download token lives. */
  downloadTokenSeconds: 3600,
  compare: { min: 2, max: 10 },
  retentionDays: { min: 1, max: 3650, default: 90 },
} as const;

const Count = z.number().int().min(0);
const Free = z.record(z.string(), z.unknown());
const Tags = z.array(z.string().min(1).max(MODEL_LIMITS.tags.maxLength)).max(MODEL_LIMITS.tags.maxItems);

export const UpdateModelRequest = z
  .strictObject({
    name: z.string().trim().min(MODEL_LIMITS.name.min).max(MODEL_LIMITS.name.max).optional(),
    description: z.string().max(MODEL_LIMITS.description.max).nullable().optional(),
    tags: Tags.optional(),
    metadata: Free.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'name, description, tags or metadata' });

/** `v1.2.3` or `1.2.3`, with an optional pre-release (`v2.0.0-rc.1`); no build metadata. */
export const VERSION_PATTERN = /^v?(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;

/** Semantic-version precedence of two valid version strings (`v` ignored): negative, zero or positive. */
export function compareVersions(a: string, b: string): number {
  const pa = VERSION_PATTERN.exec(a);
  const pb = VERSION_PATTERN.exec(b);
  if (!pa || !pb) throw new RangeError(`not a version: ${!pa ? a : b}`);
  for (let i = 1; i <= 3; i++) {
    const d = Number(pa[i]) - Number(pb[i]);
    if (d !== 0) return d;
  }
  const [ra, rb] = [pa[4], pb[4]];
  if (ra === undefined || rb === undefined) return ra === rb ? 0 : ra === undefined ? 1 : -1;
  const xa = ra.split('.');
  const xb = rb.split('.');
  for (let i = 0; i < Math.min(xa.length, xb.length); i++) {
    const [u, v] = [xa[i]!, xb[i]!];
    const [nu, nv] = [/^\d+$/.test(u), /^\d+$/.test(v)];
    if (nu && nv && Number(u) !== Number(v)) return Number(u) - Number(v);
    if (nu !== nv) return nu ? -1 : 1;
    if (!nu && u !== v) return u < v ? -1 : 1;
  }
  return xa.length - xb.length;
}

/** The version after `latest` when a new one names none: the next minor (`v1.2.0` → `v1.3.0`, `v2.0.0-rc.1` → `v2.1.0`). */
export function nextMinorVersion(latest: string): string {
  const m = VERSION_PATTERN.exec(latest);
  if (!m) throw new RangeError(`not a version: ${latest}`);
  return `${latest.startsWith('v') ? 'v' : ''}${m[1]}.${Number(m[2]) + 1}.0`;
}

export const CreateModelVersionRequest = z.strictObject({
  /** Optional (03 marks none of the fields required): the next minor after the latest version when absent. */
  version: z.string().max(MODEL_LIMITS.version.max).regex(VERSION_PATTERN, 'a semantic version such as v1.1.0').optional(),
  /** Optional (03, Models: the document marks required fields where it means them): without it the version holds the latest one's files. */
  trainingJobId: JobId.optional(),
  description: z.string().max(MODEL_LIMITS.description.max).optional(),
  changelog: z.array(z.string().min(1).max(MODEL_LIMITS.changelog.maxLength)).max(MODEL_LIMITS.changelog.maxItems).optional(),
});
export const CreateModelVersionResponse = ModelVersion.extend({ modelId: ModelId });

const Workers = z.number().int().min(MODEL_LIMITS.workers.min).max(MODEL_LIMITS.workers.max);

export const DeployModelRequest = z
  .strictObject({
    name: z.string().trim().min(1).max(100).optional(),
    environment: z
      .string()
      .min(1)
      .max(50)
      .regex(/^[a-z0-9][a-z0-9_-]*$/, 'lower-case letters, digits, - and _ (e.g. production, staging)')
      .default('production'),
    gpuType: TrainingGpuType.default('a100'),
    workers: Workers.default(1),
    scaling: z
      .strictObject({
        minWorkers: z.number().int().min(0).max(MODEL_LIMITS.workers.max),
        maxWorkers: Workers,
        /** Fraction 0–1 of the workers' capacity the autoscaler aims for. */
        targetUtilization: z.number().min(0).max(1).default(0.7),
      })
      .refine((s) => s.minWorkers <= s.maxWorkers, { message: 'minWorkers must not exceed maxWorkers', path: ['minWorkers'] })
      .optional(),
    configuration: z
      .strictObject({
        max_tokens: z.number().int().min(1).max(32_768).default(512),
        temperature: z.number().min(0).max(2).default(0.7),
        top_p: z.number().gt(0).max(1).default(0.9),
        repetition_penalty: z.number().min(1).max(2).default(1),
      })
      .default({ max_tokens: 512, temperature: 0.7, top_p: 0.9, repetition_penalty: 1 }),
  })
  .refine((b) => b.scaling === undefined || (b.workers >= b.scaling.minWorkers && b.workers <= b.scaling.maxWorkers), {
    message: 'workers must lie between scaling.minWorkers and scaling.maxWorkers',
    path: ['workers'],
  });

export const Deployment = z.object({
  id: z.string(),
  modelId: ModelId,
  /** The model version it serves. */
  version: z.string(),
  name: z.string(),
  status: DeploymentStatus,
  environment: z.string(),
  /** The document's runsync form, `/v2/<endpoint id>/runsync` (not served by the emulator); the deployment's id is its endpoint's. */
  url: z.string(),
  configuration: z.object({
    gpuType: TrainingGpuType,
    workers: Count,
    maxTokens: Count,
    temperature: z.number(),
    topP: z.number(),
    repetitionPenalty: z.number(),
  }),
  scaling: z.object({ minWorkers: Count, maxWorkers: Count, targetUtilization: z.number() }),
  estimatedReadyTime: Timestamp,
  createdAt: Timestamp,
});
export const DeployModelResponse = z.object({ deployment: Deployment });

export const DownloadModelRequest = z.strictObject({
  /** File names of the model's latest version; all of them when absent. */
  files: z
    .array(z.string().min(1).max(255))
    .min(1)
    .max(100)
    .refine((names) => new Set(names).size === names.length, { message: 'each file at most once' })
    .optional(),
  /** `pytorch` (the only one: the files as trained, safetensors included). */
  format: z.string().min(1).max(40).default('pytorch'),
  /** `zip`: one archive at `downloadUrl`; `none`: each file at its own `url`. */
  compression: z.enum(['zip', 'none']).default('zip'),
});
export const DOWNLOAD_FORMATS = ['pytorch'] as const;

export const DownloadModelResponse = z.object({
  downloadId: z.string(),
  modelId: ModelId,
  version: z.string(),
  /** The archive (zip), or the file list as JSON (none). */
  downloadUrl: z.string(),
  /** Bearer token of the download host (not an API key). */
  downloadToken: z.string(),
  expiresAt: Timestamp,
  format: z.string(),
  compression: z.enum(['zip', 'none']),
  /** Bytes served at `downloadUrl` for a zip; the files' total otherwise. */
  size: Count,
  files: z.array(z.object({ name: z.string(), size: Count, checksum: z.string(), url: z.string() })),
});

export const COMPARE_METRICS = ['finalLoss', 'bestLoss', 'validationLoss', 'accuracy', 'perplexity', 'trainingTime', 'size'] as const;
export const CompareMetric = z.enum(COMPARE_METRICS);
export const BENCHMARKS = [
  'mmlu',
  'hellaswag',
  'arc_challenge',
  'truthfulqa',
  'gsm8k',
  'humaneval',
  'imagenet_top1',
  'imagenet_top5',
] as const;
export const Benchmark = z.enum(BENCHMARKS);

export const CompareModelsRequest = z.strictObject({
  models: z
    .array(ModelId)
    .min(MODEL_LIMITS.compare.min)
    .max(MODEL_LIMITS.compare.max)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'each model at most once' }),
  metrics: z.array(CompareMetric).max(COMPARE_METRICS.length).default(['finalLoss', 'validationLoss', 'accuracy', 'perplexity']),
  benchmarks: z.array(Benchmark).max(BENCHMARKS.length).default([]),
});

export const CompareModelsResponse = z.object({
  comparison: z.object({
    models: z.array(
      z.object({
        id: ModelId,
        name: z.string(),
        version: z.string(),
        type: z.string(),
        metrics: z.record(z.string(), z.number().nullable()),
        /** Percent (0–100); null when the benchmark does not apply to the model's type. */
        benchmarks: z.record(z.string(), z.number().nullable()),
      }),
    ),
    /** Per requested metric and benchmark, the best model (lower loss, perplexity, time and size; higher accuracy and scores). */
    best_performing: z.record(z.string(), ModelId),
    recommendations: z.array(z.string()),
  }),
});

const RetentionPeriod = z
  .string()
  .regex(/^\d{1,4}d$/, 'days such as 90d')
  .refine(
    (s) => {
      const n = Number(s.slice(0, -1));
      return n >= MODEL_LIMITS.retentionDays.min && n <= MODEL_LIMITS.retentionDays.max;
    },
    { message: `${MODEL_LIMITS.retentionDays.min}–${MODEL_LIMITS.retentionDays.max} days` },
  );

export const ArchiveModelRequest = z.strictObject({
  reason: z.string().min(1).max(500).optional(),
  retention_period: RetentionPeriod.default(`${MODEL_LIMITS.retentionDays.default}d`),
});
export const ArchiveModelResponse = z.object({
  id: ModelId,
  status: z.literal('archived'),
  archivedAt: Timestamp,
  reason: z.string().nullable(),
  retentionPeriod: z.string(),
  deleteAt: Timestamp,
  /** Deployments the archive stopped. */
  stoppedDeployments: z.array(z.string()),
});

export const RestoreModelResponse = z.object({ id: ModelId, status: z.enum(['ready']), restoredAt: Timestamp });
