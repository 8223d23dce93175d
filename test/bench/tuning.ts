// Tuning suggestions at 500 completed trials (issue 10, Performance: TPE/Bayesian suggestion
// ≤ 20 ms): the median time of one TPE and one Bayesian suggestion over a history of 500 trials
// of the seeded training objective (nine parameters, tuning-fixture.ts), against a random
// suggestion measured in the same run. The Gaussian process is fitted on at most 100 of the
// trials (bayesian.ts), so its cost does not grow with the history.
import { Rng } from '../../main/emulator/core/rng';
import { suggestBayesian } from '../../main/emulator/areas/training/tuning/algorithms/bayesian';
import type { Observation } from '../../main/emulator/areas/training/tuning/algorithms/history';
import { suggestRandom } from '../../main/emulator/areas/training/tuning/algorithms/random';
import { suggestTpe } from '../../main/emulator/areas/training/tuning/algorithms/tpe';
import { runTrial } from '../../main/emulator/areas/training/tuning/objective';
import { timeEach } from './timing';
import { PARENT, SPACE } from '../unit/emulator/training/tuning-fixture';

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
