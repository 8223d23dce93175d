// Datasets that must not hurt the process (issue 16, Performance): a 1 GB Parquet file, a 1 GB
// tar of JSON Lines and a poisoned 200 MB CSV each stream through the gateway to the embedded
// emulator in-process (the console's path: bridge chunks, multipart parts on disk) and are
// analysed in their worker, while a health request goes to the emulator
// every 10 ms. Measured per file: the slowest health answer, the event loop's longest delay, and
// the growth of the JS heap (main's isolate) and of the resident set (the worker included) over
// their values before the upload. Baselines of the same run: the slowest health answer and
// event-loop delay over 2 s with nothing else running.
// Run alone: npx tsx test/bench/dataset-analysis.ts
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { DatasetFormat } from '../../shared/api/training/datasets';
import { createServices, type Services } from '../../main/services';
import { MemorySecretStore } from '../../main/vault/memory-secret-store';
import type { EmulatorOptions } from '../../main/emulator/index';
import { fileChunks, writeParquet, writeTarOfJsonl } from './dataset-files';

const MB = 1_000_000;

interface Watch {
  /** Slowest answer of the health request (ms). */
  healthMaxMs: number;
  /** The event loop's longest delay (ms). */
  loopMaxMs: number;
  heapGrowthMb: number;
  rssGrowthMb: number;
}

interface AnalysedFile extends Watch {
  name: string;
  bytes: number;
  seconds: number;
  status: string;
  /** What the dataset says when it failed (the clear error the bench checks for). */
  error: string | null;
  examples: number;
}

export interface DatasetAnalysisBench {
  idle: Watch;
  files: AnalysedFile[];
  restart: Restart;
}

interface Restart {
  /** From starting the services on a data folder whose last stop interrupted an analysis to their first answer (ms). */
  interruptedMs: number;
  /** The same on a fresh data folder: the baseline. */
  freshMs: number;
  /** Where the resumed analysis ended. */
  resumed: string;
}

