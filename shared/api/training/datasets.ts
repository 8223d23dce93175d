// The dataset resource of 03-endpoints-training.md (Dataset; Datasets; Limits) and the upload
// host's protocol the document leaves open (docs/decisions.md, Training: datasets).
import { z } from 'zod';
import { Timestamp } from '../common';

const DATASET_ID_PATTERN = /^ds_[A-Za-z0-9]+$/;
export const DatasetId = z.string().regex(DATASET_ID_PATTERN, 'a dataset id such as ds_…');
export const DatasetIdParams = z.object({ dataset_id: DatasetId });

export const DatasetType = z.enum(['text', 'image', 'audio', 'video', 'structured', 'multimodal']);
export type DatasetType = z.infer<typeof DatasetType>;
export const DatasetFormat = z.enum(['jsonl', 'csv', 'parquet', 'hdf5', 'zip', 'tar']);
export type DatasetFormat = z.infer<typeof DatasetFormat>;
export const DatasetStatus = z.enum(['uploading', 'processing', 'ready', 'error']);
export type DatasetStatus = z.infer<typeof DatasetStatus>;

/** Bounds the document gives (Dataset, Limits) and the emulator's own (docs/decisions.md, Training: datasets). */
export const DATASET_LIMITS = {
  name: { min: 1, max: 100 },
  description: { max: 2000 },
  tags: { maxItems: 50, maxLength: 64 },
  list: { min: 1, max: 100, default: 50 },
  /** One PUT of the whole file. */
  singleUploadMaxBytes: 1024 ** 3,
  /** Multipart: every part but the last is exactly partSize; partSize is chosen by the server in this range. */
  partMinBytes: 5 * 1024 ** 2,
  partMaxBytes: 512 * 1024 ** 2,
  maxParts: 10_000,
  /** How long an upload token is good for, on the simulated clock. */
  uploadTokenSeconds: 6 * 3600,
  /** Failing examples listed in a validation report (the counts cover all of them). */
  failingExamplesMax: 50,
} as const;

/** Encodings the `encoding` validation key accepts (the document names the key only). */
const DatasetEncoding = z.enum(['utf-8', 'utf8', 'ascii', 'latin-1']);

const FieldName = z.string().min(1).max(200);
const TokenCount = z.number().int().min(0).max(10_000_000);

/**
 * The `validation` configuration (03, Dataset: keys seen for text, images, multimodal). Keys the
 * document names for text are typed and applied; other keys are kept as sent (the document
 * shows no schema beyond the keys, Training job: "not shown").
 */
export const DatasetValidationConfig = z
  .looseObject({
    required_fields: z.array(FieldName).max(200).optional(),
    optional_fields: z.array(FieldName).max(200).optional(),
    max_sequence_length: TokenCount.min(1).optional(),
    min_sequence_length: TokenCount.optional(),
    min_examples: z.number().int().min(0).max(1_000_000_000).optional(),
    max_examples: z.number().int().min(1).max(1_000_000_000).optional(),
    encoding: DatasetEncoding.optional(),
    language_detection: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.min_sequence_length !== undefined && v.max_sequence_length !== undefined && v.min_sequence_length > v.max_sequence_length)
      ctx.addIssue({ code: 'custom', path: ['min_sequence_length'], message: 'must not be above max_sequence_length' });
    if (v.min_examples !== undefined && v.max_examples !== undefined && v.min_examples > v.max_examples)
      ctx.addIssue({ code: 'custom', path: ['min_examples'], message: 'must not be above max_examples' });
  });
export type DatasetValidationConfig = z.infer<typeof DatasetValidationConfig>;

const FreeObject = z.record(z.string(), z.unknown());
const Tags = z.array(z.string().min(1).max(DATASET_LIMITS.tags.maxLength)).max(DATASET_LIMITS.tags.maxItems);
const Name = z.string().trim().min(DATASET_LIMITS.name.min).max(DATASET_LIMITS.name.max);

export const CreateDatasetRequest = z.strictObject({
  name: Name,
  type: DatasetType,
  format: DatasetFormat,
  description: z.string().max(DATASET_LIMITS.description.max).optional(),
  tags: Tags.optional(),
  validation: DatasetValidationConfig.optional(),
  preprocessing: FreeObject.optional(),
  metadata: FreeObject.optional(),
});
export type CreateDatasetRequest = z.infer<typeof CreateDatasetRequest>;

export const UpdateDatasetRequest = z
  .strictObject({
    name: Name.optional(),
    description: z.string().max(DATASET_LIMITS.description.max).nullable().optional(),
    tags: Tags.optional(),
    metadata: FreeObject.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'name, description, tags or metadata' });

const Count = z.number().int().min(0);
const DatasetSize = z.object({ bytes: Count, examples: Count, compressed: z.boolean() });

const SchemaFieldType = z.enum(['string', 'integer', 'number', 'boolean', 'object', 'array', 'null', 'mixed']);
export const DatasetSchema = z.object({
  fields: z.array(z.object({ name: z.string(), type: SchemaFieldType, nullable: z.boolean() })),
});

