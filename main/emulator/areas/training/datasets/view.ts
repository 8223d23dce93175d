// A stored dataset as the API shows it (03-endpoints-training.md, Dataset): the status is
// computed when read — `processing` until the simulated clock reaches ready_at, then `ready` or
// `error` by the stored analysis.
import type { Dataset, DatasetStatus } from '../../../../../shared/api/training/datasets';
import type { StoredDataset } from '../state';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * An upload whose address expired before a file arrived (docs/decisions.md, Training: datasets —
 * an upload that never comes): computed from the stored `expires_at` on the simulated clock.
 */
function uploadExpired(d: StoredDataset, now: number): boolean {
  return d.upload !== null && now >= d.upload.expires_at;
}

export function datasetStatus(d: StoredDataset, now: number): DatasetStatus {
  if (d.upload !== null) return uploadExpired(d, now) ? 'error' : 'uploading';
  // Uploaded, its analysis still reading the content (a large file is analysed in the background).
  if (d.analysis === null) return 'processing';
  if (d.ready_at !== null && now < d.ready_at) return 'processing';
  return d.analysis.failure === null ? 'ready' : 'error';
}

export function datasetView(d: StoredDataset, now: number): Dataset {
  const status = datasetStatus(d, now);
  const expired = uploadExpired(d, now);
  const done = status === 'ready' || status === 'error';
  const a = done ? d.analysis : null;
  return {
    id: d.id,
    name: d.name,
    type: d.type,
    format: d.format,
    description: d.description,
    tags: d.tags,
    status,
    validation: { ...d.validation, ...(a ? a.report : { status: 'pending' as const }) },
    preprocessing: { ...d.preprocessing, ...(a ? a.preprocessing : {}) },
    metadata: d.metadata,
    size: { bytes: d.versions.at(-1)?.size ?? 0, examples: a?.examples ?? 0, compressed: false },
    schema: a ? a.schema : { fields: [] },
    statistics: a ? a.statistics : {},
    versions: d.versions.map((v) => ({ id: v.id, createdAt: iso(v.created_at), size: v.size, checksum: `sha256:${v.checksum}` })),
    uploadExpiresAt: d.upload ? iso(d.upload.expires_at) : null,
    // Past the clock's processing time while a large file's analysis runs: it is ready when that ends.
    estimatedReadyAt: status === 'processing' && d.ready_at !== null ? iso(Math.max(d.ready_at, now)) : null,
    error: expired
      ? {
          error: 'UPLOAD_EXPIRED',
          message: `No file arrived before the upload address expired at ${iso(d.upload!.expires_at)}: delete this dataset and create it again to upload its file`,
          details: { expiredAt: iso(d.upload!.expires_at) },
        }
      : (a?.failure ?? null),
    createdAt: iso(d.created_at),
    updatedAt: iso(Math.max(d.updated_at, expired ? d.upload!.expires_at : done && d.ready_at !== null ? d.ready_at : 0)),
  };
}

export function datasetListItem(d: StoredDataset, now: number) {
  const v = datasetView(d, now);
  return {
    id: v.id,
    name: v.name,
    type: v.type,
    format: v.format,
    status: v.status,
    size: { bytes: v.size.bytes, examples: v.size.examples },
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  };
}
