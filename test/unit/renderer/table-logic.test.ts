import { describe, expect, it } from 'vitest';
import { minTableWidth, sortRows, twoLineHeaderWidth } from '../../../renderer/src/lib/table-logic';

const rows = [
  { name: 'beta', count: 10 },
  { name: 'Alpha', count: 2 },
  { name: 'gamma', count: 100 },
];
const columns = [
  { id: 'name', sortValue: (r: (typeof rows)[number]) => r.name.toLowerCase() },
  { id: 'count', sortValue: (r: (typeof rows)[number]) => r.count },
  { id: 'actions' },
];

describe('sortRows', () => {
  it('sorts numbers numerically and text alphabetically, both directions', () => {
    expect(sortRows(rows, columns, { columnId: 'count', direction: 'asc' }).map((r) => r.count)).toEqual([2, 10, 100]);
    expect(sortRows(rows, columns, { columnId: 'name', direction: 'desc' }).map((r) => r.name)).toEqual(['gamma', 'beta', 'Alpha']);
  });

  it('keeps the given order when unsorted or the column is not sortable, without copying', () => {
    expect(sortRows(rows, columns, null)).toBe(rows);
    expect(sortRows(rows, columns, { columnId: 'actions', direction: 'asc' })).toBe(rows);
  });
});

describe('minTableWidth', () => {
  it('adds the fixed and minimum track widths plus the scrollbar gutter', () => {
    expect(minTableWidth(['120px', 'minmax(180px, 2fr)', '1fr'])).toBe(120 + 180 + 80 + 16);
  });
});

describe('twoLineHeaderWidth', () => {
  it('fits the longer of the two lines of the best split after a separator', () => {
    // "optimization." over "gradient_checkpointing": the second line (22 letters) sets the width.
    expect(twoLineHeaderWidth('optimization.gradient_checkpointing')).toBe(Math.ceil(22 * 10 + 20));
    // "learning_" over "rate".
    expect(twoLineHeaderWidth('learning_rate')).toBe(Math.ceil(9 * 10 + 20));
    // Words: "Mean " over "validation_loss".
    expect(twoLineHeaderWidth('Mean validation_loss')).toBe(Math.ceil(15 * 10 + 20));
    // No separator: one line, the whole name.
    expect(twoLineHeaderWidth('perplexity', 8)).toBe(Math.ceil(10 * 10 + 12));
  });
});
