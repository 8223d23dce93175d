// The upload host (`{upload_url}` of 03-endpoints-training.md, Datasets) under /_uploads on the
// emulator's own server, reached over HTTP and in-process alike. It takes the dataset's upload
// token, not an API key, and raw bytes as a stream: a single PUT of the whole file, or a
// multipart upload (initiate, parts, complete, abort). The protocol is written down in
// docs/decisions.md, Training: datasets.
import { createHash, type Hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  DATASET_ID_PATTERN,
  DATASET_LIMITS,
  MultipartCompleteRequest,
  MultipartInitiateRequest,
  type MultipartUpload,
} from '../../../../../shared/api/training/datasets';
import type { EmulatorContext } from '../../../core/context';
import { ApiError, invalidState, payloadTooLarge, unsupportedMediaType, validationError } from '../../../core/errors';
import { hashKey, randomBase62 } from '../../../core/ids';
import { sendError } from '../../../core/pipeline';
import { trainingRecord } from '../records';
import { AREA, trainingState, type StoredDataset, type StoredMultipart } from '../state';
import { blobsOf } from './blobs';
import {
  datasetNotFound,
  invalidPart,
  quotaExceeded,
  uploadNotFound,
  uploadTokenExpired,
  uploadTokenInvalid,
  uploadTokenMismatch,
  uploadTokenMissing,
} from './errors';
import { ingest, processingMs, resumeAnalyses } from './ingest';
import { datasetStatus } from './view';
import { quotaOf } from './quota';
import { UPLOAD_PREFIX } from './upload-paths';

const iso = (ms: number) => new Date(ms).toISOString();
const MIB = 1024 * 1024;
const BEARER = /^Bearer +(\S+) *$/i;

/** Datasets receiving a single PUT right now (not state: a restart ends the request too). */
const receiving = new WeakMap<EmulatorContext, Set<string>>();

/**
 * The whole file's SHA-256 of a multipart upload, fed part by part while the parts come in order
 * (as the console sends them), so completing needs no second read of the content. Parts out of
 * order, a part sent again, or a restart leave it behind: completing then reads the parts back.
 */
interface WholeHash {
  upload: string;
  /** The next part it can take. */
  next: number;
  bytes: number;
  hash: Hash;
}
const wholeHashes = new WeakMap<EmulatorContext, Map<string, WholeHash>>();
const wholeHashOf = (ctx: EmulatorContext) => {
  let map = wholeHashes.get(ctx);
  if (!map) wholeHashes.set(ctx, (map = new Map()));
  return map;
};

/** The part size of a multipart upload: at least 8 MiB, whole MiB, and few enough parts. */
export function partSizeFor(size: number): number {
  const needed = Math.ceil(size / DATASET_LIMITS.maxParts / MIB) * MIB;
  return Math.min(DATASET_LIMITS.partMaxBytes, Math.max(8 * MIB, needed, DATASET_LIMITS.partMinBytes));
}

function partCount(m: StoredMultipart): number {
  return Math.max(1, Math.ceil(m.size / m.part_size));
}

function expectedPartSize(m: StoredMultipart, n: number): number {
  const count = partCount(m);
  return n < count ? m.part_size : m.size - (count - 1) * m.part_size;
}

/** The dataset the path names, once the token says the caller may upload to it. */
function authorizeUpload(ctx: EmulatorContext, req: FastifyRequest, datasetId: string): StoredDataset {
  const datasets = trainingState(ctx.store).datasets;
  const d = DATASET_ID_PATTERN.test(datasetId) ? datasets.find((x) => x.id === datasetId) : undefined;
  const m = BEARER.exec(req.headers.authorization ?? '');
  if (!m) throw uploadTokenMissing();
  const hash = hashKey(m[1]!);
  if (!d) throw datasetNotFound(datasetId);
  if (d.upload === null) throw invalidState({ datasetId, status: datasetStatus(d, ctx.clock.now()) }, 'The dataset’s upload is complete');
  if (d.upload.token_hash !== hash) {
    const owner = datasets.find((x) => x.upload?.token_hash === hash);
    throw owner ? uploadTokenMismatch(owner.id) : uploadTokenInvalid();
  }
  if (ctx.clock.now() >= d.upload.expires_at) throw uploadTokenExpired(iso(d.upload.expires_at));
  return d;
}

