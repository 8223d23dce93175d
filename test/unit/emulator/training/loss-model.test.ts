// The seeded loss model's trends (docs/decisions.md, Training: jobs — loss model): more data
// lowers the floor, more capacity lowers it, a higher learning rate moves faster until the
// divergence threshold, cosine ends lower than constant, the same seed gives the same curve.
import { describe, expect, it } from 'vitest';
import { DIVERGENCE_RATIO, LossModel, type LossModelInput } from '../../../../main/emulator/areas/training/jobs/sim/loss-model';

const base: LossModelInput = {
  kind: 'language',
  parameters: 7e9,
  strategy: 'lora',
  rank: 8,
  examples: 1000,
  numClasses: 10,
  learningRate: 2e-4,
  scheduler: 'cosine',
  warmupSteps: 10,
  totalSteps: 500,
  stepsPerEpoch: 100,
  effectiveBatch: 16,
  seed: 1234,
};
const model = (over: Partial<LossModelInput> = {}) => new LossModel({ ...base, ...over });

describe('loss model', () => {
  it('lowers the floor with more data and more capacity', () => {
    expect(model({ examples: 10_000 }).floor).toBeLessThan(model({ examples: 1000 }).floor);
    expect(model({ examples: 1000 }).floor).toBeLessThan(model({ examples: 100 }).floor);
    expect(model({ rank: 64 }).floor).toBeLessThan(model({ rank: 8 }).floor);
    expect(model({ parameters: 70e9 }).floor).toBeLessThan(model({ parameters: 7e9 }).floor);
  });

  it('moves faster with a higher learning rate, and diverges past the threshold', () => {
    const at = (lr: number) => model({ learningRate: lr }).clean(40);
    expect(at(4e-4)).toBeLessThan(at(2e-4));
    expect(at(2e-4)).toBeLessThan(at(5e-5));
    expect(model({ learningRate: 2e-4 * (DIVERGENCE_RATIO - 1) }).divergence).toBeNull();
    const d = model({ learningRate: 2e-4 * DIVERGENCE_RATIO * 2 }).divergence;
    expect(d).not.toBeNull();
    // The warmup reaches the threshold half-way through its 10 steps.
    expect(d!.startStep).toBe(5);
    expect(Number.isNaN(model({ learningRate: 1e-2 }).trainLoss(d!.failStep))).toBe(true);
  });

  it('blows up before it is NaN: over 200 seeds the last finite loss is far above every loss before the divergence', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const m = model({ seed, learningRate: 5e-2, warmupSteps: 10, effectiveBatch: 4 });
      const d = m.divergence!;
      const before = Math.max(...Array.from({ length: Math.max(1, d.startStep) }, (_, i) => m.trainLoss(i + 1)));
      expect(m.trainLoss(d.failStep - 1), `seed ${seed}`).toBeGreaterThan(10 * before);
    }
  });

  it('ends lower with cosine than with a constant rate, and the warmup slows the start', () => {
    const end = (scheduler: LossModelInput['scheduler']) => model({ scheduler }).clean(500);
    expect(end('cosine')).toBeLessThan(end('constant'));
    expect(model({ warmupSteps: 100 }).clean(50)).toBeGreaterThan(model({ warmupSteps: 0 }).clean(50));
    expect(model({ scheduler: 'cosine' }).learningRate(500)).toBeCloseTo(0, 12);
    expect(model({ scheduler: 'constant' }).learningRate(500)).toBe(2e-4);
  });

  it('overfits small data: the validation gap grows with epochs', () => {
    const small = model({ examples: 200, totalSteps: 2000 });
    const gap = (s: number) => small.validationLoss(s) - small.clean(s);
    expect(gap(1500)).toBeGreaterThan(gap(500));
    const big = model({ examples: 50_000, totalSteps: 2000 });
    expect(big.validationLoss(1500) - big.clean(1500)).toBeLessThan(gap(1500));
  });

  it('is deterministic from the seed, and larger batches are less noisy', () => {
    expect(model().trainLoss(123)).toBe(model().trainLoss(123));
    expect(model({ seed: 99 }).trainLoss(123)).not.toBe(model().trainLoss(123));
    const spread = (m: LossModel) => {
      let sum = 0;
      for (let s = 400; s < 500; s++) sum += Math.abs(Math.log(m.trainLoss(s) / m.clean(s)));
      return sum;
    };
    expect(spread(model({ effectiveBatch: 128 }))).toBeLessThan(spread(model({ effectiveBatch: 4 })));
  });
});
