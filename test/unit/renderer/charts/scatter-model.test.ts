import { describe, expect, it } from 'vitest';
import { bestSoFar, frontierStep } from '../../../../renderer/src/components/charts/scatter-model';

const pts = [
  { x: 1, y: 5 }, // 0
  { x: 2, y: 3 }, // 1
  { x: 4, y: 1 }, // 2
  { x: 3, y: 4 }, // 3: dominated (min, min) by 1
  { x: 5, y: 6 }, // 4
];

describe('frontierStep', () => {
  it('draws the staircase of a min/min frontier horizontally first', () => {
    const { indices, line } = frontierStep(pts, 'min', 'min');
    expect(indices).toEqual([0, 1, 2]);
    expect(line).toEqual([
      { x: 1, y: 5 },
      { x: 2, y: 5 },
      { x: 2, y: 3 },
      { x: 4, y: 3 },
      { x: 4, y: 1 },
    ]);
  });

  it('draws a max-x frontier vertically first', () => {
    const { indices, line } = frontierStep(pts, 'max', 'min');
    // Max x, min y: 4 (x=5) and 2 (y=1, x=4); 1 is dominated by 2.
    expect(indices).toEqual([2, 4]);
    expect(line).toEqual([
      { x: 4, y: 1 },
      { x: 4, y: 6 },
      { x: 5, y: 6 },
    ]);
  });
});

describe('bestSoFar', () => {
  it('carries the best value on, across trials without one', () => {
    expect(bestSoFar([null, 0.8, 0.9, null, 0.5, 0.6], 'min')).toEqual([null, 0.8, 0.8, 0.8, 0.5, 0.5]);
    expect(bestSoFar([0.1, 0.3, 0.2], 'max')).toEqual([0.1, 0.3, 0.3]);
  });
});
