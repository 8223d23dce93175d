// GPU usage by GPU type (01-accounts.md, Usage and limits: GET /v2/accounts/usage/gpu): GPU-hours
// and cost per type and per local day from the one collecting pass (collect.ts), so they add up to
// the summary's; utilisation, memory and temperature from the GPUs' own metrics where the emulator
// measures them (clusters: AreaModule.gpuActivity), averaged over the GPU-hours measured.
// docs/decisions.md, Usage and costs (issue 21): GPU usage.
import {
  IDLE_THRESHOLD_DEFAULT,
  type GpuUsageEntry,
  type GpuUsageQuery,
  type GpuUsageResponse,
} from '../../../../../shared/api/accounts/usage';
import type { EmulatorContext } from '../../../core/context';
import type { Metered } from '../../../core/metering';
import { collect, total } from './collect';
import { apportion, round } from './money';
import { usageFrame, type UsageFrame } from './frame';
import { bucketBounds } from './window';

const HOUR = 3_600_000;

/** Per GPU type, per day: the measured GPU-hours and their utilisation, memory and temperature weighted by them. */
class Measured {
  readonly hours: Float64Array;
  readonly util: Float64Array;
  readonly mem: Float64Array;
  readonly temp: Float64Array;
  /** GPU-hours of cluster-hours at or above the idle threshold (efficiency). */
  busy = 0;
  /** The highest hourly mean of the type (its GPUs' hours together). */
  peak = -1;

  constructor(days: number) {
    this.hours = new Float64Array(days);
    this.util = new Float64Array(days);
    this.mem = new Float64Array(days);
    this.temp = new Float64Array(days);
  }
}

/** Index of the day holding each hour of the window (both ascending, the hours from the first local midnight). */
function dayOfHours(hours: readonly number[], days: readonly number[]): Int32Array {
  const out = new Int32Array(hours.length - 1);
  let d = 0;
  for (let h = 0; h < out.length; h++) {
    while (d < days.length - 2 && days[d + 1]! <= hours[h]!) d++;
    out[h] = d;
  }
  return out;
}

/** Stretches of GPU use per type that met each day, and their wall-clock hours in the window (session counts and durations). */
function sessionsByType(metered: Iterable<Metered>, days: readonly number[]) {
  const from = days[0]!;
  const to = days[days.length - 1]!;
  const out = new Map<string, { perDay: Int32Array; total: number; wallHours: number }>();
  for (const m of metered) {
    if (m.gpus <= 0) continue;
    const a = Math.max(from, m.start);
    const b = Math.min(to, m.end ?? to);
    if (b <= a) continue;
    const type = m.resource.gpuType ?? 'other';
    let s = out.get(type);
    if (!s) out.set(type, (s = { perDay: new Int32Array(days.length - 1), total: 0, wallHours: 0 }));
    s.total++;
    s.wallHours += (b - a) / HOUR;
    for (let d = 0; d < days.length - 1; d++) if (days[d]! < b && days[d + 1]! > a) s.perDay[d]!++;
  }
  return out;
}

/** Each GPU type's measured hours by day, from the areas' hourly GPU activity within the window. */
function measure(ctx: EmulatorContext, hours: readonly number[], days: readonly number[]): Map<string, Measured> {
  const dayOf = dayOfHours(hours, days);
  const byType = new Map<string, Measured>();
  // The type's hours together, for its peak hourly mean: GPU-hours and utilisation × GPU-hours per hour.
  const hourly = new Map<string, { gh: Float64Array; util: Float64Array }>();
  for (const a of ctx.gpuActivity(hours)) {
    const type = a.resource.gpuType ?? 'other';
    let m = byType.get(type);
    if (!m) byType.set(type, (m = new Measured(days.length - 1)));
    let hr = hourly.get(type);
    if (!hr) hourly.set(type, (hr = { gh: new Float64Array(hours.length - 1), util: new Float64Array(hours.length - 1) }));
    for (let k = 0; k < a.hours.length; k++) {
      const h = a.hours[k]!;
      const d = dayOf[h]!;
      const gh = a.gpuHours[k]!;
      const util = a.utilization[k]!;
      m.hours[d]! += gh;
      m.util[d]! += util * gh;
      m.mem[d]! += a.memory[k]! * gh;
      m.temp[d]! += a.temperature[k]! * gh;
      if (util >= IDLE_THRESHOLD_DEFAULT) m.busy += gh;
      hr.gh[h]! += gh;
      hr.util[h]! += util * gh;
    }
  }
  for (const [type, hr] of hourly) {
    const m = byType.get(type)!;
    for (let h = 0; h < hr.gh.length; h++) if (hr.gh[h]! > 0) m.peak = Math.max(m.peak, hr.util[h]! / hr.gh[h]!);
  }
  return byType;
}

