// Model downloads to a file (docs/decisions.md, Models view: download to a file). `start` asks the
// API for a zip of the chosen files of the model's latest version and keeps its address and token
// here, keyed by a download id the renderer gets instead. The bytes stream from the download host
// (in-process for the emulator) to a sink chunk by chunk, each chunk checked by the zip verifier
// before it is written, so a wrong byte stops the download before the archive is complete:
//   - `file` (Electron): a temporary file beside the chosen path, renamed onto it once every
//     listed file matched; deleted on any failure or cancel;
//   - `browser` (web mode): the console's own server answers a one-time address with the bytes
//     (`claim`), and a mismatch breaks the connection, which the browser reports as a failed
//     download instead of keeping a file that looks whole.
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { basename, dirname, join } from 'node:path';
import type { NormalizedError } from '../../../shared/api/errors';
import { cancelledError, localError } from '../../../shared/api/local-errors';
import { DownloadModelResponse } from '../../../shared/api/training/models-actions';
import { Model } from '../../../shared/api/training/models';
import type {
  DownloadedFile,
  DownloadState,
  ModelDownloadEvent,
  ModelDownloadRequest,
  ModelDownloadStart,
} from '../../../shared/ipc/model-downloads';
import { BridgeError, invalidRequest } from '../../../shared/ipc/dispatch';
import type { Gateway } from '../../gateway/index';
import { createZipVerifier, VerificationError } from './zip-verifier';

/** A browser that has not fetched its one-time address by then never will (the page went away). */
const BROWSER_CLAIM_MS = 60_000;
/** Progress events while bytes flow: at most one per this long. */
const PROGRESS_EVERY_MS = 100;
/** Finished downloads are forgotten after this long (the result and "Show in folder" stay that long). */
const KEEP_FINISHED_MS = 30 * 60_000;

export interface ModelDownloadsOptions {
  gateway: Pick<Gateway, 'call' | 'host'>;
  delivery: 'file' | 'browser';
  /** Electron: the native save dialog; null when the user closed it. */
  chooseSavePath?: (defaultName: string) => Promise<string | null>;
  claimMs?: number;
}

/** Where the bytes go. */
interface Sink {
  write(bytes: Uint8Array): Promise<void>;
  /** All bytes written and checked: make the result whole (rename, end the response); the saved path if any. */
  commit(): Promise<string | null>;
  /** Something failed: leave nothing that looks like the download. */
  abort(): Promise<void>;
}

interface Session {
  id: string;
  modelId: string;
  version: string;
  fileName: string;
  url: string;
  token: string;
  size: number;
  files: DownloadedFile[];
  /** Web mode: the one-time address's key, until the browser claims it. */
  key: string | null;
  controller: AbortController;
  state: DownloadState;
  received: number;
  path: string | null;
  verified: DownloadedFile[];
  error: NormalizedError | null;
  listeners: Set<(event: ModelDownloadEvent) => void>;
  timer: ReturnType<typeof setTimeout> | null;
  lastEmit: number;
  finishedAt: number | null;
}

export interface ModelDownloads {
  start(request: ModelDownloadRequest): Promise<ModelDownloadStart>;
  cancel(downloadId: string): Promise<{ cancelled: boolean }>;
  /** A completed file download's path (Show in folder), by id. */
  savedPath(downloadId: string): string | null;
  /** The download's state now, then as it changes. */
  follow(downloadId: string, emit: (event: ModelDownloadEvent) => void): () => void;
  /**
   * Web mode: the browser fetched `/downloads/<id>?key=…`. Null when no waiting download has that
   * id and key (a second fetch included); else a function that streams the bytes to the response.
   */
  claim(downloadId: string, key: string): ((res: ServerResponse, headers: Record<string, string>) => Promise<void>) | null;
  /** Downloads waiting or under way (tests). */
  active(): number;
  close(): void;
}

const newId = (prefix: string, length: number) =>
  `${prefix}${randomBytes(length).toString('base64url').replace(/[-_]/g, '0').slice(0, length)}`;

/**
 * A file name of `<model>-<version>.zip` any file system takes.
 * @internal Exported for its tests only.
 */
export function archiveName(modelName: string, version: string): string {
  const safe = `${modelName}-${version}`
    .replace(/[\\/:*?"<>|\x00-\x1f\x7f]+/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 200);
  return `${safe || 'model'}.zip`;
}

/** Resolves on the first of `events` (drain, close, error…), leaving no listener behind. */
function first(emitter: NodeJS.EventEmitter, events: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const e of events) emitter.off(e, done);
      resolve();
    };
    for (const e of events) emitter.on(e, done);
  });
}