/**
 * One example that failed validation: its 1-based line in the file (a CSV record: the line it
 * starts on; a Parquet file: its row) and, in an archive, the member holding it.
 */
export const FailingExample = z.object({
  line: z.number().int().min(1),
  field: z.string().nullable(),
  reason: z.string(),
  member: z.string().optional(),
});
export type FailingExample = z.infer<typeof FailingExample>;

const CheckStatus = z.enum(['passed', 'failed', 'skipped']);
export const ValidationReport = z.object({
  status: z.enum(['pending', 'passed', 'failed']),
  checks: z.array(z.object({ name: z.string(), status: CheckStatus, message: z.string().optional() })),
  warnings: z.array(z.string()),
  failingExamples: z.array(FailingExample),
  failingExampleCount: Count,
});

const DatasetVersion = z.object({ id: z.string(), createdAt: Timestamp, size: Count, checksum: z.string() });
type DatasetVersion = z.infer<typeof DatasetVersion>;

/** The account envelope of the failure that put a dataset in `error`. */
const DatasetFailure = z.object({ error: z.string(), message: z.string(), details: FreeObject });

export const Dataset = z.object({
  id: DatasetId,
  name: z.string(),
  type: DatasetType,
  format: DatasetFormat,
  description: z.string().nullable(),
  tags: z.array(z.string()),
  status: DatasetStatus,
  /** The configuration as sent, with the report (`status`, `checks`, `warnings`, failing examples) once processed. */
  validation: z.looseObject(ValidationReport.partial().shape),
  preprocessing: FreeObject,
  metadata: FreeObject,
  size: DatasetSize,
  /** Objects as the document types them: `{fields: []}` and `{}` until the file is analysed (issue 22). */
  schema: DatasetSchema,
  statistics: FreeObject,
  versions: z.array(DatasetVersion),
  /** While `uploading`: when the upload token stops working. */
  uploadExpiresAt: Timestamp.nullable(),
  /** While `processing`: when the result is ready. */
  estimatedReadyAt: Timestamp.nullable(),
  /** In `error`: why (VALIDATION_FAILED, UNSUPPORTED_FORMAT). */
  error: DatasetFailure.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Dataset = z.infer<typeof Dataset>;

export const CreateDatasetResponse = z.object({
  id: DatasetId,
  name: z.string(),
  type: DatasetType,
  format: DatasetFormat,
  status: z.literal('uploading'),
  uploadUrl: z.url(),
  uploadToken: z.string(),
  uploadExpiresAt: Timestamp,
  validation: FreeObject,
  size: z.object({ bytes: Count, examples: Count }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

const DatasetSort = z.enum(['created_at', 'updated_at', 'name', 'size']);
export const ListDatasetsQuery = z.object({
  type: DatasetType.optional(),
  status: DatasetStatus.optional(),
  limit: z.coerce.number().int().min(DATASET_LIMITS.list.min).max(DATASET_LIMITS.list.max).default(DATASET_LIMITS.list.default),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  sort: DatasetSort.default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

const DatasetListItem = z.object({
  id: DatasetId,
  name: z.string(),
  type: DatasetType,
  format: DatasetFormat,
  status: DatasetStatus,
  size: z.object({ bytes: Count, examples: Count }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export const ListDatasetsResponse = z.object({
  datasets: z.array(DatasetListItem),
  pagination: z.object({ total: Count, limit: Count, offset: Count, hasMore: z.boolean() }),
});

export const DeleteDatasetResponse = z.object({ id: DatasetId, deleted: z.literal(true), freedBytes: Count });

// The upload host (docs/decisions.md, Training: datasets — upload protocol).

/** Answer of a finished upload (single PUT or multipart complete). */
export const UploadResult = z.object({
  datasetId: DatasetId,
  status: z.literal('processing'),
  size: Count,
  checksum: z.string(),
  versionId: z.string(),
  estimatedReadyAt: Timestamp,
});

export const MultipartInitiateRequest = z.strictObject({
  filename: z.string().min(1).max(255),
  size: z
    .number()
    .int()
    .min(1)
    .max(DATASET_LIMITS.partMaxBytes * DATASET_LIMITS.maxParts),
});
const MultipartPart = z.object({ partNumber: z.number().int().min(1), size: Count, etag: z.string() });
export const MultipartUpload = z.object({
  uploadId: z.string(),
  datasetId: DatasetId,
  filename: z.string(),
  size: Count,
  partSize: Count,
  partCount: z.number().int().min(1),
  partUrl: z.string(),
  completeUrl: z.string(),
  expiresAt: Timestamp,
  parts: z.array(MultipartPart),
});
export const MultipartCompleteRequest = z.strictObject({
  parts: z
    .array(z.strictObject({ partNumber: z.number().int().min(1).max(DATASET_LIMITS.maxParts), etag: z.string().min(1).max(200) }))
    .min(1)
    .max(DATASET_LIMITS.maxParts),
});

/**
 * A summary of numbers in a dataset's statistics (lengths, tokens per example): the emulator's
 * analyser writes it, the console reads it (docs/decisions.md, Training: datasets).
 */
export interface NumberSummary {
  count: number;
  min: number;
  max: number;
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
}
