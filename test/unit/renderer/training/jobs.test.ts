// The training jobs view's logic: the new-job form's messages and request, the estimate, the
// server's refusals placed on fields, the streamed series appended without repeats, and the
// step axis's round ticks.
import { describe, expect, it } from 'vitest';
import type { NormalizedError } from '../../../../shared/api/errors';
import { estimateJobCost } from '../../../../shared/api/training/job-plan';
import { numberTicks } from '../../../../renderer/src/components/metric-chart-core';
import { nearestPoint } from '../../../../renderer/src/features/training/jobs/job-format';
import {
  formEstimate,
  initialJobForm,
  placeJobApiError,
  validateJobForm,
  type JobForm,
} from '../../../../renderer/src/features/training/jobs/job-form';
import { applyEvents, emptySeries } from '../../../../renderer/src/features/training/jobs/job-series';

const form = (patch: Partial<JobForm>): JobForm => ({ ...initialJobForm('ds_abc'), name: 'run', ...patch });
const errorsOf = (f: JobForm) => {
  const r = validateJobForm(f);
  return r.ok ? {} : r.errors;
};

describe('new-job form', () => {
  it('says each rule in words on its field', () => {
    expect(errorsOf(form({ learningRate: '0.5' })).learningRate).toBe('A learning rate is 1e-6 to 1e-1 (0.000001 to 0.1)');
    expect(errorsOf(form({ learningRate: '1e-7' })).learningRate).toBe('A learning rate is 1e-6 to 1e-1 (0.000001 to 0.1)');
    expect(errorsOf(form({ workers: '33' })).workers).toBe('Enter 1 to 32 GPUs');
    expect(errorsOf(form({ epochs: '2.5' })).epochs).toBe('Epochs is a whole number from 1 to 100');
    expect(errorsOf(form({ batchSize: '2000' })).batchSize).toBe('The batch size is 1 to 1,024');
    expect(errorsOf(form({ dropout: '1' })).dropout).toBe('Dropout is at least 0 and below 1 (e.g. 0.05)');
    expect(errorsOf(form({ weightDecay: '-0.1' })).weightDecay).toBe('Weight decay is 0 to 1');
    expect(errorsOf(form({ baseModel: 'mystery-model' })).baseModel).toBe(
      'Unknown base model: choose one from the list, or a name that carries its size, such as my-model-7b',
    );
    expect(errorsOf(form({ name: '', datasetId: '' }))).toMatchObject({
      name: 'Name the job',
      datasetId: 'Choose a ready dataset to train on',
    });
  });

  it('sends the config keys that are set, and leaves the rest to the defaults', () => {
    const r = validateJobForm(
      form({ learningRate: '1e-4', epochs: '2', rank: '16', gradientCheckpointing: true, workers: '4', gpuType: 'h100' }),
    );
    expect(r.ok && r.request).toEqual({
      name: 'run',
      modelType: 'llm',
      datasetId: 'ds_abc',
      config: {
        baseModel: 'llama-2-7b',
        strategy: 'lora',
        parameters: { rank: 16 },
        training: { epochs: 2, learning_rate: 1e-4 },
        optimization: { gradient_checkpointing: true },
      },
      gpuType: 'h100',
      maxWorkers: 4,
      priority: 'normal',
    });
    const vision = validateJobForm(form({ modelType: 'vision', architecture: 'resnet50', rank: 'not read for vision' }));
    expect(vision.ok && vision.request.config).toEqual({ architecture: 'resnet50' });
  });

  it('estimates with the emulator’s plan, only once the form is valid', () => {
    expect(formEstimate(form({ learningRate: '9' }), 240)).toBeNull();
    expect(formEstimate(form({}), null)).toBeNull();
    const e = formEstimate(form({ workers: '2', gpuType: 'h100' }), 240)!;
    expect(e).toEqual(estimateJobCost('llm', { baseModel: 'llama-2-7b', strategy: 'lora' }, 240, 'h100', 2, 'normal'));
    expect(e.hourly).toBe(7.98);
    expect(e.oom).toBe(false);
    // A 70B model trained in full on one 24 GB card cannot fit.
    expect(formEstimate(form({ baseModel: 'llama-3-70b', strategy: 'full', gpuType: 'rtx4090' }), 240)!.oom).toBe(true);
  });

  it('places CONFIGURATION_ERROR and INSUFFICIENT_RESOURCES on their fields', () => {
    const config = {
      status: 400,
      code: 'CONFIGURATION_ERROR',
      message: 'Invalid training configuration',
      details: { field: 'config.training.warmup_steps', reason: "must not exceed the run's 120 steps" },
      source: 'account',
    } as NormalizedError;
    expect(placeJobApiError(config)).toEqual([
      { key: 'warmupSteps', member: 'warmupSteps', message: expect.stringMatching(/exceed the run's 120 steps/) },
    ]);
    const resources = {
      status: 422,
      code: 'INSUFFICIENT_RESOURCES',
      message: 'Insufficient resources',
      details: { requestedGpuType: 'v100', requestedWorkers: 2, availableGpuTypes: ['a100'], available: { v100: 0, a100: 20, h100: 1 } },
      source: 'account',
    } as NormalizedError;
    expect(placeJobApiError(resources)).toEqual([
      {
        key: 'gpuType',
        member: 'gpuType',
        message: 'No NVIDIA V100 32GB GPUs are free for 2 asked; enough free: NVIDIA A100 80GB (20 free)',
      },
    ]);
  });
});

const point = (step: number) => ({
  step,
  epoch: 1,
  loss: 2 - step / 100,
  lossMin: null,
  lossMax: null,
  validationLoss: step % 10 === 0 ? 1.5 : null,
  learningRate: 1e-4,
  throughput: 1000,
  memoryGb: 10,
});

describe('streamed series', () => {
  it('takes the snapshot, appends only later points, and starts over on a new snapshot', () => {
    const job = {} as never;
    const series = {
      jobId: 'job_x',
      status: 'running',
      currentStep: 3,
      totalSteps: 10,
      fromStep: 0,
      toStep: 3,
      bucketSize: 1,
      throughputUnit: 'tokens/s',
      points: [1, 2, 3].map(point),
    } as never;
    let s = applyEvents(emptySeries(), [{ type: 'snapshot', job, series }]).series;
    expect(s.lastStep).toBe(3);
    const next = applyEvents(s, [
      { type: 'update', job, points: [point(3), point(4), point(5)] },
      { type: 'update', job, points: [] },
    ]);
    expect(next.changed).toBe(true);
    s = next.series;
    expect(s.data.loss.map((p) => p.x)).toEqual([1, 2, 3, 4, 5]);
    expect(applyEvents(s, [{ type: 'update', job, points: [point(5)] }]).changed).toBe(false);
    const again = applyEvents(s, [{ type: 'snapshot', job, series }]).series;
    expect(again.generation).toBe(s.generation + 1);
    expect(again.rows).toHaveLength(3);
  });

  it('finds the point nearest the crosshair', () => {
    const rows = [0, 10, 20, 40].map((step) => ({ step }));
    expect(nearestPoint(rows, 14)).toEqual({ step: 10 });
    expect(nearestPoint(rows, 31)).toEqual({ step: 40 });
    expect(nearestPoint([], 3)).toBeNull();
  });
});

describe('step axis', () => {
  it('ticks at round numbers', () => {
    expect(numberTicks(0, 2520, 5)).toEqual([0, 1000, 2000]);
    expect(numberTicks(0, 120, 8)).toEqual([0, 20, 40, 60, 80, 100, 120]);
    expect(numberTicks(5, 5, 4)).toEqual([]);
  });
});
