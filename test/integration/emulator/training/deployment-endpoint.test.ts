// A model deployment is a serverless endpoint (03-endpoints-training.md, What the service does 1;
// Models; docs/decisions.md, Training: models) over real HTTP: deploying a model creates an
// endpoint the endpoints area lists, whose health, readiness, liveness and logs read like any
// other's and follow the deployment from starting to ready; the model's deployments name the
// endpoint's id; both survive a restart from the data folder; archiving the model stops it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../../../main/emulator';
import { advanceClock, makeCall, OWNER } from '../harness';
import { SLOW_WORLD } from './file-emulator';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON
type Json = any;

async function start(dataDir: string) {
  const emulator = createEmulator({ ...SLOW_WORLD, dataDir });
  const call = makeCall(fetch, await emulator.listen(0), OWNER);
  return { call, advance: (s: number) => advanceClock(call, s), close: () => emulator.close() };
}

describe('a model deployment is an endpoint', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gpc-deploy-endpoint-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is listed among the endpoints with its health, readiness and logs, from starting to ready, across a restart, until its model is archived', async () => {
    let t = await start(dir);
    const models = (await t.call('GET', '/v2/training/models')).body.models as Json[];
    const model = models.find((m) => m.metadata.source === 'training')!;
    const r = await t.call('POST', `/v2/training/models/${model.id}/deploy`, {
      body: { name: 'support-prod', gpuType: 'a100', workers: 2, scaling: { minWorkers: 1, maxWorkers: 4, targetUtilization: 0.6 } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const d = r.body.deployment;
    expect(d.id).toMatch(/^ep_/);

    // The endpoints area lists it: starting, serving the model's version on its GPUs, with the deployment's scaling.
    const listed = ((await t.call('GET', '/v2/endpoints')).body.endpoints as Json[]).find((e) => e.id === d.id);
    expect(listed).toMatchObject({
      name: 'support-prod',
      status: 'starting',
      readiness: 'warming_up',
      url: d.url,
      model: model.name,
      modelId: model.id,
      version: d.version,
      gpuType: 'A100_80GB',
      configuration: { workerCount: 2, autoScaling: { enabled: true, minWorkers: 1, maxWorkers: 4, targetUtilization: 60 } },
    });
    expect(listed.configuration.environmentVariables).toMatchObject({ MODEL_ID: model.id, MODEL_VERSION: d.version, MAX_TOKENS: '512' });
    // Its startup ends when the deployment is ready.
    const health = (await t.call('GET', `/v2/endpoints/${d.id}/health?check=detailed`)).body;
    expect(health).toMatchObject({ endpointId: d.id, status: 'starting', readiness: 'warming_up' });
    expect(health.startupProgress.estimatedCompletion).toBe(d.estimatedReadyTime);
    expect((await t.call('GET', `/v2/endpoints/${d.id}/ready`)).body.ready).toBe(false);
    expect((await t.call('GET', `/v2/endpoints/${d.id}/live`)).body.alive).toBe(true);
    // The model's deployments name the endpoint.
    expect((await t.call('GET', `/v2/training/models/${model.id}`)).body.deployments).toMatchObject([
      { id: d.id, status: 'deploying', url: d.url },
    ]);

    // Restarted from the data folder: the endpoint and the deployment are still there, one the other.
    await t.close();
    t = await start(dir);
    expect(((await t.call('GET', '/v2/endpoints')).body.endpoints as Json[]).map((e) => e.id)).toContain(d.id);
    expect((await t.call('GET', `/v2/training/models/${model.id}`)).body.deployments.map((x: Json) => x.id)).toEqual([d.id]);

    // Ready when the deployment is active: healthy, ready, serving, and its logs tell the startup.
    const readyIn = (Date.parse(d.estimatedReadyTime) - Date.parse(d.createdAt)) / 1000;
    await t.advance(readyIn + 600);
    expect((await t.call('GET', `/v2/training/models/${model.id}`)).body).toMatchObject({
      status: 'deployed',
      deployments: [{ id: d.id, status: 'active' }],
    });
    expect((await t.call('GET', `/v2/endpoints/${d.id}`)).body).toMatchObject({ status: 'healthy', readiness: 'ready', modelId: model.id });
    expect((await t.call('GET', `/v2/endpoints/${d.id}/ready`)).body.ready).toBe(true);
    expect((await t.call('GET', `/v2/endpoints/${d.id}/health?check=detailed`)).body.metrics.requestsLastHour).toBeGreaterThan(0);
    const logs = (await t.call('GET', `/v2/endpoints/${d.id}/logs?startTime=${encodeURIComponent(d.createdAt)}&limit=10000`)).body;
    const messages = (logs.logs as Json[]).map((l) => l.message);
    expect(messages[0]).toBe('Startup phase container_startup started');
    expect(messages).toContain(`Model ${model.name} loaded and warmed up; endpoint ready`);
    expect(messages.some((m) => m.startsWith('Inference completed'))).toBe(true);

    // Archiving the model stops its endpoint, which stays listed as stopped.
    const archived = await t.call('POST', `/v2/training/models/${model.id}/archive`, { body: { reason: 'replaced' } });
    expect(archived.body.stoppedDeployments).toEqual([d.id]);
    expect((await t.call('GET', `/v2/endpoints/${d.id}`)).body).toMatchObject({ status: 'stopped', readiness: 'not_ready' });
    expect((await t.call('GET', `/v2/endpoints/${d.id}/live`)).body.alive).toBe(false);
    await t.close();
  });
});
