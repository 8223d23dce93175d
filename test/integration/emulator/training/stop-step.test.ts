// Issue 18 part 2 #5: the stop dialog does not promise the step of its last read; the step a job
// stopped at is the stop's answer, which the notification and the job's read then show.
import { describe, expect, it } from 'vitest';
import { stopStepText, stoppedAtText } from '../../../../renderer/src/features/training/jobs/job-format';
import { formatCount } from '../../../../renderer/src/features/training/training-format';
import { advanceClock } from '../harness';
import { fileEmulator, loraJobBody, readyDataset } from './file-emulator';

const t = fileEmulator();

describe('the step a stop stops at', () => {
  it('the dialog gives the last read as such; the notification and the job read the stop step', async () => {
    const datasetId = await readyDataset(t.call, 'support-chat-v3');
    const created = await t.call('POST', '/v2/training/jobs', {
      body: loraJobBody('stop-step', datasetId, 10),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await advanceClock(t.call, 110);
    const read = (await t.call('GET', `/v2/training/jobs/${created.body.id}`)).body;
    expect(read.status).toBe('running');
    const dialog = stopStepText(read.progress);
    expect(dialog).toContain(`step ${formatCount(read.progress.currentStep)} of ${formatCount(read.progress.totalSteps)} at the last read`);
    expect(dialog).not.toMatch(/^Training stops at step/);
    await advanceClock(t.call, 30); // the dialog is open a while
    const stop = await t.call('POST', `/v2/training/jobs/${created.body.id}/stop`, { body: { saveCheckpoint: true } });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body.step).toBeGreaterThan(read.progress.currentStep);
    const after = (await t.call('GET', `/v2/training/jobs/${created.body.id}`)).body;
    expect(after.progress.currentStep).toBe(stop.body.step);
    expect(stoppedAtText('stop-step', stop.body)).toBe(`Job “stop-step” stopped at step ${formatCount(after.progress.currentStep)}`);
  });
});
