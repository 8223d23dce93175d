import { describe, expect, it } from 'vitest';
import { parameterImportance } from '../../../renderer/src/features/training/tuning/importance';

/** A seeded generator (mulberry32), so the trials are the same on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('parameter importance (binned variance, ε²)', () => {
  it('finds a U-shaped learning-rate effect that a rank correlation would miss, and calls noise unimportant', () => {
    const next = rng(7);
    const trials = Array.from({ length: 80 }, () => {
      const lr = Math.exp(Math.log(1e-5) + next() * (Math.log(1e-2) - Math.log(1e-5)));
      const noise = next();
      // Best at 3e-4: the loss rises on both sides (symmetric in log space).
      const value = (Math.log10(lr) - Math.log10(3e-4)) ** 2 + 0.05 * next();
      return { parameters: { learning_rate: lr, seed_noise: noise }, value };
    });
    const result = parameterImportance(trials, ['learning_rate', 'seed_noise'], new Set(['learning_rate']))!;
    expect(result.map((r) => r.name)).toEqual(['learning_rate', 'seed_noise']);
    expect(result[0]!.explained).toBeGreaterThan(0.6);
    expect(result[1]!.explained).toBeLessThan(0.1);
    expect(result[0]!.share + result[1]!.share).toBeCloseTo(1, 10);
  });

  it('bins a choice by value and counts trials without the parameter (a condition) as their own bin', () => {
    const trials = [
      ...Array.from({ length: 6 }, (_, i) => ({ parameters: { strategy: 'lora', rank: 8 + i }, value: 1 + i * 0.01 })),
      ...Array.from({ length: 6 }, (_, i) => ({ parameters: { strategy: 'full' }, value: 2 + i * 0.01 })),
    ];
    const result = parameterImportance(trials, ['rank', 'strategy'])!;
    const strategy = result.find((r) => r.name === 'strategy')!;
    const rank = result.find((r) => r.name === 'rank')!;
    expect(strategy.bins).toBe(2);
    expect(strategy.explained).toBeGreaterThan(0.99);
    // rank is absent exactly where strategy is full, so it explains as much through its inactive bin.
    expect(rank.explained).toBeGreaterThan(0.9);
  });

  it('says nothing with fewer than four completed trials, and 0 for every parameter of a flat objective', () => {
    const few = [1, 2, 3].map((v) => ({ parameters: { a: v }, value: v }));
    expect(parameterImportance(few, ['a'])).toBeNull();
    const flat = [1, 2, 3, 4, 5].map((v) => ({ parameters: { a: v, b: v % 2 }, value: 0.5 }));
    expect(parameterImportance(flat, ['a', 'b'])!.map((r) => [r.explained, r.share])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it('ignores trials whose objective is not a finite number', () => {
    const trials = [1, 2, 3, 4].map((v) => ({ parameters: { a: v }, value: v }));
    expect(parameterImportance([...trials.slice(0, 3), { parameters: { a: 9 }, value: Number.NaN }], ['a'])).toBeNull();
    expect(parameterImportance(trials, ['a'])![0]!.explained).toBeGreaterThan(0.5);
  });
});
