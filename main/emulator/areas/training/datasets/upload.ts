// The upload host (`{upload_url}` of 03-endpoints-training.md, Datasets) under /_uploads on the
// emulator's own server, reached over HTTP and in-process alike. It takes the dataset's upload
// token, not an API key, and raw bytes as a stream: a single PUT of the whole file, or a
// multipart upload (initiate, parts, complete, abort). The protocol is written down in
// docs/decisions.md, Training: datasets.
//
// Each request is a transaction: bytes are received aside (BlobStore.stage) while nothing is
// held, then one step at a time per dataset (`exclusive`) checks the upload is still what the
// request started on, puts the bytes in place and changes the record. A request that fails
// leaves the stored parts, the record and the dataset as they were.
import { createHash, type Hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
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
import type { Staged } from './blob-store';
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

/**
 * After a refusal answered while the request body is still coming, the rest is read and dropped
 * — up to this many bytes or DRAIN_MAX_MS, whichever comes first — so that a client that writes
 * its whole body before reading gets to read the answer; past that the connection is closed.
 */
const DRAIN_MAX_BYTES = 128 * MIB;
const DRAIN_MAX_MS = 30_000;

/** The request body ended before it was whole: the client went away, there is nobody to answer. */
class ClientGone extends Error {}

/**
 * The whole file's SHA-256 of a multipart upload, fed part by part while the parts come in order
 * (as the console sends them), so completing needs no second read of the content. Parts out of
 * order, a part sent again, or a restart leave it behind: completing then reads the parts back.
 * A new object each time it advances: a part chained from an older one knows it is stale.
 */
interface WholeHash {
  upload: string;
  /** The next part it can take. */
  next: number;
  bytes: number;
  hash: Hash;
}

/** What the host keeps per emulator beside the state (a restart ends the requests too). */
interface HostState {
  /** Datasets receiving a single PUT right now. */
  receiving: Set<string>;
  /** Per dataset: its multipart upload's whole hash. */
  wholes: Map<string, WholeHash>;
  /** Per dataset: the last holder of `exclusive`. */
  locks: Map<string, Promise<void>>;
  /** Requests whose token named their dataset (the dataset id). */
  authorized: WeakMap<FastifyRequest, string>;
}
const hosts = new WeakMap<EmulatorContext, HostState>();
function hostOf(ctx: EmulatorContext): HostState {
  let host = hosts.get(ctx);
  if (!host) hosts.set(ctx, (host = { receiving: new Set(), wholes: new Map(), locks: new Map(), authorized: new WeakMap() }));
  return host;
}

/**
 * Runs `f` once no other step holds the dataset's upload. Completing, committing a part,
 * initiating, aborting and ending a single PUT take it; receiving bytes does not (parts arrive
 * in parallel), nor does reading the parts list.
 */
async function exclusive<T>(ctx: EmulatorContext, datasetId: string, f: () => Promise<T>): Promise<T> {
  const locks = hostOf(ctx).locks;
  const before = locks.get(datasetId);
  let release!: () => void;
  const mine = new Promise<void>((r) => (release = r));
  locks.set(datasetId, mine);
  try {
    await before;
    return await f();
  } finally {
    release();
    if (locks.get(datasetId) === mine) locks.delete(datasetId);
  }
}

/** The part size of a multipart upload: at least 8 MiB, whole MiB, and few enough parts. */
function partSizeFor(size: number): number {
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

const partKey = (datasetId: string, uploadId: string, n: number) => `${datasetId}/${uploadId}/part-${String(n).padStart(5, '0')}`;

const uploadComplete = (d: StoredDataset, now: number) =>
  invalidState({ datasetId: d.id, status: datasetStatus(d, now) }, 'The dataset’s upload is complete');

/**
 * The dataset the caller may upload to. The token is resolved first, by its hash, so that a
 * caller without the dataset's token learns nothing about which ids exist: missing or unknown
 * → 401, another dataset's (whether or not the path's exists) → 403, spent → 409, expired → 401.
 */
function authorizeUpload(ctx: EmulatorContext, req: FastifyRequest, datasetId: string): StoredDataset {
  const m = BEARER.exec(req.headers.authorization ?? '');
  if (!m) throw uploadTokenMissing();
  const hash = hashKey(m[1]!);
  const d = trainingState(ctx.store).datasets.find((x) => x.upload?.token_hash === hash || x.spent_token_hash === hash);
  if (!d) throw uploadTokenInvalid();
  if (d.id !== datasetId) throw uploadTokenMismatch(d.id);
  hostOf(ctx).authorized.set(req, d.id);
  if (d.upload?.token_hash !== hash) throw uploadComplete(d, ctx.clock.now());
  if (ctx.clock.now() >= d.upload.expires_at) throw uploadTokenExpired(iso(d.upload.expires_at));
  return d;
}

/**
 * The dataset as it is now (after an await), its upload still open under the same token and not
 * expired meanwhile (an expired upload's dataset is in `error` for good).
 */
function stillOpen(ctx: EmulatorContext, datasetId: string, tokenHash: string): StoredDataset {
  const d = trainingState(ctx.store).datasets.find((x) => x.id === datasetId);
  if (!d) throw datasetNotFound(datasetId);
  if (d.upload?.token_hash !== tokenHash) throw uploadComplete(d, ctx.clock.now());
  if (ctx.clock.now() >= d.upload.expires_at) throw uploadTokenExpired(iso(d.upload.expires_at));
  return d;
}

/** The multipart upload as it is now: still the dataset's current one. */
function stillMultipart(
  ctx: EmulatorContext,
  datasetId: string,
  tokenHash: string,
  uploadId: string,
): { d: StoredDataset; m: StoredMultipart } {
  const d = stillOpen(ctx, datasetId, tokenHash);
  const m = d.upload!.multipart;
  if (m?.id !== uploadId) throw uploadNotFound(uploadId);
  return { d, m };
}

/**
 * Whether a multipart upload's folder is nobody's: the upload was aborted or replaced (or its
 * dataset deleted). Not when it completed: its parts are then a version's content.
 */
function abandoned(ctx: EmulatorContext, datasetId: string, uploadId: string): boolean {
  const d = trainingState(ctx.store).datasets.find((x) => x.id === datasetId);
  if (!d) return true;
  if (d.upload?.multipart?.id === uploadId) return false;
  return !d.versions.some((v) => v.blobs.some((key) => key.startsWith(`${datasetId}/${uploadId}/`)));
}

function requireOctetStream(req: FastifyRequest): void {
  const type = String(req.headers['content-type'] ?? '');
  if (!type.startsWith('application/octet-stream'))
    throw unsupportedMediaType(type === '' ? '(none)' : type.slice(0, 100), ['application/octet-stream']);
}

function parseJson<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw validationError(issue.path.join('.') || 'body', issue.message);
}

/** The declared Content-Length: null when absent; Infinity when not a safe integer (refused as too large). */
function declaredLength(req: FastifyRequest): number | null {
  const header = req.headers['content-length'];
  if (header === undefined) return null;
  const n = Number(header);
  return Number.isSafeInteger(n) && n >= 0 ? n : Infinity;
}

/**
 * The request body as it arrives. A reader that stops early (a refusal) leaves the stream open
 * for `drain`; a body that ends before it is whole is ClientGone.
 */
async function* bodyOf(req: FastifyRequest): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of req.raw.iterator({ destroyOnReturn: false })) yield chunk as Buffer;
  } catch {
    throw new ClientGone('the client went away');
  }
}

