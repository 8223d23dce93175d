// The two-sided tail probability of Student's t, P(|T| ≥ |t|), from the t quantile the project
// already depends on (@stdlib/stats-base-dists-t-quantile): the quantile is monotone, so the
// tail is found by bisection on log10 of the probability (to about 1e-12 relative). Used for the
// p-values of correlation coefficients, whose statistic follows t with n − 2 degrees of freedom.
import tQuantile from '@stdlib/stats-base-dists-t-quantile';

export function tTwoSidedP(t: number, df: number): number {
  if (!Number.isFinite(df) || df <= 0 || Number.isNaN(t)) return NaN;
  const a = Math.abs(t);
  if (a === 0) return 1;
  if (a === Infinity) return 0;
  // q is the upper tail P(T ≥ a); quantile(1 − q) = a. Work in log10 q for tiny tails; below
  // 1e-16, 1 − q rounds to 1, so the lower quantile (−a at q) is used instead.
  const upper = (q: number) => -tQuantile(q, df);
  let lo = -300; // log10 q
  let hi = Math.log10(0.5);
  if (upper(10 ** lo) < a) return 0;
  for (let i = 0; i < 200 && hi - lo > 1e-13; i++) {
    const mid = (lo + hi) / 2;
    if (upper(10 ** mid) > a) lo = mid;
    else hi = mid;
  }
  return Math.min(1, 2 * 10 ** ((lo + hi) / 2));
}
