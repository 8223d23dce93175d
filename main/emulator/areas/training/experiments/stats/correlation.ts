// Correlation of two numeric series (simple-statistics): Pearson's r and Spearman's ρ (Pearson
// over mid-ranks), each with the two-sided p-value of t = r·√((n − 2) / (1 − r²)) on n − 2
// degrees of freedom — R's cor.test for Pearson, and for Spearman with exact = FALSE — and a
// confidence interval through Fisher's z: standard error 1/√(n − 3) for Pearson, Bonett and
// Wright's √((1 + ρ²/2)/(n − 3)) for Spearman (from 4 pairs). Below CORRELATION_MIN_N pairs no
// p-value is given: a coefficient over a handful of runs claims nothing (3 runs in the order of
// their learning rates are ρ = ±1 one time in three by chance).
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import { sampleCorrelation, sampleRankCorrelation } from 'simple-statistics';
import { tTwoSidedP } from './t-tail';

/** Fewest pairs for a p-value (and an insight): below, only the coefficient and its interval. */
export const CORRELATION_MIN_N = 10;
/** Fewest pairs for an interval (n − 3 > 0). */
const CORRELATION_CI_MIN_N = 4;

export interface Correlation {
  coefficient: number;
  /** At `level`; null below CORRELATION_CI_MIN_N pairs. */
  ci: [number, number] | null;
  /** Null below CORRELATION_MIN_N pairs. */
  pValue: number | null;
  n: number;
}

/** The standard normal quantile, by bisection on the CDF (simple-statistics' probit is good to about 1e-3 only). */
function normalQuantile(p: number): number {
  let lo = -40;
  let hi = 40;
  for (let i = 0; i < 200 && hi - lo > 1e-14; i++) {
    const mid = (lo + hi) / 2;
    if (normalCdf(mid, 0, 1) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function withP(r: number, n: number, kind: 'pearson' | 'spearman', level: number): Correlation {
  if (!Number.isFinite(r)) return { coefficient: NaN, ci: null, pValue: null, n };
  const c = Math.max(-1, Math.min(1, r));
  let ci: [number, number] | null = null;
  if (n >= CORRELATION_CI_MIN_N) {
    const se = kind === 'pearson' ? 1 / Math.sqrt(n - 3) : Math.sqrt((1 + (c * c) / 2) / (n - 3));
    const z = Math.atanh(Math.max(-0.999999999, Math.min(0.999999999, c)));
    const h = normalQuantile((1 + level) / 2) * se;
    ci = [Math.tanh(z - h), Math.tanh(z + h)];
  }
  if (n < CORRELATION_MIN_N) return { coefficient: c, ci, pValue: null, n };
  const t = Math.abs(c) === 1 ? Infinity : c * Math.sqrt((n - 2) / (1 - c * c));
  return { coefficient: c, ci, pValue: tTwoSidedP(t, n - 2), n };
}

const constant = (v: readonly number[]) => v.every((x) => x === v[0]);

/** Null when fewer than 3 pairs or either series is constant (no correlation is defined). */
export function pearson(x: readonly number[], y: readonly number[], level = 0.95): Correlation | null {
  if (x.length < 3 || x.length !== y.length || constant(x) || constant(y)) return null;
  return withP(sampleCorrelation([...x], [...y]), x.length, 'pearson', level);
}

export function spearman(x: readonly number[], y: readonly number[], level = 0.95): Correlation | null {
  if (x.length < 3 || x.length !== y.length || constant(x) || constant(y)) return null;
  return withP(sampleRankCorrelation([...x], [...y]), x.length, 'spearman', level);
}
