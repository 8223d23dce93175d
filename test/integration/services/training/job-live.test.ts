// The `training:job` topic with the real embedded emulator: the first event holds the job and
// its series so far; as the simulated clock moves, updates carry only the points after the
// last step sent (no gap, no repeat). And the console's cost estimate before a job is created
// is the estimatedCost the emulator then answers.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateJobCost } from '../../../../shared/api/training/job-plan';
import type { TrainingJob } from '../../../../shared/api/training/jobs';
import type { ApiCallResponse, BridgeResult } from '../../../../shared/ipc/contract';
import { dispatch, subscribeTopic } from '../../../../shared/ipc/dispatch';
import type { TrainingJobLiveEvent } from '../../../../shared/ipc/streams';
import { createServices, type Services } from '../../../../main/services';
import { MemorySecretStore } from '../../../../main/vault/memory-secret-store';

let dataDir: string;
let services: Services;

async function invoke<T>(channel: string, request: unknown): Promise<T> {
  const result = (await dispatch(services.handlers, channel, request)) as BridgeResult<T>;
  if (!result.ok) throw Object.assign(new Error(result.error.message), { normalized: result.error });
  return result.value;
}
const call = async <T>(op: string, input: Record<string, unknown> = {}) =>
  (await invoke<ApiCallResponse>('api:call', { op, input })).data as T;

async function until<T>(read: () => T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = read();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gpc-jobs-live-'));
  services = await createServices({
    mode: 'web',
    dataDir,
    secretStore: new MemorySecretStore(),
    emulator: { seed: 5 },
    streams: { trainingJobIntervalMs: 50 },
    // The read budget is tested in place by read-budget-hour.test.ts; here the stream's mechanics at 50 ms.
    gateway: { readBudget: false },
  });
  await invoke('emulator:setClockSpeed', { speed: 0.001 });
});

afterAll(async () => {
  await services?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('training:job stream', () => {
  it('sends the series once, then only the new points as the clock advances', async () => {
    const { jobs } = await call<{ jobs: Array<{ id: string; status: string }> }>('training.jobs.list', { query: { status: 'running' } });
    const running = jobs[0]!;
    const events: TrainingJobLiveEvent[] = [];
    const sub = subscribeTopic(services.topics, 'training:job', { jobId: running.id, points: 2000 }, (e) =>
      events.push(e as TrainingJobLiveEvent),
    );
    expect(sub.ok).toBe(true);
    const snapshot = await until(() => events.find((e) => e.type === 'snapshot'));
    if (snapshot.type !== 'snapshot') throw new Error('no snapshot');
    const lastStep = snapshot.series.toStep;
    expect(snapshot.series.points.at(-1)!.step).toBe(lastStep);
    expect(services.streams.trainingJobs()).toBe(1);

    await invoke('emulator:advanceClock', { seconds: 120 });
    const update = await until(() => events.find((e) => e.type === 'update' && e.points.length > 0));
    if (update.type !== 'update') throw new Error('no update');
    expect(update.points[0]!.step).toBe(lastStep + 1);
    expect(update.points.at(-1)!.step).toBe(update.job.progress.currentStep);
    expect(update.job.progress.currentStep).toBeGreaterThan(lastStep);

    if (sub.ok) sub.unsubscribe();
    expect(services.streams.trainingJobs()).toBe(0);
  });

  it('ends with a final error for an unknown job', async () => {
    const events: TrainingJobLiveEvent[] = [];
    const sub = subscribeTopic(services.topics, 'training:job', { jobId: 'job_doesnotexist' }, (e) =>
      events.push(e as TrainingJobLiveEvent),
    );
    const error = await until(() => events.find((e) => e.type === 'error'));
    expect(error).toMatchObject({ type: 'error', final: true, error: { code: 'JOB_NOT_FOUND' } });
    if (sub.ok) sub.unsubscribe();
  });
});

describe('cost estimate before submitting', () => {
  it('is the estimatedCost the emulator answers for the job', async () => {
    const { datasets } = await call<{ datasets: Array<{ id: string; size: { examples: number } }> }>('training.datasets.list', {
      query: { status: 'ready' },
    });
    const dataset = datasets[0]!;
    const config = { baseModel: 'llama-2-7b', strategy: 'lora' as const, training: { epochs: 2, batch_size: 8, learning_rate: 1e-4 } };
    const estimate = estimateJobCost('llm', config, dataset.size.examples, 'h100', 2, 'normal');
    const job = await call<TrainingJob>('training.jobs.create', {
      body: { name: 'estimate check', modelType: 'llm', datasetId: dataset.id, config, gpuType: 'h100', maxWorkers: 2 },
    });
    expect(job.estimatedCost).toEqual({ hourly: estimate.hourly, total: estimate.total, currency: 'USD' });
    expect(job.progress.totalSteps).toBe(estimate.totalSteps);
    expect(estimate.total).toBeGreaterThan(0);
  });
});
