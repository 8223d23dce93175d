// Issue 18 part 2 #5: the convergence insight counts what it says — the trials that finished
// after the converging trial (by completedAt), not those numbered after it.
import { describe, expect, it } from 'vitest';
import { advanceClock } from '../harness';
import { fileEmulator, loraJobBody, readyDataset } from './file-emulator';

const t = fileEmulator();

interface Trial {
  number: number;
  status: string;
  completedAt: string | null;
}

describe('tuning convergence insight', () => {
  it('"the N trials that finished after it" is the count of trials completed after that trial', async () => {
    const datasetId = await readyDataset(t.call, 'support-chat-v3');
    const job = await t.call('POST', '/v2/training/jobs', {
      body: loraJobBody('converge-parent', datasetId, 2),
    });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    let converged = 0;
    for (const algorithm of ['random', 'tpe', 'bayesian']) {
      const created = await t.call('POST', `/v2/training/jobs/${job.body.id}/tune`, {
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
        await advanceClock(t.call, 1800);
        done = (await t.call('GET', `/v2/training/jobs/${job.body.id}/tune/${created.body.id}`)).body;
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
