// The usage dashboard's month chart data (features/accounts/usage/month-chart-data.ts): the
// month's cumulative spend in the account's days, anchored on the answered month-to-date; the
// forecast's cumulative line and band ending on the answered estimate and range; the monthly
// cost alerts as thresholds in the chart's currency; and its words.
import { describe, expect, it } from 'vitest';
import type { DetailedUsageResponse, UsageAlert } from '../../../shared/api/accounts/usage';
import { forecastWords, monthChartData } from '../../../renderer/src/features/accounts/usage/month-chart-data';

/** Local midnights of Europe/Paris (UTC+1 in November) from Oct 30 to Nov 3. */
const DAYS = [
  '2026-10-29T23:00:00.000Z',
  '2026-10-30T23:00:00.000Z',
  '2026-10-31T23:00:00.000Z',
  '2026-11-01T23:00:00.000Z',
  '2026-11-02T23:00:00.000Z',
];

function detailed(
  overrides: Partial<DetailedUsageResponse['projections']> = {},
  currency: DetailedUsageResponse['currency'] = 'USD',
): DetailedUsageResponse {
  return {
    period: '30d',
    granularity: 'day',
    periodStart: DAYS[0]!,
    periodEnd: '2026-11-03T12:00:00.000Z',
    timezone: 'Europe/Paris',
    currency,
    timeline: DAYS.map((date, i) => ({
      date,
      cost: [5, 7, 10, 20, 4][i]!,
      computeHours: 1,
      executions: 0,
      dataTransfer: 0,
      resources: {},
    })),
    projections: {
      monthToDate: 34,
      monthlyEstimate: 64,
      dailyAverage: 10,
      confidence: 0.8,
      monthlyRange: { low: 52, high: 80 },
      method: 'Least-squares line through the last 28 complete days.',
      forecast: [
        { date: '2026-11-03T23:00:00.000Z', cost: 10, low: 8, high: 12 },
        { date: '2026-11-04T23:00:00.000Z', cost: 10, low: 6, high: 14 },
        { date: '2026-11-05T23:00:00.000Z', cost: 10, low: 8, high: 12 },
      ],
      ...overrides,
    },
  };
}

function alert(overrides: Partial<UsageAlert>): UsageAlert {
  return {
    id: 'alert_a',
    name: 'Budget',
    type: 'cost',
    threshold: 100,
    current: 34,
    percentage: 34,
    status: 'ok',
    triggeredAt: null,
    notificationsSent: 0,
    period: 'monthly',
    periodStart: '2026-10-31T23:00:00.000Z',
    enabled: true,
    ...overrides,
  };
}

describe('the month chart', () => {
  it('sums the month’s days of the account’s zone only, ending on the answered month-to-date', () => {
    const { points } = monthChartData(detailed(), []);
    const actual = points.filter((p) => p.actual !== null);
    // Nov 1, 2 and 3 in Paris (Oct 31 23:00 UTC onwards); the October days are left out.
    expect(actual.map((p) => new Date(p.date).toISOString())).toEqual(DAYS.slice(2));
    expect(actual.map((p) => p.actual)).toEqual([10, 30, 34]);
  });

  it('carries what the timeline misses of the month on its first day, so the last point is the answered figure', () => {
    const { points } = monthChartData(detailed({ monthToDate: 40.01 }), []);
    const actual = points.filter((p) => p.actual !== null).map((p) => p.actual!);
    expect(actual[0]).toBeCloseTo(16.01, 9);
    expect(actual[actual.length - 1]).toBe(40.01);
  });

  it('starts the forecast where the spend ends, and ends the line and the band on the answered estimate and range', () => {
    const { points } = monthChartData(detailed(), []);
    const start = points.find((p) => p.actual === 34)!;
    expect(start).toMatchObject({ expected: 34, low: 34, high: 34 });
    const forecast = points.filter((p) => p.actual === null);
    expect(forecast.map((p) => p.expected)).toEqual([44, 54, 64]);
    expect(forecast[2]).toMatchObject({ low: 52, high: 80 });
    // The band widens with the daily intervals: 2, 4 and 2 down of 8 (12 wide in all); 2, 4, 2 up of 8 (16).
    expect(forecast[0]!.low).toBeCloseTo(44 - 3, 9);
    expect(forecast[1]!.low).toBeCloseTo(54 - 9, 9);
    expect(forecast[0]!.high).toBeCloseTo(44 + 4, 9);
    expect(forecast[1]!.high).toBeCloseTo(54 + 12, 9);
    for (const p of forecast) expect(p.low!).toBeLessThanOrEqual(p.expected!);
  });

  it('draws no band where the forecast has no interval, and never below zero', () => {
    const flat = detailed({
      monthlyEstimate: 64,
      monthlyRange: { low: 64, high: 64 },
      forecast: detailed().projections.forecast.map((f) => ({ ...f, low: f.cost, high: f.cost })),
    });
    const forecast = monthChartData(flat, []).points.filter((p) => p.actual === null);
    expect(forecast.map((p) => [p.low, p.high])).toEqual([
      [44, 44],
      [54, 54],
      [64, 64],
    ]);
  });

  it('has no points when nothing was read, and only the month when the forecast is over', () => {
    expect(monthChartData({ ...detailed(), timeline: [], projections: { ...detailed().projections, forecast: [] } }, []).points).toEqual(
      [],
    );
    const last = monthChartData({ ...detailed(), projections: { ...detailed().projections, forecast: [] } }, []).points;
    expect(last.every((p) => p.actual !== null)).toBe(true);
  });

  it('shows the enabled monthly cost alerts, in the chart’s currency, lowest first', () => {
    const alerts = [
      alert({ id: 'alert_high', name: 'High', threshold: 500 }),
      alert({ id: 'alert_low', name: 'Low', threshold: 100 }),
      alert({ id: 'alert_daily', period: 'daily' }),
      alert({ id: 'alert_off', enabled: false }),
      alert({ id: 'alert_hours', type: 'compute_hours' }),
    ];
    expect(monthChartData(detailed({}, 'EUR'), alerts).thresholds).toEqual([
      { id: 'alert_low', name: 'Low', amount: 92 },
      { id: 'alert_high', name: 'High', amount: 460 },
    ]);
  });

  it('says the method and the confidence in words', () => {
    const words = forecastWords(detailed().projections, (v) => `$${v}`);
    expect(words).toBe(
      'Expected month total $64, 80 % likely to end between $52 and $80. Least-squares line through the last 28 complete days.',
    );
  });
});
