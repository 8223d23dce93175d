// POST /v2/training/models/{id}/download (03-endpoints-training.md, Models; docs/decisions.md,
// Training: models — downloads): a download of the latest version's files on the download host
// (download-host.ts), with a bearer token that lives an hour of simulated time. What a download
// serves is planned here, for the answer's sizes and for the host.
import { DOWNLOAD_FORMATS, MODEL_LIMITS } from '../../../../../shared/api/training/models-actions';
import { trainingOperations as ops } from '../../../../../shared/api/training/operations';
import { ApiError } from '../../../core/errors';
import { hashKey, randomBase62, randomId } from '../../../core/ids';
import { defineRoute } from '../../../core/route-def';
import { JobRun } from '../jobs/sim/run';
import { trainingRecord } from '../records';
import { AREA, trainingState, type StoredDownload, type StoredModelVersion, type TrainingState } from '../state';
import { blockContent, bufferContent, type Content } from './content';
import { DOWNLOAD_PREFIX } from './download-paths';
import { versionsOf } from './lifecycle';
import { assertNotArchived, modelOr404 } from './lookup';
import { filesOf } from './register';
import { zipArchive } from './zip';
import { countDownload } from '../transfer';

const iso = (ms: number) => new Date(ms).toISOString();

/** The bytes of one file of a version: a JSON file's text, else the weight blocks of its content key. */
function fileContent(state: TrainingState, v: StoredModelVersion, name: string): Content {
  const f = v.files.find((x) => x.name === name)!;
  let text = f.text;
  if (text === undefined && f.type === 'config') {
    // A record made before JSON texts were kept: the job that trained it makes them again.
    const job = state.jobs.find((j) => j.id === v.training_job_id);
    const spec = job ? filesOf(new JobRun(job)).find((s) => s.name === name) : undefined;
    if (spec?.content.kind === 'json') text = spec.content.text;
  }
  return text !== undefined ? bufferContent(Buffer.from(text, 'utf8')) : blockContent(v.content_key, name, f.size);
}

export interface DownloadPlan {
  version: StoredModelVersion;
  files: Array<{ name: string; size: number; checksum: string; content: Content }>;
  /** The archive, for a zip download. */
  zip: Content | null;
}

export function planDownload(
  state: TrainingState,
  versions: readonly StoredModelVersion[],
  d: Pick<StoredDownload, 'version' | 'files' | 'compression'>,
): DownloadPlan {
  const version = versions.find((v) => v.version === d.version)!;
  const files = d.files.map((name) => {
    const f = version.files.find((x) => x.name === name)!;
    return { name, size: f.size, checksum: f.checksum, content: fileContent(state, version, name) };
  });
  return {
    version,
    files,
    zip:
      d.compression === 'zip'
        ? zipArchive(
            files.map((f) => ({ name: f.name, content: f.content })),
            version.created_at,
          )
        : null,
  };
}

/** The origin the caller reached the emulator by (over HTTP or in-process): the download host is on it. */
export function originOf(headers: Readonly<Record<string, string | string[] | undefined>>): string {
  const host = headers.host;
  return `http://${typeof host === 'string' && /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? host : '127.0.0.1'}`;
}

export const downloadBase = (origin: string, modelId: string, downloadId: string) =>
  `${origin}${DOWNLOAD_PREFIX}/models/${modelId}/${downloadId}`;
export const fileUrl = (base: string, name: string) => `${base}/files/${encodeURIComponent(name)}`;

export const downloadRoute = defineRoute(
  ops['training.models.download'],
  (ctx, { params, body, now, headers }) => {
    const state = trainingState(ctx.store);
    const m = modelOr404(state, ctx.store, params.model_id, now);
    assertNotArchived(m);
    if (!(DOWNLOAD_FORMATS as readonly string[]).includes(body.format))
      throw new ApiError(400, 'UNSUPPORTED_FORMAT', `Models download as ${DOWNLOAD_FORMATS.join(', ')}, not ${body.format}`, {
        providedFormat: body.format,
        supportedFormats: [...DOWNLOAD_FORMATS],
      });
    const versions = versionsOf(m);
    const v = versions.at(-1)!;
    const available = v.files.map((f) => f.name);
    const names = body.files ?? available;
    const unknown = names.filter((n) => !available.includes(n));
    if (unknown.length > 0)
      throw new ApiError(400, 'VALIDATION_ERROR', `Invalid files: the model has no ${unknown.map((n) => JSON.stringify(n)).join(', ')}`, {
        field: 'files',
        reason: `unknown file(s): ${unknown.join(', ')}; the model's files are ${available.join(', ')}`,
        unknownFiles: unknown,
        availableFiles: available,
      });
    const token = `mdl_dl_${randomBase62(40)}`;
    const d: StoredDownload = {
      id: randomId('dl_', 16),
      token_hash: hashKey(token),
      version: v.version,
      files: names,
      compression: body.compression,
      format: body.format,
      created_at: now,
      expires_at: now + MODEL_LIMITS.downloadTokenSeconds * 1000,
    };
    // Expired downloads are dropped as new ones come.
    m.downloads = [...m.downloads.filter((x) => x.expires_at > now), d];
    ctx.store.touch(AREA, trainingRecord.model(m.id));
    const plan = planDownload(state, versions, d);
    const size = plan.zip?.size ?? plan.files.reduce((n, f) => n + f.size, 0);
    // Data transfer out (issue 21): counted as the address is issued, at the size it states.
    countDownload(ctx.store, { type: 'model', id: m.id, name: m.name }, size, now);
    const base = downloadBase(originOf(headers), m.id, d.id);
    return {
      downloadId: d.id,
      modelId: m.id,
      version: v.version,
      downloadUrl: base,
      downloadToken: token,
      expiresAt: iso(d.expires_at),
      format: d.format,
      compression: d.compression,
      size,
      files: plan.files.map((f) => ({ name: f.name, size: f.size, checksum: f.checksum, url: fileUrl(base, f.name) })),
    };
  },
  201,
);
