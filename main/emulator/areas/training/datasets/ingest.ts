// The end of an upload: the content becomes the dataset's new version and is analysed once, in a
// worker thread (analyze/runner.ts); the dataset is `processing` until the simulated clock has
// run the processing time and the analysis is stored (docs/decisions.md, Training: datasets).
import type { DatasetValidationConfig } from '../../../../../shared/api/training/datasets';
import type { EmulatorContext } from '../../../core/context';
import { randomId } from '../../../core/ids';
import { trainingRecord } from '../records';
import { AREA, trainingState, type StoredAnalysis, type StoredDataset } from '../state';
import { ANALYSIS_BOUNDS } from './analyze/bounds';
import { analysisFailure, type Analysis } from './analyze/examples';
import { runAnalysis, type VersionBytes } from './analyze/runner';
import { bufferSource } from './analyze/source';
import { blobsOf } from './blobs';

/** Simulated processing time: a fixed start plus the bytes at a steady rate. */
const PROCESSING_BASE_SECONDS = 5;
const PROCESSING_BYTES_PER_SECOND = 10_000_000;

export const processingMs = (bytes: number) => Math.round((PROCESSING_BASE_SECONDS + bytes / PROCESSING_BYTES_PER_SECOND) * 1000);

export function toStored(a: Analysis): StoredAnalysis {
  return { ...a };
}

/** Where a version's blobs are, as the analysis worker reads them: files on disk, or main's memory. */
async function versionBytes(ctx: EmulatorContext, keys: readonly string[], size: number): Promise<VersionBytes> {
  const blobs = blobsOf(ctx);
  const paths = keys.map((k) => blobs.pathOf(k));
  if (paths.every((p): p is string => p !== null)) return { kind: 'files', paths, size };
  // In memory the store hands out its own chunks: collected by reference, not copied.
  const chunks: Uint8Array[] = [];
  for (const key of keys) for await (const chunk of blobs.read(key)) chunks.push(chunk);
  return { kind: 'memory', source: bufferSource(chunks) };
}

/** A file up to this size is analysed before its upload's last request answers; a larger one while the dataset is `processing`. */
const INLINE_ANALYSIS_BYTES = 64 * 1024 * 1024;

/** Analyses under way, per emulator and dataset version. */
const running = new WeakMap<EmulatorContext, Map<string, Promise<void>>>();

/**
 * Records the uploaded content as the dataset's new version — `processing` until the clock has
 * run its processing time and its analysis is stored — and analyses it: before answering for a
 * small file, in the background for a large one, so the upload's last request does not wait for
 * a parse of gigabytes. `sum` is the content's size and SHA-256 (the upload host hashes it as it
 * comes, or reads it back). Null when the dataset was deleted meanwhile (its blobs are gone with it).
 */
export async function ingest(
  ctx: EmulatorContext,
  datasetId: string,
  keys: readonly string[],
  sum: { bytes: number; sha256: string },
): Promise<StoredDataset | null> {
  const d = trainingState(ctx.store).datasets.find((x) => x.id === datasetId);
  if (!d) return null;
  const now = ctx.clock.now();
  const version = { id: randomId('dsv_'), created_at: now, size: sum.bytes, checksum: sum.sha256, blobs: [...keys] };
  d.upload = null;
  d.analysis = null;
  d.analysis_attempts = 0;
  d.ready_at = now + processingMs(sum.bytes);
  d.updated_at = now;
  d.versions.push(version);
  ctx.store.touch(AREA, trainingRecord.dataset(d.id));
  await ctx.persister?.commit();
  const analysed = analyzeVersion(ctx, d.id, version.id);
  if (sum.bytes <= INLINE_ANALYSIS_BYTES) await analysed;
  return d;
}

/** Stores an analysis on its dataset, unless the dataset was deleted or got a newer version meanwhile. */
async function store(ctx: EmulatorContext, datasetId: string, versionId: string, analysis: Analysis): Promise<void> {
  const d = trainingState(ctx.store).datasets.find((x) => x.id === datasetId);
  if (!d || d.versions.at(-1)?.id !== versionId || d.analysis !== null) return;
  d.analysis = toStored(analysis);
  ctx.store.touch(AREA, trainingRecord.dataset(d.id));
  await ctx.persister?.commit();
}

/**
 * Analyses a version's content in a worker and stores the result. The attempt is counted (and
 * made durable) before the worker starts: an analysis that ends with the process is resumed at
 * the next start, at most ANALYSIS_BOUNDS.attempts times, then the dataset fails saying so.
 */
function analyzeVersion(ctx: EmulatorContext, datasetId: string, versionId: string): Promise<void> {
  const pending = running.get(ctx) ?? new Map<string, Promise<void>>();
  running.set(ctx, pending);
  const key = `${datasetId}/${versionId}`;
  const under = pending.get(key);
  if (under) return under;
  const done = (async () => {
    const d = trainingState(ctx.store).datasets.find((x) => x.id === datasetId);
    const v = d?.versions.find((x) => x.id === versionId);
    if (!d || !v) return;
    const format = d.format;
    if (d.analysis_attempts >= ANALYSIS_BOUNDS.attempts) {
      const reason = `the analysis was interrupted ${d.analysis_attempts} times (the emulator stopped while it ran); it is not run again`;
      return store(ctx, datasetId, versionId, analysisFailure(format, v.size, reason, null));
    }
    d.analysis_attempts++;
    ctx.store.touch(AREA, trainingRecord.dataset(d.id));
    await ctx.persister?.commit();
    const bytes = await versionBytes(ctx, v.blobs, v.size);
    const analysis = await runAnalysis(format, d.validation as DatasetValidationConfig, bytes, ctx.closing);
    await store(ctx, datasetId, versionId, analysis);
  })()
    // A dataset deleted while its content was read (its blobs went with it), or the emulator
    // closing under it (the next start resumes it): nothing to store.
    .catch(() => {})
    .finally(() => pending.delete(key));
  pending.set(key, done);
  return done;
}

/** At start: a version whose analysis a stop interrupted is analysed again, in the background (the content is on disk). */
export function resumeAnalyses(ctx: EmulatorContext): void {
  for (const d of trainingState(ctx.store).datasets) {
    const v = d.versions.at(-1);
    if (d.upload === null && d.analysis === null && v && v.blobs.length > 0) void analyzeVersion(ctx, d.id, v.id);
  }
}
