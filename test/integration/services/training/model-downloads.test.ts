// Model downloads to a file through the bridge channels with the real embedded emulator: the zip
// streams from the download host (in-process) to a temporary file renamed when every listed
// file's checksum matched; a wrong byte fails the download and leaves no file; cancel removes
// the partial file; a 1 GB model is written progressively without the body held in memory; the
// download token never reaches the renderer. Web mode: the one-time address on the console's
// own server answers the bytes once.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCallResponse, BridgeResult } from '../../../../shared/ipc/contract';
import { dispatch } from '../../../../shared/ipc/dispatch';
import type { ModelDownloadEvent, ModelDownloadStart } from '../../../../shared/ipc/model-downloads';
import { createModelDownloads } from '../../../../main/training/model-downloads/model-downloads';
import { createEmulator } from '../../../../main/emulator/index';
import { createServices, type Services } from '../../../../main/services';
import { MemorySecretStore } from '../../../../main/vault/memory-secret-store';
import { startWebServer } from '../../../../main/web/server';

let root: string;
let saveDir: string;
let services: Services;
/** Every answer and event the renderer got. */
const received: unknown[] = [];
let nextPath: string | null = null;

async function invoke<T>(channel: string, request: unknown, on = services): Promise<T> {
  const result = (await dispatch(on.handlers, channel, request)) as BridgeResult<T>;
  received.push(result);
  if (!result.ok) throw Object.assign(new Error(result.error.message), { normalized: result.error });
  return result.value;
}

const call = async <T>(op: string, input: Record<string, unknown> = {}) =>
  (await invoke<ApiCallResponse>('api:call', { op, input })).data as T;

type ModelFile = { name: string; size: number; checksum: string };
type ModelDetail = { id: string; name: string; version: string; files: ModelFile[] };

async function modelNamed(name: string): Promise<ModelDetail> {
  const list = await call<{ models: Array<{ id: string; name: string }> }>('training.models.list', { query: { limit: 100 } });
  const m = list.models.find((x) => x.name === name)!;
  return call<ModelDetail>('training.models.get', { params: { model_id: m.id } });
}

/** Follows a download on the topic until it ends; `onProgress` sees each event while running. */
function ended(downloadId: string, onProgress: (e: ModelDownloadEvent) => void = () => {}, on = services): Promise<ModelDownloadEvent> {
  return new Promise((resolve) => {
    let stop = () => {};
    stop = on.topics['models:download'](
      { downloadId },
      (e) => {
        received.push(e);
        if (e.state === 'running' || e.state === 'waiting') onProgress(e);
        else {
          queueMicrotask(() => stop());
          resolve(e);
        }
      },
      { congested: () => false },
    );
  });
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'gpc-downloads-'));
  saveDir = join(root, 'saved');
  await mkdir(saveDir);
  services = await createServices({
    mode: 'electron',
    dataDir: join(root, 'data'),
    secretStore: new MemorySecretStore(),
    emulator: { seed: 11 },
    chooseSavePath: async (defaultName) => {
      const chosen = nextPath ?? join(saveDir, defaultName);
      nextPath = null;
      return chosen === 'closed' ? null : chosen;
    },
  });
});

afterAll(async () => {
  await services?.dispose();
  await rm(root, { recursive: true, force: true });
});

