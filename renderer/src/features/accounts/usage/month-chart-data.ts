// The month chart's series: the calendar month's cumulative spend so far (days of the account's
// time zone), then the forecast's cumulative expected spend with its band to the month's end,
// against the monthly cost alerts. Every end point is an answered figure: the last actual point
// is `monthToDate`, the band ends at `monthlyRange` and the expected line at `monthlyEstimate`
// (the API rounds once, on running totals; summing rounded days here could miss by a cent).
import type { DetailedUsageResponse, UsageAlert, UsageCurrency } from '../../../../../shared/api/accounts/usage';
import { USD_RATES } from '../../../../../shared/api/accounts/usage';

interface MonthPoint {
  /** The local day's start (ms). */
  date: number;
  /** Cumulative spend up to the end of that day; null on forecast days. */
  actual: number | null;
  /** Cumulative expected spend; on the last actual day it equals `actual` (where the forecast starts). */
  expected: number | null;
  low: number | null;
  high: number | null;
}

interface MonthThreshold {
  id: string;
  name: string;
  /** In the chart's currency. */
  amount: number;
}

export interface MonthChart {
  points: MonthPoint[];
  thresholds: MonthThreshold[];
}

/** "2026-11" of an instant in a time zone. */
function monthOf(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(ms);
  return `${parts.find((p) => p.type === 'year')?.value}-${parts.find((p) => p.type === 'month')?.value}`;
}

/**
 * The cumulative month from a daily timeline (granularity `day`, reaching today) and its
 * projections. The band's width at each forecast day grows with the daily intervals so far
 * (their share of the sum of all of them), scaled so that it ends at the month's answered
 * range: daily bounds summed would overstate the month's interval, which is not their sum.
 */
export function monthChartData(detailed: DetailedUsageResponse, alerts: readonly UsageAlert[]): MonthChart {
  const { projections, timezone, currency } = detailed;
  const days = detailed.timeline.map((e) => ({ date: Date.parse(e.date), cost: e.cost }));
  const last = days[days.length - 1];
  const points: MonthPoint[] = [];
  if (last) {
    const month = monthOf(last.date, timezone);
    const inMonth = days.filter((d) => monthOf(d.date, timezone) === month);
    // Anchored on the answered month-to-date: what the timeline misses of the month (a day
    // before the period's start) is carried by its first day, and rounding never shows.
    const offset = projections.monthToDate - inMonth.reduce((s, d) => s + d.cost, 0);
    let running = offset;
    inMonth.forEach((d, i) => {
      running += d.cost;
      const isLast = i === inMonth.length - 1;
      const value = isLast ? projections.monthToDate : running;
      points.push({
        date: d.date,
        actual: value,
        expected: isLast ? value : null,
        low: isLast ? value : null,
        high: isLast ? value : null,
      });
    });
  }
  const forecast = projections.forecast;
  if (forecast.length > 0) {
    const start = projections.monthToDate;
    const widthLow = Math.max(0, projections.monthlyEstimate - projections.monthlyRange.low);
    const widthHigh = Math.max(0, projections.monthlyRange.high - projections.monthlyEstimate);
    const spreadLow = forecast.reduce((s, f) => s + Math.max(0, f.cost - f.low), 0);
    const spreadHigh = forecast.reduce((s, f) => s + Math.max(0, f.high - f.cost), 0);
    let expected = start;
    let downSoFar = 0;
    let upSoFar = 0;
    forecast.forEach((f, i) => {
      const isLast = i === forecast.length - 1;
      expected += f.cost;
      downSoFar += Math.max(0, f.cost - f.low);
      upSoFar += Math.max(0, f.high - f.cost);
      const value = isLast ? projections.monthlyEstimate : expected;
      const low = isLast ? projections.monthlyRange.low : value - (spreadLow > 0 ? (widthLow * downSoFar) / spreadLow : 0);
      const high = isLast ? projections.monthlyRange.high : value + (spreadHigh > 0 ? (widthHigh * upSoFar) / spreadHigh : 0);
      points.push({ date: Date.parse(f.date), actual: null, expected: value, low: Math.max(0, low), high });
    });
  }
  return { points, thresholds: monthlyThresholds(alerts, currency) };
}

/** The enabled monthly cost alerts, their USD thresholds in the chart's currency, lowest first. */
function monthlyThresholds(alerts: readonly UsageAlert[], currency: UsageCurrency): MonthThreshold[] {
  return alerts
    .filter((a) => a.type === 'cost' && a.period === 'monthly' && a.enabled)
    .map((a) => ({ id: a.id, name: a.name, amount: a.threshold * USD_RATES[currency] }))
    .sort((a, b) => a.amount - b.amount);
}

/** The forecast's method and confidence in words, under the chart. */
export function forecastWords(p: DetailedUsageResponse['projections'], money: (v: number) => string): string {
  const level = Math.round(p.confidence * 100);
  return (
    `Expected month total ${money(p.monthlyEstimate)}, ${level} % likely to end between ${money(p.monthlyRange.low)} and ` +
    `${money(p.monthlyRange.high)}. ${p.method}`
  );
}
