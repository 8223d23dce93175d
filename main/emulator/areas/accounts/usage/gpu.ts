// GPU usage by GPU type (01-accounts.md, Usage and limits: GET /v2/accounts/usage/gpu): GPU-hours
// and cost per type and per local day from the one collecting pass (collect.ts), so they add up to
// the summary's; utilisation, memory and temperature from the GPUs' own metrics where the emulator
// measures them (clusters: AreaModule.gpuActivity), averaged over the GPU-hours measured.
// docs/decisions.md, Usage and costs (issue 21): GPU usage.
import { IDLE_THRESHOLD_DEFAULT, type GpuUsageEntry, type GpuUsageResponse } from '../../../../../shared/api/accounts/usage';
import type { EmulatorContext } from '../../../core/context';
import type { Metered } from '../../../core/metering';
import { iso, periodFields, type BillingFrame } from './billing';
import { collect, type Series } from './collect';
import { round, runningRounded } from './money';
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
const sumOf = (v: Float64Array) => v.reduce((a, b) => a + b, 0);
const mean = (weighted: number, weight: number) => (weight > 0 ? Math.min(100, round(weighted / weight, 1)) : null);
const meanOf = (weighted: number, weight: number) => (weight > 0 ? round(weighted / weight, 1) : null);

const hundredths = (v: number) => Math.round(v * 100);
/** A series' buckets rounded on its running total (money.ts runningRounded), so they add up to its span's rounded figure. */
const rounded = (s: Series, toUnits: (v: number) => number) => runningRounded(s.values, toUnits, s.before);

function entryOf(
  frame: BillingFrame,
  type: string,
  g: { hours: Series; usd: Series },
  days: readonly number[],
  measured: Measured | undefined,
  sessions: { perDay: Int32Array; total: number; wallHours: number } | undefined,
  includeMetrics: boolean,
): GpuUsageEntry {
  const { money } = frame;
  const costUnits = rounded(g.usd, (v) => money.units(v));
  const dayHours = rounded(g.hours, hundredths);
  const mh = measured ? sumOf(measured.hours) : 0;
  const count = sessions?.total ?? 0;
  const entry: GpuUsageEntry = {
    gpuType: type,
    totalHours: dayHours.reduce((a, b) => a + b, 0) / 100,
    totalCost: money.amount(costUnits.reduce((a, b) => a + b, 0)),
    averageUtilization: mean(measured ? sumOf(measured.util) : 0, mh),
    peakUtilization: measured && measured.peak >= 0 ? Math.min(100, round(measured.peak, 1)) : null,
    sessions: count,
    averageSessionDuration: count > 0 ? round(sessions!.wallHours / count) : 0,
    usage: dayHours.map((hours, d) => ({
      date: iso(days[d]!),
      hours: hours / 100,
      cost: money.amount(costUnits[d]!),
      utilization: measured ? mean(measured.util[d]!, measured.hours[d]!) : null,
      sessions: sessions?.perDay[d] ?? 0,
    })),
  };
  if (includeMetrics) {
    entry.performance = {
      averageMemoryUsage: mean(measured ? sumOf(measured.mem) : 0, mh),
      averageTemperature: meanOf(measured ? sumOf(measured.temp) : 0, mh),
      efficiency: mean(measured?.busy ?? 0, mh),
    };
  }
  return entry;
}

/** `GET /v2/accounts/usage/gpu`. */
export function gpuUsage(ctx: EmulatorContext, frame: BillingFrame, includeMetrics: boolean): GpuUsageResponse {
  const days = bucketBounds(frame.window, 'day');
  const collected = collect(ctx, days);
  const measured = measure(ctx, bucketBounds(frame.window, 'hour'), days);
  const sessions = sessionsByType(ctx.metering(), days);
  // collect's series run from the beginning of the metering: a type that ran only before the window has none in it.
  const gpuUsage = [...collected.byGpu]
    .filter(([, g]) => g.hours.values.some((v) => v > 0))
    .map(([type, g]) => entryOf(frame, type, g, days, measured.get(type), sessions.get(type), includeMetrics))
    .sort((a, b) => b.totalCost - a.totalCost || b.totalHours - a.totalHours || a.gpuType.localeCompare(b.gpuType));
  return { ...periodFields(frame), gpuUsage };
}
