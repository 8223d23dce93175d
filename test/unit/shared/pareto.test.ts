import { describe, expect, it } from 'vitest';
import { dominates, paretoFront, type Direction } from '../../../shared/analysis/pareto';

/** Every pair compared: the definition, to check the fast paths against. */
function bruteFront(points: number[][], dirs: Direction[]): number[] {
  const ok = (p: number[]) => p.every((v) => Number.isFinite(v));
  return points
    .map((_, i) => i)
    .filter((i) => ok(points[i]!) && !points.some((q, j) => j !== i && ok(q) && dominates(q, points[i]!, dirs)));
}

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('paretoFront', () => {
  it('finds the frontier of loss (min) against accuracy (max)', () => {
    const points = [
      [0.5, 0.8], // 0: front
      [0.4, 0.7], // 1: front (lowest loss)
      [0.6, 0.9], // 2: front (highest accuracy)
      [0.55, 0.75], // 3: dominated by 0
      [0.4, 0.6], // 4: dominated by 1 (same loss, lower accuracy)
      [0.7, 0.9], // 5: dominated by 2 (same accuracy, higher loss)
    ];
    expect(paretoFront(points, ['min', 'max'])).toEqual([0, 1, 2]);
    // Both maximised: the highest accuracy with the highest "loss" wins alone.
    expect(paretoFront(points, ['max', 'max'])).toEqual([5]);
  });

  it('keeps duplicates of a frontier point, and leaves out non-finite points', () => {
    const points = [
      [1, 1],
      [1, 1],
      [Number.NaN, 0],
      [2, 0],
      [0, Number.POSITIVE_INFINITY],
    ];
    expect(paretoFront(points, ['min', 'min'])).toEqual([0, 1, 3]);
  });

  it('handles one objective (every point at the best value) and no points', () => {
    expect(paretoFront([[3], [1], [2], [1]], ['min'])).toEqual([1, 3]);
    expect(paretoFront([], ['min', 'max'])).toEqual([]);
  });

  it('refuses points whose length is not the number of objectives', () => {
    expect(() => paretoFront([[1, 2, 3]], ['min', 'min'])).toThrow(/3 values for 2 objectives/);
  });

  it.each([
    [2, ['min', 'max']],
    [2, ['max', 'max']],
    [3, ['min', 'max', 'min']],
    [4, ['max', 'min', 'max', 'min']],
  ] as const)('matches the pairwise definition in %i dimensions over random points with ties', (d, dirs) => {
    const random = rng(d * 7919 + dirs.length);
    for (let round = 0; round < 40; round++) {
      // Small integer values make ties and duplicates common.
      const points = Array.from({ length: 5 + Math.floor(random() * 80) }, () => Array.from({ length: d }, () => Math.floor(random() * 8)));
      expect(paretoFront(points, [...dirs])).toEqual(bruteFront(points, [...dirs]));
    }
  });

  it('on 20,000 random 2-D points, every point left out is dominated by a frontier point and none on it is', () => {
    const random = rng(1);
    const points = Array.from({ length: 20_000 }, () => [random(), random()]);
    const dirs: Direction[] = ['min', 'max'];
    const front = paretoFront(points, dirs);
    const on = new Set(front);
    expect(front.length).toBeGreaterThan(3);
    for (const i of front) expect(front.some((j) => dominates(points[j]!, points[i]!, dirs))).toBe(false);
    for (let i = 0; i < points.length; i++) if (!on.has(i)) expect(front.some((j) => dominates(points[j]!, points[i]!, dirs))).toBe(true);
  });
});
