// The seeded loss model's trends (docs/decisions.md, Training: jobs — loss model): more data
// lowers the floor, more capacity lowers it, a higher learning rate moves faster until the
// divergence threshold, cosine ends lower than constant, the same seed gives the same curve.
import { describe, expect, it } from 'vitest';
import {
  DIVERGENCE_RATIO,
  evaluationSize,
  LossModel,
  type LossModelInput,
} from '../../../../main/emulator/areas/training/jobs/sim/loss-model';

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
  evaluationSeed: 99,
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

describe('seeds and evaluation examples', () => {
  it('reports as validation loss the mean of the per-example losses, on 10 % of the examples (50–500)', () => {
    const m = model();
    for (const s of [1, 100, 500]) {
      const l = m.exampleLosses(s);
      expect(l).toHaveLength(100);
      expect(l.reduce((a, b) => a + b, 0) / l.length).toBeCloseTo(m.validationLoss(s), 12);
    }
    expect(evaluationSize(100)).toBe(50);
    expect(evaluationSize(20)).toBe(20);
    expect(evaluationSize(10_000)).toBe(500);
    expect(evaluationSize(1_000_000)).toBe(500);
  });

  it('gives replicates (another job seed) a floor about 1 % apart, and the same examples’ difficulties on one dataset', () => {
    const floors = Array.from({ length: 400 }, (_, i) => model({ seed: 1000 + i }).floor);
    const mean = floors.reduce((a, b) => a + b, 0) / floors.length;
    const sd = Math.sqrt(floors.reduce((a, b) => a + (b - mean) ** 2, 0) / (floors.length - 1));
    expect(sd / mean).toBeGreaterThan(0.008);
    expect(sd / mean).toBeLessThan(0.012);
    // Two models on one evaluation set: their per-example losses go together (the shared difficulty);
    // on another set, they do not.
    const corr = (a: Float64Array, b: Float64Array) => {
      const ma = a.reduce((x, y) => x + y, 0) / a.length;
      const mb = b.reduce((x, y) => x + y, 0) / b.length;
      let sab = 0;
      let saa = 0;
      let sbb = 0;
      for (let i = 0; i < a.length; i++) {
        sab += (a[i]! - ma) * (b[i]! - mb);
        saa += (a[i]! - ma) ** 2;
        sbb += (b[i]! - mb) ** 2;
      }
      return sab / Math.sqrt(saa * sbb);
    };
    const a = model({ seed: 1 }).exampleLosses(500);
    expect(corr(a, model({ seed: 2 }).exampleLosses(500))).toBeGreaterThan(0.6);
    expect(Math.abs(corr(a, model({ seed: 2, evaluationSeed: 7 }).exampleLosses(500)))).toBeLessThan(0.3);
    // Deterministic: the same seeds, the same losses.
    expect(model({ seed: 1 }).exampleLosses(500)).toEqual(a);
  });
});
