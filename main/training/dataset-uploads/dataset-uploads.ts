// Dataset uploads through the bridge (docs/decisions.md, Datasets view: uploads through the
// bridge): `begin` creates the dataset through the gateway and keeps its upload URL and token
// here, keyed by an upload id the renderer gets instead; `chunk` takes the file's bytes in
// order and streams them to the upload host — one PUT for a small file, the parts of a
// multipart upload for a large one — so neither the renderer nor main ever holds the file;
// `cancel` aborts (the multipart upload too) and deletes the dataset no one else can upload to.
import { randomBytes } from 'node:crypto';
import { CreateDatasetResponse, MultipartUpload, UploadResult } from '../../../shared/api/training/datasets';
import { localError } from '../../../shared/api/local-errors';
import {
  MULTIPART_THRESHOLD_BYTES,
  partAt,
  UPLOAD_CHUNK_BYTES,
  type DatasetUploadBegin,
  type DatasetUploadProgress,
} from '../../../shared/ipc/dataset-uploads';
import type { ChannelRequest } from '../../../shared/ipc/contract';
import { BridgeError, invalidRequest } from '../../../shared/ipc/dispatch';
import type { Gateway, HostRequest } from '../../gateway/index';
import { createByteFeed, type ByteFeed } from './byte-feed';

/** An upload nobody sent a chunk to for this long is given up (the window went away). */
const UPLOAD_IDLE_MS = 10 * 60_000;

interface OpenPart {
  partNumber: number;
  end: number;
  feed: ByteFeed;
  /** The upload host's answer to the part's request. */
  answer: Promise<unknown>;
}

interface Session {
  id: string;
  datasetId: string;
  uploadUrl: string;
  token: string;
  size: number;
  received: number;
  acknowledged: number;
  multipart: { uploadId: string; partSize: number; partCount: number; partUrl: string; completeUrl: string; etags: string[] } | null;
  part: OpenPart | null;
  controller: AbortController;
  idle: ReturnType<typeof setTimeout> | null;
  /** A chunk is being handled: the next waits for it. */
  busy: boolean;
}

export interface DatasetUploads {
  begin(request: ChannelRequest<'datasets:beginUpload'>): Promise<DatasetUploadBegin>;
  chunk(uploadId: string, offset: number, data: Uint8Array): Promise<DatasetUploadProgress>;
  cancel(uploadId: string): Promise<{ cancelled: boolean; datasetDeleted: boolean }>;
  /** Uploads under way (tests). */
  open(): number;
  close(): void;
}

const uploadNotFound = (uploadId: string) =>
  new BridgeError(
    localError('INVALID_REQUEST', 'This upload is no longer under way (it finished, failed, was cancelled or sat idle too long).', {
      details: { uploadId },
    }),
  );

