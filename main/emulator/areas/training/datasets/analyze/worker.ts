// The analysis worker's entry: one worker thread per analysis, started by runner.ts with a heap
// bound, so nothing a file does (a record that never ends, a bomb, a parser's own failure) can
// stall or crash the emulator's thread. It reads the version's bytes itself (files on disk, or
// main's memory through a port), reports progress, and posts the analysis.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { DatasetFormat, DatasetValidationConfig } from '../../../../../../shared/api/training/datasets';
import { analyzeSource } from './analyze';
import type { Analysis } from './examples';
import { portSource } from './port-source';
import type { Position } from './sink';
import { fileSource, type ByteSource } from './source';

export interface WorkerJob {
  format: DatasetFormat;
  config: DatasetValidationConfig;
  source: { kind: 'files'; paths: string[] } | { kind: 'port'; size: number; port: MessagePort };
  scratch: string;
}

export type WorkerMessage =
  { type: 'progress'; bytes: number; at: Position | null } | { type: 'done'; analysis: Analysis } | { type: 'failed'; message: string };

/** How often progress is posted (ms): often enough to name a line when the worker dies. */
const PROGRESS_EVERY_MS = 100;

async function run(job: WorkerJob): Promise<Analysis> {
  const source: ByteSource =
    job.source.kind === 'files' ? await fileSource(job.source.paths) : portSource(job.source.port, job.source.size);
  let posted = 0;
  try {
    return await analyzeSource(job.format, job.config, source, {
      scratch: job.scratch,
      progress(bytes, at) {
        const now = Date.now();
        if (now - posted < PROGRESS_EVERY_MS) return;
        posted = now;
        parentPort!.postMessage({ type: 'progress', bytes, at } satisfies WorkerMessage);
      },
    });
  } finally {
    await source.close();
  }
}

run(workerData as WorkerJob).then(
  (analysis) => parentPort!.postMessage({ type: 'done', analysis } satisfies WorkerMessage),
  (e: unknown) =>
    parentPort!.postMessage({ type: 'failed', message: String((e as Error)?.message ?? e).slice(0, 300) } satisfies WorkerMessage),
);