function requireOctetStream(req: FastifyRequest): void {
  const type = String(req.headers['content-type'] ?? '');
  if (!type.startsWith('application/octet-stream')) throw unsupportedMediaType(type === '' ? '(none)' : type.slice(0, 100));
}

function parseJson<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw validationError(issue.path.join('.') || 'body', issue.message);
}

function declaredLength(req: FastifyRequest): number | null {
  const n = Number(req.headers['content-length']);
  return req.headers['content-length'] !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

function send(reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}): void {
  reply.hijack();
  const text = JSON.stringify(body);
  reply.raw.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  reply.raw.end(text);
}

function multipartView(origin: string, d: StoredDataset, m: StoredMultipart): z.input<typeof MultipartUpload> {
  const base = `${origin}${UPLOAD_PREFIX}/datasets/${d.id}/multipart/${m.id}`;
  return {
    uploadId: m.id,
    datasetId: d.id,
    filename: m.filename,
    size: m.size,
    partSize: m.part_size,
    partCount: partCount(m),
    partUrl: `${base}/parts/{partNumber}`,
    completeUrl: `${base}/complete`,
    expiresAt: iso(d.upload!.expires_at),
    parts: [...m.parts].sort((a, b) => a.n - b.n).map((p) => ({ partNumber: p.n, size: p.size, etag: p.etag })),
  };
}

const originOf = (req: FastifyRequest) => `http://${/^[A-Za-z0-9.\-:[\]]+$/.test(req.headers.host ?? '') ? req.headers.host : '127.0.0.1'}`;

function multipartOf(d: StoredDataset, uploadId: string): StoredMultipart {
  const m = d.upload?.multipart;
  if (!m || m.id !== uploadId) throw uploadNotFound(uploadId);
  return m;
}

async function commit(ctx: EmulatorContext, d: StoredDataset): Promise<void> {
  ctx.store.touch(AREA, trainingRecord.dataset(d.id));
  await ctx.persister?.commit();
}

/** A handler whose failures answer in the account envelope (request bodies still arriving are dropped). */
/** Reads the uploaded files into a new version and answers with it, `processing` until its time on the clock. */
async function ingestAndAnswer(
  ctx: EmulatorContext,
  reply: FastifyReply,
  id: string,
  keys: string[],
  whole: { bytes: number; sha256: string } | null,
): Promise<void> {
  const done = await ingest(ctx, id, keys, whole);
  if (!done) throw datasetNotFound(id);
  const v = done.versions.at(-1)!;
  send(reply, 200, {
    datasetId: id,
    status: 'processing',
    size: v.size,
    checksum: `sha256:${v.checksum}`,
    versionId: v.id,
    estimatedReadyAt: iso(v.created_at + processingMs(v.size)),
  });
}

function handled(ctx: EmulatorContext, f: (req: FastifyRequest, reply: FastifyReply) => Promise<void>) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      await f(req, reply);
    } catch (e) {
      if (reply.sent || reply.raw.headersSent) return;
      if (!(e instanceof ApiError)) {
        if (req.raw.destroyed || req.raw.aborted) return;
        throw e;
      }
      // The answer goes out now; the rest of the body is not read, so the connection ends with it.
      const unread = !req.raw.readableEnded;
      if (unread) reply.header('connection', 'close');
      sendError(ctx, reply, e);
      if (unread) reply.raw.once('finish', () => req.raw.destroy());
    }
  };
}

type Params = { dataset_id: string; upload_id?: string; part_number?: string };

