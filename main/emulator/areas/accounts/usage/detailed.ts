// `GET /v2/accounts/usage/detailed` (01-accounts.md, Usage objects: Detailed): the period cut into
// hours, local days or local weeks. Each bucket's figures are differences of the period's running
// totals rounded once (cost in minor units, hours and GB to hundredths), so the buckets add up to the
// summary of the same period exactly, at any granularity. The projection is forecast.ts's.
import type { DetailedUsageQuery, DetailedUsageResponse, TimelineEntry } from '../../../../../shared/api/accounts/usage';
import type { EmulatorContext } from '../../../core/context';
import { periodStart } from '../../../core/zoned-time';
import { iso, periodFields, type BillingFrame } from './billing';
import { collect, type Series } from './collect';
import { FIT_DAYS, forecastMonth } from './forecast';
import { hundredths, runningRounded, type Money } from './money';
import { bucketBounds, type UsageWindow } from './window';

const HOUR = 3_600_000;

export function detailedUsage(ctx: EmulatorContext, frame: BillingFrame, query: DetailedUsageQuery): DetailedUsageResponse {
  const { window: w, money } = frame;
  const bounds = bucketBounds(w, query.granularity);
  const c = collect(ctx, bounds);
  const want = new Set(query.resources ?? ['gpu']);
  const inUnits = (v: number) => money.units(v);
  const rounded = (s: Series, toUnits: (v: number) => number) => runningRounded(s.values, toUnits, s.before);
  const cost = rounded(c.usd, inUnits);
  const hours = rounded(c.gpuHours, hundredths);
  const transfer = rounded(c.transferGb, hundredths);
  const gpu = [...c.byGpu].map(([type, g]) => ({
    type,
    hours: rounded(g.hours, hundredths),
    cost: rounded(g.usd, inUnits),
  }));
  const storageCost = rounded(c.usdByService.storage, inUnits);
  const transferCost = rounded(c.usdByService.dataTransfer, inUnits);

  const timeline: TimelineEntry[] = cost.map((units, k) => {
    const resources: TimelineEntry['resources'] = {};
    if (want.has('gpu'))
      resources.gpu = Object.fromEntries(gpu.map((g) => [g.type, { hours: g.hours[k]! / 100, cost: money.amount(g.cost[k]!) }]));
    if (want.has('storage'))
      resources.storage = {
        // GB stored on average over the bucket.
        gb: Math.round((c.gbHours.values[k]! / ((bounds[k + 1]! - bounds[k]!) / HOUR)) * 100) / 100,
        cost: money.amount(storageCost[k]!),
      };
    if (want.has('transfer')) resources.transfer = { gb: transfer[k]! / 100, cost: money.amount(transferCost[k]!) };
    return {
      date: iso(bounds[k]!),
      cost: money.amount(units),
      computeHours: hours[k]! / 100,
      executions: c.executions.values[k]!,
      dataTransfer: transfer[k]! / 100,
      resources,
    };
  });

  return {
    ...periodFields(frame),
    period: query.period,
    granularity: query.granularity,
    timeline,
    projections: projections(ctx, w, money),
  };
}

/** The month's projection from the last complete local days (forecast.ts), in the answer's currency. */
function projections(ctx: EmulatorContext, w: UsageWindow, money: Money): DetailedUsageResponse['projections'] {
  const now = w.end;
  const today = periodStart('daily', now, w.timezone);
  const monthStart = periodStart('monthly', now, w.timezone);
  const dayWindow = { ...w, start: periodStart('daily', today - FIT_DAYS * 24 * HOUR + 12 * HOUR, w.timezone), end: today };
  // One pass for both: the fitted days, the month's start (a local midnight: one of those days'
  // starts, or before them) and now.
  const days = bucketBounds(dayWindow, 'day');
  const bounds = [...new Set([...days, monthStart, now])].sort((a, b) => a - b);
  const c = collect(ctx, bounds);
  const at = (t: number) => bounds.indexOf(t);
  const perDay = days.slice(0, -1).map((t) => c.usd.values[at(t)]! * money.rate);
  const spent = c.usd.values.subarray(at(monthStart)).reduce((a, b) => a + b, 0) * money.rate;
  // The rest of the month: today's remaining part, then each later local day.
  const nextMonth = periodStart('monthly', monthStart + 32 * 24 * HOUR, w.timezone);
  const dayStarts = bucketBounds({ ...w, start: today, end: nextMonth }, 'day').slice(0, -1);
  const tomorrow = dayStarts[1] ?? nextMonth;
  const remaining = dayStarts.map((start, i) => ({
    start: i === 0 ? now : start,
    share: i === 0 ? (tomorrow - now) / (tomorrow - today) : 1,
  }));
  const f = forecastMonth(perDay, spent, remaining);
  const amount = (v: number) => money.rounded(v);
  return {
    monthlyEstimate: amount(f.estimate),
    monthToDate: amount(spent),
    dailyAverage: amount(f.dailyAverage),
    confidence: f.confidence,
    monthlyRange: { low: amount(f.low), high: amount(f.high) },
    method: f.method,
    forecast: f.days.map((d) => ({ date: iso(d.start), cost: amount(d.cost), low: amount(d.low), high: amount(d.high) })),
  };
}
