// Issue 18 part 5: a pending job says when it should start — derived from what the API gives
// (estimatedCompletion − the whole run's remainingTime), and it is when the emulator starts it —
// and the checkpoint text says what the emulator does (every save_steps, one epoch by default),
// never "every 0 steps".
import { describe, expect, it } from 'vitest';
import { checkpointPlanText, estimatedStartMs, pendingStartText } from '../../../../renderer/src/features/training/jobs/job-format';
import { advanceClock } from '../harness';
import { fileEmulator, readyDataset } from './file-emulator';

const t = fileEmulator();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON
type Json = any;

async function create(training: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<Json> {
  const datasetId = await readyDataset(t.call, 'support-chat-v3');
  const r = await t.call('POST', '/v2/training/jobs', {
    body: {
      name: 'start-estimate',
      modelType: 'llm',
      datasetId,
      config: { baseModel: 'llama-3-8b', strategy: 'lora', training: { epochs: 3, batch_size: 4, ...training } },
      ...extra,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

describe('a pending job’s estimated start', () => {
  it('is read from the job and the list alike, and the job starts running then', async () => {
    // Low priority, two workers: provisioning (45 s + 5 s a worker) × 3 = 165 s.
    const job = await create({}, { priority: 'low', maxWorkers: 2 });
    const created = Date.parse(job.createdAt);
    const start = estimatedStartMs(job)!;
    // remainingTime is in whole seconds (rounded up): the estimate is to the second.
    expect(Math.abs(start - (created + 165_000))).toBeLessThan(1000);
    const listed = (await t.call('GET', '/v2/training/jobs?status=pending&limit=100')).body.jobs.find((j: Json) => j.id === job.id);
    expect(estimatedStartMs(listed)).toBe(start);
    expect(pendingStartText(job, created)).toMatch(/^Should start in ~3 min \(at .+\)$/);
    expect(pendingStartText(job, created + 150_000)).toMatch(/^Should start in under a minute/);

    await advanceClock(t.call, 164);
    const before = (await t.call('GET', `/v2/training/jobs/${job.id}`)).body;
    expect(before.status).toBe('pending');
    expect(estimatedStartMs(before)).toBe(start);
    await advanceClock(t.call, 2);
    const after = (await t.call('GET', `/v2/training/jobs/${job.id}`)).body;
    expect(after.status).toBe('running');
    expect(Math.abs(Date.parse(after.startedAt) - start)).toBeLessThan(1000);
    // A running job has no start estimate.
    expect(estimatedStartMs(after)).toBeNull();
    expect(pendingStartText(after)).toBeNull();
  });
});

describe('the checkpoint text', () => {
  it('gives the job’s own interval: one epoch by default, save_steps when set', async () => {
    const byEpoch = await create({});
    expect(byEpoch.resolvedConfig.stepsPerEpoch).toBe(60);
    expect(checkpointPlanText(byEpoch.resolvedConfig)).toBe(
      'A checkpoint is saved every 60 steps (once an epoch) and when the job is stopped (unless the stop is told not to).',
    );
    const every25 = await create({ save_steps: 25 });
    expect(checkpointPlanText(every25.resolvedConfig)).toMatch(/^A checkpoint is saved every 25 steps and when/);
    // The emulator saves at each multiple of save_steps: a run of 180 steps writes 7.
    await advanceClock(t.call, 3600 * 4);
    const done = (await t.call('GET', `/v2/training/jobs/${every25.id}`)).body;
    expect(done.status).toBe('completed');
    expect(done.checkpoints.map((c: Json) => c.step)).toEqual([25, 50, 75, 100, 125, 150, 175]);
  });

  it('says so when no interval is given, or when the run ends before the first', () => {
    for (const resolved of [{}, { save_steps: 0 }, { save_steps: null }])
      expect(checkpointPlanText(resolved)).toBe(
        'No periodic checkpoints are configured: one is saved only when the job is stopped (unless the stop is told not to).',
      );
    expect(checkpointPlanText({ save_steps: 500, stepsPerEpoch: 60, totalSteps: 180 })).toMatch(
      /^No periodic checkpoint: the run ends at step 180, before the first at step 500/,
    );
  });
});
