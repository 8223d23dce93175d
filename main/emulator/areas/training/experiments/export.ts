// Export of an experiment's runs as CSV to the object store, and the download host that serves
// it (docs/decisions.md, Training: experiments — export): `GET /_object-store/<bucket>/<path>`
// on the emulator's own server with the export's download token as a bearer, streamed from the
// store; outside the API pipeline like the dataset upload host.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ExportExperimentRequest, ExportExperimentResponse, Run } from '../../../../../shared/api/training/experiments';
import type { EmulatorContext } from '../../../core/context';
import { ApiError, notFound, unauthorized } from '../../../core/errors';
import { hashKey, randomBase62 } from '../../../core/ids';
import { sendError } from '../../../core/pipeline';
import { trainingState } from '../state';
import { csvLine, type Cell } from './csv';
import { objectStoreOf } from './object-store';
import type { StoredExperiment, StoredExport } from './stored-schema';

export const OBJECT_STORE_PREFIX = '/_object-store';
/** Simulated lifetime of a download token. */
export const DOWNLOAD_TOKEN_MS = 60 * 60 * 1000;
const EXPORTS_KEPT = 100;
const BEARER = /^Bearer +(\S+) *$/i;
const iso = (ms: number) => new Date(ms).toISOString();

type Request = z.output<typeof ExportExperimentRequest>;
type Include = Request['include'][number];

const METRIC_PHASES = ['current', 'best', 'final'] as const;

/** The columns for these runs and sections, in order. */
export function exportColumns(runs: readonly Run[], include: readonly Include[]): string[] {
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

export function exportRow(exp: StoredExperiment, run: Run, columns: readonly string[]): Cell[] {
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
  const written = await objectStoreOf(ctx).write(bucket, path, csvOf(exp, runs, columns));
  const token = `xdl_${randomBase62(40)}`;
  const record: StoredExport = {
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
  };
  // Another export to the same object replaced its bytes: the earlier record no longer describes them.
  for (const e of exp.exports) if (e.bucket === bucket && e.path === path) e.removed = true;
  exp.exports = [...exp.exports, record].slice(-EXPORTS_KEPT);
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
    expiresAt: iso(record.expires_at),
    createdAt: iso(now),
  };
}

/** Removes an experiment's exported objects (archive without preserve_artifacts); answers how many. */
export async function removeExports(ctx: EmulatorContext, exp: StoredExperiment): Promise<number> {
  let n = 0;
  for (const e of exp.exports) {
    if (e.removed) continue;
    await objectStoreOf(ctx).remove(e.bucket, e.path);
    e.removed = true;
    n++;
  }
  return n;
}

export const originOf = (headers: Readonly<Record<string, string | string[] | undefined>>) => {
  const host = headers.host;
  return `http://${typeof host === 'string' && /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? host : '127.0.0.1'}`;
};

function findExport(ctx: EmulatorContext, bucket: string, path: string, tokenHash: string): StoredExport | undefined {
  for (const exp of trainingState(ctx.store).experiments)
    for (const e of exp.exports) if (e.token_hash === tokenHash && e.bucket === bucket && e.path === path) return e;
  return undefined;
}

async function download(ctx: EmulatorContext, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const params = req.params as { bucket: string; '*': string };
  const m = BEARER.exec(req.headers.authorization ?? '');
  if (!m) throw unauthorized('A download token is required: Authorization: Bearer <downloadToken>');
  const e = findExport(ctx, params.bucket, params['*'], hashKey(m[1]!));
  if (!e) throw unauthorized('The download token is not valid for this object');
  if (ctx.clock.now() >= e.expires_at)
    throw new ApiError(401, 'UNAUTHORIZED', 'The download token has expired: export again for a new one', { expiredAt: iso(e.expires_at) });
  const body = e.removed ? null : await objectStoreOf(ctx).read(e.bucket, e.path);
  if (body === null) throw notFound(`${OBJECT_STORE_PREFIX}/${e.bucket}/${e.path}`);
  const name = e.path.split('/').at(-1)!;
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-length': e.size,
    'content-disposition': `attachment; filename="${name.replace(/[^A-Za-z0-9_.-]/g, '_')}"`,
    etag: `"${e.sha256}"`,
  });
  // The last chunk goes out with end(): a bare end() on a later tick leaves Node's keep-alive
  // connection looking busy, so a server close waits for its timeout.
  let held: Buffer | null = null;
  for await (const chunk of body) {
    if (held !== null && !reply.raw.write(held)) await new Promise((r) => reply.raw.once('drain', r));
    held = chunk;
  }
  reply.raw.end(held ?? undefined);
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
