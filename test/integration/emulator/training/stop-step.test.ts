// Issue 18 part 2 #5: the stop dialog does not promise the step of its last read; the step a job
// stopped at is the stop's answer, which the notification and the job's read then show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../../../main/emulator';
import { stopStepText, stoppedAtText } from '../../../../renderer/src/features/training/jobs/job-format';
import { formatCount } from '../../../../renderer/src/features/training/training-format';
import { advanceClock, makeCall, OWNER } from '../harness';

const emulator = createEmulator({
  seed: 42,
  ownerKey: OWNER,
  rateLimits: 'report',
  startTime: new Date('2026-06-01T12:00:00.000Z'),
  speed: 0.001,
});
let call: ReturnType<typeof makeCall>;
beforeAll(async () => {
  call = makeCall(fetch, await emulator.listen(0), OWNER);
});
afterAll(() => emulator.close());

describe('the step a stop stops at', () => {
  it('the dialog gives the last read as such; the notification and the job read the stop step', async () => {
    const datasets = (await call('GET', '/v2/training/datasets?status=ready')).body.datasets as { id: string; name: string }[];
    const datasetId = datasets.find((d) => d.name === 'support-chat-v3')!.id;
    const created = await call('POST', '/v2/training/jobs', {
      body: {
        name: 'stop-step',
        modelType: 'llm',
        datasetId,
        config: { baseModel: 'llama-3-8b', strategy: 'lora', training: { epochs: 10, batch_size: 4, learning_rate: 1e-4 } },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await advanceClock(call, 110);
    const read = (await call('GET', `/v2/training/jobs/${created.body.id}`)).body;
    expect(read.status).toBe('running');
    const dialog = stopStepText(read.progress);
    expect(dialog).toContain(`step ${formatCount(read.progress.currentStep)} of ${formatCount(read.progress.totalSteps)} at the last read`);
    expect(dialog).not.toMatch(/^Training stops at step/);
    await advanceClock(call, 30); // the dialog is open a while
    const stop = await call('POST', `/v2/training/jobs/${created.body.id}/stop`, { body: { saveCheckpoint: true } });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body.step).toBeGreaterThan(read.progress.currentStep);
    const after = (await call('GET', `/v2/training/jobs/${created.body.id}`)).body;
    expect(after.progress.currentStep).toBe(stop.body.step);
    expect(stoppedAtText('stop-step', stop.body)).toBe(`Job “stop-step” stopped at step ${formatCount(after.progress.currentStep)}`);
  });
});
