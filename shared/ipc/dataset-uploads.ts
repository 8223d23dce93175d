// The dataset upload channels of the bridge (docs/decisions.md, Datasets view: uploads through
// the bridge). The renderer reads the file in chunks with File.slice() and hands them to main
// one at a time; main streams them on to the upload host (single PUT, or multipart parts) for
// the active profile. The upload URL and token stay in main, keyed by an upload id.
import { z } from 'zod';
import { Timestamp } from '../api/common';
import { CreateDatasetRequest, DATASET_LIMITS, DatasetFormat, DatasetId, DatasetType, UploadResult } from '../api/training/datasets';

const MIB = 1024 * 1024;

/**
 * Bytes of one chunk over the bridge. The web-mode WebSocket accepts messages of 1 MiB at most
 * (shared/ipc/wire.ts), so a chunk is half of that; multipart parts are whole MiB, so chunks
 * never straddle a part.
 */
export const UPLOAD_CHUNK_BYTES = 512 * 1024;
/** Files of this size or more go as a multipart upload (the upload host's smallest part, 8 MiB); smaller ones as one PUT. */
export const MULTIPART_THRESHOLD_BYTES = 8 * MIB;
/** Largest file the upload host takes (multipart: its largest part × most parts). */
export const UPLOAD_MAX_BYTES = DATASET_LIMITS.partMaxBytes * DATASET_LIMITS.maxParts;

const UploadId = z.string().regex(/^up_[A-Za-z0-9]{16}$/);

export const DatasetUploadBeginRequest = z.strictObject({
  dataset: CreateDatasetRequest,
  file: z.strictObject({ name: z.string().min(1).max(255), size: z.number().int().min(1).max(UPLOAD_MAX_BYTES) }),
});
export type DatasetUploadBeginRequest = z.input<typeof DatasetUploadBeginRequest>;

export const DatasetUploadBegin = z.object({
  uploadId: UploadId,
  dataset: z.object({ id: DatasetId, name: z.string(), type: DatasetType, format: DatasetFormat, uploadExpiresAt: Timestamp }),
  mode: z.enum(['single', 'multipart']),
  size: z.number().int(),
  /** Multipart: the part size the upload host chose, and the number of parts. */
  partSize: z.number().int().nullable(),
  partCount: z.number().int().min(1),
  /** What each chunk should hold (the last one the rest). */
  chunkBytes: z.number().int().min(1),
});
export type DatasetUploadBegin = z.infer<typeof DatasetUploadBegin>;

const DatasetUploadChunkRequest = z.strictObject({
  uploadId: UploadId,
  /** Where the chunk starts in the file: chunks come in order, each right after the last. */
  offset: z.number().int().min(0).max(UPLOAD_MAX_BYTES),
  data: z
    .instanceof(Uint8Array)
    .refine((b) => b.byteLength >= 1 && b.byteLength <= UPLOAD_CHUNK_BYTES, `a chunk is 1 to ${UPLOAD_CHUNK_BYTES} bytes`),
});

export const DatasetUploadProgress = z.object({
  uploadId: UploadId,
  size: z.number().int(),
  /** Bytes main has taken and is sending. */
  received: z.number().int(),
  /** Bytes the upload host has acknowledged (whole parts, or the whole file of a single PUT). */
  acknowledged: z.number().int(),
  /** The upload host's answer once the last byte is acknowledged (the dataset is processing). */
  result: UploadResult.nullable(),
});
export type DatasetUploadProgress = z.infer<typeof DatasetUploadProgress>;

const DatasetUploadCancel = z.object({ cancelled: z.boolean(), datasetDeleted: z.boolean() });

export const datasetUploadChannels = {
  /** Creates the dataset and starts its upload (initiating the multipart upload for a large file). */
  'datasets:beginUpload': { request: DatasetUploadBeginRequest, response: DatasetUploadBegin },
  'datasets:uploadChunk': { request: DatasetUploadChunkRequest, response: DatasetUploadProgress },
  /** Aborts the upload (and the multipart upload) and deletes the dataset it created, which no one else can upload to. */
  'datasets:cancelUpload': { request: z.strictObject({ uploadId: UploadId }), response: DatasetUploadCancel },
} as const;

/** Chunk ranges of a file: [start, end) in order, each at most `chunkBytes`. */
export function chunkRanges(size: number, chunkBytes: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let start = 0; start < size; start += chunkBytes) out.push([start, Math.min(size, start + chunkBytes)]);
  return out;
}

/** Which part (1-based) holds byte `offset`, where it ends, for a file cut in parts of `partSize` (single: one part, the file). */
export function partAt(offset: number, size: number, partSize: number | null): { partNumber: number; start: number; end: number } {
  if (partSize === null) return { partNumber: 1, start: 0, end: size };
  const n = Math.floor(offset / partSize);
  return { partNumber: n + 1, start: n * partSize, end: Math.min(size, (n + 1) * partSize) };
}
