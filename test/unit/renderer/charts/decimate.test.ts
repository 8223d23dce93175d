import { describe, expect, it } from 'vitest';
import { decimateM4, lowerBound } from '../../../../renderer/src/components/charts/decimate';

const pairs = (d: { x: Float64Array; y: Float64Array; n: number }) => Array.from({ length: d.n }, (_, i) => [d.x[i]!, d.y[i]!]);

describe('decimateM4', () => {
  it('returns a short curve whole, leaving out non-finite values (and ≤ 0 on a log axis)', () => {
    const xs = [0, 1, 2, 3, 4];
    const ys = [5, Number.NaN, 3, 0, 1];
    expect(pairs(decimateM4(xs, ys, 0, 4, 100))).toEqual([
      [0, 5],
      [2, 3],
      [3, 0],
      [4, 1],
    ]);
    expect(pairs(decimateM4(xs, ys, 0, 4, 100, true))).toEqual([
      [0, 5],
      [2, 3],
      [4, 1],
    ]);
  });

  it('keeps at most four points per column, the first, lowest, highest and last of each', () => {
    const xs = Array.from({ length: 1000 }, (_, i) => i);
    const ys = xs.map((i) => Math.sin(i / 7) + (i === 503 ? 10 : 0));
    const d = decimateM4(xs, ys, 0, 1000, 10);
    expect(d.n).toBeLessThanOrEqual(4 * 12);
    const kept = pairs(d);
    // The spike survives, as do the curve's ends.
    expect(kept).toContainEqual([503, ys[503]]);
    expect(kept[0]).toEqual([0, ys[0]]);
    expect(kept[kept.length - 1]).toEqual([999, ys[999]]);
    // Each column's extremes are kept.
    for (let c = 0; c < 10; c++) {
      const col = ys.slice(c * 100, c * 100 + 100);
      expect(kept.some(([, y]) => y === Math.min(...col))).toBe(true);
      expect(kept.some(([, y]) => y === Math.max(...col))).toBe(true);
    }
    // In x order.
    for (let i = 1; i < kept.length; i++) expect(kept[i]![0]).toBeGreaterThan(kept[i - 1]![0]!);
  });

  it('decimates only the view, with one point beyond each end so the line reaches the edges', () => {
    const xs = Array.from({ length: 10_000 }, (_, i) => i);
    const ys = xs.map((i) => i % 13);
    const d = decimateM4(xs, ys, 2000, 3000, 50);
    const kept = pairs(d);
    expect(kept[0]![0]).toBe(1999);
    expect(kept[kept.length - 1]![0]).toBe(3000);
    expect(kept.every(([x]) => x! >= 1999 && x! <= 3000)).toBe(true);
    expect(d.n).toBeLessThanOrEqual(4 * 52);
  });
});

describe('lowerBound', () => {
  it('finds the first index at or above a value', () => {
    expect(lowerBound([1, 3, 3, 5], 3)).toBe(1);
    expect(lowerBound([1, 3, 3, 5], 4)).toBe(3);
    expect(lowerBound([1, 3, 3, 5], 9)).toBe(4);
    expect(lowerBound([], 1)).toBe(0);
  });
});
