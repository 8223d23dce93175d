// Issue 18 part 2 #5: the convergence insight counts what it says — the trials that finished
// after the converging trial (by completedAt), not those numbered after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../../../main/emulator';
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

interface Trial {
  number: number;
  status: string;
  completedAt: string | null;
}

describe('tuning convergence insight', () => {
  it('"the N trials that finished after it" is the count of trials completed after that trial', async () => {
    const datasets = (await call('GET', '/v2/training/datasets?status=ready')).body.datasets as { id: string; name: string }[];
    const datasetId = datasets.find((d) => d.name === 'support-chat-v3')!.id;
    const job = await call('POST', '/v2/training/jobs', {
      body: {
        name: 'converge-parent',
        modelType: 'llm',
        datasetId,
        config: { baseModel: 'llama-3-8b', strategy: 'lora', training: { epochs: 2, batch_size: 4, learning_rate: 1e-4 } },
      },
    });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    let converged = 0;
    for (const algorithm of ['random', 'tpe', 'bayesian']) {
      const created = await call('POST', `/v2/training/jobs/${job.body.id}/tune`, {
        body: {
          objective: 'minimize',
          metric: 'eval_loss',
          algorithm,
          max_trials: 24,
          max_concurrent: 4,
          search_space: {
            learning_rate: { type: 'log_uniform', min: 1e-5, max: 1e-2 },
            weight_decay: { type: 'uniform', min: 0, max: 0.2 },
          },
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      let done = created.body;
      for (let s = 0; s < 24 * 3600 && !['completed', 'failed', 'cancelled'].includes(done.status); s += 1800) {
        await advanceClock(call, 1800);
        done = (await call('GET', `/v2/training/jobs/${job.body.id}/tune/${created.body.id}`)).body;
      }
      const m = /^Converged at trial (\d+), the \d+\w\w of (\d+) to finish: the (\d+) trials that finished after it/.exec(
        done.convergenceAnalysis.recommendation,
      );
      if (!done.convergenceAnalysis.converged) continue;
      expect(m, done.convergenceAnalysis.recommendation).not.toBeNull();
      converged++;
      const trials = done.trials as Trial[];
      const at = trials.find((x) => x.number === Number(m![1]))!;
      const finished = trials.filter((x) => x.status === 'completed');
      const after = finished.filter(
        (x) => Date.parse(x.completedAt!) > Date.parse(at.completedAt!) || (x.completedAt === at.completedAt && x.number > at.number),
      );
      expect(Number(m![3])).toBe(after.length);
      expect(Number(m![2])).toBe(finished.length);
      expect(done.convergenceAnalysis.convergenceEpoch).toBe(at.number);
    }
    expect(converged).toBeGreaterThan(0);
  });
});