/**
 * Reads and drops what is still coming of a body after its refusal was answered (DRAIN_MAX_BYTES,
 * DRAIN_MAX_MS): closing at once would reset the connection under a client still writing, and it
 * would see a reset instead of the answer. Past the bound the connection is closed.
 */
function drain(ctx: EmulatorContext, req: FastifyRequest): void {
  const body = req.raw;
  if (body.readableEnded || body.destroyed) return;
  let dropped = 0;
  const close = () => body.destroy();
  const timer = setTimeout(close, DRAIN_MAX_MS);
  timer.unref();
  // A stopping emulator does not wait for it.
  ctx.closing.addEventListener('abort', close, { once: true });
  body.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_MAX_BYTES) close();
  });
  body.once('close', () => {
    clearTimeout(timer);
    ctx.closing.removeEventListener('abort', close);
  });
  body.on('error', () => {}); // the client went away: nothing more to drop
  body.resume();
}

/** A success in one write (the body was read whole before it). */
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

async function persist(ctx: EmulatorContext, d: StoredDataset): Promise<void> {
  ctx.store.touch(AREA, trainingRecord.dataset(d.id));
  await ctx.persister?.commit();
}

/** Puts staged bytes in place after `check` (the state as it is now) passes; else they are dropped. */
async function commitIf(staged: Staged, check: () => void): Promise<void> {
  try {
    check();
    await staged.commit();
  } catch (e) {
    await staged.discard();
    throw e;
  }
}

