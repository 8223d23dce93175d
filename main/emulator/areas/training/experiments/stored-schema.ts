// Experiments as stored under `state.areas.training.experiments` (docs/decisions.md, Training:
// experiments): what was asked and changed; a run stores only its link to a training job and
// what was given, so its status, metrics, artifacts and cost are computed from the job when read.
import { z } from 'zod';
import { Baseline, ExperimentId, ExportInclude, RunId, RunParameters } from '../../../../../shared/api/training/experiments';

const Ms = z.number().int().min(Date.parse('0000-01-01T00:00:00.000Z')).max(Date.parse('9999-12-31T23:59:59.999Z'));
const Free = z.record(z.string(), z.unknown());

export const StoredRun = z.object({
  id: RunId,
  training_job_id: z.string().regex(/^job_[A-Za-z0-9]+$/),
  name: z.string().min(1).max(100),
  /** As given; merged over the job's flattened configuration when read. */
  parameters: RunParameters,
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  created_at: Ms,
  updated_at: Ms,
});

export const StoredExport = z.object({
  id: z.string().regex(/^xpt_[A-Za-z0-9]+$/),
  bucket: z.string(),
  path: z.string(),
  include: z.array(ExportInclude),
  rows: z.number().int().min(0),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  created_at: Ms,
  /** The download token's SHA-256 and its end. */
  token_hash: z.string().regex(/^[0-9a-f]{64}$/),
  expires_at: Ms,
  /** Removed from the object store (archive without preserve_artifacts). */
  removed: z.boolean(),
});

export const StoredExperiment = z.object({
  id: ExperimentId,
  name: z.string().min(1).max(100),
  description: z.string(),
  status: z.enum(['active', 'completed', 'archived']),
  hypothesis: z.string().nullable(),
  tags: z.array(z.string()),
  metadata: Free,
  baseline: Baseline.nullable(),
  conclusion: z.string().nullable(),
  created_at: Ms,
  updated_at: Ms,
  completed_at: Ms.nullable(),
  archived: z.object({ at: Ms, reason: z.string().nullable(), preserve_artifacts: z.boolean() }).nullable(),
  cloned_from: ExperimentId.nullable(),
  runs: z.array(StoredRun).max(1000),
  /** The most recent exports (at most 100). */
  exports: z.array(StoredExport).max(100),
});

export type StoredExperiment = z.infer<typeof StoredExperiment>;
export type StoredRun = z.infer<typeof StoredRun>;
export type StoredExport = z.infer<typeof StoredExport>;
