// Correlation of two numeric series (simple-statistics): Pearson's r and Spearman's ρ (Pearson
// over mid-ranks), each with the two-sided p-value of t = r·√((n − 2) / (1 − r²)) on n − 2
// degrees of freedom — R's cor.test for Pearson, and for Spearman with exact = FALSE.
import { sampleCorrelation, sampleRankCorrelation } from 'simple-statistics';
import { tTwoSidedP } from './t-tail';

export interface Correlation {
  coefficient: number;
  pValue: number | null;
  n: number;
}

function withP(r: number, n: number): Correlation {
  if (!Number.isFinite(r)) return { coefficient: NaN, pValue: null, n };
  const c = Math.max(-1, Math.min(1, r));
  if (n < 3) return { coefficient: c, pValue: null, n };
  const t = Math.abs(c) === 1 ? Infinity : c * Math.sqrt((n - 2) / (1 - c * c));
  return { coefficient: c, pValue: tTwoSidedP(t, n - 2), n };
}

const constant = (v: readonly number[]) => v.every((x) => x === v[0]);

/** Null when fewer than 3 pairs or either series is constant (no correlation is defined). */
export function pearson(x: readonly number[], y: readonly number[]): Correlation | null {
  if (x.length < 3 || x.length !== y.length || constant(x) || constant(y)) return null;
  return withP(sampleCorrelation([...x], [...y]), x.length);
}

export function spearman(x: readonly number[], y: readonly number[]): Correlation | null {
  if (x.length < 3 || x.length !== y.length || constant(x) || constant(y)) return null;
  return withP(sampleRankCorrelation([...x], [...y]), x.length);
}
