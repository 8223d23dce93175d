// The model download channels of the bridge (docs/decisions.md, Models view: download to a file).
// Main asks the API for the download and keeps its address and token, keyed by a download id the
// renderer gets instead; it streams the zip to a file the user chose (Electron: a save dialog in
// main) or to the browser through a one-time address on the console's own server (web mode),
// checking every listed file's checksum as the bytes pass. Progress comes on the topic.
import { z } from 'zod';
import { NormalizedError } from '../api/errors';
import { ModelId } from '../api/training/models';

const DownloadId = z.string().regex(/^dn_[A-Za-z0-9]{16}$/);

const FileName = z.string().min(1).max(255);

export const ModelDownloadRequest = z.strictObject({
  modelId: ModelId,
  /** Files of the latest version to put in the archive (each once). */
  files: z
    .array(FileName)
    .min(1)
    .max(100)
    .refine((names) => new Set(names).size === names.length, { message: 'each file at most once' }),
});
export type ModelDownloadRequest = z.input<typeof ModelDownloadRequest>;

export const DownloadedFile = z.object({ name: z.string(), size: z.number().int().min(0), checksum: z.string() });
export type DownloadedFile = z.infer<typeof DownloadedFile>;

export const ModelDownloadStart = z.discriminatedUnion('started', [
  /** The user closed the save dialog: nothing was asked of the API. */
  z.object({ started: z.literal(false) }),
  z.object({
    started: z.literal(true),
    downloadId: DownloadId,
    modelId: ModelId,
    version: z.string(),
    /** `<model>-<version>.zip`, or the name the user chose. */
    fileName: z.string(),
    /** The archive's bytes. */
    size: z.number().int().min(0),
    files: z.array(DownloadedFile),
    /** `file`: main writes it (Electron); `browser`: the renderer opens `url`, which the browser saves (web mode). */
    delivery: z.enum(['file', 'browser']),
    /** Web mode: the one-time address on the console's own server (a path), fetched once within a minute. */
    url: z
      .string()
      .regex(/^\/downloads\/dn_[A-Za-z0-9]{16}\?key=[A-Za-z0-9_-]{32,64}$/)
      .nullable(),
  }),
]);
export type ModelDownloadStart = z.infer<typeof ModelDownloadStart>;

export const DownloadState = z.enum(['waiting', 'running', 'completed', 'failed', 'cancelled']);
export type DownloadState = z.infer<typeof DownloadState>;

export const ModelDownloadEvent = z.object({
  downloadId: DownloadId,
  state: DownloadState,
  /** Bytes written (to the file, or to the browser). */
  received: z.number().int().min(0),
  total: z.number().int().min(0),
  /** Electron, once completed: where the file was saved. */
  path: z.string().nullable(),
  /** Once completed: the files whose size and checksum matched, in archive order. */
  verified: z.array(DownloadedFile),
  error: NormalizedError.nullable(),
});
export type ModelDownloadEvent = z.infer<typeof ModelDownloadEvent>;

export const modelDownloadChannels = {
  /** Asks where to save (Electron), asks the API for the download, and starts it. */
  'models:download': { request: ModelDownloadRequest, response: ModelDownloadStart },
  /** Stops the download and deletes the partial file. */
  'models:cancelDownload': { request: z.strictObject({ downloadId: DownloadId }), response: z.object({ cancelled: z.boolean() }) },
  /** Electron: shows a completed download's file in the file manager (by id: the renderer never names a path). */
  'models:showDownload': { request: z.strictObject({ downloadId: DownloadId }), response: z.object({ shown: z.boolean() }) },
} as const;

export const modelDownloadTopics = {
  /** One download's progress: its state at once, then as it changes (at most every 100 ms while bytes flow). */
  'models:download': { params: z.strictObject({ downloadId: DownloadId }), event: ModelDownloadEvent },
} as const;