describe('model downloads to a file', () => {
  it('saves the zip under <model>-<version>.zip with every listed checksum verified, the bytes the download host serves', async () => {
    const model = await modelNamed('support-assistant-v1');
    const start = await invoke<ModelDownloadStart>('models:download', { modelId: model.id, files: model.files.map((f) => f.name) });
    if (!start.started) throw new Error('not started');
    expect(start).toMatchObject({
      delivery: 'file',
      url: null,
      fileName: `support-assistant-v1-${model.version}.zip`,
      version: model.version,
    });
    const done = await ended(start.downloadId);
    expect(done.error).toBeNull();
    expect(done.state).toBe('completed');
    expect(done.path).toBe(join(saveDir, start.fileName));
    expect(done.received).toBe(start.size);
    // Verified against what the model lists, every file.
    expect([...done.verified].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      model.files.map((f) => ({ name: f.name, size: f.size, checksum: f.checksum })).sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(model.files.some((f) => f.checksum.startsWith('sha256-parts:'))).toBe(true);
    const saved = await readFile(done.path!);
    expect(saved.byteLength).toBe(start.size);
    // The same bytes as the download host serves to anyone with a token (read here, main-side).
    const d = (await services.gateway.call('training.models.download', { params: { model_id: model.id }, body: {} })).data as {
      downloadUrl: string;
      downloadToken: string;
    };
    const host = await services.gateway.host({ method: 'GET', url: d.downloadUrl, token: d.downloadToken, address: 'download address' });
    const direct = new Uint8Array(await new Response(host.body).arrayBuffer());
    expect(sha256(saved)).toBe(sha256(direct));
    expect(await readdir(saveDir)).toEqual([start.fileName]);
    expect(await invoke('models:showDownload', { downloadId: start.downloadId })).toEqual({ shown: false });
  });

  it('a subset of the files makes a zip of those files only', async () => {
    const model = await modelNamed('support-assistant-v1');
    nextPath = join(saveDir, 'subset.zip');
    const start = await invoke<ModelDownloadStart>('models:download', { modelId: model.id, files: ['config.json', 'tokenizer.json'] });
    if (!start.started) throw new Error('not started');
    expect(start.files.map((f) => f.name)).toEqual(['config.json', 'tokenizer.json']);
    const done = await ended(start.downloadId);
    expect(done.state).toBe('completed');
    expect(done.verified.map((f) => f.name)).toEqual(['config.json', 'tokenizer.json']);
    expect((await stat(join(saveDir, 'subset.zip'))).size).toBe(start.size);
  });

  it('closing the save dialog asks nothing of the API', async () => {
    const model = await modelNamed('support-assistant-v1');
    nextPath = 'closed';
    expect(await invoke('models:download', { modelId: model.id, files: ['config.json'] })).toEqual({ started: false });
  });

  it('a wrong byte fails the download, names the file, and leaves no file behind', async () => {
    const model = await modelNamed('support-assistant-v1');
    const dir = join(root, 'corrupt');
    await mkdir(dir);
    let flipped = false;
    // The real download host's bytes with one flipped 3 MiB in (inside the adapter's weights or the tokenizer).
    const downloads = createModelDownloads({
      delivery: 'file',
      chooseSavePath: async (name) => join(dir, name),
      gateway: {
        call: (op, input) => services.gateway.call(op, input),
        async host(request) {
          const answer = await services.gateway.host(request);
          let at = 0;
          const flip = new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              const target = 3 * 1024 * 1024;
              if (at <= target && target < at + chunk.byteLength) {
                const copy = new Uint8Array(chunk);
                copy[target - at]! ^= 0xff;
                flipped = true;
                chunk = copy;
              }
              at += chunk.byteLength;
              controller.enqueue(chunk);
            },
          });
          return { ...answer, body: answer.body.pipeThrough(flip) };
        },
      },
    });
    const start = await downloads.start({ modelId: model.id, files: model.files.map((f) => f.name) });
    if (!start.started) throw new Error('not started');
    const done = await new Promise<ModelDownloadEvent>((resolve) =>
      downloads.follow(start.downloadId, (e) => {
        if (e.state !== 'running' && e.state !== 'waiting') resolve(e);
      }),
    );
    expect(flipped).toBe(true);
    expect(done.state).toBe('failed');
    expect(done.error).toMatchObject({ code: 'CHECKSUM_MISMATCH' });
    expect(done.error!.message).toMatch(/does not match its checksum/);
    expect(model.files.map((f) => f.name)).toContain(done.error!.details.file);
    expect(done.path).toBeNull();
    expect(await readdir(dir)).toEqual([]);
  });

  describe('a 1 GB model', () => {
    let big: ModelDetail;
    beforeAll(async () => {
      // The stopped full fine-tune, resumed and run to completion, registers a model of 1 GB of weights.
      const jobs = await call<{ jobs: Array<{ id: string; name: string }> }>('training.jobs.list', { query: {} });
      const job = jobs.jobs.find((j) => j.name === 'review-sentiment-qwen-full')!;
      await call('training.jobs.resume', { params: { job_id: job.id }, body: {} });
      await invoke('emulator:advanceClock', { seconds: 86_400 });
      big = await modelNamed('review-sentiment-qwen-full');
    });

    it('is written progressively, never held in memory, and verified', async () => {
      expect(big.files.find((f) => f.name === 'model.safetensors')!.size).toBeGreaterThan(900e6);
      const start = await invoke<ModelDownloadStart>('models:download', { modelId: big.id, files: big.files.map((f) => f.name) });
      if (!start.started) throw new Error('not started');
      const before = process.memoryUsage();
      let maxGrowth = 0;
      let checked = 0;
      const samples: Array<Promise<void>> = [];
      const done = await ended(start.downloadId, (e) => {
        const m = process.memoryUsage();
        maxGrowth = Math.max(maxGrowth, m.heapUsed + m.arrayBuffers - before.heapUsed - before.arrayBuffers);
        if (checked < 3 && e.received >= (checked + 1) * 100e6 && e.received < e.total) {
          checked++;
          const at = e.received;
          // The partial file beside the target already holds (about) what was received: written as it comes.
          samples.push(
            readdir(saveDir).then(async (names) => {
              const part = names.find((n) => n.endsWith('.part'))!;
              expect(part).toBeDefined();
              expect((await stat(join(saveDir, part))).size).toBeGreaterThanOrEqual(at - 4 * 1024 * 1024);
            }),
          );
        }
      });
      await Promise.all(samples);
      expect(checked).toBe(3);
      expect(done.state).toBe('completed');
      expect(done.verified.map((f) => f.name).sort()).toEqual(big.files.map((f) => f.name).sort());
      expect(big.files.find((f) => f.name === 'model.safetensors')!.checksum).toMatch(/^sha256-parts:[0-9a-f]{64}-120$/);
      // Far below the archive's size: the body streamed through, chunk by chunk.
      expect(maxGrowth).toBeLessThan(200e6);
      expect((await stat(done.path!)).size).toBe(start.size);
      await rm(done.path!);
    });

    it('cancel stops it and removes the partial file', async () => {
      nextPath = join(saveDir, 'cancelled.zip');
      const start = await invoke<ModelDownloadStart>('models:download', { modelId: big.id, files: ['model.safetensors'] });
      if (!start.started) throw new Error('not started');
      let asked: Promise<unknown> | null = null;
      const done = await ended(start.downloadId, (e) => {
        if (!asked && e.received > 20e6) asked = invoke('models:cancelDownload', { downloadId: start.downloadId });
      });
      expect(await asked).toEqual({ cancelled: true });
      expect(done.state).toBe('cancelled');
      expect(done.error).toMatchObject({ code: 'CANCELLED' });
      expect(done.received).toBeLessThan(start.size);
      expect((await readdir(saveDir)).filter((n) => n.includes('cancelled'))).toEqual([]);
      expect(services.downloads.active()).toBe(0);
    });
  });

  it('a remote profile downloads from the address its server gave, over HTTP, verified', async () => {
    const server = createEmulator({ seed: 11 });
    try {
      const baseUrl = await server.listen(0, '127.0.0.1');
      const profile = await invoke<{ id: string }>('profiles:create', { name: 'Emulator over HTTP', baseUrl, apiKey: server.ownerKey });
      await invoke('profiles:activate', { id: profile.id });
      const model = await modelNamed('support-assistant-v1');
      nextPath = join(saveDir, 'remote.zip');
      const start = await invoke<ModelDownloadStart>('models:download', { modelId: model.id, files: model.files.map((f) => f.name) });
      if (!start.started) throw new Error('not started');
      const done = await ended(start.downloadId);
      expect(done.state).toBe('completed');
      expect(done.verified).toHaveLength(model.files.length);
      expect((await stat(join(saveDir, 'remote.zip'))).size).toBe(start.size);
    } finally {
      await invoke('profiles:activate', { id: 'local-emulator' });
      await server.close();
    }
  });

  it('the renderer never sees the download token, and api:call refuses the download operation', async () => {
    const model = await modelNamed('support-assistant-v1');
    const refused = await dispatch(services.handlers, 'api:call', {
      op: 'training.models.download',
      input: { params: { model_id: model.id }, body: {} },
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    received.push(refused);
    // The other answers that carry a host's token: a dataset's upload, an experiment's export.
    for (const op of ['training.datasets.create', 'training.experiments.export']) {
      const other = await dispatch(services.handlers, 'api:call', { op, input: { body: {} } });
      expect(other, op).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    }
    const text = JSON.stringify(received);
    expect(text).not.toMatch(/mdl_dl_/);
    expect(text).not.toMatch(/_downloads\//);
  });
});

describe('model downloads in web mode', () => {
  it('the one-time address on the console server answers the zip once, then 404', async () => {
    const webRoot = join(root, 'web');
    const staticDir = join(webRoot, 'renderer');
    await mkdir(staticDir, { recursive: true });
    const web = await createServices({
      mode: 'web',
      dataDir: join(webRoot, 'data'),
      secretStore: new MemorySecretStore(),
      emulator: { seed: 11 },
    });
    const server = await startWebServer({ services: web, downloads: web.downloads, port: 0, staticDir });
    try {
      const list = (await web.gateway.call('training.models.list', { query: { limit: 100 } })).data as {
        models: Array<{ id: string; name: string }>;
      };
      const model = list.models.find((m) => m.name === 'support-assistant-v1')!;
      const start = await invoke<ModelDownloadStart>(
        'models:download',
        { modelId: model.id, files: ['config.json', 'adapter_model.safetensors'] },
        web,
      );
      if (!start.started) throw new Error('not started');
      expect(start.delivery).toBe('browser');
      expect(start.url).toMatch(/^\/downloads\/dn_/);
      const finished = ended(start.downloadId, () => {}, web);
      const res = await fetch(`${server.origin}${start.url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('content-disposition')).toContain(`filename="${start.fileName}"`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(bytes.byteLength).toBe(start.size);
      const done = await finished;
      expect(done.state).toBe('completed');
      expect(done.verified.map((f) => f.name)).toEqual(['config.json', 'adapter_model.safetensors']);
      expect((await fetch(`${server.origin}${start.url}`)).status).toBe(404);
      expect((await fetch(`${server.origin}/downloads/${start.downloadId}?key=${'x'.repeat(32)}`)).status).toBe(404);
    } finally {
      await server.close();
      await web.dispose();
    }
  });
});
