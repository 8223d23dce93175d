// The month's projection (01-accounts.md, Usage objects: Detailed `projections`; docs/decisions.md,
// Usage and costs: the forecast): a least-squares line through the last complete days' costs,
// extended to the end of the month, with the 80 % prediction interval of the month's total — the
// interval that holds the total in 80 % of months if the days keep following a line with
// independent, normally spread deviations. `confidence` is that 0.8; with too few days there is no
// interval to state, and the answer says so.
import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import { linearRegression } from 'simple-statistics';

/** Complete days the line is fitted on, at most (four weeks: each weekday weighs the same). */
export const FIT_DAYS = 28;
/**
 * Fewer complete days than this and no interval is stated.
 * @internal Exported for its tests only.
 */
export const MIN_FIT_DAYS = 7;
/**
 * The prediction interval's level: the share of months whose total it holds.
 * @internal Exported for its tests only.
 */
export const CONFIDENCE = 0.8;

export interface Forecast {
  /** The month's spend so far plus the expected cost of the rest of it. */
  estimate: number;
  low: number;
  high: number;
  /** Mean of the fitted days' costs. */
  dailyAverage: number;
  /** 0.8, or 0 when no interval could be stated. */
  confidence: number;
  method: string;
  /** Each remaining day of the month (today's part still to come first): expected cost and its own 80 % interval. */
  days: Array<{ start: number; cost: number; low: number; high: number }>;
}

/**
 * `history`: the costs of the last complete days, oldest first (day index 0 … n − 1); `spentSoFar`:
 * this month's cost up to now; `remaining`: the rest of the month as days with the share of each still
 * to come (today's remaining fraction, then 1 for each later day), at day indexes n, n + 1, ….
 */
export function forecastMonth(
  history: readonly number[],
  spentSoFar: number,
  remaining: ReadonlyArray<{ start: number; share: number }>,
): Forecast {
  const n = history.length;
  const mean = n ? history.reduce((a, b) => a + b, 0) / n : 0;
  if (n < MIN_FIT_DAYS) {
    // No line worth fitting: the mean day, stated as such, without an interval.
    const days = remaining.map((d) => ({ start: d.start, cost: mean * d.share, low: mean * d.share, high: mean * d.share }));
    const estimate = spentSoFar + days.reduce((a, d) => a + d.cost, 0);
    return {
      estimate,
      low: estimate,
      high: estimate,
      dailyAverage: mean,
      confidence: 0,
      method: `Only ${n} complete day${n === 1 ? '' : 's'} of spending: the rest of the month at their mean cost, without a prediction interval (one needs at least ${MIN_FIT_DAYS}).`,
      days,
    };
  }
  const points = history.map((y, x) => [x, y] as [number, number]);
  const { m, b } = linearRegression(points);
  const sxx = history.reduce((a, _, x) => a + (x - (n - 1) / 2) ** 2, 0);
  const residual = history.reduce((a, y, x) => a + (y - (b + m * x)) ** 2, 0);
  const sigma = Math.sqrt(residual / (n - 2));
  const t = tQuantile(1 - (1 - CONFIDENCE) / 2, n - 2);
  const xBar = (n - 1) / 2;

  // The month's rest: Σ share × (b + m·x); its error adds each day's own deviation (share² σ²) and
  // the line's uncertainty, which is the same for every day and so adds up before squaring.
  let expected = 0;
  let ownVariance = 0;
  let shareSum = 0;
  let leverage = 0;
  const days = remaining.map((d, i) => {
    const x = n + i;
    const cost = Math.max(0, (b + m * x) * d.share);
    const half = t * sigma * d.share * Math.sqrt(1 + 1 / n + (x - xBar) ** 2 / sxx);
    expected += cost;
    ownVariance += d.share * d.share;
    shareSum += d.share;
    leverage += d.share * (x - xBar);
    return { start: d.start, cost, low: Math.max(0, cost - half), high: cost + half };
  });
  const half = t * sigma * Math.sqrt(ownVariance + (shareSum * shareSum) / n + (leverage * leverage) / sxx);
  const estimate = spentSoFar + expected;
  return {
    estimate,
    low: Math.max(spentSoFar, estimate - half),
    high: estimate + half,
    dailyAverage: mean,
    confidence: CONFIDENCE,
    method: `Least-squares line through the last ${n} complete days' costs (${m >= 0 ? '+' : '−'}${Math.abs(m).toFixed(2)} a day), 80 % prediction interval of the month's total.`,
    days,
  };
}
