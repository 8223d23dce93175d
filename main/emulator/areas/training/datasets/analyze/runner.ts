// Runs one analysis in its own worker thread (worker.ts) with the heap and time bounds of
// bounds.ts, and always answers an analysis: what the worker found, or a failure that says why
// the file could not be read (its memory or time bound, a fault of the reader) and where the
// reading had got to. The emulator's thread only starts the worker and, for a version held in
// memory, answers its reads.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import type { DatasetFormat, DatasetValidationConfig } from '../../../../../../shared/api/training/datasets';
import { ANALYSIS_BOUNDS, analysisBudgetMs } from './bounds';
import { analysisFailure, type Analysis } from './examples';
import { servePort } from './port-source';
import type { Position } from './sink';
import type { ByteSource } from './source';
import type { WorkerJob, WorkerMessage } from './worker';

/** Where a version's bytes are: files on disk, or a source in main's memory. */
export type VersionBytes = { kind: 'files'; paths: string[]; size: number } | { kind: 'memory'; source: ByteSource };

/**
 * The worker's script. The app's main bundle (CommonJS, built by scripts/build.mjs) ships it as
 * its own bundle beside it. From the sources (tsx, vitest, the bench) it is bundled once per
 * process with esbuild (a development dependency, there wherever the sources run): a loader that
 * compiles modules as they load (tsx) takes over 500 MB to load h5wasm's 4 MB module, far past
 * the worker's heap bound, and the bundle is what the app runs anyway.
 */
let fromSources: Promise<URL> | null = null;
function workerScript(): Promise<URL> {
  const here = import.meta.url;
  if (here.endsWith('.cjs')) return Promise.resolve(new URL('./dataset-analysis-worker.cjs', here));
  fromSources ??= (async () => {
    const esbuild = await import('esbuild');
    const outfile = join(await mkdtemp(join(tmpdir(), 'gpc-analysis-worker-')), 'dataset-analysis-worker.cjs');
    await esbuild.build({
      entryPoints: [fileURLToPath(new URL('./worker.ts', here))],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      logLevel: 'error',
      define: { 'import.meta.url': '__bundleImportMetaUrl' },
      banner: { js: "const __bundleImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    });
    return pathToFileURL(outfile);
  })();
  return fromSources;
}

const MB = 1024 * 1024;
const mib = (bytes: number) => `${Math.round(bytes / MB)} MiB`;

/**
 * `stop` (the emulator closing) ends the worker and rejects: an analysis cut short by a stop is
 * stored as nothing, and the next start resumes it.
 */
export async function runAnalysis(
  format: DatasetFormat,
  config: DatasetValidationConfig,
  bytes: VersionBytes,
  stop: AbortSignal,
): Promise<Analysis> {
  const size = bytes.kind === 'files' ? bytes.size : bytes.source.size;
  const scratch = await mkdtemp(join(tmpdir(), 'gpc-analysis-'));
  const channel = bytes.kind === 'memory' ? new MessageChannel() : null;
  if (channel && bytes.kind === 'memory') servePort(channel.port1, bytes.source);
  const job: WorkerJob = {
    format,
    config,
    scratch,
    source: bytes.kind === 'files' ? { kind: 'files', paths: bytes.paths } : { kind: 'port', size, port: channel!.port2 },
  };
  const script = await workerScript();
  let at: Position | null = null;
  let readBytes = 0;
  try {
    stop.throwIfAborted();
    return await new Promise<Analysis>((resolve, reject) => {
      const worker = new Worker(script, {
        workerData: job,
        transferList: channel ? [channel.port2] : [],
        // The bundle needs no loader: none of the parent's (tsx's, when run from the sources) is inherited.
        execArgv: [],
        resourceLimits: {
          maxOldGenerationSizeMb: ANALYSIS_BOUNDS.workerOldGenerationMb,
          maxYoungGenerationSizeMb: ANALYSIS_BOUNDS.workerYoungGenerationMb,
        },
        stdout: false,
        stderr: false,
      });
      let settled = false;
      const end = () => {
        settled = true;
        clearTimeout(timer);
        stop.removeEventListener('abort', stopped);
        void worker.terminate();
      };
      const settle = (a: Analysis) => {
        if (settled) return;
        end();
        resolve(a);
      };
      const stopped = () => {
        if (settled) return;
        end();
        reject(stop.reason);
      };
      stop.addEventListener('abort', stopped);
      const fail = (reason: string) => settle(analysisFailure(format, size, reason, at));
      const budget = analysisBudgetMs(size);
      const timer = setTimeout(
        () =>
          fail(
            `the analysis did not finish within its time budget of ${Math.round(budget / 1000)} s (read ${mib(readBytes)} of ${mib(size)})`,
          ),
        budget,
      );
      worker.on('message', (m: WorkerMessage) => {
        if (m.type === 'progress') {
          at = m.at;
          readBytes = m.bytes;
        } else if (m.type === 'done') settle(m.analysis);
        else fail(`the file could not be read: ${m.message}`);
      });
      worker.on('error', (e: Error & { code?: string }) =>
        fail(
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `the analysis needed more than its memory bound of ${ANALYSIS_BOUNDS.workerOldGenerationMb} MiB`
            : `the analysis failed: ${e.message.slice(0, 200)}`,
        ),
      );
      worker.on('exit', (code) => fail(`the analysis stopped unexpectedly (exit code ${code})`));
    });
  } finally {
    channel?.port1.close();
    await rm(scratch, { recursive: true, force: true });
  }
}
