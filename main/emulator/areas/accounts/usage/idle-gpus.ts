// Idle GPU money (issue 21; an emulator addition: GET /v2/accounts/usage/idle-gpus): per cluster,
// the GPU-hours paid in hours whose mean utilisation stayed under the threshold, priced at what
// those hours were billed, from the metrics simulator's own series (AreaModule.gpuActivity).
// docs/decisions.md, Usage and costs (issue 21): Idle GPU money.
import type { IdleCluster, IdleGpuResponse } from '../../../../../shared/api/accounts/usage';
import type { EmulatorContext } from '../../../core/context';
import type { GpuActivity } from '../../../core/metering';
import { iso, periodFields, type BillingFrame } from './billing';
import { round } from './money';
import { bucketBounds } from './window';

/** A cluster's idle hours under `threshold` and their cost in minor units, or null when it had none. */
function idleOf(
  a: GpuActivity,
  hours: readonly number[],
  threshold: number,
  frame: BillingFrame,
): { cluster: IdleCluster; units: number } | null {
  let paid = 0;
  let idle = 0;
  let idleUsd = 0;
  // The longest run of consecutive idle hours, as hour indexes [from, to].
  let best: [number, number] | null = null;
  let runFrom = -1;
  let prev = -2;
  for (let k = 0; k < a.hours.length; k++) {
    const h = a.hours[k]!;
    paid += a.gpuHours[k]!;
    if (a.utilization[k]! >= threshold) continue;
    idle += a.gpuHours[k]!;
    idleUsd += a.usd[k]!;
    if (h !== prev + 1) runFrom = h;
    prev = h;
    if (!best || h - runFrom > best[1] - best[0]) best = [runFrom, h];
  }
  if (idle === 0) return null;
  const units = frame.money.units(idleUsd);
  const cluster: IdleCluster = {
    clusterId: a.resource.id,
    name: a.resource.name,
    gpuType: a.resource.gpuType ?? 'other',
    status: a.status,
    idleHours: round(idle),
    idleCost: frame.money.amount(units),
    paidHours: round(paid),
    idleShare: Math.min(100, round((100 * idle) / paid)),
    longestIdle: best && { start: iso(hours[best[0]]!), end: iso(hours[best[1] + 1]!) },
  };
  return { cluster, units };
}

/** `GET /v2/accounts/usage/idle-gpus`. */
export function idleGpus(ctx: EmulatorContext, frame: BillingFrame, threshold: number): IdleGpuResponse {
  const hours = bucketBounds(frame.window, 'hour');
  const idle: Array<{ cluster: IdleCluster; units: number }> = [];
  for (const a of ctx.gpuActivity(hours)) {
    if (a.resource.type !== 'cluster') continue;
    const c = idleOf(a, hours, threshold, frame);
    if (c) idle.push(c);
  }
  const clusters = idle.map((c) => c.cluster);
  clusters.sort((x, y) => y.idleCost - x.idleCost || y.idleHours - x.idleHours || x.name.localeCompare(y.name));
  return {
    ...periodFields(frame),
    threshold: threshold,
    // The sums of the figures shown (each cluster's cost in whole minor units of the currency).
    totalIdleCost: frame.money.amount(idle.reduce((n, c) => n + c.units, 0)),
    totalIdleHours: round(clusters.reduce((n, c) => n + c.idleHours, 0)),
    clusters,
  };
}
