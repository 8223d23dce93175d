// The download host (`{download_url}` of 03-endpoints-training.md, Models: download) under
// /_downloads on the emulator's own server, reached over HTTP and in-process alike, like the
// upload host. It takes the download's token, not an API key, and streams the bytes a download
// lists (docs/decisions.md, Training: models — downloads):
//   GET {downloadUrl}               the zip (compression zip), or the file list as JSON (none)
//   GET {downloadUrl}/files/{name}  one file
// with single `Range: bytes=` requests answered 206 (416 beyond the end), never holding a file.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../../../core/context';
import { ApiError } from '../../../core/errors';
import { hashKey } from '../../../core/ids';
import { sendError } from '../../../core/pipeline';
import { trainingState, type StoredDownload, type StoredModel } from '../state';
import { chunksOf, type Content } from './content';
import { downloadBase, fileUrl, originOf, planDownload } from './download';
import { DOWNLOAD_PREFIX } from './download-paths';
import {
  downloadNotFound,
  downloadTokenExpired,
  downloadTokenInvalid,
  downloadTokenMismatch,
  downloadTokenMissing,
  modelArchived,
} from './errors';
import { versionsOf } from './lifecycle';

const iso = (ms: number) => new Date(ms).toISOString();
const BEARER = /^Bearer +(\S+) *$/i;

type Params = { model_id: string; download_id: string; name?: string };

/** The download a token was made for, found by the token alone (its hash). */
function downloadOfToken(ctx: EmulatorContext, tokenHash: string, now: number): { model: StoredModel; download: StoredDownload } | null {
  for (const model of trainingState(ctx.store).models) {
    // A model past its retention is gone, its downloads with it, even before a read deletes it.
    if (model.archive !== null && model.archive.delete_at <= now) continue;
    const download = model.downloads.find((d) => d.token_hash === tokenHash);
    if (download) return { model, download };
  }
  return null;
}

/**
 * The model and download the path names, once the token says the caller may read it. The token
 * is resolved before the path is looked at, so a caller without a token of its own learns
 * nothing of which models and downloads exist: missing or unknown → 401, another download's →
 * 403, expired → 401 DOWNLOAD_TOKEN_EXPIRED.
 */
function authorize(ctx: EmulatorContext, req: FastifyRequest): { model: StoredModel; download: StoredDownload } {
  const p = req.params as Params;
  const now = ctx.clock.now();
  const token = BEARER.exec(req.headers.authorization ?? '');
  if (!token) throw downloadTokenMissing();
  const found = downloadOfToken(ctx, hashKey(token[1]!), now);
  if (!found) throw downloadTokenInvalid();
  const { model, download } = found;
  if (model.id !== p.model_id || download.id !== p.download_id)
    throw downloadTokenMismatch('This download token is for another download', { modelId: model.id, downloadId: download.id });
  if (now >= download.expires_at) throw downloadTokenExpired(download.expires_at);
  if (model.archive !== null) throw modelArchived(model.id, model.archive.at, model.archive.delete_at);
  return { model, download };
}

/**
 * The one range of a `Range: bytes=…` header within `size`: null for the whole (absent, several or malformed), 'unsatisfiable' past the end.
 * @internal Exported for its tests only.
 */
export function rangeOf(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const m = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? size - 1 : Number(m[2]);
  if (start >= size) return 'unsatisfiable';
  if (last < start) return null;
  return { start, end: Math.min(size, last + 1) };
}

const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

async function stream(req: FastifyRequest, reply: FastifyReply, content: Content, headers: Record<string, string>): Promise<void> {
  const range = rangeOf(typeof req.headers.range === 'string' ? req.headers.range : undefined, content.size);
  reply.hijack();
  const res = reply.raw;
  if (range === 'unsatisfiable') {
    res.writeHead(416, { 'content-range': `bytes */${content.size}`, 'content-length': 0 });
    res.end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: content.size };
  res.writeHead(range ? 206 : 200, {
    ...headers,
    'accept-ranges': 'bytes',
    'content-length': end - start,
    ...(range ? { 'content-range': `bytes ${start}-${end - 1}/${content.size}` } : {}),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  try {
    await pipeline(Readable.from(chunksOf(content, start, end)), res);
  } catch {
    // The client went away: nothing more to send.
  }
}

function handled(ctx: EmulatorContext, f: (req: FastifyRequest, reply: FastifyReply) => Promise<void>) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      await f(req, reply);
    } catch (e) {
      if (!(e instanceof ApiError) || reply.sent || reply.raw.headersSent) throw e;
      sendError(ctx, reply, e);
    }
  };
}

export function mountDownloadHost(app: FastifyInstance, ctx: EmulatorContext): void {
  void app.register(async (host) => {
    const base = `${DOWNLOAD_PREFIX}/models/:model_id/:download_id`;

    host.route({
      method: ['GET', 'HEAD'],
      url: base,
      handler: handled(ctx, async (req, reply) => {
        const { model, download } = authorize(ctx, req);
        const plan = planDownload(trainingState(ctx.store), versionsOf(model), download);
        if (plan.zip) {
          await stream(req, reply, plan.zip, {
            'content-type': 'application/zip',
            'content-disposition': attachment(`${model.name}-${plan.version.version}.zip`),
          });
          return;
        }
        const url = downloadBase(originOf(req.headers), model.id, download.id);
        await reply.header('content-type', 'application/json; charset=utf-8').send({
          downloadId: download.id,
          modelId: model.id,
          version: plan.version.version,
          expiresAt: iso(download.expires_at),
          files: plan.files.map((f) => ({ name: f.name, size: f.size, checksum: f.checksum, url: fileUrl(url, f.name) })),
        });
      }),
    });

    host.route({
      method: ['GET', 'HEAD'],
      url: `${base}/files/:name`,
      handler: handled(ctx, async (req, reply) => {
        const { model, download } = authorize(ctx, req);
        const name = (req.params as Params).name!;
        if (!download.files.includes(name)) throw downloadNotFound(download.id, name);
        const plan = planDownload(trainingState(ctx.store), versionsOf(model), { ...download, files: [name], compression: 'none' });
        const f = plan.files[0]!;
        await stream(req, reply, f.content, {
          'content-type': 'application/octet-stream',
          'content-disposition': attachment(name),
          'x-checksum': f.checksum,
        });
      }),
    });
  });
}
