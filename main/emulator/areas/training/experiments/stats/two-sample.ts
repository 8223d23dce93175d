// Two-sample tests between runs (docs/decisions.md, Training: experiments — statistics):
// Welch's t-test (@stdlib/stats-ttest2: statistic, Welch–Satterthwaite df, p-value, CI of the
// mean difference), the Mann–Whitney U test (R's wilcox.test conventions: exact distribution
// for samples under 50 each without ties, else the normal approximation with tie and continuity
// correction), and effect sizes (Cohen's d, Hedges' g, rank-biserial correlation).
import ttest2 from '@stdlib/stats-ttest2';
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';

const mean = (x: readonly number[]) => x.reduce((s, v) => s + v, 0) / x.length;
function variance(x: readonly number[]): number {
  const m = mean(x);
  return x.reduce((s, v) => s + (v - m) ** 2, 0) / (x.length - 1);
}

export interface WelchResult {
  statistic: number;
  df: number;
  pValue: number;
  /** Confidence interval of mean(x) − mean(y) at 1 − alpha. */
  ci: [number, number];
  meanDifference: number;
}

/** Welch's unequal-variance t-test, two-sided; null when a sample has fewer than 2 values or neither varies. */
export function welch(x: readonly number[], y: readonly number[], alpha = 0.05): WelchResult | null {
  if (x.length < 2 || y.length < 2) return null;
  if (variance(x) === 0 && variance(y) === 0) return null;
  const r = ttest2([...x], [...y], { alpha, variance: 'unequal', alternative: 'two-sided' });
  return { statistic: r.statistic, df: r.df, pValue: r.pValue, ci: [r.ci[0]!, r.ci[1]!], meanDifference: mean(x) - mean(y) };
}

/** Ranks 1…n of the pooled values, ties given their mean rank; and the tie group sizes. */
export function midranks(values: readonly number[]): { ranks: number[]; ties: number[] } {
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const ranks = new Array<number>(values.length);
  const ties: number[] = [];
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && values[order[j + 1]!] === values[order[i]!]) j++;
    const r = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]!] = r;
    if (j > i) ties.push(j - i + 1);
    i = j + 1;
  }
  return { ranks, ties };
}

/** Cumulative distributions of U by sample sizes: comparisons of many runs share a few sizes. */
const CDF_CACHE = new Map<string, Float64Array>();
const CDF_CACHE_MAX = 256;

/** cdf[u] = P(U ≤ u) for samples of m and n without ties, by the recurrence c(m, n, u) = c(m − 1, n, u − n) + c(m, n − 1, u). */
function exactCdf(m: number, n: number): Float64Array {
  const key = `${m},${n}`;
  const known = CDF_CACHE.get(key);
  if (known) return known;
  // prev[j] = counts for (i − 1, j); cur[j] for (i, j); each an array over u = 0…i·j.
  let prev: Float64Array[] = Array.from({ length: n + 1 }, () => Float64Array.of(1));
  for (let i = 1; i <= m; i++) {
    const cur: Float64Array[] = [Float64Array.of(1)];
    for (let j = 1; j <= n; j++) {
      const c = new Float64Array(i * j + 1);
      const left = prev[j]!; // (i − 1, j), shifted by j
      for (let u = 0; u < left.length; u++) c[u + j]! += left[u]!;
      const down = cur[j - 1]!; // (i, j − 1)
      for (let u = 0; u < down.length; u++) c[u]! += down[u]!;
      cur.push(c);
    }
    prev = cur;
  }
  const counts = prev[n]!;
  const total = counts.reduce((s, c) => s + c, 0);
  const cdf = new Float64Array(counts.length);
  let running = 0;
  counts.forEach((c, u) => {
    running += c;
    cdf[u] = running / total;
  });
  if (CDF_CACHE.size >= CDF_CACHE_MAX) CDF_CACHE.delete(CDF_CACHE.keys().next().value!);
  CDF_CACHE.set(key, cdf);
  return cdf;
}

/**
 * P(U ≤ q) for the Mann–Whitney U of samples of m and n without ties (R's pwilcox).
 * @internal Exported for its tests only.
 */
export function mannWhitneyCdf(q: number, m: number, n: number): number {
  if (q < 0) return 0;
  if (q >= m * n) return 1;
  return exactCdf(m, n)[Math.floor(q)]!;
}

export interface MannWhitneyResult {
  /** U of the first sample: pairs (x, y) with x > y, ties counting one half (R's W). */
  U: number;
  /** The standardised statistic of the normal approximation (null when exact). */
  z: number | null;
  pValue: number;
  method: 'exact' | 'normal';
  /** (U_x − U_y) / (m·n): positive when the first sample tends to be larger. */
  rankBiserial: number;
}

export function mannWhitney(x: readonly number[], y: readonly number[]): MannWhitneyResult | null {
  const m = x.length;
  const n = y.length;
  if (m < 1 || n < 1) return null;
  const { ranks, ties } = midranks([...x, ...y]);
  let rx = 0;
  for (let i = 0; i < m; i++) rx += ranks[i]!;
  const U = rx - (m * (m + 1)) / 2;
  const rankBiserial = (2 * U) / (m * n) - 1;
  if (m < 50 && n < 50 && ties.length === 0) {
    const p = U > (m * n) / 2 ? 1 - mannWhitneyCdf(U - 1, m, n) : mannWhitneyCdf(U, m, n);
    return { U, z: null, pValue: Math.min(1, 2 * p), method: 'exact', rankBiserial };
  }
  const N = m + n;
  const tieTerm = ties.reduce((s, t) => s + t ** 3 - t, 0) / (N * (N - 1));
  const sigma = Math.sqrt(((m * n) / 12) * (N + 1 - tieTerm));
  if (sigma === 0) return { U, z: null, pValue: 1, method: 'normal', rankBiserial };
  const d = U - (m * n) / 2;
  const z = (d - Math.sign(d) * 0.5) / sigma;
  const pValue = Math.min(1, 2 * Math.min(normalCdf(z, 0, 1), 1 - normalCdf(z, 0, 1)));
  return { U, z, pValue, method: 'normal', rankBiserial };
}

export interface EffectSize {
  /** (mean x − mean y) / pooled standard deviation. */
  cohensD: number;
  /** Cohen's d with Hedges' small-sample correction J = 1 − 3 / (4(m + n) − 9). */
  hedgesG: number;
}

export function effectSize(x: readonly number[], y: readonly number[]): EffectSize | null {
  const m = x.length;
  const n = y.length;
  if (m < 2 || n < 2) return null;
  const pooled = Math.sqrt(((m - 1) * variance(x) + (n - 1) * variance(y)) / (m + n - 2));
  if (pooled === 0) return null;
  const d = (mean(x) - mean(y)) / pooled;
  return { cohensD: d, hedgesG: d * (1 - 3 / (4 * (m + n) - 9)) };
}