function fileSink(path: string): Sink {
  const temp = join(dirname(path), `.${basename(path)}.${newId('', 8)}.part`);
  const out: WriteStream = createWriteStream(temp, { flags: 'wx' });
  let failure: Error | null = null;
  out.on('error', (e) => (failure = e));
  const check = () => {
    if (failure) throw failure;
  };
  return {
    async write(bytes) {
      check();
      if (!out.write(bytes)) await first(out, ['drain', 'error']);
      check();
    },
    async commit() {
      out.end();
      await first(out, ['finish', 'error']);
      check();
      await rename(temp, path);
      return path;
    },
    async abort() {
      if (!out.closed) {
        const closed = first(out, ['close']);
        out.destroy();
        await closed;
      }
      await rm(temp, { force: true });
    },
  };
}

function responseSink(res: ServerResponse, gone: () => void): Sink {
  res.on('close', () => {
    if (!res.writableFinished) gone();
  });
  return {
    async write(bytes) {
      if (res.destroyed) throw cancelledError();
      if (!res.write(bytes)) await first(res, ['drain', 'close']);
    },
    async commit() {
      res.end();
      return null;
    },
    async abort() {
      // Broken off, not ended: the browser marks the download failed rather than keeping a short file.
      res.destroy();
    },
  };
}

const asNormalized = (error: unknown, aborted: boolean): NormalizedError => {
  if (aborted) return cancelledError();
  if (error instanceof VerificationError)
    return localError('CHECKSUM_MISMATCH', `${error.message} The partial download was deleted.`, {
      details: error.file ? { file: error.file } : {},
    });
  if (error instanceof BridgeError) return error.normalized;
  if (error && typeof error === 'object' && 'code' in error && typeof (error as { code: unknown }).code === 'string') {
    const code = (error as { code: string }).code;
    const why =
      code === 'ENOSPC'
        ? 'the disk is full'
        : code === 'EACCES' || code === 'EPERM'
          ? 'the folder cannot be written to'
          : code === 'ENOENT'
            ? 'the folder no longer exists'
            : `the file system answered ${code}`;
    return localError('FILE_WRITE_FAILED', `The download could not be saved: ${why}.`, { details: { code } });
  }
  return localError('INTERNAL_ERROR', 'The download failed in the console.');
};

