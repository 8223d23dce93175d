// The end of an upload: the content is read back once, as a stream, through the analyser; the
// result is stored with the new version, and the dataset is `processing` until the simulated
// clock has run the processing time (docs/decisions.md, Training: datasets).
import { randomId } from '../../../core/ids';
import type { EmulatorContext } from '../../../core/context';
import { AREA, trainingState, type StoredAnalysis, type StoredDataset } from '../state';
import { trainingRecord } from '../records';
import { DatasetAnalyzer, type Analysis } from './analyze/analyzer';
import { blobsOf } from './blobs';
import type { DatasetValidationConfig } from '../../../../../shared/api/training/datasets';

/** Simulated processing time: a fixed start plus the bytes at a steady rate. */
export const PROCESSING_BASE_SECONDS = 5;
export const PROCESSING_BYTES_PER_SECOND = 10_000_000;

export const processingMs = (bytes: number) => Math.round((PROCESSING_BASE_SECONDS + bytes / PROCESSING_BYTES_PER_SECOND) * 1000);

export function toStored(a: Analysis): StoredAnalysis {
  return { ...a };
}

export async function analyzeContent(ctx: EmulatorContext, d: StoredDataset, keys: readonly string[]): Promise<Analysis> {
  const analyzer = new DatasetAnalyzer(d.format as 'jsonl' | 'csv', d.validation as DatasetValidationConfig);
  const blobs = blobsOf(ctx);
  for (const key of keys) for await (const chunk of blobs.read(key)) analyzer.push(chunk as Buffer);
  return analyzer.finish();
}

/**
 * Analyses the uploaded content and records the version; null when the dataset was deleted
 * meanwhile (its blobs are gone with it).
 */
export async function ingest(ctx: EmulatorContext, datasetId: string, keys: readonly string[]): Promise<StoredDataset | null> {
  const before = trainingState(ctx.store).datasets.find((x) => x.id === datasetId);
  if (!before) return null;
  const analysis = await analyzeContent(ctx, before, keys);
  const d = trainingState(ctx.store).datasets.find((x) => x.id === datasetId);
  if (!d) return null;
  const now = ctx.clock.now();
  d.upload = null;
  d.analysis = toStored(analysis);
  d.ready_at = now + processingMs(analysis.bytes);
  d.updated_at = now;
  d.versions.push({ id: randomId('dsv_'), created_at: now, size: analysis.bytes, checksum: analysis.sha256, blobs: [...keys] });
  ctx.store.touch(AREA, trainingRecord.dataset(d.id));
  await ctx.persister?.commit();
  return d;
}