export function mountUploadHost(app: FastifyInstance, ctx: EmulatorContext): void {
  resumeAnalyses(ctx);
  void app.register(async (host) => {
    // The body stays a stream: the routes read it as it arrives (no size limit here; each route bounds it).
    host.addContentTypeParser('application/octet-stream', (_req, _payload, done) => done(null, undefined));
    const base = `${UPLOAD_PREFIX}/datasets/:dataset_id`;

    host.put(
      base,
      handled(ctx, async (req, reply) => {
        const { dataset_id: id } = req.params as Params;
        const d = authorizeUpload(ctx, req, id);
        requireOctetStream(req);
        if (d.upload!.multipart)
          throw invalidState({ datasetId: id, uploadId: d.upload!.multipart.id }, 'A multipart upload is under way: complete or abort it');
        const busy = receiving.get(ctx) ?? new Set<string>();
        receiving.set(ctx, busy);
        if (busy.has(id)) throw invalidState({ datasetId: id }, 'An upload to this dataset is already in progress');
        const quota = quotaOf(ctx);
        const max = Math.min(DATASET_LIMITS.singleUploadMaxBytes, quota.room);
        const overflow = (size: number) =>
          size > DATASET_LIMITS.singleUploadMaxBytes
            ? payloadTooLarge(DATASET_LIMITS.singleUploadMaxBytes)
            : quotaExceeded(quota.used, quota.limit, size, quota.plan);
        const length = declaredLength(req);
        if (length !== null && length > max) throw overflow(length);
        busy.add(id);
        const key = `${id}/upload-${randomBase62(8)}`;
        let written: { size: number; sha256: string };
        try {
          written = await blobsOf(ctx).write(key, req.raw, max, overflow);
          if (written.size === 0) {
            await blobsOf(ctx).remove(key);
            throw validationError('body', 'the upload is empty');
          }
        } finally {
          busy.delete(id);
        }
        await ingestAndAnswer(ctx, reply, id, [key], { bytes: written.size, sha256: written.sha256 });
      }),
    );

    host.post(
      `${base}/multipart`,
      handled(ctx, async (req, reply) => {
        const d = authorizeUpload(ctx, req, (req.params as Params).dataset_id);
        const body = parseJson(MultipartInitiateRequest, req.body);
        const previous = d.upload!.multipart;
        const quota = quotaOf(ctx);
        const room = quota.room + (previous?.size ?? 0);
        if (body.size > room) throw quotaExceeded(quota.used - (previous?.size ?? 0), quota.limit, body.size, quota.plan);
        // One multipart upload per dataset: a new one replaces any earlier one and its parts.
        if (previous) await blobsOf(ctx).remove(`${d.id}/${previous.id}`);
        const m: StoredMultipart = {
          id: `mpu_${randomBase62(16)}`,
          filename: body.filename,
          size: body.size,
          part_size: partSizeFor(body.size),
          created_at: ctx.clock.now(),
          parts: [],
        };
        d.upload!.multipart = m;
        d.updated_at = m.created_at;
        await commit(ctx, d);
        send(reply, 201, multipartView(originOf(req), d, m));
      }),
    );

    host.get(
      `${base}/multipart/:upload_id`,
      handled(ctx, async (req, reply) => {
        const p = req.params as Params;
        const d = authorizeUpload(ctx, req, p.dataset_id);
        send(reply, 200, multipartView(originOf(req), d, multipartOf(d, p.upload_id!)));
      }),
    );

    host.put(
      `${base}/multipart/:upload_id/parts/:part_number`,
      handled(ctx, async (req, reply) => {
        const p = req.params as Params;
        const d = authorizeUpload(ctx, req, p.dataset_id);
        requireOctetStream(req);
        const m = multipartOf(d, p.upload_id!);
        const n = Number(p.part_number);
        const count = partCount(m);
        if (!/^\d{1,5}$/.test(p.part_number!) || n < 1 || n > count)
          throw invalidPart(Number.isSafeInteger(n) ? n : null, `part numbers are 1 to ${count}`);
        const expected = expectedPartSize(m, n);
        const tooBig = (size: number) => invalidPart(n, `${size}+ bytes; part ${n} must be exactly ${expected} bytes`);
        const length = declaredLength(req);
        if (length !== null && length !== expected) throw invalidPart(n, `${length} bytes; part ${n} must be exactly ${expected} bytes`);
        const key = `${d.id}/${m.id}/part-${String(n).padStart(5, '0')}`;
        const hashes = wholeHashOf(ctx);
        let whole = hashes.get(d.id);
        if (n === 1) hashes.set(d.id, (whole = { upload: m.id, next: 1, bytes: 0, hash: createHash('sha256') }));
        // The next part in order goes through a copy of the whole hash, kept only if the part is whole.
        const inOrder = whole !== undefined && whole.upload === m.id && whole.next === n;
        const chained = inOrder ? whole!.hash.copy() : undefined;
        const written = await blobsOf(ctx).write(key, req.raw, expected, tooBig, chained);
        if (written.size !== expected) {
          await blobsOf(ctx).remove(key);
          throw invalidPart(n, `${written.size} bytes; part ${n} must be exactly ${expected} bytes`);
        }
        if (inOrder) hashes.set(d.id, { upload: m.id, next: n + 1, bytes: whole!.bytes + written.size, hash: chained! });
        else if (whole?.upload === m.id && n < whole.next) hashes.delete(d.id);
        // The upload may have been replaced or completed while the part arrived.
        if (d.upload?.multipart !== m) throw uploadNotFound(m.id);
        m.parts = [...m.parts.filter((x) => x.n !== n), { n, size: written.size, etag: written.sha256 }];
        await commit(ctx, d);
        send(reply, 200, { partNumber: n, size: written.size, etag: written.sha256 }, { etag: `"${written.sha256}"` });
      }),
    );

    host.post(
      `${base}/multipart/:upload_id/complete`,
      handled(ctx, async (req, reply) => {
        const p = req.params as Params;
        const d = authorizeUpload(ctx, req, p.dataset_id);
        const m = multipartOf(d, p.upload_id!);
        const body = parseJson(MultipartCompleteRequest, req.body);
        const count = partCount(m);
        if (body.parts.length !== count) throw invalidPart(null, `the list names ${body.parts.length} parts; the upload has ${count}`);
        body.parts.forEach((listed, i) => {
          if (listed.partNumber !== i + 1) throw invalidPart(listed.partNumber, `parts must be listed in order 1 to ${count}`);
          const stored = m.parts.find((x) => x.n === listed.partNumber);
          if (!stored) throw invalidPart(listed.partNumber, 'not uploaded');
          if (stored.etag !== listed.etag.replace(/^"|"$/g, ''))
            throw invalidPart(listed.partNumber, 'etag does not match the uploaded part');
        });
        const keys = body.parts.map((x) => `${d.id}/${m.id}/part-${String(x.partNumber).padStart(5, '0')}`);
        const whole = wholeHashOf(ctx).get(d.id);
        wholeHashOf(ctx).delete(d.id);
        const hashed = whole?.upload === m.id && whole.next === count + 1 ? { bytes: whole.bytes, sha256: whole.hash.digest('hex') } : null;
        await ingestAndAnswer(ctx, reply, d.id, keys, hashed);
      }),
    );

    host.delete(
      `${base}/multipart/:upload_id`,
      handled(ctx, async (req, reply) => {
        const p = req.params as Params;
        const d = authorizeUpload(ctx, req, p.dataset_id);
        const m = multipartOf(d, p.upload_id!);
        wholeHashOf(ctx).delete(d.id);
        d.upload!.multipart = null;
        await commit(ctx, d);
        await blobsOf(ctx).remove(`${d.id}/${m.id}`);
        send(reply, 200, { uploadId: m.id, aborted: true });
      }),
    );
  });
}
