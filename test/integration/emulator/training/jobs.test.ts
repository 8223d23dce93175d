// Training jobs (03-endpoints-training.md, Training job; Training jobs; Errors; Limits) over real
// HTTP: pending → running → completed on the simulated clock, progress and metrics from the
// seeded loss model, divergence, CONFIGURATION_ERROR, INSUFFICIENT_RESOURCES, the 10-per-hour
// limit, stop with a checkpoint and resume on the same curve, billing only while running, the
// model a completed job registers, a dataset in use, and a restart on the same data folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlowWorld as start } from './file-emulator';

type Target = Awaited<ReturnType<typeof start>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON
type Json = any;

let t: Target;
let datasetId: string;
beforeAll(async () => {
  t = await start();
  const list = await t.call('GET', '/v2/training/datasets?status=ready&sort=name&order=asc');
  datasetId = list.body.datasets.find((d: Json) => d.name === 'support-chat-v3').id;
});
afterAll(() => t.close());

const llm = (training: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  name: 'test-job',
  modelType: 'llm',
  datasetId,
  config: { baseModel: 'llama-3-8b', strategy: 'lora', parameters: { rank: 8 }, training: { epochs: 2, batch_size: 4, ...training } },
  ...extra,
});

async function create(target: Target, body: Record<string, unknown>): Promise<Json> {
  const r = await target.call('POST', '/v2/training/jobs', { body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}
const get = async (target: Target, id: string): Promise<Json> => (await target.call('GET', `/v2/training/jobs/${id}`)).body;

describe('training jobs', () => {
  it('goes pending → running → completed on the clock, with progress, metrics and a registered model', async () => {
    const job = await create(t, llm());
    expect(job).toMatchObject({ status: 'pending', gpuType: 'a100', maxWorkers: 1, priority: 'normal', resourceUsage: { cost: 0 } });
    expect(job.resourceAllocation).toEqual({ gpuType: 'NVIDIA A100 80GB', workers: 1, memoryPerWorker: '80GB' });
    expect(job.estimatedCost.hourly).toBe(2.49);
    const total = job.progress.totalSteps;
    expect(total).toBe(2 * Math.ceil(240 / 4));
    await t.advance(50); // provisioning is 50 s for one worker at normal priority
    const running = await get(t, job.id);
    expect(running.status).toBe('running');
    expect(running.startedAt).not.toBeNull();
    const mid = await t.advance(20);
    const later = await get(t, job.id);
    expect(later.status).toBe('running');
    expect(later.progress.currentStep).toBeGreaterThan(0);
    expect(later.progress.currentStep).toBeLessThan(total);
    expect(later.metrics.currentLoss).toBeGreaterThan(0);
    expect(later.metrics.throughput).toBeGreaterThan(0);
    expect(later.metrics.memoryUsage.totalGb).toBe(80);
    expect(later.progress.elapsedTime).toBeGreaterThan(0);
    const series = (await t.call('GET', `/v2/training/jobs/${job.id}/metrics?points=1000`)).body;
    expect(series.points.length).toBe(later.progress.currentStep);
    expect(series.points[series.points.length - 1].loss).toBe(later.metrics.currentLoss);
    expect(series.bucketSize).toBe(1);
    const decimated = (await t.call('GET', `/v2/training/jobs/${job.id}/metrics?points=5`)).body;
    expect(decimated.points.length).toBeLessThanOrEqual(5);
    expect(decimated.bucketSize).toBeGreaterThan(1);
    // The loss falls: the first tenth's mean above the last tenth's.
    const losses = series.points.map((p: Json) => p.loss);
    const tenth = Math.max(1, Math.floor(losses.length / 10));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(losses.slice(0, tenth))).toBeGreaterThan(mean(losses.slice(-tenth)));
    expect(mid).toBeGreaterThan(0);
    await t.advance(3600);
    const done = await get(t, job.id);
    expect(done.status).toBe('completed');
    expect(done.progress).toMatchObject({ currentStep: total, percentage: 100, remainingTime: null });
    expect(done.checkpoints.map((c: Json) => c.step)).toEqual([60, 120]);
    expect(done.modelId).toMatch(/^model_/);
    const model = (await t.call('GET', `/v2/training/models/${done.modelId}`)).body;
    expect(model).toMatchObject({ status: 'ready', trainingJobId: job.id, baseModel: 'llama-3-8b', version: 'v1.0.0', datasetId });
    expect(model.metrics.training.finalLoss).toBeCloseTo(done.metrics.currentLoss, 4);
    expect(model.files.map((f: Json) => f.name)).toContain('adapter_model.safetensors');
    for (const f of model.files) expect(f.checksum).toMatch(/^sha256(-parts)?:[0-9a-f]{64}(-\d+)?$/);
    const listed = (await t.call('GET', `/v2/training/models?trainingJobId=${job.id}`)).body;
    expect(listed.models.map((m: Json) => m.id)).toEqual([done.modelId]);
  });

  it('fails by divergence at a deterministic step when the learning rate is too high', async () => {
    const body = llm({ learning_rate: 0.05, warmup_steps: 10 });
    const a = await create(t, body);
    const b = await create(t, body);
    await t.advance(3600);
    const [x, y] = [await get(t, a.id), await get(t, b.id)];
    expect(x.status).toBe('failed');
    expect(x.failure.reason).toBe('DIVERGED');
    expect(x.failure.message).toMatch(/NaN/);
    // lr crosses 25 × 2e-4 at step 10 × 5e-3 / 5e-2 = 1: the loss blows up from there and is NaN 4–15 steps later.
    expect(x.failure.step).toBeGreaterThanOrEqual(5);
    expect(x.failure.step).toBeLessThanOrEqual(16);
    expect(y.status).toBe('failed');
    expect(x.progress.currentStep).toBe(x.failure.step);
    expect(x.modelId).toBeNull();
    const series = (await t.call('GET', `/v2/training/jobs/${a.id}/metrics`)).body;
    const pts = series.points;
    expect(pts[pts.length - 1].loss).toBeNull();
    expect(pts[pts.length - 2].loss).toBeGreaterThan(pts[0].loss);
  });

  it('fails out of memory when batch × sequence length does not fit the GPU', async () => {
    const job = await create(t, llm({ batch_size: 64, max_seq_length: 4096 }, { gpuType: 'rtx4090' }));
    await t.advance(3600);
    const done = await get(t, job.id);
    expect(done.status).toBe('failed');
    expect(done.failure).toMatchObject({ reason: 'OUT_OF_MEMORY', step: 1 });
  });

  it('refuses invalid configurations with CONFIGURATION_ERROR naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [llm({ learning_rate: 0.5 }), 'config.training.learning_rate'],
      [llm({ learning_rate: 1e-7 }), 'config.training.learning_rate'],
      [llm({ epochs: 0 }), 'config.training.epochs'],
      [llm({ lr_scheduler_type: 'exponential' }), 'config.training.lr_scheduler_type'],
      [{ ...llm(), config: { baseModel: 'mystery-model' } }, 'config.baseModel'],
      [{ ...llm(), config: { training: {} } }, 'config.baseModel'],
      [{ ...llm(), modelType: 'vision', config: { architecture: 'lenet' } }, 'config.architecture'],
      [{ ...llm(), config: { baseModel: 'gpt2', parameters: { rank: 1000 } } }, 'config.parameters.rank'],
      [llm({ warmup_steps: 5000 }), 'config.training.warmup_steps'],
      [llm({ save_steps: 1, epochs: 100 }), 'config.training.save_steps'],
    ];
    for (const [body, field] of cases) {
      const r = await t.call('POST', '/v2/training/jobs', { body });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error).toBe('CONFIGURATION_ERROR');
      expect(r.body.details.field).toBe(field);
      expect(typeof r.body.details.reason).toBe('string');
    }
    const lr = await t.call('POST', '/v2/training/jobs', { body: llm({ learning_rate: 0.5 }) });
    expect(lr.body.details.reason).toBe('learning rate must be between 1e-6 and 1e-1');
  });

  it('needs a ready dataset', async () => {
    const missing = await t.call('POST', '/v2/training/jobs', { body: { ...llm(), datasetId: 'ds_nothere' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('DATASET_NOT_FOUND');
    const all = (await t.call('GET', '/v2/training/datasets')).body.datasets;
    const errored = all.find((d: Json) => d.status === 'error');
    const r = await t.call('POST', '/v2/training/jobs', { body: { ...llm(), datasetId: errored.id } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: 'DATASET_NOT_READY', details: { datasetId: errored.id, status: 'error' } });
  });

  it('answers INSUFFICIENT_RESOURCES for a GPU type without free GPUs', async () => {
    const v100 = await t.call('POST', '/v2/training/jobs', { body: llm({}, { gpuType: 'v100' }) });
    expect(v100.status).toBe(422);
    expect(v100.body.error).toBe('INSUFFICIENT_RESOURCES');
    expect(v100.body.details).toMatchObject({ requestedGpuType: 'v100', requestedWorkers: 1 });
    expect(v100.body.details.availableGpuTypes).toContain('a100');
    expect(v100.body.details.availableGpuTypes).not.toContain('v100');
    const many = await t.call('POST', '/v2/training/jobs', { body: llm({}, { gpuType: 'h100', maxWorkers: 32 }) });
    expect(many.status).toBe(422);
    expect(many.body.details.available.h100).toBeLessThan(32);
  });

  it('stops with a checkpoint, bills only while running, and resumes on the same curve', async () => {
    const job = await create(t, llm({ epochs: 10, save_steps: 25 }));
    await t.advance(50 + 60);
    const before = await get(t, job.id);
    expect(before.status).toBe('running');
    const stop = await t.call('POST', `/v2/training/jobs/${job.id}/stop`, { body: { saveCheckpoint: true, reason: 'test' } });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body).toMatchObject({ status: 'stopped', resumable: true, reason: 'test' });
    const stepAtStop = stop.body.step;
    expect(stop.body.checkpoint.step).toBe(stepAtStop);
    const stopped = await get(t, job.id);
    expect(stopped.status).toBe('stopped');
    const cost = stopped.resourceUsage.cost;
    expect(cost).toBeGreaterThan(0);
    await t.advance(600);
    const idle = await get(t, job.id);
    expect(idle.resourceUsage.cost).toBe(cost);
    expect(idle.progress.currentStep).toBe(stepAtStop);
    // Resume from the periodic checkpoint at step 25 (not the latest).
    const at25 = idle.checkpoints.find((c: Json) => c.step === 25);
    const resumed = await t.call('POST', `/v2/training/jobs/${job.id}/resume`, { body: { checkpointId: at25.id } });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.resumedFrom).toEqual({ checkpointId: at25.id, step: 25, loss: at25.loss });
    const again = await get(t, job.id);
    expect(again.status).toBe('running');
    expect(again.progress.currentStep).toBe(25);
    // The loss at the resume step is the checkpoint's loss; the series continues from there.
    const s = (await t.call('GET', `/v2/training/jobs/${job.id}/metrics?from_step=25&to_step=25`)).body;
    expect(s.points[0].loss).toBe(at25.loss);
    await t.advance(30);
    const running = await get(t, job.id);
    expect(running.resourceUsage.cost).toBeGreaterThan(cost);
    expect(running.progress.currentStep).toBeGreaterThan(25);
    const bad = await t.call('POST', `/v2/training/jobs/${job.id}/resume`, { body: {} });
    expect(bad.status).toBe(409);
    expect(bad.body.error).toBe('INVALID_STATE');
  });

  it('cancels a pending job; resume of an unknown checkpoint is CHECKPOINT_NOT_FOUND', async () => {
    const job = await create(t, llm());
    const r = await t.call('POST', `/v2/training/jobs/${job.id}/stop`, { body: {} });
    expect(r.body).toMatchObject({ status: 'cancelled', resumable: false, checkpoint: null });
    await t.advance(120);
    expect((await get(t, job.id)).status).toBe('cancelled');
    const other = await create(t, llm({ epochs: 10 }));
    await t.advance(60);
    await t.call('POST', `/v2/training/jobs/${other.id}/stop`, { body: { saveCheckpoint: false } });
    const nf = await t.call('POST', `/v2/training/jobs/${other.id}/resume`, { body: { checkpointId: 'ckpt_nothere' } });
    expect(nf.status).toBe(404);
    expect(nf.body.error).toBe('CHECKPOINT_NOT_FOUND');
    const unknown = await t.call('GET', '/v2/training/jobs/job_nothere');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('JOB_NOT_FOUND');
  });

  it('refuses to delete a dataset a pending or running job uses', async () => {
    const job = await create(t, llm());
    const r = await t.call('DELETE', `/v2/training/datasets/${datasetId}`);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('DATASET_IN_USE');
    expect(r.body.details.trainingJobIds).toContain(job.id);
  });

  it('lists the seeded jobs in every state, filtered by status', async () => {
    const fresh = await start();
    try {
      const all = (await fresh.call('GET', '/v2/training/jobs?limit=100')).body.jobs;
      expect(new Set(all.map((j: Json) => j.status))).toEqual(new Set(['pending', 'running', 'stopped', 'failed', 'completed']));
      const completed = (await fresh.call('GET', '/v2/training/jobs?status=completed')).body.jobs;
      expect(completed).toHaveLength(1);
      expect(completed[0].modelId).toMatch(/^model_/);
      const failed = await get(fresh, (await fresh.call('GET', '/v2/training/jobs?status=failed')).body.jobs[0].id);
      expect(failed.failure.reason).toBe('DIVERGED');
    } finally {
      await fresh.close();
    }
  });
});

