// Export of an experiment's runs as CSV to the object store, and the download host that serves
// it (docs/decisions.md, Training: experiments — export): `GET /_object-store/<bucket>/<path>`
// on the emulator's own server with the export's download token as a bearer, streamed from the
// store; outside the API pipeline like the dataset upload host.
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ExportExperimentRequest, ExportExperimentResponse, Run } from '../../../../../shared/api/training/experiments';
import type { EmulatorContext } from '../../../core/context';
import { ApiError, notFound, unauthorized } from '../../../core/errors';
import { hashKey, randomBase62 } from '../../../core/ids';
import { sendError } from '../../../core/pipeline';
import { downloadTokenMismatch } from '../models/errors';
import { trainingRecord } from '../records';
import { AREA, trainingState } from '../state';
import { csvLine, type Cell } from './csv';
import { countDownload } from '../transfer';
import { objectStoreOf, type Written } from './object-store';
import type { StoredExperiment, StoredExport } from './stored-schema';

const OBJECT_STORE_PREFIX = '/_object-store';
/** Simulated lifetime of a download token. */
const DOWNLOAD_TOKEN_MS = 60 * 60 * 1000;
const EXPORTS_KEPT = 100;
const BEARER = /^Bearer +(\S+) *$/i;
const iso = (ms: number) => new Date(ms).toISOString();

type Request = z.output<typeof ExportExperimentRequest>;
type Include = Request['include'][number];

const METRIC_PHASES = ['current', 'best', 'final'] as const;

/** The columns for these runs and sections, in order. */
function exportColumns(runs: readonly Run[], include: readonly Include[]): string[] {
  const has = (s: Include) => include.includes(s);
  const cols = ['run_id', 'run_name', 'status', 'training_job_id'];
  if (has('metadata')) cols.push('experiment_id', 'experiment_name', 'created_at', 'completed_at', 'tags', 'notes');
  if (has('parameters')) cols.push(...[...new Set(runs.flatMap((r) => Object.keys(r.parameters)))].sort().map((k) => `param.${k}`));
  if (has('metrics')) {
    for (const phase of METRIC_PHASES)
      cols.push(...[...new Set(runs.flatMap((r) => Object.keys(r.metrics[phase] ?? {})))].sort().map((k) => `${phase}.${k}`));
    cols.push('cost_usd', 'duration_seconds');
  }
  if (has('artifacts')) cols.push('artifact_count', 'artifact_paths');
  return cols;
}

function exportRow(exp: StoredExperiment, run: Run, columns: readonly string[]): Cell[] {
  return columns.map((c): Cell => {
    switch (c) {
      case 'run_id':
        return run.id;
      case 'run_name':
        return run.name;
      case 'status':
        return run.status;
      case 'training_job_id':
        return run.trainingJobId;
      case 'experiment_id':
        return exp.id;
      case 'experiment_name':
        return exp.name;
      case 'created_at':
        return run.createdAt;
      case 'completed_at':
        return run.completedAt;
      case 'tags':
        return run.tags.join(';');
      case 'notes':
        return run.notes;
      case 'cost_usd':
        return run.cost;
      case 'duration_seconds':
        return run.duration;
      case 'artifact_count':
        return run.artifacts.length;
      case 'artifact_paths':
        return run.artifacts.map((a) => a.path).join(';');
    }
    if (c.startsWith('param.')) return run.parameters[c.slice(6)];
    const dot = c.indexOf('.');
    const phase = c.slice(0, dot) as (typeof METRIC_PHASES)[number];
    return run.metrics[phase]?.[c.slice(dot + 1)];
  });
}

async function* csvOf(exp: StoredExperiment, runs: readonly Run[], columns: readonly string[]): AsyncIterable<string> {
  yield csvLine(columns);
  for (const run of runs) yield csvLine(exportRow(exp, run, columns));
}

/** Writes the CSV, records the export on the experiment, and answers where to download it. */
export async function exportExperiment(
  ctx: EmulatorContext,
  exp: StoredExperiment,
  runs: readonly Run[],
  body: Request,
  origin: string,
  now: number,
): Promise<z.input<typeof ExportExperimentResponse>> {
  const id = `xpt_${randomBase62(16)}`;
  const bucket = body.destination?.bucket ?? 'experiments';
  const path = body.destination?.path ?? `${exp.id}/${id}.csv`;
  const columns = exportColumns(runs, body.include);
  const token = `xdl_${randomBase62(40)}`;
  const recordOf = (written: Written): StoredExport => ({
    id,
    bucket,
    path,
    include: body.include,
    rows: runs.length,
    size: written.size,
    sha256: written.sha256,
    created_at: now,
    token_hash: hashKey(token),
    expires_at: now + DOWNLOAD_TOKEN_MS,
    removed: false,
  });
  // In the turn the new version becomes the object: every earlier export of it, of any
  // experiment, no longer describes its bytes (their tokens answer 404), and this one does.
  const written = await objectStoreOf(ctx).write(bucket, path, csvOf(exp, runs, columns), (w) => {
    for (const other of trainingState(ctx.store).experiments)
      for (const e of other.exports)
        if (!e.removed && e.bucket === bucket && e.path === path) {
          e.removed = true;
          if (other !== exp) ctx.store.touch(AREA, trainingRecord.experiment(other.id));
        }
    exp.exports = [...exp.exports, recordOf(w)].slice(-EXPORTS_KEPT);
    // Data transfer out (issue 21): counted as the address is issued, at the CSV's size.
    countDownload(ctx.store, { type: 'experiment', id: exp.id, name: exp.name }, w.size, now);
  });
  return {
    id,
    experimentId: exp.id,
    status: 'completed',
    format: 'csv',
    include: body.include,
    destination: { type: 'object_store', bucket, path, uri: `object-store://${bucket}/${path}` },
    rows: runs.length,
    columns,
    size: written.size,
    checksum: `sha256:${written.sha256}`,
    downloadUrl: `${origin}${OBJECT_STORE_PREFIX}/${bucket}/${path}`,
    downloadToken: token,
    expiresAt: iso(now + DOWNLOAD_TOKEN_MS),
    createdAt: iso(now),
  };
}

