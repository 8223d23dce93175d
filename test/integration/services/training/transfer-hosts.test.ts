// Every transfer reaches its host through the gateway's one host path: a dataset upload, a model
// download and an experiment export whose address the server handed out on another origin than
// the active profile's are refused before anything reaches a host — no byte, no token — for the
// embedded emulator (in-process) and for a remote profile (the same emulator over HTTP, its
// addresses moved to another name of the same machine). Without the move, the same transfers
// reach the host (the control that shows the hosts are watched).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ModelDownloadEvent } from '../../../../shared/ipc/model-downloads';
import { createModelDownloads } from '../../../../main/training/model-downloads/model-downloads';
import { createEmulator } from '../../../../main/emulator/index';
import type { Emulator } from '../../../../main/emulator/index';
import { createExperimentExports } from '../../../../main/training/experiment-exports';
import { createGateway, type Gateway } from '../../../../main/gateway/index';
import type { ResolvedProfile } from '../../../../main/profiles/profile-store';
import { createDatasetUploads } from '../../../../main/training/dataset-uploads/dataset-uploads';
import { MemorySecretStore } from '../../../../main/vault/memory-secret-store';
import { failure } from '../../../support/failure';

const emulatorProfile: ResolvedProfile = { id: 'local-emulator', name: 'Local emulator', kind: 'emulator', baseUrl: null, builtIn: true };

let emulator: Emulator;
let baseUrl: string;
let root: string;
let profile: ResolvedProfile = emulatorProfile;
let gateway: Gateway;
/** The origin the server's host addresses are moved to, or null to leave them as they are. */
let elsewhere: string | null = null;
/** Every request that reached a host (upload host, download host, object store), in-process or over HTTP. */
const reached: string[] = [];

/** The API answers that hand out a host address. */
const HANDS_OUT = /^\/v2\/training\/(?:datasets|models\/[^/]+\/download|experiments\/[^/]+\/export)$/;
const HOST_PATH = /^\/_(?:uploads|downloads|object-store)\//;

/** Moves the host addresses of an answer to `elsewhere`, as a server pointing at another origin would. */
async function moved(request: Request, response: Response): Promise<Response> {
  if (elsewhere === null || request.method !== 'POST' || !HANDS_OUT.test(new URL(request.url).pathname)) return response;
  const body = (await response.json()) as Record<string, unknown>;
  for (const field of ['uploadUrl', 'downloadUrl'])
    if (typeof body[field] === 'string') {
      const url = new URL(body[field]);
      body[field] = `${elsewhere}${url.pathname}${url.search}`;
    }
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
}

function watched(send: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (HOST_PATH.test(url.pathname)) reached.push(`${request.method} ${url.origin}${url.pathname}`);
    return moved(request, await send(request));
  };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'gpc-transfer-hosts-'));
  emulator = createEmulator({ seed: 11 });
  baseUrl = await emulator.listen(0, '127.0.0.1');
  const vault = new MemorySecretStore();
  await vault.set('emulator-owner-key', emulator.ownerKey);
  await vault.set('profile:p-http', emulator.ownerKey);
  gateway = createGateway({
    profiles: { active: () => profile },
    vault,
    emulatorFetch: watched((request) => emulator.fetch(request)),
    remoteFetch: watched((request) => fetch(request)),
  });
});

afterAll(async () => {
  await emulator?.close();
  await rm(root, { recursive: true, force: true });
});

beforeEach(() => {
  reached.length = 0;
  profile = emulatorProfile;
  elsewhere = null;
});

async function experimentId(): Promise<string> {
  const exp = await gateway.call('training.experiments.create', { body: { name: `Hosts ${Date.now()}`, description: 'd' } });
  return (exp.data as { id: string }).id;
}

async function uploadRefusal() {
  const uploads = createDatasetUploads(gateway);
  const begin = await uploads.begin({ dataset: { name: 'hosts', type: 'text', format: 'jsonl' }, file: { name: 'a.jsonl', size: 8 } });
  const error = await failure(uploads.chunk(begin.uploadId, 0, new TextEncoder().encode('{"a":1}\n')));
  uploads.close();
  return error;
}

async function downloadRefusal(): Promise<ModelDownloadEvent> {
  const dir = await mkdtemp(join(root, 'saved-'));
  const downloads = createModelDownloads({ gateway, delivery: 'file', chooseSavePath: async (name) => join(dir, name) });
  const models = (await gateway.call('training.models.list', { query: { limit: 100 } })).data as { models: { id: string; name: string }[] };
  const model = models.models.find((m) => m.name === 'support-assistant-v1')!;
  const start = await downloads.start({ modelId: model.id, files: ['config.json'] });
  if (!start.started) throw new Error('not started');
  const done = await new Promise<ModelDownloadEvent>((resolve) =>
    downloads.follow(start.downloadId, (e) => {
      if (e.state !== 'waiting' && e.state !== 'running') resolve(e);
    }),
  );
  expect(await readdir(dir)).toEqual([]);
  return done;
}

describe.each([
  ['the embedded emulator', () => emulatorProfile, () => 'https://uploads.elsewhere.example'],
  [
    'a remote profile',
    (): ResolvedProfile => ({ id: 'p-http', name: 'Emulator over HTTP', kind: 'remote', baseUrl, builtIn: false }),
    () => baseUrl.replace('127.0.0.1', 'localhost'),
  ],
])('host addresses off the active profile, on %s', (_name, profileOf, otherOrigin) => {
  beforeEach(() => {
    profile = profileOf();
    elsewhere = otherOrigin();
  });

  it('an upload is refused before any byte is sent', async () => {
    const error = await uploadRefusal();
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', message: 'The upload address is not on the active profile’s server' });
    expect(reached).toEqual([]);
  });

  it('a model download is refused before the host is asked, and leaves no file', async () => {
    const done = await downloadRefusal();
    expect(done.state).toBe('failed');
    expect(done.error).toMatchObject({ code: 'INVALID_REQUEST', message: 'The download address is not on the active profile’s server' });
    expect(reached).toEqual([]);
  });

  it('an experiment export is refused before the object store is asked', async () => {
    const exportExperiment = createExperimentExports({ gateway });
    const error = await failure(exportExperiment({ experimentId: await experimentId(), body: { format: 'csv' } }));
    expect(error).toMatchObject({
      code: 'INVALID_REQUEST',
      message: 'The export’s download address is not on the active profile’s server',
    });
    expect(reached).toEqual([]);
  });
});

describe('host addresses on the active profile', () => {
  it('reach their hosts in-process and over HTTP (the hosts are watched)', async () => {
    const exportExperiment = createExperimentExports({ gateway });
    await exportExperiment({ experimentId: await experimentId(), body: { format: 'csv' } });
    profile = { id: 'p-http', name: 'Emulator over HTTP', kind: 'remote', baseUrl, builtIn: false };
    await exportExperiment({ experimentId: await experimentId(), body: { format: 'csv' } });
    expect(reached).toEqual([
      expect.stringMatching(/^GET http:\/\/emulator\.local\/_object-store\/experiments\//),
      expect.stringMatching(new RegExp(`^GET ${baseUrl.replace(/\./g, '\\.')}/_object-store/experiments/`)),
    ]);
  });
});
