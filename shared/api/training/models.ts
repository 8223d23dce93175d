// The model resource of 03-endpoints-training.md (Model; Models: list and detail), as a completed
// training job registers it (docs/decisions.md, Training: jobs), with its versions, deployments
// and archive (docs/decisions.md, Training: models; requests of the actions: models-actions.ts).
import { z } from 'zod';
import { Timestamp } from '../common';
import { DatasetId } from './datasets';
import { JobId, ModelType } from './jobs';

const MODEL_ID_PATTERN = /^model_[A-Za-z0-9]+$/;
export const ModelId = z.string().regex(MODEL_ID_PATTERN, 'a model id such as model_…');
export const ModelIdParams = z.object({ model_id: ModelId });
export const ModelStatus = z.enum(['training', 'ready', 'deployed', 'archived']);

const Count = z.number().int().min(0);
const Free = z.record(z.string(), z.unknown());

const ModelFile = z.object({
  name: z.string(),
  size: Count,
  type: z.string(),
  /** `sha256:<hex>` of the bytes, or for files over one part `sha256-parts:<hex>-<parts>` (docs/decisions.md, Training: jobs). */
  checksum: z.string(),
});

const Training = z.object({
  strategy: z.string(),
  parameters: Free,
  epochs: Count,
  final_learning_rate: z.number(),
  total_steps: Count,
  /** Seconds of running. */
  training_time: Count,
});
const Size = z.object({ parameters: Count, trainable_parameters: Count, bytes: Count, compressed: Count });

/** One version of a model: the training job it came from and what that job produced. */
export const ModelVersion = z.object({
  version: z.string(),
  trainingJobId: JobId.nullable(),
  datasetId: DatasetId.nullable(),
  description: z.string().nullable(),
  changelog: z.array(z.string()),
  baseModel: z.string().nullable(),
  training: Training,
  size: Size,
  metrics: z.object({ training: Free, validation: Free, custom: Free }),
  files: z.array(ModelFile),
  /**
   * Added: the version whose files and metrics this one holds when it was registered without a
   * training job (not trained here: docs/decisions.md, Training: models); null when a job made it.
   */
  derivedFrom: z.string().nullable(),
  createdAt: Timestamp,
});
export type ModelVersion = z.infer<typeof ModelVersion>;

/** `deploying` until ready (3–5 simulated minutes), then `active`; `stopped` when its model is archived. */
export const DeploymentStatus = z.enum(['deploying', 'active', 'stopped']);

const ModelDeploymentSummary = z.object({
  id: z.string(),
  name: z.string(),
  status: DeploymentStatus,
  url: z.string(),
  workers: Count,
  environment: z.string(),
  gpuType: z.string(),
  /** When it is (or became) active. */
  readyAt: Timestamp,
  stoppedAt: Timestamp.nullable(),
  createdAt: Timestamp,
});

const ModelArchive = z.object({
  archivedAt: Timestamp,
  reason: z.string().nullable(),
  retentionPeriod: z.string(),
  /** When the model is permanently deleted unless restored before. */
  deleteAt: Timestamp,
});

export const Model = z.object({
  id: ModelId,
  name: z.string(),
  type: ModelType,
  status: ModelStatus,
  description: z.string().nullable(),
  baseModel: z.string().nullable(),
  version: z.string(),
  trainingJobId: JobId.nullable(),
  datasetId: DatasetId.nullable(),
  architecture: Free,
  training: Training,
  size: Size,
  metrics: z.object({ training: Free, validation: Free, custom: Free }),
  deployments: z.array(ModelDeploymentSummary),
  files: z.array(ModelFile),
  tags: z.array(z.string()),
  metadata: Free,
  /** Oldest first; the last is `version` (the model's top-level fields are that version's). */
  versions: z.array(ModelVersion),
  archive: ModelArchive.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Model = z.infer<typeof Model>;

export const ModelListItem = Model.omit({ metrics: true, deployments: true, files: true, architecture: true, versions: true }).extend({
  metrics: z.object({ finalLoss: z.number().nullable(), accuracy: z.number().nullable(), perplexity: z.number().nullable() }),
  /** `endpoints`: the URLs of the active deployments. */
  deployments: z.object({ active: Count, endpoints: z.array(z.string()) }),
  versionCount: Count,
});

export const ModelSort = z.enum(['created_at', 'updated_at', 'name', 'size']);
export const ListModelsQuery = z.object({
  type: ModelType.optional(),
  status: ModelStatus.optional(),
  trainingJobId: JobId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  sort: ModelSort.default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export const ListModelsResponse = z.object({
  models: z.array(ModelListItem),
  pagination: z.object({ total: Count, limit: Count, offset: Count, hasMore: z.boolean() }),
});
