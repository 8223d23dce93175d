// The one pass that every usage figure comes from (issue 21): the areas' metering (stretches of
// billed use) and tallies (executions, GB transferred) cut at a window's bucket bounds into
// per-bucket series, and summed per resource over the whole window. A stretch at a steady price
// adds to the buckets it meets in O(1) (a running rate between its first and last bucket), so an
// hourly 90-day timeline costs the number of stretches plus the number of buckets, not their product.
import type { EmulatorContext } from '../../../core/context';
import type { Metered, MeteredResource, MeteredService } from '../../../core/metering';

const HOUR = 3_600_000;

/** A per-bucket sum of amounts spread linearly over stretches of time. */
export class BucketSeries {
  readonly values: Float64Array;
  /** Rate (per ms) that starts applying to whole buckets at each index. */
  private readonly diff: Float64Array;

  constructor(private readonly bounds: readonly number[]) {
    this.values = new Float64Array(bounds.length - 1);
    this.diff = new Float64Array(bounds.length);
  }

  /** Adds `perMs` over [from, to) (already clipped to the window), bucket indexes `i` ≤ `j` of its ends. */
  addRate(from: number, to: number, perMs: number, i: number, j: number): void {
    if (i === j) {
      this.values[i]! += perMs * (to - from);
      return;
    }
    this.values[i]! += perMs * (this.bounds[i + 1]! - from);
    this.values[j]! += perMs * (to - this.bounds[j]!);
    this.diff[i + 1]! += perMs;
    this.diff[j]! -= perMs;
  }

  /** Puts the running rates into the whole buckets; call once, after the last add. */
  settle(): Float64Array {
    let rate = 0;
    for (let k = 0; k < this.values.length; k++) {
      rate += this.diff[k]!;
      if (rate !== 0) this.values[k]! += rate * (this.bounds[k + 1]! - this.bounds[k]!);
    }
    return this.values;
  }
}

/** A resource's figures over the whole window. */
export interface ResourceTotals {
  readonly resource: MeteredResource;
  /** USD by service. */
  readonly usd: Record<MeteredService, number>;
  gpuHours: number;
  /** GB-hours stored. */
  gbHours: number;
  transferGb: number;
  executions: number;
  /** Stretches of compute that met the window (sessions, runs). */
  sessions: number;
}

/** Per-bucket values, and what came before the window since the beginning (the running totals' start). */
export interface Series {
  readonly values: Float64Array;
  readonly before: number;
}

export interface Collected {
  /** Bucket starts, then the window's end. */
  readonly bounds: readonly number[];
  /** USD per bucket, all services. */
  readonly usd: Series;
  readonly usdByService: Readonly<Record<MeteredService, Series>>;
  readonly gpuHours: Series;
  /** GPU-hours and USD per bucket, by GPU type. */
  readonly byGpu: ReadonlyMap<string, { hours: Series; usd: Series }>;
  readonly gbHours: Series;
  readonly transferGb: Series;
  /** Whole executions per bucket (each tally's count rounded at the bounds). */
  readonly executions: Series;
  readonly resources: ReadonlyMap<string, ResourceTotals>;
}

export const SERVICES: readonly MeteredService[] = ['compute', 'storage', 'dataTransfer', 'other'];

/**
 * Where running totals start: the beginning of everything metered. A figure shown for a span is
 * the difference of the running totals rounded at its ends, so a past day reads the same cents
 * whatever window it is read in, and any spans add up to the span they make.
 */
const ORIGIN = 0;