/**
 * Removes an experiment's exported objects (archive without preserve_artifacts); answers how
 * many. An export not removed is its object's present version: one turn checks and removes, so an
 * export landing meanwhile is not deleted with it.
 */
export function removeExports(ctx: EmulatorContext, exp: StoredExperiment): number {
  let n = 0;
  for (const e of exp.exports) {
    if (e.removed) continue;
    objectStoreOf(ctx).remove(e.bucket, e.path);
    e.removed = true;
    n++;
  }
  return n;
}

export const originOf = (headers: Readonly<Record<string, string | string[] | undefined>>) => {
  const host = headers.host;
  return `http://${typeof host === 'string' && /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? host : '127.0.0.1'}`;
};

/** The export a token was given for, by the token alone (its hash): what the path names comes after. */
function exportOfToken(ctx: EmulatorContext, tokenHash: string): StoredExport | undefined {
  for (const exp of trainingState(ctx.store).experiments) for (const e of exp.exports) if (e.token_hash === tokenHash) return e;
  return undefined;
}

/**
 * The bytes a request may read, opened. The token is resolved before the path is looked at, so
 * what a request learns without a token of its own does not depend on which objects exist:
 * missing or unknown → 401, another object's → 403, expired → 401, then a removed or replaced
 * export → 404.
 */
function authorize(ctx: EmulatorContext, req: FastifyRequest): { e: StoredExport; size: number; body: Readable } {
  const params = req.params as { bucket: string; '*': string };
  const m = BEARER.exec(req.headers.authorization ?? '');
  if (!m) throw unauthorized('A download token is required: Authorization: Bearer <downloadToken>');
  const e = exportOfToken(ctx, hashKey(m[1]!));
  if (!e) throw unauthorized('Invalid download token');
  if (e.bucket !== params.bucket || e.path !== params['*'])
    throw downloadTokenMismatch('This download token is for another object', { bucket: e.bucket, path: e.path });
  if (ctx.clock.now() >= e.expires_at)
    throw new ApiError(401, 'UNAUTHORIZED', 'The download token has expired: export again for a new one', { expiredAt: iso(e.expires_at) });
  // In the same turn as the check: an export not removed is the object's present version.
  const opened = e.removed ? null : objectStoreOf(ctx).open(e.bucket, e.path);
  if (opened === null) throw notFound(`${OBJECT_STORE_PREFIX}/${e.bucket}/${e.path}`);
  return { e, ...opened };
}

/** Resolves when the response can take more, or has closed (the client went away). */
const drained = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

async function download(ctx: EmulatorContext, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { e, size, body } = authorize(ctx, req);
  try {
    const name = e.path.split('/').at(-1)!;
    reply.hijack();
    const res = reply.raw;
    // The length of the version opened, which is the one sent.
    res.writeHead(200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-length': size,
      'content-disposition': `attachment; filename="${name.replace(/[^A-Za-z0-9_.-]/g, '_')}"`,
      etag: `"${e.sha256}"`,
    });
    // The last chunk goes out with end(): a bare end() on a later tick leaves Node's keep-alive
    // connection looking busy, so a server close waits for its timeout.
    let held: Buffer | null = null;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      if (held !== null && !res.write(held)) await drained(res);
      if (res.destroyed) return;
      held = chunk;
    }
    res.end(held ?? undefined);
  } finally {
    // Closes the file when the client left before the end.
    body.destroy();
  }
}

export function mountObjectStoreHost(app: FastifyInstance, ctx: EmulatorContext): void {
  void app.register(async (host) => {
    host.get(`${OBJECT_STORE_PREFIX}/:bucket/*`, async (req, reply) => {
      try {
        await download(ctx, req, reply);
      } catch (e) {
        if (reply.sent || reply.raw.headersSent || !(e instanceof ApiError)) throw e;
        sendError(ctx, reply, e);
      }
    });
  });
}
