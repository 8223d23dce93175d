import { describe, expect, it } from 'vitest';
import {
  brushMask,
  buildColumns,
  colourBins,
  maskedIds,
  moveAxis,
  nearestLine,
  type ParallelAxis,
  type ParallelItem,
} from '../../../../renderer/src/components/charts/parallel-model';

const axes: ParallelAxis[] = [
  { key: 'lr', label: 'Learning rate', kind: 'log' },
  { key: 'optimizer', label: 'Optimizer', kind: 'category' },
  { key: 'loss', label: 'Loss', kind: 'linear' },
];
const items: ParallelItem[] = [
  { id: 't1', values: { lr: 1e-5, optimizer: 'adam', loss: 0.9 } },
  { id: 't2', values: { lr: 1e-4, optimizer: 'sgd', loss: 0.5 } },
  { id: 't3', values: { lr: 1e-3, optimizer: 'adam', loss: 0.1 } },
  { id: 't4', values: { lr: 1e-2, optimizer: 'lion', loss: null } },
];

describe('parallel coordinates model', () => {
  const cols = buildColumns(axes, items);

  it('scales every item on every axis once, log and categorical included', () => {
    expect(cols.scales[1]!.categories).toEqual(['adam', 'lion', 'sgd']);
    const at = (i: number, a: number) => cols.pos[i * 3 + a]!;
    expect(at(0, 0)).toBeCloseTo(0);
    expect(at(2, 0)).toBeCloseTo(2 / 3);
    expect(at(1, 1)).toBe(1);
    expect(at(0, 2)).toBeCloseTo(1);
    expect(at(3, 2)).toBeNaN();
  });

  it('selects the items inside every brush (AND); a missing value is outside; no brush selects all', () => {
    expect(maskedIds(items, brushMask(cols, new Map()))).toEqual(['t1', 't2', 't3', 't4']);
    // Loss in the lower half: t2 (0.5) and t3 (0.1); t4 has no loss.
    const low = new Map([[2, [0, 0.5] as const]]);
    expect(maskedIds(items, brushMask(cols, low))).toEqual(['t2', 't3']);
    // And optimizer = adam (position 0).
    const both = new Map([
      [2, [0, 0.5] as const],
      [1, [0, 0.1] as const],
    ]);
    expect(maskedIds(items, brushMask(cols, both))).toEqual(['t3']);
    // Learning rate above 1e-3 only: t3's position 2/3 is inside [0.6, 1], t4 too.
    expect(maskedIds(items, brushMask(cols, new Map([[0, [0.6, 1] as const]])))).toEqual(['t3', 't4']);
  });

  it('bins items by the colour axis (no value: the grey bin) and orders them by bin', () => {
    const { bin, order } = colourBins(cols, 2, 4);
    expect([...bin]).toEqual([3, 2, 0, 4]);
    expect([...order]).toEqual([2, 1, 0, 3]);
  });

  it('finds the line nearest the pointer, between axes too, among the eligible ones', () => {
    const order = [0, 1, 2];
    // On the loss axis (slot 2) near 0.1: t3 (position 0).
    expect(nearestLine(cols, order, 2, 0.02, 0.05, null)).toBe(2);
    // Halfway between optimizer (t2 at 1) and loss (t2 at 0.5): 0.75.
    expect(nearestLine(cols, order, 1.5, 0.76, 0.05, null)).toBe(1);
    expect(nearestLine(cols, order, 2, 0.02, 0.05, new Uint8Array([1, 1, 0, 1]))).toBeNull();
  });

  it('moves an axis to a new place', () => {
    expect(moveAxis([0, 1, 2, 3], 0, 2)).toEqual([1, 2, 0, 3]);
    expect(moveAxis([0, 1, 2, 3], 3, 0)).toEqual([3, 0, 1, 2]);
  });
});
