// What the account is billed for, as every area reports it (AreaModule.metering; issue 21):
// stretches of steady use — a cluster's billing at its hourly rate, an endpoint serving on its
// workers, a training job running, data stored — each with its price per hour and the GPUs or
// GB it holds. Within a
// stretch use is linear, so cutting stretches at any bucket boundary (hours, days in the account's
// time zone, a period) adds up exactly to the whole: the account's spending (cost alerts), its
// usage figures and a resource's own cost are all sums of `meteredUsd` over these stretches.

/** The document's breakdown of a bill (01-accounts.md, Usage objects: Summary breakdown). */
export type MeteredService = 'compute' | 'storage' | 'dataTransfer' | 'other';

export interface MeteredResource {
  /** `experiment`: what its exports transferred (core/transfer.ts). */
  readonly type: 'cluster' | 'endpoint' | 'training_job' | 'dataset' | 'model' | 'experiment';
  readonly id: string;
  readonly name: string;
  readonly region: string | null;
  readonly gpuType: string | null;
  /** The member who created it (the team breakdown); null when unknown. */
  readonly createdBy: string | null;
}

export interface Metered {
  readonly resource: MeteredResource;
  readonly service: MeteredService;
  readonly start: number;
  /** null: still going on. */
  readonly end: number | null;
  readonly usdPerHour: number;
  /** GPUs held throughout the stretch (GPU-hours = GPUs × hours). */
  readonly gpus: number;
  /** GB stored throughout the stretch (storage only, else 0). */
  readonly gb: number;
}

const HOUR = 3_600_000;

/** Ms of the stretch within [from, to). */
function meteredMs(m: Pick<Metered, 'start' | 'end'>, from: number, to: number): number {
  const start = Math.max(from, m.start);
  const end = Math.min(to, m.end ?? to);
  return end > start ? end - start : 0;
}

/** USD the stretch costs within [from, to). */
export const meteredUsd = (m: Pick<Metered, 'start' | 'end' | 'usdPerHour'>, from: number, to: number) =>
  (m.usdPerHour * meteredMs(m, from, to)) / HOUR;

/** USD of all the stretches within [from, to). */
export function spentUsd(stretches: Iterable<Metered>, from: number, to: number): number {
  let usd = 0;
  for (const m of stretches) usd += meteredUsd(m, from, to);
  return usd;
}

/**
 * What is counted rather than metered over time (AreaModule.tallies): an endpoint's executions,
 * the GB a resource's downloads transferred. Its amount up to a time is what usage buckets cut:
 * a bucket's whole count is round(amount(end)) − round(amount(start)), so any buckets of a
 * period add up to the period's count exactly.
 */
export interface Tallied {
  readonly resource: MeteredResource;
  readonly service: MeteredService;
  readonly unit: 'executions' | 'gb';
  /** USD per unit (0 where the unit has no price of its own, as executions: their workers are metered). */
  readonly usdPerUnit: number;
  /**
   * For each of `times` (ascending), the amount from the beginning up to that time (exclusive),
   * non-decreasing; one call per read, so a tally computed in a sweep pays for it once.
   */
  cumulative(times: readonly number[]): number[];
  /** The amount within [from, to) by member id (usage's top users); a part no member is known for is left out. */
  byUser?(from: number, to: number): Map<string, number>;
  /** The mean time of one execution within [from, to) in ms, weighted by executions; 0 when there were none. */
  meanLatencyMs?(from: number, to: number): number;
  /** The percentage of executions within [from, to) that succeeded; 100 when there were none. */
  successRate?(from: number, to: number): number;
}

/** USD of the tallies within [from, to). */
export function talliedUsd(tallies: Iterable<Tallied>, from: number, to: number): number {
  let usd = 0;
  for (const t of tallies) {
    if (!t.usdPerUnit) continue;
    const [a, b] = t.cumulative([from, to]) as [number, number];
    usd += (b - a) * t.usdPerUnit;
  }
  return usd;
}

/**
 * A resource's GPUs as its area measured them, hour by hour over the time it was billed
 * (AreaModule.gpuActivity; issue 21: utilisation by GPU type, idle GPU money). Sparse: only the
 * hours it was billed in, as indexes into the hourly bounds asked for; the arrays are parallel.
 * An hour's means are over its billed part (docs/decisions.md, Usage and costs: GPU usage).
 */
export interface GpuActivity {
  readonly resource: MeteredResource;
  readonly gpus: number;
  /** The resource's status at the bounds' end (now), e.g. `running`, for the console's actions. */
  readonly status: string;
  /** Indexes of the hours (bounds[h] to bounds[h + 1]) it was billed in, ascending. */
  readonly hours: Int32Array;
  /** GPU-hours billed in the hour: the GPUs × the hour's billed share (the same as its metering). */
  readonly gpuHours: Float64Array;
  /** USD billed in the hour, at the rate of its stretches. */
  readonly usd: Float64Array;
  /** The GPUs' mean utilisation (%) over the hour's billed part. */
  readonly utilization: Float64Array;
  /** The GPUs' mean memory in use (% of their memory). */
  readonly memory: Float64Array;
  /** The GPUs' mean core temperature (°C). */
  readonly temperature: Float64Array;
}
