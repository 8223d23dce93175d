// PUT /v2/endpoints/{id} (03-endpoints-training.md, Endpoint update; Errors; Limits): every
// range as INVALID_CONFIGURATION, `updating` until the rollout has run on the clock,
// ENDPOINT_BUSY while batch-execute requests are in flight, and durability across a restart.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startEndpoints, type EndpointTarget } from './harness';

let t: EndpointTarget;
beforeAll(async () => {
  t = await startEndpoints();
});
afterAll(() => t.close());

describe('endpoint update', () => {
  it('refuses every value out of its range with INVALID_CONFIGURATION naming field, value and bound', async () => {
    const { id, configuration } = await t.endpoint('sdxl-image-gen');
    const cases: Array<[unknown, string, number, Record<string, number>]> = [
      [{ workerCount: 51 }, 'workerCount', 51, { maximum: 50 }],
      [{ workerCount: 0 }, 'workerCount', 0, { minimum: 1 }],
      [{ timeoutSeconds: 3601 }, 'timeoutSeconds', 3601, { maximum: 3600 }],
      [{ timeoutSeconds: 9 }, 'timeoutSeconds', 9, { minimum: 10 }],
      [{ maxConcurrency: 1001 }, 'maxConcurrency', 1001, { maximum: 1000 }],
      [{ autoScaling: { targetUtilization: 91 } }, 'autoScaling.targetUtilization', 91, { maximum: 90 }],
      [{ autoScaling: { targetUtilization: 9 } }, 'autoScaling.targetUtilization', 9, { minimum: 10 }],
      [{ autoScaling: { maxWorkers: 51 } }, 'autoScaling.maxWorkers', 51, { maximum: 50 }],
      [{ autoScaling: { scaleUpCooldown: 3601 } }, 'autoScaling.scaleUpCooldown', 3601, { maximum: 3600 }],
    ];
    for (const [body, field, value, bound] of cases) {
      const r = await t.call('PUT', `/v2/endpoints/${id}`, { body });
      expect(errorOf(r), field).toMatchObject({ status: 400, code: 'INVALID_CONFIGURATION', details: { field, value, ...bound } });
    }
    // Bounds between fields, on the merged configuration.
    const llama = await t.endpoint('llama3-70b-chat');
    expect(errorOf(await t.call('PUT', `/v2/endpoints/${llama.id}`, { body: { autoScaling: { minWorkers: 9 } } }))).toMatchObject({
      status: 400,
      code: 'INVALID_CONFIGURATION',
      details: { field: 'autoScaling.minWorkers', value: 9, maximum: 8 },
    });
    expect(errorOf(await t.call('PUT', `/v2/endpoints/${llama.id}`, { body: { workerCount: 9 } }))).toMatchObject({
      code: 'INVALID_CONFIGURATION',
      details: { field: 'workerCount', value: 9, maximum: 8 },
    });
    // Not a range: the usual validation error.
    for (const body of [{ workerCount: 'four' }, { replicas: 2 }, { environmentVariables: { '1BAD': 'x' } }])
      expect(errorOf(await t.call('PUT', `/v2/endpoints/${id}`, { body })).code).toBe('VALIDATION_ERROR');
    // Nothing changed.
    const after = await t.endpoint('sdxl-image-gen');
    expect(after.configuration).toEqual(configuration);
    expect(after.status).toBe('healthy');
  });

  it('is updating until the change has rolled out, then back to its health; the change shows at once', async () => {
    const before = await t.endpoint('sdxl-image-gen');
    const r = await t.call('PUT', `/v2/endpoints/${before.id}`, {
      body: {
        workerCount: 5,
        environmentVariables: { MODEL_ID: 'x', HF_TOKEN: 'hf_secret_value' },
        autoScaling: { targetUtilization: 60 },
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: before.id,
      status: 'updating',
      configuration: { workerCount: 5, autoScaling: { targetUtilization: 60, enabled: false } },
    });
    expect(r.body.rollout.changes).toContain('workerCount: 3 → 5');
    expect(r.body.rollout.changes).toContain('environmentVariables.HF_TOKEN: added');
    expect(JSON.stringify(r.body.rollout.changes)).not.toContain('hf_secret_value');
    // 20 s + 15 s per worker (5): 95 s.
    expect(Date.parse(r.body.rollout.estimatedCompletion) - Date.parse(r.body.updatedAt)).toBe(95_000);

    const during = await t.endpoint('sdxl-image-gen');
    expect(during).toMatchObject({ status: 'updating', health: 'healthy', configuration: { workerCount: 5 } });
    expect(during.rollout.progress).toBeLessThan(100);
    await t.advance(96);
    const after = await t.endpoint('sdxl-image-gen');
    expect(after).toMatchObject({
      status: 'healthy',
      rollout: null,
      configuration: { workerCount: 5, environmentVariables: { HF_TOKEN: 'hf_secret_value' } },
    });
  });

  it('needs the write permission', async () => {
    const { id } = await t.endpoint('sdxl-image-gen');
    const r = await t.call('PUT', `/v2/endpoints/${id}`, { key: t.keys.readOnly, body: { workerCount: 2 } });
    expect(errorOf(r)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(errorOf(await t.call('PUT', '/v2/endpoints/ep_nope', { body: { workerCount: 2 } }))).toMatchObject({
      status: 404,
      code: 'ENDPOINT_NOT_FOUND',
    });
  });

  it('refuses with ENDPOINT_BUSY while batch-execute requests are in flight on the endpoint, and accepts once they have ended', async () => {
    const whisper = await t.endpoint('whisper-transcribe');
    const llama = await t.endpoint('llama3-70b-chat');
    const batch = await t.call('POST', '/v2/endpoints/batch-execute', {
      key: t.keys.execute,
      body: { requests: Array.from({ length: 10 }, (_, i) => ({ endpoint_id: whisper.id, input: { audio_url: `s3://calls/${i}.wav` } })) },
    });
    expect(batch.status).toBe(200);
    expect(batch.body.accepted).toBe(10);
    const busy = await t.call('PUT', `/v2/endpoints/${whisper.id}`, { body: { workerCount: 3 } });
    expect(errorOf(busy)).toMatchObject({
      status: 409,
      code: 'ENDPOINT_BUSY',
      details: { activeRequests: 10, retryAt: batch.body.estimatedCompletion },
    });
    expect(busy.body.details.suggestion).toMatch(/Retry after/);
    // Another endpoint is not held by it.
    expect((await t.call('PUT', `/v2/endpoints/${llama.id}`, { body: { timeoutSeconds: 120 } })).status).toBe(200);
    // The endpoint counts the batch's requests among those executing.
    expect((await t.endpoint('whisper-transcribe')).activeRequests).toBeGreaterThanOrEqual(10);
    await t.advance(Math.ceil((Date.parse(batch.body.estimatedCompletion) - Date.parse(batch.body.submittedAt)) / 1000) + 1);
    expect((await t.call('PUT', `/v2/endpoints/${whisper.id}`, { body: { workerCount: 3 } })).status).toBe(200);
  });
});

describe('endpoint update durability', () => {
  it('keeps an update and its rollout across a restart on the same data folder, from the write-ahead log', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emu-endpoints-'));
    const crashed = `${dir}-crashed`;
    try {
      const first = await startEndpoints({ dataDir: dir });
      const { id } = await first.endpoint('llama3-70b-chat');
      const r = await first.call('PUT', `/v2/endpoints/${id}`, {
        body: { maxConcurrency: 12, environmentVariables: { LOG_LEVEL: 'debug' } },
      });
      expect(r.status).toBe(200);
      // The folder as a crash would leave it right after the answer: the log has the write, the snapshot does not.
      await cp(dir, crashed, { recursive: true, filter: (src) => !src.endsWith('console.lock') });
      await first.close();
      expect(await readFile(join(crashed, 'emulator-wal.jsonl'), 'utf8')).toContain(`endpoint:${id}`);
      const second = await startEndpoints({ dataDir: crashed });
      try {
        const e = await second.endpoint('llama3-70b-chat');
        expect(e.configuration).toMatchObject({ maxConcurrency: 12, environmentVariables: { LOG_LEVEL: 'debug' } });
        expect(e.status).toBe('updating');
        expect(e.rollout.estimatedCompletion).toBe(r.body.rollout.estimatedCompletion);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(crashed, { recursive: true, force: true });
    }
  }, 30_000);

  it('seeds the endpoint area into a data folder written before the area existed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emu-endpoints-old-'));
    try {
      const first = await startEndpoints({ dataDir: dir });
      await first.close();
      const file = join(dir, 'emulator-state.json');
      const snapshot = JSON.parse(await readFile(file, 'utf8'));
      delete snapshot.state.areas.endpoints;
      await writeFile(file, JSON.stringify(snapshot));
      await rm(join(dir, 'emulator-wal.jsonl'), { force: true });
      const second = await startEndpoints({ dataDir: dir });
      try {
        const list = await second.call('GET', '/v2/endpoints');
        expect(list.body.endpoints).toHaveLength(7);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