/** Samples health and memory every 10 ms while `work` runs. */
async function watched<T>(services: Services, work: () => Promise<T>): Promise<{ value: T; watch: Watch }> {
  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const rss0 = process.memoryUsage().rss;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let healthMax = 0;
  let heapPeak = heap0;
  let rssPeak = rss0;
  let done = false;
  const probe = (async () => {
    while (!done) {
      const t0 = performance.now();
      const res = await services.emulator.fetch(new Request('http://emulator.local/'));
      await res.arrayBuffer();
      healthMax = Math.max(healthMax, performance.now() - t0);
      const m = process.memoryUsage();
      heapPeak = Math.max(heapPeak, m.heapUsed);
      rssPeak = Math.max(rssPeak, m.rss);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  try {
    const value = await work();
    return {
      value,
      watch: {
        healthMaxMs: healthMax,
        loopMaxMs: loop.max / 1e6,
        heapGrowthMb: (heapPeak - heap0) / MB,
        rssGrowthMb: (rssPeak - rss0) / MB,
      },
    };
  } finally {
    done = true;
    await probe;
    loop.disable();
  }
}

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON
type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: Json }>;

function caller(services: Services): Call {
  return async (method, path, body) => {
    const res = await services.emulator.fetch(
      new Request(`http://emulator.local${path}`, {
        method,
        headers: { authorization: `Bearer ${services.emulator.ownerKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }),
    );
    return { status: res.status, body: await res.json() };
  };
}

type Chunks = (chunkBytes: number) => AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** Uploads `chunks` (of exactly `size` bytes) through the gateway, one task per chunk as the bridge delivers them; the dataset's id. */
async function upload(services: Services, name: string, format: DatasetFormat, size: number, chunks: Chunks): Promise<string> {
  const begin = await services.uploads.begin({ dataset: { name, type: 'text', format }, file: { name, size } });
  let offset = 0;
  let datasetId = '';
  for await (const data of chunks(begin.chunkBytes)) {
    const p = await services.uploads.chunk(begin.uploadId, offset, data);
    offset += data.byteLength;
    if (p.result) datasetId = p.result.datasetId;
    // Each chunk reaches main as a message of its own (IPC or WebSocket): one task each, as here.
    await new Promise((r) => setImmediate(r));
  }
  if (!datasetId) throw new Error(`${name}: the upload did not complete`);
  return datasetId;
}

/** The dataset once its analysis ended: the clock moved past its processing time, then read until it is no longer processing. */
async function analysed(services: Services, datasetId: string): Promise<Json> {
  const call = caller(services);
  await call('POST', '/_emulator/clock/advance', { seconds: 3600 });
  for (;;) {
    const d = (await call('GET', `/v2/training/datasets/${datasetId}`)).body;
    if (d.status !== 'processing') return d;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads a file through the gateway and waits until it is analysed. */
async function uploadAndAnalyse(
  services: Services,
  name: string,
  format: DatasetFormat,
  size: number,
  chunks: Chunks,
): Promise<Omit<AnalysedFile, keyof Watch>> {
  const t0 = performance.now();
  const d = await analysed(services, await upload(services, name, format, size, chunks));
  const seconds = (performance.now() - t0) / 1000;
  return { name, bytes: size, seconds, status: d.status, error: d.error?.message ?? null, examples: d.size.examples };
}

/**
 * A CSV whose quoted field opens on line 3 and never closes, then ordinary lines up to `size`
 * bytes. Chunks handed to the upload are never changed afterwards (a stream may still hold them).
 */
function* poisonedCsv(size: number, chunk: number): Generator<Uint8Array> {
  const head = Buffer.from('id,text\n1,fine\n2,"never closed\n');
  const line = Buffer.from(`${'lorem ipsum dolor sit amet '.repeat(3)}\n`);
  const block = Buffer.alloc(chunk);
  for (let at = 0; at < chunk; at += line.length) line.copy(block, at, 0, Math.min(line.length, chunk - at));
  const first = Buffer.concat([head, block.subarray(0, chunk - head.length)]);
  yield size < chunk ? first.subarray(0, size) : first;
  for (let sent = chunk; sent < size; sent += chunk) yield sent + chunk <= size ? block : block.subarray(0, size - sent);
}

const servicesAt = (dataDir: string) =>
  createServices({ mode: 'web', dataDir, secretStore: new MemorySecretStore(), emulator: { rateLimits: 'report' } as EmulatorOptions });

/** Services started on `dataDir` until their emulator first answers (ms), and the services. */
async function timedStart(dataDir: string): Promise<{ ms: number; services: Services }> {
  const t0 = performance.now();
  const services = await servicesAt(dataDir);
  await (await services.emulator.fetch(new Request('http://emulator.local/'))).arrayBuffer();
  return { ms: performance.now() - t0, services };
}

/**
 * A stop during a large file's analysis, then a start on the same folder: the start must not wait
 * for the analysis it resumes (issue 16: a restart after a poisoned analysis starts in under 1 s).
 */
async function benchRestart(root: string): Promise<Restart> {
  const dir = join(root, 'restart');
  const first = await servicesAt(dir);
  const line = Buffer.from(`${JSON.stringify({ prompt: 'a line of an ordinary dataset '.repeat(4) })}\n`);
  // Whole lines in every chunk, and in the file.
  const perChunk = Math.floor((512 * 1024) / line.length);
  const block = Buffer.alloc(perChunk * line.length);
  for (let at = 0; at < block.length; at += line.length) line.copy(block, at);
  const size = Math.floor((300 * MB) / block.length) * block.length;
  const datasetId = await upload(first, 'restart.jsonl', 'jsonl', size, function* (chunkBytes) {
    if (chunkBytes < block.length) throw new Error(`the upload takes ${chunkBytes}-byte chunks`);
    for (let at = 0; at < size; at += block.length) yield block;
  });
  // Stopped while the analysis (in the background: over 64 MiB) runs.
  await first.dispose();
  const fresh = await timedStart(join(root, 'fresh'));
  await fresh.services.dispose();
  const again = await timedStart(dir);
  try {
    const resumed = (await analysed(again.services, datasetId)).status as string;
    return { interruptedMs: again.ms, freshMs: fresh.ms, resumed };
  } finally {
    await again.services.dispose();
  }
}

export async function benchDatasetAnalysis(): Promise<DatasetAnalysisBench> {
  const dataDir = await mkdtemp(join(tmpdir(), 'gpc-bench-analysis-'));
  const services = await servicesAt(dataDir);
  try {
    // Warm: the first requests compile the routes.
    for (let i = 0; i < 50; i++) await (await services.emulator.fetch(new Request('http://emulator.local/'))).arrayBuffer();
    const idle = (await watched(services, () => new Promise((r) => setTimeout(r, 2000)))).watch;
    const files: AnalysedFile[] = [];
    for (const [name, format, write] of [
      ['bench.parquet', 'parquet', writeParquet],
      ['bench.tar', 'tar', writeTarOfJsonl],
    ] as const) {
      // Written before the watch starts: making the file is not what is measured.
      const path = join(dataDir, name);
      const size = await write(path, 1000 * MB);
      const r = await watched(services, () => uploadAndAnalyse(services, name, format, size, (c) => fileChunks(path, c)));
      await rm(path);
      files.push({ ...r.value, ...r.watch });
    }
    const csvSize = 200 * MB;
    const csv = await watched(services, () => uploadAndAnalyse(services, 'poisoned.csv', 'csv', csvSize, (c) => poisonedCsv(csvSize, c)));
    files.push({ ...csv.value, ...csv.watch });
    return { idle, files, restart: await benchRestart(dataDir) };
  } finally {
    await services.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchDatasetAnalysis(), null, 2));
}
