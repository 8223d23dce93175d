// Resampling and paired tests for comparisons (docs/decisions.md, Training: experiments —
// compare): a seeded generator (the same request gives the same intervals), percentile
// bootstrap intervals of a mean (of a group's replicates; of a model's per-example losses, with
// the resamples shared by the models on one evaluation set: the paired bootstrap), Student's t
// interval of a mean, and Wilcoxon's
// signed-rank test with R's wilcox.test(paired = TRUE) conventions.
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import { midranks } from './two-sample';
import { Rng } from '../../../../core/rng';

/** Resamples of every bootstrap interval. */
export const BOOTSTRAP_RESAMPLES = 1000;

/** Uniforms in [0, 1) from a seed: the emulator's one seeded generator. */
function generator(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

const mean = (x: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i]!;
  return s / x.length;
};

/** The q-quantile of sorted values (R's type 7, linear between order statistics). */
function quantileSorted(sorted: Float64Array, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/**
 * Percentile bootstrap interval of the mean at `level`: `resamples` means of n values drawn with
 * replacement (seeded). Null below 2 values.
 */
export function bootstrapMeanCi(
  values: ArrayLike<number>,
  level: number,
  seed: number,
  resamples = BOOTSTRAP_RESAMPLES,
): [number, number] | null {
  const n = values.length;
  if (n < 2) return null;
  const next = generator(seed);
  const means = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += values[(next() * n) | 0]!;
    means[b] = s / n;
  }
  means.sort();
  return [quantileSorted(means, (1 - level) / 2), quantileSorted(means, (1 + level) / 2)];
}

/**
 * The bootstrap over evaluation examples, shared by the models evaluated on them: one set of
 * resamples (rows of example indices) per evaluation set size, so a model's resampled means are
 * computed once and a pair's paired bootstrap is the difference of the two models' means in the
 * same resample — the paired bootstrap, at O(resamples) a pair.
 */
export class ExampleBootstrap {
  private readonly rows = new Map<number, Uint32Array>();
  private readonly means = new Map<string, Float64Array>();

  constructor(
    private readonly seed: number,
    readonly resamples = BOOTSTRAP_RESAMPLES,
  ) {}

  private indices(n: number): Uint32Array {
    let idx = this.rows.get(n);
    if (!idx) {
      const next = generator(this.seed ^ n);
      idx = new Uint32Array(this.resamples * n);
      for (let k = 0; k < idx.length; k++) idx[k] = (next() * n) | 0;
      this.rows.set(n, idx);
    }
    return idx;
  }

  /** The mean of `values` in each resample (by `id`, computed once). */
  meansOf(id: string, values: ArrayLike<number>): Float64Array {
    let m = this.means.get(id);
    if (m) return m;
    const n = values.length;
    const idx = this.indices(n);
    m = new Float64Array(this.resamples);
    for (let b = 0, k = 0; b < this.resamples; b++) {
      let s = 0;
      for (let i = 0; i < n; i++, k++) s += values[idx[k]!]!;
      m[b] = s / n;
    }
    this.means.set(id, m);
    return m;
  }

  /** Percentile interval at `level` of resampled statistics. */
  static interval(stats: Float64Array, level: number): [number, number] {
    const sorted = Float64Array.from(stats).sort();
    return [quantileSorted(sorted, (1 - level) / 2), quantileSorted(sorted, (1 + level) / 2)];
  }
}

/** Student's t interval of the mean at `level` (n − 1 df). Null below 2 values. */
export function tMeanCi(values: readonly number[], level: number): [number, number] | null {
  const n = values.length;
  if (n < 2) return null;
  const m = mean(values);
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / (n - 1));
  const h = tQuantile((1 + level) / 2, n - 1) * (sd / Math.sqrt(n));
  return [m - h, m + h];
}

/** Cumulative distributions of the signed-rank statistic V by n (no ties), bounded. */
const SIGNRANK = new Map<number, Float64Array>();

/**
 * P(V ≤ v) for n untied, non-zero differences (R's psignrank).
 * @internal Exported for its tests only.
 */
export function signRankCdf(v: number, n: number): number {
  const max = (n * (n + 1)) / 2;
  if (v < 0) return 0;
  if (v >= max) return 1;
  let cdf = SIGNRANK.get(n);
  if (!cdf) {
    // counts[s] = subsets of {1…n} summing to s.
    const counts = new Float64Array(max + 1);
    counts[0] = 1;
    for (let k = 1; k <= n; k++) for (let s = (k * (k + 1)) / 2; s >= k; s--) counts[s]! += counts[s - k]!;
    cdf = new Float64Array(max + 1);
    const total = 2 ** n;
    let running = 0;
    for (let s = 0; s <= max; s++) {
      running += counts[s]!;
      cdf[s] = running / total;
    }
    if (SIGNRANK.size >= 64) SIGNRANK.delete(SIGNRANK.keys().next().value!);
    SIGNRANK.set(n, cdf);
  }
  return cdf[Math.floor(v)]!;
}

export interface SignedRankResult {
  /** Sum of the ranks of |d| over the positive differences d = a − b (R's V). */
  V: number;
  /** The standardised statistic of the normal approximation (null when exact). */
  z: number | null;
  pValue: number;
  method: 'exact' | 'normal';
  /** Non-zero differences ranked (zeros are dropped, as R does). */
  n: number;
}

/**
 * Wilcoxon's signed-rank test of paired values, two-sided: the exact distribution when fewer
 * than 50 non-zero differences without ties, else the normal approximation with tie and
 * continuity correction (R's wilcox.test(a, b, paired = TRUE)). Null when every difference is 0.
 */
export function wilcoxonSignedRank(a: ArrayLike<number>, b: ArrayLike<number>): SignedRankResult | null {
  const d: number[] = [];
  for (let i = 0; i < a.length; i++) {
    const x = a[i]! - b[i]!;
    if (x !== 0 && Number.isFinite(x)) d.push(x);
  }
  const n = d.length;
  if (n === 0) return null;
  const { ranks, ties } = midranks(d.map(Math.abs));
  let V = 0;
  for (let i = 0; i < n; i++) if (d[i]! > 0) V += ranks[i]!;
  if (n < 50 && ties.length === 0) {
    const p = V > (n * (n + 1)) / 4 ? 1 - signRankCdf(V - 1, n) : signRankCdf(V, n);
    return { V, z: null, pValue: Math.min(1, 2 * p), method: 'exact', n };
  }
  const centre = V - (n * (n + 1)) / 4;
  const sigma = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24 - ties.reduce((s, t) => s + t ** 3 - t, 0) / 48);
  if (sigma === 0) return { V, z: null, pValue: 1, method: 'normal', n };
  const z = (centre - Math.sign(centre) * 0.5) / sigma;
  const pValue = Math.min(1, 2 * Math.min(normalCdf(z, 0, 1), 1 - normalCdf(z, 0, 1)));
  return { V, z, pValue, method: 'normal', n };
}