export function createDatasetUploads(gateway: Pick<Gateway, 'call' | 'host'>, idleMs = UPLOAD_IDLE_MS): DatasetUploads {
  const sessions = new Map<string, Session>();

  /** One request to the upload host through the gateway's host path; resolves with its JSON answer. */
  const host = async (s: Session, method: 'PUT' | 'POST' | 'DELETE', url: string, body?: HostRequest['body']) => {
    const answer = await gateway.host({
      method,
      url,
      token: s.token,
      address: 'upload address',
      accept: 'application/json',
      body,
      signal: s.controller.signal,
    });
    return { status: answer.status, data: await answer.json() };
  };

  /** Forgets the session and, unless it finished, aborts what is in flight and deletes its dataset. */
  const drop = async (s: Session, finished: boolean): Promise<boolean> => {
    if (!sessions.delete(s.id)) return false;
    if (s.idle) clearTimeout(s.idle);
    if (finished) return false;
    s.controller.abort();
    s.part?.feed.close();
    const token = { ...s, controller: new AbortController() };
    if (s.multipart) await host(token, 'DELETE', `${s.uploadUrl}/multipart/${s.multipart.uploadId}`).catch(() => {});
    try {
      await gateway.call('training.datasets.delete', { params: { dataset_id: s.datasetId } });
      return true;
    } catch {
      return false;
    }
  };

  const touch = (s: Session) => {
    if (s.idle) clearTimeout(s.idle);
    s.idle = setTimeout(() => void drop(s, false), idleMs);
    s.idle.unref?.();
  };

  const openPart = (s: Session): OpenPart => {
    const where = partAt(s.received, s.size, s.multipart?.partSize ?? null);
    const feed = createByteFeed();
    const length = where.end - where.start;
    const url = s.multipart ? s.multipart.partUrl.replace('{partNumber}', String(where.partNumber)) : s.uploadUrl;
    const answer = host(s, 'PUT', url, { stream: feed.stream, contentLength: length }).then((r) => r.data);
    // Seen by `send` or `finishPart`; never left unhandled when the upload is dropped mid-part.
    answer.catch(() => {});
    return { partNumber: where.partNumber, end: where.end, feed, answer };
  };

  /** Hands bytes to the open part's request; a refusal of the request (quota, a wrong token) ends the wait. */
  const send = async (part: OpenPart, bytes: Uint8Array) => {
    await Promise.race([part.feed.push(bytes), part.answer.then(() => {})]);
  };

  const finishPart = async (s: Session, part: OpenPart): Promise<unknown> => {
    part.feed.close();
    const data = await part.answer;
    s.part = null;
    s.acknowledged = part.end;
    if (s.multipart) {
      const etag = (data as { etag?: unknown }).etag;
      if (typeof etag !== 'string')
        throw new BridgeError(localError('INTERNAL_ERROR', 'The upload host answered a part without its ETag.'));
      s.multipart.etags[part.partNumber - 1] = etag;
    }
    return data;
  };

  const progress = (s: Session, result: DatasetUploadProgress['result'] = null): DatasetUploadProgress => ({
    uploadId: s.id,
    size: s.size,
    received: s.received,
    acknowledged: s.acknowledged,
    result,
  });

  return {
    async begin({ dataset, file }) {
      const created = CreateDatasetResponse.parse((await gateway.call('training.datasets.create', { body: dataset })).data);
      const s: Session = {
        id: `up_${randomBytes(12).toString('base64url').replace(/[-_]/g, '0').slice(0, 16)}`,
        datasetId: created.id,
        uploadUrl: created.uploadUrl,
        token: created.uploadToken,
        size: file.size,
        received: 0,
        acknowledged: 0,
        multipart: null,
        part: null,
        controller: new AbortController(),
        idle: null,
        busy: false,
      };
      sessions.set(s.id, s);
      if (file.size >= MULTIPART_THRESHOLD_BYTES) {
        try {
          const answer = await host(s, 'POST', `${s.uploadUrl}/multipart`, { json: { filename: file.name, size: file.size } });
          const m = MultipartUpload.parse(answer.data);
          s.multipart = {
            uploadId: m.uploadId,
            partSize: m.partSize,
            partCount: m.partCount,
            partUrl: m.partUrl,
            completeUrl: m.completeUrl,
            etags: [],
          };
        } catch (error) {
          await drop(s, false);
          throw error;
        }
      }
      touch(s);
      return {
        uploadId: s.id,
        dataset: {
          id: created.id,
          name: created.name,
          type: created.type,
          format: created.format,
          uploadExpiresAt: created.uploadExpiresAt,
        },
        mode: s.multipart ? 'multipart' : 'single',
        size: s.size,
        partSize: s.multipart?.partSize ?? null,
        partCount: s.multipart?.partCount ?? 1,
        chunkBytes: UPLOAD_CHUNK_BYTES,
      };
    },

    async chunk(uploadId, offset, data) {
      const s = sessions.get(uploadId);
      if (!s) throw uploadNotFound(uploadId);
      if (s.busy) throw invalidRequest('The previous chunk of this upload is still being sent');
      if (offset !== s.received)
        throw invalidRequest(`Chunks go in order: the next starts at byte ${s.received}`, { expectedOffset: s.received });
      if (offset + data.byteLength > s.size) throw invalidRequest(`The file was announced as ${s.size} bytes`, { size: s.size });
      s.busy = true;
      touch(s);
      try {
        let at = 0;
        let last: unknown = null;
        while (at < data.byteLength) {
          s.part ??= openPart(s);
          const part = s.part;
          const take = Math.min(data.byteLength - at, part.end - s.received);
          await send(part, data.subarray(at, at + take));
          at += take;
          s.received += take;
          if (s.received === part.end) last = await finishPart(s, part);
        }
        if (s.received < s.size) return progress(s);
        let result = last;
        if (s.multipart) {
          const parts = s.multipart.etags.map((etag, i) => ({ partNumber: i + 1, etag }));
          result = (await host(s, 'POST', s.multipart.completeUrl, { json: { parts } })).data;
        }
        await drop(s, true);
        return progress(s, UploadResult.parse(result));
      } catch (error) {
        // The upload cannot go on (its bytes are gone from main): give it up and say why.
        await drop(s, false);
        throw error instanceof BridgeError ? error : new BridgeError(localError('INTERNAL_ERROR', 'The upload failed in the console.'));
      } finally {
        s.busy = false;
      }
    },

    async cancel(uploadId) {
      const s = sessions.get(uploadId);
      if (!s) return { cancelled: false, datasetDeleted: false };
      return { cancelled: true, datasetDeleted: await drop(s, false) };
    },

    open: () => sessions.size,

    close() {
      for (const s of [...sessions.values()]) void drop(s, false);
    },
  };
}