export function createModelDownloads(options: ModelDownloadsOptions): ModelDownloads {
  const { gateway } = options;
  const claimMs = options.claimMs ?? BROWSER_CLAIM_MS;
  const sessions = new Map<string, Session>();

  const eventOf = (s: Session): ModelDownloadEvent => ({
    downloadId: s.id,
    state: s.state,
    received: s.received,
    total: s.size,
    path: s.path,
    verified: s.verified,
    error: s.error,
  });

  const emit = (s: Session, force = true) => {
    const now = Date.now();
    if (!force && now - s.lastEmit < PROGRESS_EVERY_MS) return;
    s.lastEmit = now;
    const event = eventOf(s);
    for (const l of s.listeners) l(event);
  };

  const finish = (s: Session, state: DownloadState, error: NormalizedError | null = null) => {
    if (s.timer) clearTimeout(s.timer);
    s.timer = null;
    s.key = null;
    s.state = state;
    s.error = error;
    s.finishedAt = Date.now();
    emit(s);
  };

  const forgetOld = () => {
    const now = Date.now();
    for (const [id, s] of sessions) if (s.finishedAt !== null && now - s.finishedAt > KEEP_FINISHED_MS) sessions.delete(id);
  };

  /** Streams the download host's bytes through the verifier into the sink. */
  const run = async (s: Session, sink: Sink): Promise<void> => {
    s.state = 'running';
    emit(s);
    const signal = s.controller.signal;
    try {
      const answer = await gateway.host({ method: 'GET', url: s.url, token: s.token, address: 'download address', signal });
      if (answer.size !== null && answer.size !== s.size) {
        await answer.body.cancel().catch(() => {});
        throw new VerificationError(`The download host sent ${answer.size} bytes where the download listed ${s.size}.`);
      }
      const verifier = createZipVerifier(s.files);
      const reader = answer.body.getReader();
      // A pending read ends when the download is cancelled, whatever the body's source does on abort.
      const stop = () => void reader.cancel().catch(() => {});
      signal.addEventListener('abort', stop, { once: true });
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (s.received + value.byteLength > s.size)
            throw new VerificationError(`The download host sent more than the ${s.size} bytes listed.`);
          // Checked before it is written: a wrong entry never reaches the file whole.
          verifier.update(value);
          await sink.write(value);
          s.received += value.byteLength;
          emit(s, false);
        }
      } finally {
        signal.removeEventListener('abort', stop);
        reader.releaseLock();
      }
      if (signal.aborted) throw cancelledError();
      if (s.received !== s.size) throw new VerificationError(`The download ended after ${s.received} of ${s.size} bytes.`);
      s.verified = verifier.finish();
      s.path = await sink.commit();
      finish(s, 'completed');
    } catch (error) {
      const aborted = signal.aborted;
      s.controller.abort();
      await sink.abort().catch(() => {});
      finish(s, aborted ? 'cancelled' : 'failed', asNormalized(error, aborted));
    }
  };

  return {
    async start(request) {
      forgetOld();
      const model = Model.pick({ name: true, version: true }).parse(
        (await gateway.call('training.models.get', { params: { model_id: request.modelId } })).data,
      );
      let path: string | null = null;
      if (options.delivery === 'file') {
        if (!options.chooseSavePath) throw invalidRequest('This console cannot ask where to save a file.');
        path = await options.chooseSavePath(archiveName(model.name, model.version));
        if (path === null) return { started: false };
      }
      const d = DownloadModelResponse.parse(
        (
          await gateway.call('training.models.download', {
            params: { model_id: request.modelId },
            body: { files: request.files, compression: 'zip' },
          })
        ).data,
      );
      const s: Session = {
        id: newId('dn_', 16),
        modelId: d.modelId,
        version: d.version,
        fileName: path ? basename(path) : archiveName(model.name, d.version),
        url: d.downloadUrl,
        token: d.downloadToken,
        size: d.size,
        files: d.files.map((f) => ({ name: f.name, size: f.size, checksum: f.checksum })),
        key: null,
        controller: new AbortController(),
        state: 'waiting',
        received: 0,
        path: null,
        verified: [],
        error: null,
        listeners: new Set(),
        timer: null,
        lastEmit: 0,
        finishedAt: null,
      };
      sessions.set(s.id, s);
      if (path !== null) {
        void run(s, fileSink(path));
      } else {
        s.key = randomBytes(24).toString('base64url');
        s.timer = setTimeout(
          () =>
            finish(
              s,
              'failed',
              localError('CANCELLED', 'The browser did not start the download within a minute; start it again.', {
                details: { reason: 'not-fetched' },
              }),
            ),
          claimMs,
        );
        s.timer.unref?.();
      }
      return {
        started: true,
        downloadId: s.id,
        modelId: s.modelId,
        version: s.version,
        fileName: s.fileName,
        size: s.size,
        files: s.files,
        delivery: options.delivery,
        url: s.key ? `/downloads/${s.id}?key=${s.key}` : null,
      };
    },

    async cancel(downloadId) {
      const s = sessions.get(downloadId);
      if (!s || (s.state !== 'waiting' && s.state !== 'running')) return { cancelled: false };
      if (s.state === 'waiting' && s.key !== null) {
        finish(s, 'cancelled', cancelledError());
        return { cancelled: true };
      }
      s.controller.abort();
      // The run sees the abort, deletes the partial file and reports `cancelled`.
      if (s.state === 'running') {
        await new Promise<void>((resolve) => {
          const done = (e: ModelDownloadEvent) => {
            if (e.state === 'running') return;
            s.listeners.delete(done);
            resolve();
          };
          s.listeners.add(done);
        });
      }
      return { cancelled: true };
    },

    savedPath(downloadId) {
      const s = sessions.get(downloadId);
      return s?.state === 'completed' ? s.path : null;
    },

    follow(downloadId, listener) {
      const s = sessions.get(downloadId);
      if (!s) {
        listener({
          downloadId,
          state: 'failed',
          received: 0,
          total: 0,
          path: null,
          verified: [],
          error: localError('INVALID_REQUEST', 'This download is not known to the console (it ended long ago, or the console restarted).'),
        });
        return () => {};
      }
      listener(eventOf(s));
      s.listeners.add(listener);
      return () => s.listeners.delete(listener);
    },

    claim(downloadId, key) {
      const s = sessions.get(downloadId);
      if (!s || s.key === null || s.state !== 'waiting' || key.length !== s.key.length || key !== s.key) return null;
      s.key = null;
      if (s.timer) clearTimeout(s.timer);
      s.timer = null;
      return async (res, headers) => {
        res.writeHead(200, {
          ...headers,
          'content-type': 'application/zip',
          'content-length': String(s.size),
          'content-disposition': `attachment; filename="${s.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(s.fileName)}`,
          'cache-control': 'no-store',
        });
        await run(
          s,
          responseSink(res, () => s.controller.abort()),
        );
      };
    },

    active: () => [...sessions.values()].filter((s) => s.state === 'waiting' || s.state === 'running').length,

    close() {
      for (const s of sessions.values()) {
        if (s.state === 'waiting') finish(s, 'cancelled', cancelledError());
        else if (s.state === 'running') s.controller.abort();
      }
    },
  };
}
