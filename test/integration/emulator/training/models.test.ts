// Models (03-endpoints-training.md, Model; Models; States and transitions; Errors; Limits) over
// real HTTP: update, versions from completed jobs, deploy (deploying → active after 3–5 simulated
// minutes, capacity from the training pool, MODEL_TOO_LARGE), download (the download host's real
// bytes checked against the listed checksums, as files and as a zip, ranges, token expiry),
// compare with benchmarks, and archive → restore → deletion when the retention passes.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER, type Reply } from '../harness';
import { startSlowWorld as start } from './file-emulator';

const PART = 8 * 1024 * 1024;

type Target = Awaited<ReturnType<typeof start>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON
type Json = any;

const errorOf = (r: Reply) => ({ status: r.status, code: r.body?.error as string | undefined, details: r.body?.details });

/** The checksum of bytes in the models' scheme: `sha256:` up to one 8 MiB part, else the parts' digests hashed. */
function checksumOf(bytes: Buffer): string {
  if (bytes.length <= PART) return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  const all = createHash('sha256');
  let parts = 0;
  for (let at = 0; at < bytes.length; at += PART, parts++)
    all.update(
      createHash('sha256')
        .update(bytes.subarray(at, at + PART))
        .digest(),
    );
  return `sha256-parts:${all.digest('hex')}-${parts}`;
}

interface ZipEntry {
  name: string;
  crc: number;
  data: Buffer;
  method: number;
}

/** The entries of a zip, read from its central directory (classic records; the archives here are small). */
function readZip(zip: Buffer): ZipEntry[] {
  const eocd = zip.length - 22;
  expect(zip.readUInt32LE(eocd)).toBe(0x06054b50);
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const out: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 24);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    expect(zip.readUInt32LE(local + 14)).toBe(crc);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    out.push({ name, crc, method, data: zip.subarray(dataAt, dataAt + size) });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

async function getBytes(url: string, token: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, ...headers } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

let t: Target;
let datasetId: string;
let seeded: Json;
beforeAll(async () => {
  t = await start();
  const list = await t.call('GET', '/v2/training/datasets?status=ready');
  datasetId = list.body.datasets.find((d: Json) => d.name === 'support-chat-v3').id;
  // The seeded world's models: the completed job's, and its finished tuning search's best trial.
  const models = (await t.call('GET', '/v2/training/models')).body.models;
  expect(models.map((m: Json) => m.metadata.source).sort()).toEqual(['training', 'tuning']);
  const trained = models.find((m: Json) => m.metadata.source === 'training');
  seeded = (await t.call('GET', `/v2/training/models/${trained.id}`)).body;
});
afterAll(() => t.close());

const llmJob = (training: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  name: 'models-test-job',
  modelType: 'llm',
  datasetId,
  config: { baseModel: 'llama-3-8b', strategy: 'lora', parameters: { rank: 8 }, training: { epochs: 2, batch_size: 4, ...training } },
  ...extra,
});

