// Issue 18 part 2 #3: a tuning job's estimate is one figure in the start form and on the detail
// page (trialCostEstimate over the parent job's own run estimate).
import { describe, expect, it } from 'vitest';
import { trialCostEstimate } from '../../../../shared/api/training/job-plan';
import { costEstimate } from '../../../../renderer/src/features/training/tuning/tuning-form';
import { formatMoney } from '../../../../renderer/src/lib/money';
import { fileEmulator, readyDataset } from './file-emulator';

const t = fileEmulator();

describe('tuning estimate across views', () => {
  it('the start form and the detail page show the same cost for the same trials', async () => {
    const datasetId = await readyDataset(t.call, 'support-chat-v3');
    for (const [gpuType, epochs] of [
      ['a100', 2],
      ['h100', 3],
    ] as const) {
      const created = await t.call('POST', '/v2/training/jobs', {
        body: {
          name: `estimate-${gpuType}`,
          modelType: 'llm',
          datasetId,
          gpuType,
          config: { baseModel: 'llama-3-8b', strategy: 'lora', training: { epochs, batch_size: 4, learning_rate: 1e-4 } },
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const job = (await t.call('GET', `/v2/training/jobs/${created.body.id}`)).body;
      const form = costEstimate(trialCostEstimate(job.estimatedCost.total, job.estimatedCost.hourly), '12')!;
      const r = await t.call('POST', `/v2/training/jobs/${job.id}/tune`, {
        body: {
          objective: 'minimize',
          metric: 'eval_loss',
          algorithm: 'random',
          max_trials: 12,
          search_space: { learning_rate: { type: 'log_uniform', min: 1e-5, max: 1e-2 } },
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const detail = (await t.call('GET', `/v2/training/jobs/${job.id}/tune/${r.body.id}`)).body;
      expect(formatMoney(detail.estimatedCost.total)).toBe(formatMoney(form.total));
      expect(formatMoney(detail.estimatedCost.perTrial)).toBe(formatMoney(form.perTrial));
    }
  });
});
