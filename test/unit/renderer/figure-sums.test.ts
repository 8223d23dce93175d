// Issue 18 part 2 #4: a total and its parts, and the parameter importances, say what the figures
// shown add to — read from the functions the views write them with.
import { describe, expect, it } from 'vitest';
import { formatMoney, partsSumNote } from '../../../renderer/src/lib/money';
import { importancePercent, importanceSumNote } from '../../../renderer/src/features/training/tuning/importance';

const shownCents = (v: number) => Math.round(Number(formatMoney(v).replace(/[$,]/g, '')) * 100);

describe('figures and their sums', () => {
  it("an experiment's total says what its runs' costs shown to the cent add to when that differs", () => {
    const parts = [0.0962, 0.0962, 0.0962];
    const total = parts.reduce((s, p) => s + p, 0);
    expect(formatMoney(total)).toBe('$0.29');
    const note = partsSumNote(total, parts)!;
    const shownSum = parts.reduce((s, p) => s + shownCents(p), 0) / 100;
    expect(shownSum).toBe(0.3);
    expect(note).toContain(formatMoney(shownSum));
    expect(partsSumNote(0.3, [0.1, 0.2])).toBeNull();
    for (const p of [
      [0.145, 0.145],
      [1.005, 2.675],
      [0.285, 0.015, 0.005],
    ]) {
      const sum = p.reduce((s, x) => s + shownCents(x), 0);
      const t = p.reduce((s, x) => s + x, 0);
      expect(partsSumNote(t, p) === null).toBe(sum === shownCents(t));
    }
  });

  it('the importance note gives the sum of the percentages the chart writes, over 100 % said so', () => {
    const rows = [{ explained: 0.62 }, { explained: 0.41 }, { explained: 0.224 }];
    const sum = rows.reduce((s, r) => s + importancePercent(r), 0);
    expect(sum).toBe(125);
    expect(importanceSumNote(rows)).toContain(`add to ${sum}%, not 100%`);
    expect(importanceSumNote([{ explained: 0.5 }, { explained: 0.2 }])).toContain('add to 70%;');
  });
});
