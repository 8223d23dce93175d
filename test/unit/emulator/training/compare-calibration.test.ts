// Calibration of the comparison's tests (docs/decisions.md, Training: experiments — compare):
// tests that can fail. Configurations with the same true loss, compared across their replicates
// (3 configurations × 3 seeds, Welch + Holm, the compare route's function), are called different
// at most α of the time, and so are models with the same expected loss compared on the same
// evaluation examples (Wilcoxon signed-rank + Holm); the power for a known true difference is
// reported and held above a floor. The values come from the real loss model: final validation
// losses of seeded jobs, and per-example losses from its evaluation set.
import { describe, expect, it } from 'vitest';
import { testPaired, testReplicates } from '../../../../main/emulator/areas/training/experiments/compare';
import { LossModel, seedOf, type LossModelInput } from '../../../../main/emulator/areas/training/jobs/sim/loss-model';
import { ExampleBootstrap } from '../../../../main/emulator/areas/training/experiments/stats/resample';
import { lossFigure } from '../../../../main/emulator/areas/training/jobs/view';

const COMPARISONS = 1000;
const ALPHA = 0.05;
/** The binomial margin of a rate of 5 % over 1,000 trials (1.96 standard errors). */
const MARGIN = 1.96 * Math.sqrt((ALPHA * (1 - ALPHA)) / COMPARISONS);

const config = (over: Partial<LossModelInput>): LossModelInput => ({
  kind: 'language',
  parameters: 7e9,
  strategy: 'lora',
  rank: 8,
  examples: 10_000,
  numClasses: 10,
  learningRate: 2e-4,
  scheduler: 'cosine',
  warmupSteps: 10,
  totalSteps: 500,
  stepsPerEpoch: 250,
  effectiveBatch: 16,
  seed: 1,
  evaluationSeed: 1,
  ...over,
});

/** Final validation losses (as the API reports them) of `replicates` jobs of one configuration; `scale` a known true effect. */
function replicates(k: number, group: number, count: number, examples: number, scale = 1): number[] {
  return Array.from({ length: count }, (_, r) => {
    const m = new LossModel(config({ examples, seed: seedOf(k, `job-${group}-${r}`), evaluationSeed: seedOf(k, 'dataset') }));
    return lossFigure(m.validationLoss(500)! * scale)!;
  });
}

/** A family of replicate tests among `groups` configurations: whether any is significant after Holm. */
function replicateFamily(k: number, groups: number, count: number, examples: number, effect = 1): { any: boolean; first: boolean } {
  const values = Array.from({ length: groups }, (_, g) => ({
    id: `g${g}`,
    values: replicates(k, g, count, examples, g === 0 ? effect : 1),
  }));
  const pairs: Array<[(typeof values)[number], (typeof values)[number]]> = [];
  for (let i = 0; i < groups; i++) for (let j = i + 1; j < groups; j++) pairs.push([values[i]!, values[j]!]);
  const tests = testReplicates(pairs, ALPHA, 'holm', 1);
  return { any: tests.some((t) => t.significant), first: tests[0]!.significant && tests[0]!.better === 'g0' };
}

/** Models of one configuration on one evaluation set with the same μ (or μ × effect for the first). */
function pairedFamily(k: number, models: number, examples: number, effect = 1): { any: boolean; first: boolean } {
  const evaluationSeed = seedOf(k, 'dataset');
  const mu = 0.8;
  const losses = Array.from({ length: models }, (_, i) => {
    const f = new LossModel(config({ examples, seed: seedOf(k, `model-${i}`), evaluationSeed })).exampleFactors();
    return { id: `m${i}`, step: 500, losses: f.map((x) => mu * x * (i === 0 ? effect : 1)) };
  });
  const pairs: Array<[(typeof losses)[number], (typeof losses)[number]]> = [];
  for (let i = 0; i < models; i++) for (let j = i + 1; j < models; j++) pairs.push([losses[i]!, losses[j]!]);
  // The intervals are not what is calibrated here: few resamples keep 3,000 families quick.
  const tests = testPaired(pairs, ALPHA, 'holm', k, new ExampleBootstrap(k, 20));
  return { any: tests.some((t) => t.significant), first: tests[0]!.significant && tests[0]!.better === 'm0' };
}

const rate = (f: (k: number) => boolean) => {
  let hits = 0;
  for (let k = 1; k <= COMPARISONS; k++) if (f(k)) hits++;
  return hits / COMPARISONS;
};

describe('comparison tests: calibration over 1,000 seeded comparisons', () => {
  it(`across seeds: 3 configurations × 3 replicates with the same true loss — family-wise false positives ≤ 5 % + ${(MARGIN * 100).toFixed(2)} points (Welch, Holm)`, () => {
    const fpr = rate((k) => replicateFamily(k, 3, 3, 10_000).any);
    console.info(`replicate tests: family-wise false-positive rate ${(fpr * 100).toFixed(1)} % over ${COMPARISONS} comparisons`);
    expect(fpr).toBeLessThanOrEqual(ALPHA + MARGIN);
  });

  // Replicates of one configuration spread by about 1.6 % (the seed's 1 % on the floor and the
  // model's own per-example factors averaged over 500 examples): 2 % is a small effect for 5 seeds.
  it('across seeds: power for a 2 % lower true loss (2 configurations × 5 replicates) is reported and at least 30 %', () => {
    const power = rate((k) => replicateFamily(k, 2, 5, 10_000, 0.98).first);
    console.info(`replicate tests: power ${(power * 100).toFixed(1)} % for a 2 % lower loss, 5 replicates each`);
    expect(power).toBeGreaterThanOrEqual(0.3);
  });

  it('across seeds: power for a 5 % lower true loss (2 configurations × 3 replicates) is reported and at least 50 %', () => {
    const power = rate((k) => replicateFamily(k, 2, 3, 10_000, 0.95).first);
    console.info(`replicate tests: power ${(power * 100).toFixed(1)} % for a 5 % lower loss, 3 replicates each`);
    expect(power).toBeGreaterThanOrEqual(0.5);
  });

  it(`on the same evaluation examples: 3 models with the same expected loss on 500 examples — family-wise false positives ≤ 5 % + ${(MARGIN * 100).toFixed(2)} points (Wilcoxon, Holm)`, () => {
    const fpr = rate((k) => pairedFamily(k, 3, 10_000).any);
    console.info(`paired tests: family-wise false-positive rate ${(fpr * 100).toFixed(1)} % over ${COMPARISONS} comparisons`);
    expect(fpr).toBeLessThanOrEqual(ALPHA + MARGIN);
  });

  it('on the same evaluation examples: power for a 5 % lower expected loss on 500 examples is reported and at least 80 %', () => {
    const power = rate((k) => pairedFamily(k, 2, 10_000, 0.95).first);
    console.info(`paired tests: power ${(power * 100).toFixed(1)} % for a 5 % lower loss on 500 examples`);
    expect(power).toBeGreaterThanOrEqual(0.8);
  });
});
