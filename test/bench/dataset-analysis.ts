// Datasets that must not hurt the process (issue 16, Performance): a file streams through the
// gateway to the embedded emulator in-process (the console's path: bridge chunks, multipart
// parts on disk) and is analysed in its worker, while a health request goes to the emulator
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

const MB = 1_000_000;

export interface Watch {
  /** Slowest answer of the health request (ms). */
  healthMaxMs: number;
  /** The event loop's longest delay (ms). */
  loopMaxMs: number;
  heapGrowthMb: number;
  rssGrowthMb: number;
}

export interface AnalysedFile extends Watch {
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

type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON

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

/** Uploads `chunks` (of exactly `size` bytes) through the gateway, then waits until the dataset is analysed. */
async function uploadAndAnalyse(
  services: Services,
  name: string,
  format: DatasetFormat,
  size: number,
  chunks: (chunkBytes: number) => AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<Omit<AnalysedFile, keyof Watch>> {
  const call = caller(services);
  const t0 = performance.now();
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
  await call('POST', '/_emulator/clock/advance', { seconds: 3600 });
  for (;;) {
    const d = (await call('GET', `/v2/training/datasets/${datasetId}`)).body;
    if (d.status !== 'processing')
      return {
        name,
        bytes: size,
        seconds: (performance.now() - t0) / 1000,
        status: d.status,
        error: d.error?.message ?? null,
        examples: d.size.examples,
      };
    await new Promise((r) => setTimeout(r, 50));
  }
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

export async function benchDatasetAnalysis(): Promise<DatasetAnalysisBench> {
  const dataDir = await mkdtemp(join(tmpdir(), 'gpc-bench-analysis-'));
  const emulator = { rateLimits: 'report' } as EmulatorOptions;
  const services = await createServices({ mode: 'web', dataDir, secretStore: new MemorySecretStore(), emulator });
  try {
    // Warm: the first requests compile the routes.
    for (let i = 0; i < 50; i++) await (await services.emulator.fetch(new Request('http://emulator.local/'))).arrayBuffer();
    const idle = (await watched(services, () => new Promise((r) => setTimeout(r, 2000)))).watch;
    const files: AnalysedFile[] = [];
    const csvSize = 200 * MB;
    const csv = await watched(services, () => uploadAndAnalyse(services, 'poisoned.csv', 'csv', csvSize, (c) => poisonedCsv(csvSize, c)));
    files.push({ ...csv.value, ...csv.watch });
    return { idle, files };
  } finally {
    await services.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchDatasetAnalysis(), null, 2));
}