/** Index of the bucket holding `t` (bounds[i] ≤ t < bounds[i + 1]), for a t within the window. */
export function bucketOf(bounds: readonly number[], t: number): number {
  let lo = 0;
  let hi = bounds.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (bounds[mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const emptyUsd = (): Record<MeteredService, number> => ({ compute: 0, storage: 0, dataTransfer: 0, other: 0 });

/** The window's bucket bounds with one bucket in front: everything since ORIGIN, the running totals' start. */
export const withOrigin = (bounds: readonly number[]): number[] => [Math.min(ORIGIN, bounds[0]!), ...bounds];

/** A series over `withOrigin` bounds: the first value is what came before the window; the rest are its buckets. */
export const split = (all: Float64Array): Series => ({ before: all[0]!, values: all.subarray(1) });

/** Everything billed and counted within [bounds[0], bounds[last]), per bucket and per resource, with what came before. */
export function collect(ctx: Pick<EmulatorContext, 'metering' | 'tallies'>, bounds: readonly number[]): Collected {
  const from = bounds[0]!;
  const to = bounds[bounds.length - 1]!;
  const all = withOrigin(bounds);
  const series = () => new BucketSeries(all);
  const usd = series();
  const byService = { compute: series(), storage: series(), dataTransfer: series(), other: series() };
  const gpuHours = series();
  const gbHours = series();
  const byGpu = new Map<string, { hours: BucketSeries; usd: BucketSeries }>();
  const resources = new Map<string, ResourceTotals>();
  const totalsOf = (resource: MeteredResource): ResourceTotals => {
    let r = resources.get(resource.id);
    if (!r) {
      r = { resource, usd: emptyUsd(), gpuHours: 0, gbHours: 0, transferGb: 0, executions: 0, sessions: 0 };
      resources.set(resource.id, r);
    }
    return r;
  };

  for (const m of ctx.metering() as Iterable<Metered>) {
    const a = Math.max(all[0]!, m.start);
    const b = Math.min(to, m.end ?? to);
    if (b <= a) continue;
    const i = bucketOf(all, a);
    const j = bucketOf(all, b - 1);
    const usdPerMs = m.usdPerHour / HOUR;
    usd.addRate(a, b, usdPerMs, i, j);
    byService[m.service].addRate(a, b, usdPerMs, i, j);
    const gpuPerMs = m.gpus / HOUR;
    if (m.gpus > 0) {
      gpuHours.addRate(a, b, gpuPerMs, i, j);
      const type = m.resource.gpuType ?? 'other';
      let g = byGpu.get(type);
      if (!g) byGpu.set(type, (g = { hours: series(), usd: series() }));
      g.hours.addRate(a, b, gpuPerMs, i, j);
      g.usd.addRate(a, b, usdPerMs, i, j);
    }
    if (m.gb > 0) gbHours.addRate(a, b, m.gb / HOUR, i, j);
    // The resource's own figures: within the window only.
    const wa = Math.max(from, a);
    if (b <= wa) continue;
    const r = totalsOf(m.resource);
    r.usd[m.service] += usdPerMs * (b - wa);
    if (m.gpus > 0) {
      r.gpuHours += gpuPerMs * (b - wa);
      r.sessions++;
    }
    if (m.gb > 0) r.gbHours += (m.gb * (b - wa)) / HOUR;
  }

  const usdValues = usd.settle();
  const serviceValues = {
    compute: byService.compute.settle(),
    storage: byService.storage.settle(),
    dataTransfer: byService.dataTransfer.settle(),
    other: byService.other.settle(),
  };
  const transferGb = new Float64Array(all.length - 1);
  const executions = new Float64Array(all.length - 1);
  const last = all.length - 1;
  for (const t of ctx.tallies()) {
    const upTo = t.cumulative(all);
    if (upTo[last]! === upTo[0]!) continue;
    const whole = t.unit === 'executions';
    const target = whole ? executions : transferGb;
    for (let k = 0; k < last; k++) {
      const amount = whole ? Math.round(upTo[k + 1]!) - Math.round(upTo[k]!) : upTo[k + 1]! - upTo[k]!;
      if (amount === 0) continue;
      target[k]! += amount;
      if (t.usdPerUnit) {
        usdValues[k]! += amount * t.usdPerUnit;
        serviceValues[t.service][k]! += amount * t.usdPerUnit;
      }
    }
    const amount = whole ? Math.round(upTo[last]!) - Math.round(upTo[1]!) : upTo[last]! - upTo[1]!;
    if (amount === 0) continue;
    const r = totalsOf(t.resource);
    if (whole) r.executions += amount;
    else r.transferGb += amount;
    r.usd[t.service] += amount * t.usdPerUnit;
  }

  return {
    bounds,
    usd: split(usdValues),
    usdByService: {
      compute: split(serviceValues.compute),
      storage: split(serviceValues.storage),
      dataTransfer: split(serviceValues.dataTransfer),
      other: split(serviceValues.other),
    },
    gpuHours: split(gpuHours.settle()),
    byGpu: new Map([...byGpu].map(([k, g]) => [k, { hours: split(g.hours.settle()), usd: split(g.usd.settle()) }])),
    gbHours: split(gbHours.settle()),
    transferGb: split(transferGb),
    executions: split(executions),
    resources,
  };
}

/** A span's figure in whole units: the running total rounded at its end less at its start (see ORIGIN). */
export const spanUnits = (s: Series, toUnits: (v: number) => number) => toUnits(s.before + total(s)) - toUnits(s.before);

/** Sum of a series' buckets. */
export const total = (s: Series) => s.values.reduce((a, b) => a + b, 0);