describe('training job limits and persistence', () => {
  it('allows 10 job creations per hour (429 with Retry-After after)', async () => {
    const limited = await start({ rateLimits: 'enforce' });
    try {
      const ds = (await limited.call('GET', '/v2/training/datasets')).body.datasets.find((d: Json) => d.name === 'support-chat-v3').id;
      for (let i = 0; i < 10; i++) await create(limited, { ...llm(), datasetId: ds });
      const r = await limited.call('POST', '/v2/training/jobs', { body: { ...llm(), datasetId: ds } });
      expect(r.status).toBe(429);
      expect(r.body.error).toBe('RATE_LIMIT_EXCEEDED');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(r.headers.get('x-ratelimit-resource')).toBe('training-job-creation');
    } finally {
      await limited.close();
    }
  });

  it('refuses jobs over the pro plan’s 20 per day with a 1d RATE_LIMIT_EXCEEDED and Retry-After', async () => {
    const limited = await start({ rateLimits: 'enforce' });
    try {
      const ds = (await limited.call('GET', '/v2/training/datasets')).body.datasets.find((d: Json) => d.name === 'support-chat-v3').id;
      const dayStart = Date.UTC(2026, 5, 1);
      const seededToday = (await limited.call('GET', '/v2/training/jobs?limit=100')).body.jobs.filter(
        (j: Json) => Date.parse(j.createdAt) >= dayStart,
      ).length;
      let created = seededToday;
      let refused: Awaited<ReturnType<Target['call']>> | null = null;
      while (refused === null && created <= 20) {
        for (let i = 0; i < 10 && created < 20; i++) {
          await create(limited, { ...llm(), datasetId: ds });
          created++;
        }
        if (created >= 20) {
          const r = await limited.call('POST', '/v2/training/jobs', { body: { ...llm(), datasetId: ds } });
          refused = r;
        } else await limited.advance(3600); // the next hour's 10 (and the jobs end, freeing their GPUs)
      }
      expect(refused!.status).toBe(429);
      expect(refused!.body).toMatchObject({
        error: 'RATE_LIMIT_EXCEEDED',
        details: { limit: 20, period: '1d', remaining: 0, plan: 'pro' },
      });
      expect(refused!.body.details.resetAt).toBe('2026-06-02T00:00:00.000Z');
      expect(Number(refused!.headers.get('retry-after'))).toBe(refused!.body.details.retry_after);
    } finally {
      await limited.close();
    }
  });

  it('keeps jobs and their timeline across a restart on the same data folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gpc-jobs-'));
    try {
      const first = await start({ dataDir: dir });
      const ds = (await first.call('GET', '/v2/training/datasets')).body.datasets.find((d: Json) => d.name === 'support-chat-v3').id;
      const job = await create(first, { ...llm({ epochs: 10 }), datasetId: ds });
      await first.advance(120);
      await first.call('POST', `/v2/training/jobs/${job.id}/stop`, { body: { saveCheckpoint: true } });
      const before = await get(first, job.id);
      await first.close();
      const second = await start({ dataDir: dir });
      try {
        const after = await get(second, job.id);
        expect(after.status).toBe('stopped');
        expect(after.progress).toEqual(before.progress);
        expect(after.checkpoints).toEqual(before.checkpoints);
        expect(after.resourceUsage).toEqual(before.resourceUsage);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