/** The content's size and SHA-256 read back from its blobs (when the upload could not hash it whole as it came). */
async function readBack(ctx: EmulatorContext, keys: readonly string[]): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for (const key of keys)
    for await (const chunk of blobsOf(ctx).read(key)) {
      hash.update(chunk);
      bytes += chunk.length;
    }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * The uploaded content becomes the dataset's new version and its token is spent; the answer is
 * the version, `processing` until its time on the clock. Called in `exclusive` with the content's
 * hash known, so nothing is awaited between the last check and the change (ingest changes the
 * record before its first await when `whole` is given).
 */
async function finishUpload(
  ctx: EmulatorContext,
  reply: FastifyReply,
  id: string,
  tokenHash: string,
  keys: string[],
  whole: { bytes: number; sha256: string },
): Promise<void> {
  stillOpen(ctx, id, tokenHash).spent_token_hash = tokenHash;
  hostOf(ctx).wholes.delete(id);
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

type Params = { dataset_id: string; upload_id?: string; part_number?: string };

/**
 * A handler whose every failure is answered in the account envelope: an ApiError as itself,
 * anything else through the app's error handler (500 INTERNAL_ERROR, reported as a defect).
 * A body still arriving is drained (`drain`). A dataset deleted while its upload ran is 404, and
 * what the request wrote for it is removed.
 */
function handled(ctx: EmulatorContext, f: (req: FastifyRequest, reply: FastifyReply) => Promise<void>) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      await f(req, reply);
    } catch (e) {
      if (reply.sent || reply.raw.headersSent) return; // answered already: nothing to add
      if (e instanceof ClientGone) {
        reply.hijack();
        reply.raw.destroy();
        return;
      }
      let error = e;
      const id = hostOf(ctx).authorized.get(req);
      if (id !== undefined && !trainingState(ctx.store).datasets.some((x) => x.id === id)) {
        await blobsOf(ctx)
          .remove(id)
          .catch(() => {});
        if (!(error instanceof ApiError)) error = datasetNotFound(id);
      }
      drain(ctx, req);
      if (!(error instanceof ApiError)) throw error;
      sendError(ctx, reply, error);
    }
  };
}