/** A weighted mean over `weight`, or null when nothing was weighed; one decimal. */
const mean = (weighted: number, weight: number) => (weight > 0 ? Math.min(100, round(weighted / weight, 1)) : null);
const meanOf = (weighted: number, weight: number) => (weight > 0 ? round(weighted / weight, 1) : null);

/** GPU-hours in hundredths apportioned to the days, so the days add up to the rounded total. */
function hoursSplit(perDay: Float64Array): number[] {
  return apportion(Math.round(total(perDay) * 100), Array.from(perDay)).map((h) => h / 100);
}

function entryOf(
  frame: UsageFrame,
  type: string,
  g: { hours: Float64Array; usd: Float64Array },
  days: readonly number[],
  measured: Measured | undefined,
  sessions: { perDay: Int32Array; total: number; wallHours: number } | undefined,
  includeMetrics: boolean,
): GpuUsageEntry {
  const { money } = frame;
  const costUnits = money.split(Array.from(g.usd));
  const dayHours = hoursSplit(g.hours);
  const mh = measured ? total(measured.hours) : 0;
  const count = sessions?.total ?? 0;
  const entry: GpuUsageEntry = {
    gpuType: type,
    totalHours: round(dayHours.reduce((a, b) => a + b, 0)),
    totalCost: money.amount(costUnits.reduce((a, b) => a + b, 0)),
    averageUtilization: mean(measured ? total(measured.util) : 0, mh),
    peakUtilization: measured && measured.peak >= 0 ? Math.min(100, round(measured.peak, 1)) : null,
    sessions: count,
    averageSessionDuration: count > 0 ? round(sessions!.wallHours / count) : 0,
    usage: dayHours.map((hours, d) => ({
      date: frame.iso(days[d]!),
      hours,
      cost: money.amount(costUnits[d]!),
      utilization: measured ? mean(measured.util[d]!, measured.hours[d]!) : null,
      sessions: sessions?.perDay[d] ?? 0,
    })),
  };
  if (includeMetrics) {
    entry.performance = {
      averageMemoryUsage: mean(measured ? total(measured.mem) : 0, mh),
      averageTemperature: meanOf(measured ? total(measured.temp) : 0, mh),
      efficiency: mean(measured?.busy ?? 0, mh),
    };
  }
  return entry;
}

/** `GET /v2/accounts/usage/gpu`. */
export function gpuUsage(ctx: EmulatorContext, query: GpuUsageQuery, now: number): GpuUsageResponse {
  const frame = usageFrame(ctx, query, now);
  const days = bucketBounds(frame.window, 'day');
  const collected = collect(ctx, days);
  const measured = measure(ctx, bucketBounds(frame.window, 'hour'), days);
  const sessions = sessionsByType(ctx.metering(), days);
  const gpuUsage = [...collected.byGpu]
    .map(([type, g]) => entryOf(frame, type, g, days, measured.get(type), sessions.get(type), query.includeMetrics))
    .sort((a, b) => b.totalCost - a.totalCost || b.totalHours - a.totalHours || a.gpuType.localeCompare(b.gpuType));
  return { ...frame.fields, gpuUsage };
}
