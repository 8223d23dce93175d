// The training area's stored state (`state.areas.training`) as zod schemas: the one source of
// its types (state.ts) and the check a snapshot's training area passes on import and on load.
// Datasets for now; models, jobs, tuning and experiments join as siblings of `datasets`.
import { z } from 'zod';
import {
  DatasetFormat,
  DatasetId,
  DatasetSchema,
  DatasetType,
  FailingExample,
  ValidationReport,
} from '../../../../shared/api/training/datasets';

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
  sha256: Sha256,
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
  /** The parse of the uploaded content, done once when the upload completed. */
  analysis: StoredAnalysis.nullable(),
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
});

export const TrainingState = z.object({ datasets: z.array(StoredDataset) }).superRefine((s, ctx) => {
  const ids = new Set<string>();
  s.datasets.forEach((d, i) => {
    if (ids.has(d.id)) ctx.addIssue({ code: 'custom', path: ['datasets', i, 'id'], message: 'duplicate dataset id' });
    ids.add(d.id);
  });
});