export function mountUploadHost(app: FastifyInstance, ctx: EmulatorContext): void {
  resumeAnalyses(ctx);
  const blobs = blobsOf(ctx);
  const host = hostOf(ctx);
  void app.register(async (server) => {
    // The body stays a stream: the routes read it as it arrives (no size limit here; each route bounds it).
    server.addContentTypeParser('application/octet-stream', (_req, _payload, done) => done(null, undefined));
    const base = `${UPLOAD_PREFIX}/datasets/:dataset_id`;

    server.put(
      base,
      handled(ctx, async (req, reply) => {
        const d = authorizeUpload(ctx, req, (req.params as Params).dataset_id);
        const { id } = d;
        const token = d.upload!.token_hash;
        requireOctetStream(req);
        if (d.upload!.multipart)
          throw invalidState({ datasetId: id, uploadId: d.upload!.multipart.id }, 'A multipart upload is under way: complete or abort it');
        if (host.receiving.has(id)) throw invalidState({ datasetId: id }, 'An upload to this dataset is already in progress');
        const quota = quotaOf(ctx);
        const max = Math.min(DATASET_LIMITS.singleUploadMaxBytes, quota.room);
        const overflow = (size: number) =>
          size > DATASET_LIMITS.singleUploadMaxBytes
            ? payloadTooLarge(DATASET_LIMITS.singleUploadMaxBytes)
            : quotaExceeded(quota.used, quota.limit, size, quota.plan);
        const length = declaredLength(req);
        if (length !== null && length > max) throw overflow(length);
        // Held from here until the answer, whatever it is: a multipart initiation meanwhile is refused.
        host.receiving.add(id);
        try {
          const key = `${id}/upload-${randomBase62(8)}`;
          const staged = await blobs.stage(key, bodyOf(req), max, overflow);
          await exclusive(ctx, id, async () => {
            await commitIf(staged, () => {
              if (staged.size === 0) throw validationError('body', 'the upload is empty');
              stillOpen(ctx, id, token);
            });
            await finishUpload(ctx, reply, id, token, [key], { bytes: staged.size, sha256: staged.sha256 });
          });
        } finally {
          host.receiving.delete(id);
        }
      }),
    );

    server.post(
      `${base}/multipart`,
      handled(ctx, async (req, reply) => {
        const d = authorizeUpload(ctx, req, (req.params as Params).dataset_id);
        const { id } = d;
        const token = d.upload!.token_hash;
        const body = parseJson(MultipartInitiateRequest, req.body);
        const busy = () => {
          if (host.receiving.has(id)) throw invalidState({ datasetId: id }, 'A single PUT to this dataset is under way');
        };
        busy();
        await exclusive(ctx, id, async () => {
          const now = stillOpen(ctx, id, token);
          busy();
          const previous = now.upload!.multipart;
          const quota = quotaOf(ctx);
          const room = quota.room + (previous?.size ?? 0);
          if (body.size > room) throw quotaExceeded(quota.used - (previous?.size ?? 0), quota.limit, body.size, quota.plan);
          // One multipart upload per dataset: a new one replaces any earlier one and its parts.
          const m: StoredMultipart = {
            id: `mpu_${randomBase62(16)}`,
            filename: body.filename,
            size: body.size,
            part_size: partSizeFor(body.size),
            created_at: ctx.clock.now(),
            parts: [],
          };
          now.upload!.multipart = m;
          now.updated_at = m.created_at;
          host.wholes.delete(id);
          await persist(ctx, now);
          if (previous) await blobs.remove(`${id}/${previous.id}`);
          stillMultipart(ctx, id, token, m.id);
          send(reply, 201, multipartView(originOf(req), now, m));
        });
      }),
    );

    server.get(
      `${base}/multipart/:upload_id`,
      handled(ctx, async (req, reply) => {
        const p = req.params as Params;
        const d = authorizeUpload(ctx, req, p.dataset_id);
        send(reply, 200, multipartView(originOf(req), d, multipartOf(d, p.upload_id!)));
      }),
    );

    server.put(
      `${base}/multipart/:upload_id/parts/:part_number`,
      handled(ctx, async (req, reply) => {
        const p = req.params as Params;
        const d = authorizeUpload(ctx, req, p.dataset_id);
        const { id } = d;
        const token = d.upload!.token_hash;
        requireOctetStream(req);
        const m = multipartOf(d, p.upload_id!);
        const n = Number(p.part_number);
        const count = partCount(m);
        if (!/^\d{1,5}$/.test(p.part_number!) || n < 1 || n > count)
          throw invalidPart(Number.isSafeInteger(n) ? n : null, `part numbers are 1 to ${count}`);
        const expected = expectedPartSize(m, n);
        const wrongSize = (what: string) => invalidPart(n, `${what}; part ${n} must be exactly ${expected} bytes`);
        const length = declaredLength(req);
        if (length !== null && length !== expected)
          throw wrongSize(length === Infinity ? 'a Content-Length that is not a byte count' : `${length} bytes`);
        // The next part in order goes through a copy of the whole hash, kept only if the part is accepted.
        const before = n === 1 ? { upload: m.id, next: 1, bytes: 0, hash: createHash('sha256') } : host.wholes.get(id);
        const inOrder = before?.upload === m.id && before.next === n;
        const chained = inOrder ? before.hash.copy() : undefined;
        try {
          const staged = await blobs.stage(partKey(id, m.id, n), bodyOf(req), expected, (size) => wrongSize(`${size}+ bytes`), chained);
          await exclusive(ctx, id, async () => {
            await commitIf(staged, () => {
              if (staged.size !== expected) throw wrongSize(`${staged.size} bytes`);
              stillMultipart(ctx, id, token, m.id);
            });
            const now = stillMultipart(ctx, id, token, m.id);
            now.m.parts = [...now.m.parts.filter((x) => x.n !== n), { n, size: staged.size, etag: staged.sha256 }];
            const whole = host.wholes.get(id);
            if (inOrder && (n === 1 || whole === before))
              host.wholes.set(id, { upload: m.id, next: n + 1, bytes: before.bytes + staged.size, hash: chained! });
            else if (whole?.upload === m.id && n < whole.next) host.wholes.delete(id); // a part it had taken was replaced
            await persist(ctx, now.d);
            send(reply, 200, { partNumber: n, size: staged.size, etag: staged.sha256 }, { etag: `"${staged.sha256}"` });
          });
        } catch (e) {
          // Aborted or replaced while the part arrived: an abort may have removed the folder under
          // the write (the write failing) or before it (the write making it again).
          if (!(e instanceof ClientGone) && abandoned(ctx, id, m.id)) {
            await blobs.remove(`${id}/${m.id}`);
            if (!(e instanceof ApiError)) throw uploadNotFound(m.id);
          }
          throw e;
        }
      }),
    );

    server.post(
      `${base}/multipart/:upload_id/complete`,
      handled(ctx, async (req, reply) => {
        const p = req.params as Params;
        const d = authorizeUpload(ctx, req, p.dataset_id);
        const { id } = d;
        const token = d.upload!.token_hash;
        multipartOf(d, p.upload_id!);
        const body = parseJson(MultipartCompleteRequest, req.body);
        await exclusive(ctx, id, async () => {
          const { m } = stillMultipart(ctx, id, token, p.upload_id!);
          const count = partCount(m);
          if (body.parts.length !== count) throw invalidPart(null, `the list names ${body.parts.length} parts; the upload has ${count}`);
          body.parts.forEach((listed, i) => {
            if (listed.partNumber !== i + 1) throw invalidPart(listed.partNumber, `parts must be listed in order 1 to ${count}`);
            const stored = m.parts.find((x) => x.n === listed.partNumber);
            if (!stored) throw invalidPart(listed.partNumber, 'not uploaded');
            if (stored.etag !== listed.etag.replace(/^"|"$/g, ''))
              throw invalidPart(listed.partNumber, 'etag does not match the uploaded part');
          });
          const keys = body.parts.map((x) => partKey(id, m.id, x.partNumber));
          const whole = host.wholes.get(id);
          const sum =
            whole?.upload === m.id && whole.next === count + 1
              ? { bytes: whole.bytes, sha256: whole.hash.copy().digest('hex') }
              : await readBack(ctx, keys);
          stillMultipart(ctx, id, token, m.id);
          await finishUpload(ctx, reply, id, token, keys, sum);
        });
      }),
    );

    server.delete(
      `${base}/multipart/:upload_id`,
      handled(ctx, async (req, reply) => {
        const p = req.params as Params;
        const d = authorizeUpload(ctx, req, p.dataset_id);
        const { id } = d;
        const token = d.upload!.token_hash;
        multipartOf(d, p.upload_id!);
        await exclusive(ctx, id, async () => {
          const { d: now } = stillMultipart(ctx, id, token, p.upload_id!);
          now.upload!.multipart = null;
          host.wholes.delete(id);
          await persist(ctx, now);
          await blobs.remove(`${id}/${p.upload_id!}`);
          send(reply, 200, { uploadId: p.upload_id!, aborted: true });
        });
      }),
    );
  });
}
