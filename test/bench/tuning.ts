// Tuning suggestions at 500 completed trials (issue 10, Performance: TPE/Bayesian suggestion
// ≤ 20 ms): the median time of one TPE and one Bayesian suggestion over a history of 500 trials
// of the seeded training objective (nine parameters, the unit test's space), against a random
// suggestion measured in the same run. The Gaussian process is fitted on at most 100 of the
// trials (bayesian.ts), so its cost does not grow with the history.
import { Rng } from '../../main/emulator/core/rng';
import { suggestBayesian } from '../../main/emulator/areas/training/tuning/algorithms/bayesian';
import type { Observation } from '../../main/emulator/areas/training/tuning/algorithms/history';
import { suggestRandom } from '../../main/emulator/areas/training/tuning/algorithms/random';
import { compileSpace } from '../../main/emulator/areas/training/tuning/algorithms/space';
import { suggestTpe } from '../../main/emulator/areas/training/tuning/algorithms/tpe';
import { runTrial, type Parent } from '../../main/emulator/areas/training/tuning/objective';
import { timeEach } from './timing';

const PARENT: Parent = {
  model_type: 'llm',
  config: { baseModel: 'llama-3-8b', strategy: 'lora', parameters: { rank: 8 }, training: { epochs: 2, batch_size: 4 } },
  examples: 240,
  gpu_type: 'a100',
  workers: 1,
  seed: 1234,
};
const SPACE = compileSpace({
  learning_rate: { type: 'log_uniform', min: 1e-6, max: 1e-1 },
  batch_size: { type: 'choice', values: [2, 4, 8, 16] },
  warmup_steps: { type: 'int_uniform', min: 0, max: 20 },
  weight_decay: { type: 'uniform', min: 0, max: 0.3 },
  rank: { type: 'int_log_uniform', min: 2, max: 64 },
  dropout: { type: 'uniform', min: 0, max: 0.5 },
  lora_alpha: { type: 'int_uniform', min: 4, max: 64 },
  epochs: { type: 'int_uniform', min: 1, max: 4 },
  lr_scheduler_type: { type: 'choice', values: ['constant', 'linear', 'cosine'] },
});

export interface TuningBench {
  trials: number;
  randomMs: number;
  tpeMs: number;
  bayesianMs: number;
}

export function benchTuning(trials = 500, runs = 25): TuningBench {
  const rng = new Rng(11);
  const history: Observation[] = [];
  for (let i = 0; i < trials; i++) {
    const params = suggestRandom(SPACE, rng);
    const run = runTrial(PARENT, SPACE, params, i);
    history.push({ params, value: run.failure === null ? run.metrics.eval_loss! : null });
  }
  const warm = (f: (r: Rng) => void) => {
    for (let i = 0; i < 3; i++) f(new Rng(1000 + i));
  };
  const random = (r: Rng) => void suggestRandom(SPACE, r);
  const tpe = (r: Rng) => void suggestTpe(SPACE, history, r);
  const bayesian = (r: Rng) => void suggestBayesian(SPACE, history, r);
  for (const f of [random, tpe, bayesian]) warm(f);
  return {
    trials,
    randomMs: timeEach(runs, (i) => random(new Rng(i))),
    tpeMs: timeEach(runs, (i) => tpe(new Rng(i))),
    bayesianMs: timeEach(runs, (i) => bayesian(new Rng(i))),
  };
}