async function createJob(body: Record<string, unknown>): Promise<Json> {
  const r = await t.call('POST', '/v2/training/jobs', { body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

/** A completed job's model (the job trains for under an hour of simulated time). */
async function trainedModel(training: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Promise<Json> {
  const job = await createJob(llmJob(training, extra));
  await t.advance(3600);
  const done = (await t.call('GET', `/v2/training/jobs/${job.id}`)).body;
  expect(done.status).toBe('completed');
  return (await t.call('GET', `/v2/training/models/${done.modelId}`)).body;
}

describe('model update and versions', () => {
  it('patches name, description, tags and metadata; refuses other fields and unknown models', async () => {
    const r = await t.call('PATCH', `/v2/training/models/${seeded.id}`, {
      body: { name: 'support-assistant', description: 'Baseline', tags: ['prod'], metadata: { owner: 'ml' } },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: seeded.id,
      name: 'support-assistant',
      description: 'Baseline',
      tags: ['prod'],
      metadata: { owner: 'ml' },
    });
    expect(Date.parse(r.body.updatedAt)).toBeGreaterThan(Date.parse(seeded.updatedAt));
    expect(errorOf(await t.call('PATCH', `/v2/training/models/${seeded.id}`, { body: {} })).code).toBe('VALIDATION_ERROR');
    expect(errorOf(await t.call('PATCH', `/v2/training/models/${seeded.id}`, { body: { version: 'v9.0.0' } })).code).toBe(
      'VALIDATION_ERROR',
    );
    expect(errorOf(await t.call('PATCH', `/v2/training/models/${seeded.id}`, { body: { name: '' } })).code).toBe('VALIDATION_ERROR');
    expect(errorOf(await t.call('PATCH', '/v2/training/models/model_nope', { body: { name: 'x' } }))).toMatchObject({
      status: 404,
      code: 'MODEL_NOT_FOUND',
      details: { modelId: 'model_nope' },
    });
    expect(errorOf(await t.call('PATCH', '/v2/training/models/bad-id', { body: { name: 'x' } })).code).toBe('MODEL_NOT_FOUND');
  });

  it('adds a version from a completed job of the same type; the model reads as its latest version', async () => {
    const other = await trainedModel({ epochs: 3 });
    const v = await t.call('POST', `/v2/training/models/${seeded.id}/versions`, {
      body: { version: 'v1.1.0', trainingJobId: other.trainingJobId, description: 'Three epochs', changelog: ['epochs 2 → 3'] },
    });
    expect(v.status, JSON.stringify(v.body)).toBe(201);
    expect(v.body).toMatchObject({
      modelId: seeded.id,
      version: 'v1.1.0',
      trainingJobId: other.trainingJobId,
      description: 'Three epochs',
      changelog: ['epochs 2 → 3'],
    });
    const model = (await t.call('GET', `/v2/training/models/${seeded.id}`)).body;
    expect(model.version).toBe('v1.1.0');
    expect(model.trainingJobId).toBe(other.trainingJobId);
    expect(model.versions.map((x: Json) => x.version)).toEqual(['v1.0.0', 'v1.1.0']);
    expect(model.versions[0].trainingJobId).toBe(seeded.trainingJobId);
    expect(model.metrics).toEqual(v.body.metrics);
    // Same file names, other bytes: each version's weights are its own.
    const weights = (files: Json[]) => files.find((f: Json) => f.type === 'weights').checksum;
    expect(weights(model.files)).not.toBe(weights(seeded.files));
    expect(model.versions[0].files).toEqual(seeded.files);
    const listed = (await t.call('GET', `/v2/training/models?trainingJobId=${other.trainingJobId}`)).body.models;
    expect(listed.map((m: Json) => m.id).sort()).toEqual([other.id, seeded.id].sort());
    expect(listed.find((m: Json) => m.id === seeded.id).versionCount).toBe(2);

    const post = (body: Record<string, unknown>) => t.call('POST', `/v2/training/models/${seeded.id}/versions`, { body });
    expect(errorOf(await post({ version: '1.1.0', trainingJobId: seeded.trainingJobId }))).toMatchObject({
      status: 409,
      code: 'VERSION_EXISTS',
      details: { version: 'v1.1.0' },
    });
    expect(errorOf(await post({ version: 'v1.2.0', trainingJobId: other.trainingJobId }))).toMatchObject({
      status: 409,
      code: 'VERSION_EXISTS',
      details: { version: 'v1.1.0', trainingJobId: other.trainingJobId },
    });
    expect(errorOf(await post({ version: 'v1.0.5', trainingJobId: seeded.trainingJobId }))).toMatchObject({
      status: 409,
      code: 'VERSION_NOT_NEWER',
      details: { latestVersion: 'v1.1.0' },
    });
    expect(errorOf(await post({ version: '1.2', trainingJobId: seeded.trainingJobId }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      details: { field: 'version' },
    });
    expect(errorOf(await post({ version: 'v1.2.0', trainingJobId: 'job_missing' }))).toMatchObject({ status: 404, code: 'JOB_NOT_FOUND' });
    const pending = await createJob(llmJob());
    expect(errorOf(await post({ version: 'v1.2.0', trainingJobId: pending.id }))).toMatchObject({
      status: 409,
      code: 'JOB_NOT_COMPLETED',
      details: { jobId: pending.id, status: 'pending' },
    });
    const custom = await trainedModel({}, { modelType: 'custom', config: { baseModel: 'gpt2', training: { epochs: 1 } } });
    expect(errorOf(await post({ version: 'v1.2.0', trainingJobId: custom.trainingJobId }))).toMatchObject({
      status: 400,
      code: 'MODEL_TYPE_MISMATCH',
      details: { modelType: 'llm', jobModelType: 'custom' },
    });

    // Without a training job (the document does not require one): the latest version's files and
    // metrics under the new number, saying which version it holds; the version checks still apply.
    const latest = (await t.call('GET', `/v2/training/models/${seeded.id}`)).body;
    const bare = await post({ version: 'v1.2.0', description: 'Weights fine-tuned elsewhere' });
    expect(bare.status, JSON.stringify(bare.body)).toBe(201);
    expect(bare.body).toMatchObject({
      version: 'v1.2.0',
      trainingJobId: null,
      derivedFrom: 'v1.1.0',
      description: 'Weights fine-tuned elsewhere',
    });
    expect(bare.body.files).toEqual(latest.files);
    expect(bare.body.metrics).toEqual(latest.metrics);
    const after = (await t.call('GET', `/v2/training/models/${seeded.id}`)).body;
    expect(after).toMatchObject({ version: 'v1.2.0', trainingJobId: null });
    expect(after.versions.map((x: Json) => x.derivedFrom)).toEqual([null, null, 'v1.1.0']);
    expect(errorOf(await post({ version: 'v1.2.0' }))).toMatchObject({ status: 409, code: 'VERSION_EXISTS' });
    expect(errorOf(await post({ version: 'v1.1.9' }))).toMatchObject({ status: 409, code: 'VERSION_NOT_NEWER' });

    // Without a number either (03 marks none of the fields required): the next minor after the latest.
    const unnumbered = await post({ changelog: ['Same weights, new tokenizer config'] });
    expect(unnumbered.status, JSON.stringify(unnumbered.body)).toBe(201);
    expect(unnumbered.body).toMatchObject({ version: 'v1.3.0', trainingJobId: null, derivedFrom: 'v1.2.0' });
  });
});

describe('model deployment', () => {
  it('goes deploying → active after 3–5 simulated minutes; the model is deployed while it is active', async () => {
    const model = await trainedModel();
    const r = await t.call('POST', `/v2/training/models/${model.id}/deploy`, {
      body: {
        name: 'support-prod',
        environment: 'production',
        gpuType: 'a100',
        workers: 2,
        scaling: { minWorkers: 1, maxWorkers: 4, targetUtilization: 0.6 },
        configuration: { max_tokens: 1024, temperature: 0.2, top_p: 0.95, repetition_penalty: 1.1 },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const d = r.body.deployment;
    expect(d).toMatchObject({
      modelId: model.id,
      name: 'support-prod',
      status: 'deploying',
      environment: 'production',
      version: 'v1.0.0',
      configuration: { gpuType: 'a100', workers: 2, maxTokens: 1024, temperature: 0.2, topP: 0.95, repetitionPenalty: 1.1 },
      scaling: { minWorkers: 1, maxWorkers: 4, targetUtilization: 0.6 },
    });
    expect(d.id).toMatch(/^ep_/);
    expect(d.url).toBe(`/v2/${d.id}/runsync`);
    const readyIn = (Date.parse(d.estimatedReadyTime) - Date.parse(d.createdAt)) / 1000;
    expect(readyIn).toBeGreaterThanOrEqual(180);
    expect(readyIn).toBeLessThanOrEqual(300);

    await t.advance(179);
    let m = (await t.call('GET', `/v2/training/models/${model.id}`)).body;
    expect(m.status).toBe('ready');
    expect(m.deployments).toMatchObject([{ id: d.id, status: 'deploying', workers: 2, url: d.url }]);
    await t.advance(readyIn - 179);
    m = (await t.call('GET', `/v2/training/models/${model.id}`)).body;
    expect(m.status).toBe('deployed');
    expect(m.deployments[0].status).toBe('active');
    const listed = (await t.call('GET', '/v2/training/models?status=deployed')).body.models;
    expect(listed.find((x: Json) => x.id === model.id).deployments).toEqual({ active: 1, endpoints: [d.url] });
  });

  it('answers DEPLOYMENT_FAILED without capacity; deployments hold the pool’s GPUs', async () => {
    const post = (body: Record<string, unknown>) => t.call('POST', `/v2/training/models/${seeded.id}/deploy`, { body });
    const v100 = errorOf(await post({ gpuType: 'v100' }));
    expect(v100).toMatchObject({ status: 400, code: 'DEPLOYMENT_FAILED', details: { requestedGpuType: 'v100', requestedWorkers: 1 } });
    expect(v100.details.reason).toMatch(/no NVIDIA V100/);
    expect(v100.details.availableGpuTypes).not.toContain('v100');
    expect(v100.details.availableGpuTypes).toContain('a100');
    const many = errorOf(await post({ gpuType: 'h100', workers: 50, scaling: { minWorkers: 1, maxWorkers: 50 } }));
    expect(many.code).toBe('DEPLOYMENT_FAILED');
    const free = many.details.available.h100 as number;
    expect(free).toBeGreaterThan(0);
    expect(free).toBeLessThan(50);
    expect((await post({ gpuType: 'h100', workers: free })).status).toBe(201);
    // The deployment holds every free H100: a job asking for one is refused, and so is another deployment.
    expect(errorOf(await t.call('POST', '/v2/training/jobs', { body: llmJob({}, { gpuType: 'h100' }) }))).toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_RESOURCES',
    });
    expect(errorOf(await post({ gpuType: 'h100' })).code).toBe('DEPLOYMENT_FAILED');
  });

  it('validates the deployment request', async () => {
    const post = (body: Record<string, unknown>) => t.call('POST', `/v2/training/models/${seeded.id}/deploy`, { body });
    for (const body of [
      { scaling: { minWorkers: 3, maxWorkers: 2 } },
      { scaling: { minWorkers: 1, maxWorkers: 2, targetUtilization: 1.5 } },
      { workers: 5, scaling: { minWorkers: 1, maxWorkers: 2 } },
      { workers: 0 },
      { gpuType: 'tpu' },
      { environment: 'Prod env' },
      { configuration: { temperature: 3 } },
      { configuration: { top_p: 0 } },
    ])
      expect(errorOf(await post(body)), JSON.stringify(body)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(errorOf(await t.call('POST', '/v2/training/models/model_nope/deploy', { body: {} })).code).toBe('MODEL_NOT_FOUND');
  });

  it('refuses a model over the 40 GB deployable size with MODEL_TOO_LARGE and suggestions', async () => {
    const snap = (await t.call('GET', '/_emulator/snapshot')).body;
    const m = snap.state.areas.training.models.find((x: Json) => x.id === seeded.id);
    m.size.bytes = 52_000_000_000;
    m.versions.at(-1).size.bytes = 52_000_000_000;
    const other = await start();
    try {
      expect((await other.call('POST', '/_emulator/snapshot', { body: snap })).status).toBe(200);
      const r = errorOf(await other.call('POST', `/v2/training/models/${seeded.id}/deploy`, { body: {} }));
      expect(r).toMatchObject({
        status: 400,
        code: 'MODEL_TOO_LARGE',
        details: { modelSize: 52_000_000_000, maxAllowedSize: 40_000_000_000 },
      });
      expect(r.details.suggestions.length).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});

describe('model download', () => {
  it('serves each listed file with bytes matching its size and checksum, by range too', async () => {
    const model = (await t.call('GET', `/v2/training/models/${seeded.id}`)).body;
    const r = await t.call('POST', `/v2/training/models/${seeded.id}/download`, { body: { compression: 'none' } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const dl = r.body;
    expect(dl).toMatchObject({ modelId: seeded.id, version: model.version, format: 'pytorch', compression: 'none' });
    expect(dl.downloadUrl).toBe(`${t.url}/_downloads/models/${seeded.id}/${dl.downloadId}`);
    expect(dl.files.map((f: Json) => f.name)).toEqual(model.files.map((f: Json) => f.name));
    expect(dl.size).toBe(model.files.reduce((n: number, f: Json) => n + f.size, 0));
    expect(Date.parse(dl.expiresAt) - Date.parse((await t.call('GET', '/_emulator/clock')).body.now)).toBeGreaterThan(3500_000);
    const schemes = new Set<string>();
    for (const f of dl.files) {
      const listed = model.files.find((x: Json) => x.name === f.name);
      expect(f).toMatchObject({ size: listed.size, checksum: listed.checksum });
      const got = await getBytes(f.url, dl.downloadToken);
      expect(got.status).toBe(200);
      expect(got.bytes.length).toBe(f.size);
      expect(checksumOf(got.bytes)).toBe(f.checksum);
      expect(got.headers.get('x-checksum')).toBe(f.checksum);
      schemes.add(f.checksum.split(':')[0]);
      if (listed.type === 'config') expect(() => JSON.parse(got.bytes.toString('utf8'))).not.toThrow();
    }
    // Both schemes are exercised: small files whole, the weights by 8 MiB parts.
    expect([...schemes].sort()).toEqual(['sha256', 'sha256-parts']);
    const weights = dl.files.find((f: Json) => f.name.endsWith('.safetensors'));
    const whole = await getBytes(weights.url, dl.downloadToken);
    const part = await getBytes(weights.url, dl.downloadToken, { range: `bytes=${PART - 10}-${PART + 9}` });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${PART - 10}-${PART + 9}/${weights.size}`);
    expect(part.bytes.equals(whole.bytes.subarray(PART - 10, PART + 10))).toBe(true);
    const suffix = await getBytes(weights.url, dl.downloadToken, { range: 'bytes=-100' });
    expect(suffix.bytes.equals(whole.bytes.subarray(-100))).toBe(true);
    const beyond = await getBytes(weights.url, dl.downloadToken, { range: `bytes=${weights.size}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${weights.size}`);
    const head = await fetch(weights.url, { method: 'HEAD', headers: { authorization: `Bearer ${dl.downloadToken}` } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(weights.size);
    const manifest = await getBytes(dl.downloadUrl, dl.downloadToken);
    expect(JSON.parse(manifest.bytes.toString('utf8')).files).toEqual(dl.files);
  });

  it('serves a zip whose entries hash to the listed checksums', async () => {
    const model = (await t.call('GET', `/v2/training/models/${seeded.id}`)).body;
    const names = model.files.map((f: Json) => f.name).reverse();
    const dl = (
      await t.call('POST', `/v2/training/models/${seeded.id}/download`, { body: { files: names, format: 'pytorch', compression: 'zip' } })
    ).body;
    const got = await getBytes(dl.downloadUrl, dl.downloadToken);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/zip');
    expect(got.bytes.length).toBe(dl.size);
    const entries = readZip(got.bytes);
    expect(entries.map((e) => e.name)).toEqual(names);
    for (const e of entries) {
      const listed = dl.files.find((f: Json) => f.name === e.name);
      expect(e.method).toBe(0);
      expect(e.data.length).toBe(listed.size);
      expect(crc32(e.data)).toBe(e.crc);
      expect(checksumOf(e.data)).toBe(listed.checksum);
    }
    // Any range of the archive is the same bytes as the whole.
    const mid = await getBytes(dl.downloadUrl, dl.downloadToken, { range: 'bytes=100-2000099' });
    expect(mid.status).toBe(206);
    expect(mid.bytes.equals(got.bytes.subarray(100, 2_000_100))).toBe(true);
  });

  it('refuses unknown files and formats, and takes only the download’s own unexpired token', async () => {
    const post = (body: Record<string, unknown>) => t.call('POST', `/v2/training/models/${seeded.id}/download`, { body });
    const unknown = errorOf(await post({ files: ['config.json', 'model.onnx', 'weights.bin'] }));
    expect(unknown).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      details: { field: 'files', unknownFiles: ['model.onnx', 'weights.bin'] },
    });
    expect(unknown.details.reason).toMatch(/model\.onnx, weights\.bin/);
    expect(unknown.details.availableFiles).toContain('config.json');
    expect(errorOf(await post({ format: 'onnx' }))).toMatchObject({
      status: 400,
      code: 'UNSUPPORTED_FORMAT',
      details: { providedFormat: 'onnx', supportedFormats: ['pytorch'] },
    });
    expect(errorOf(await post({ compression: 'gzip' })).code).toBe('VALIDATION_ERROR');
    expect(errorOf(await post({ files: [] })).code).toBe('VALIDATION_ERROR');

    const a = (await post({ files: ['config.json'], compression: 'none' })).body;
    const b = (await post({ files: ['config.json'], compression: 'none' })).body;
    const url = a.files[0].url;
    const none = await fetch(url);
    expect(none.status).toBe(401);
    expect((await none.json()).error).toBe('UNAUTHORIZED');
    const apiKey = await fetch(url, { headers: { authorization: `Bearer ${OWNER}` } });
    expect(apiKey.status).toBe(401);
    // Another download's token, on this download or on one that does not exist: 403 naming its own.
    const mismatch = { error: 'DOWNLOAD_TOKEN_MISMATCH', details: { modelId: seeded.id, downloadId: b.downloadId } };
    const other = await fetch(url, { headers: { authorization: `Bearer ${b.downloadToken}` } });
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject(mismatch);
    const otherDownload = await fetch(`${t.url}/_downloads/models/${seeded.id}/dl_missing`, {
      headers: { authorization: `Bearer ${b.downloadToken}` },
    });
    expect(otherDownload.status).toBe(403);
    expect(await otherDownload.json()).toMatchObject(mismatch);
    const otherFile = await fetch(`${a.downloadUrl}/files/tokenizer.json`, { headers: { authorization: `Bearer ${a.downloadToken}` } });
    expect(otherFile.status).toBe(404);
    expect(await otherFile.json()).toMatchObject({ error: 'DOWNLOAD_NOT_FOUND', details: { file: 'tokenizer.json' } });
    const noModel = await fetch(`${t.url}/_downloads/models/model_missing/${a.downloadId}`, {
      headers: { authorization: `Bearer ${a.downloadToken}` },
    });
    expect(noModel.status).toBe(403);
    expect(await noModel.json()).toMatchObject({
      error: 'DOWNLOAD_TOKEN_MISMATCH',
      details: { modelId: seeded.id, downloadId: a.downloadId },
    });
    expect((await getBytes(url, a.downloadToken)).status).toBe(200);

    await t.advance(3600);
    const expired = await fetch(url, { headers: { authorization: `Bearer ${a.downloadToken}` } });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({
      error: 'DOWNLOAD_TOKEN_EXPIRED',
      details: { expiredAt: a.expiresAt, lifetimeSeconds: 3600 },
    });
  });

  it('answers a token that is not a download’s the same whatever model, download or file the path names', async () => {
    const a = (await t.call('POST', `/v2/training/models/${seeded.id}/download`, { body: { compression: 'none' } })).body;
    const b = (await t.call('POST', `/v2/training/models/${seeded.id}/download`, { body: { compression: 'none' } })).body;
    const host = `${t.url}/_downloads/models`;
    const paths = [
      a.downloadUrl,
      a.files[0].url,
      `${host}/${seeded.id}/dl_missing`,
      `${host}/${seeded.id}/dl_missing/files/config.json`,
      `${host}/model_missing/${a.downloadId}`,
      `${host}/model_missing/dl_missing/files/x.bin`,
    ];
    const answers = async (authorization: string | null) =>
      Promise.all(
        paths.map(async (path) => {
          const res = await fetch(path, authorization === null ? {} : { headers: { authorization } });
          return `${res.status} ${await res.text()}`;
        }),
      );
    // No token, an unknown one, an API key: 401, byte for byte the same on every path.
    for (const authorization of [null, `Bearer mdl_dl_${'x'.repeat(40)}`, `Bearer ${OWNER}`, 'Basic eDp5']) {
      const seen = await answers(authorization);
      expect(new Set(seen).size, String(authorization)).toBe(1);
      expect(seen[0]).toMatch(/^401 .*"error":"UNAUTHORIZED"/);
    }
    // Another download's token: 403 naming its own download, the same on every path but its own.
    const others = await answers(`Bearer ${b.downloadToken}`);
    expect(new Set(others).size).toBe(1);
    expect(JSON.parse(others[0]!.slice(4))).toMatchObject({
      error: 'DOWNLOAD_TOKEN_MISMATCH',
      details: { modelId: seeded.id, downloadId: b.downloadId },
    });
    expect(others[0]!.startsWith('403 ')).toBe(true);
    // The download's own token reads it; on the other paths it is another download's.
    const own = await answers(`Bearer ${a.downloadToken}`);
    expect(own.slice(0, 2).map((x) => x.slice(0, 3))).toEqual(['200', '200']);
    expect(new Set(own.slice(2)).size).toBe(1);
    expect(own[2]).toMatch(/^403 .*DOWNLOAD_TOKEN_MISMATCH/);
  });
});

describe('model comparison', () => {
  it('compares metrics and benchmarks; the lower-loss model scores better and is best performing', async () => {
    const good = await trainedModel({ epochs: 3, learning_rate: 2e-4 });
    const weak = await trainedModel({ epochs: 1, learning_rate: 2e-6 });
    expect(good.metrics.validation.loss).toBeLessThan(weak.metrics.validation.loss);
    const body = {
      models: [weak.id, good.id],
      metrics: ['validationLoss', 'accuracy', 'perplexity', 'size'],
      benchmarks: ['mmlu', 'hellaswag', 'gsm8k', 'imagenet_top1'],
    };
    const r = await t.call('POST', '/v2/training/models/compare', { body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const c = r.body.comparison;
    expect(c.models.map((m: Json) => m.id)).toEqual([weak.id, good.id]);
    const [w, g] = c.models;
    expect(g.metrics.validationLoss).toBe(good.metrics.validation.loss);
    expect(g.metrics.size).toBe(good.size.bytes);
    for (const b of ['mmlu', 'hellaswag', 'gsm8k']) {
      expect(g.benchmarks[b]).toBeGreaterThan(w.benchmarks[b]);
      expect(g.benchmarks[b]).toBeLessThanOrEqual(100);
      expect(c.best_performing[b]).toBe(good.id);
    }
    expect(g.benchmarks.imagenet_top1).toBeNull();
    expect(c.best_performing.validationLoss).toBe(good.id);
    expect(c.best_performing.accuracy).toBe(good.id);
    expect(c.best_performing).not.toHaveProperty('imagenet_top1');
    expect(c.recommendations.some((s: string) => s.startsWith(`${good.name} (v1.0.0) is best on`))).toBe(true);
    expect(c.recommendations.some((s: string) => s.includes('imagenet_top1 does not apply'))).toBe(true);
    // Deterministic: the same request, the same scores.
    expect((await t.call('POST', '/v2/training/models/compare', { body })).body).toEqual(r.body);
  });

  it('needs 2–10 distinct known models', async () => {
    const post = (body: Record<string, unknown>) => t.call('POST', '/v2/training/models/compare', { body });
    expect(errorOf(await post({ models: [seeded.id] })).code).toBe('VALIDATION_ERROR');
    expect(errorOf(await post({ models: [seeded.id, seeded.id] })).code).toBe('VALIDATION_ERROR');
    expect(errorOf(await post({ models: Array.from({ length: 11 }, (_, i) => `model_x${i}`) })).code).toBe('VALIDATION_ERROR');
    expect(errorOf(await post({ models: [seeded.id, 'model_a'], metrics: ['latency'] })).code).toBe('VALIDATION_ERROR');
    expect(errorOf(await post({ models: [seeded.id, 'model_a', 'model_b'] }))).toMatchObject({
      status: 404,
      code: 'MODEL_NOT_FOUND',
      details: { modelId: 'model_a', unknownModelIds: ['model_a', 'model_b'] },
    });
  });
});

describe('model archive', () => {
  it('archives (stopping deployments), refuses changes, restores, and deletes when the retention passes', async () => {
    const model = await trainedModel();
    const dep = (await t.call('POST', `/v2/training/models/${model.id}/deploy`, { body: {} })).body.deployment;
    await t.advance(300);
    const dl = (await t.call('POST', `/v2/training/models/${model.id}/download`, { body: { files: ['config.json'] } })).body;
    const a = await t.call('POST', `/v2/training/models/${model.id}/archive`, { body: { reason: 'superseded', retention_period: '30d' } });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      id: model.id,
      status: 'archived',
      reason: 'superseded',
      retentionPeriod: '30d',
      stoppedDeployments: [dep.id],
    });
    expect(Date.parse(a.body.deleteAt) - Date.parse(a.body.archivedAt)).toBe(30 * 86_400_000);
    const m = (await t.call('GET', `/v2/training/models/${model.id}`)).body;
    expect(m.status).toBe('archived');
    expect(m.archive).toEqual({ archivedAt: a.body.archivedAt, reason: 'superseded', retentionPeriod: '30d', deleteAt: a.body.deleteAt });
    expect(m.deployments[0].status).toBe('stopped');
    for (const [method, path, body] of [
      ['PATCH', '', { name: 'x' }],
      ['POST', '/deploy', {}],
      ['POST', '/download', {}],
      ['POST', '/archive', {}],
      ['POST', '/versions', { version: 'v2.0.0', trainingJobId: model.trainingJobId }],
    ] as const)
      expect(errorOf(await t.call(method, `/v2/training/models/${model.id}${path}`, { body })), `${method} ${path}`).toMatchObject({
        status: 409,
        code: 'MODEL_ARCHIVED',
        details: { modelId: model.id, deleteAt: a.body.deleteAt },
      });
    // Archiving ended the model's downloads: their tokens are no one's.
    expect((await getBytes(dl.downloadUrl, dl.downloadToken)).status).toBe(401);
    expect((await t.call('GET', `/v2/training/models?status=archived`)).body.models.map((x: Json) => x.id)).toContain(model.id);

    const restored = await t.call('POST', `/v2/training/models/${model.id}/restore`);
    expect(restored.body).toMatchObject({ id: model.id, status: 'ready' });
    expect(errorOf(await t.call('POST', `/v2/training/models/${model.id}/restore`))).toMatchObject({ status: 409, code: 'INVALID_STATE' });
    expect((await t.call('GET', `/v2/training/models/${model.id}`)).body).toMatchObject({ status: 'ready', archive: null });

    expect((await t.call('POST', `/v2/training/models/${model.id}/archive`, { body: { retention_period: '1d' } })).status).toBe(200);
    await t.advance(86_399);
    expect((await t.call('GET', `/v2/training/models/${model.id}`)).status).toBe(200);
    await t.advance(1);
    expect(errorOf(await t.call('GET', `/v2/training/models/${model.id}`))).toMatchObject({ status: 404, code: 'MODEL_NOT_FOUND' });
    expect((await t.call('GET', '/v2/training/models?limit=100')).body.models.map((x: Json) => x.id)).not.toContain(model.id);
    expect(errorOf(await t.call('POST', `/v2/training/models/${model.id}/restore`)).code).toBe('MODEL_NOT_FOUND');
  });

  it('takes a retention of 1–3650 days', async () => {
    const post = (retention_period: unknown) => t.call('POST', `/v2/training/models/${seeded.id}/archive`, { body: { retention_period } });
    for (const bad of ['0d', '3651d', '90', '2w', 90])
      expect(errorOf(await post(bad)), String(bad)).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
        details: { field: 'retention_period' },
      });
  });
});

describe('models across a restart', () => {
  it('keeps versions, deployments, archives and download tokens on the same data folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gpc-models-'));
    try {
      const first = await start({ dataDir: dir });
      const models = (await first.call('GET', '/v2/training/models')).body.models;
      const id = models[0].id;
      await first.call('PATCH', `/v2/training/models/${id}`, { body: { tags: ['kept'] } });
      const dep = (await first.call('POST', `/v2/training/models/${id}/deploy`, { body: { workers: 2 } })).body.deployment;
      const dl = (await first.call('POST', `/v2/training/models/${id}/download`, { body: { files: ['config.json'], compression: 'none' } }))
        .body;
      const before = (await first.call('GET', `/v2/training/models/${id}`)).body;
      const bytes = (await getBytes(dl.files[0].url, dl.downloadToken)).bytes;
      await first.close();
      const second = await start({ dataDir: dir });
      try {
        const after = (await second.call('GET', `/v2/training/models/${id}`)).body;
        expect(after).toEqual(before);
        expect(after.deployments.map((d: Json) => d.id)).toEqual([dep.id]);
        const url = dl.files[0].url.replace(first.url, second.url);
        const again = await getBytes(url, dl.downloadToken);
        expect(again.status).toBe(200);
        expect(again.bytes.equals(bytes)).toBe(true);
        await second.call('POST', `/v2/training/models/${id}/archive`, { body: { retention_period: '7d' } });
      } finally {
        await second.close();
      }
      const third = await start({ dataDir: dir });
      try {
        const m = (await third.call('GET', `/v2/training/models/${id}`)).body;
        expect(m.status).toBe('archived');
        expect(m.deployments[0].status).toBe('stopped');
        expect(m.archive.retentionPeriod).toBe('7d');
      } finally {
        await third.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
