// The clusters' hourly GPU activity (clusters/gpu-activity.ts; docs/decisions.md, Usage and costs:
// GPU usage): each hour's utilisation, memory and temperature against the mean of the minute
// samples the metrics history averages (sim/metrics/sample.ts seriesOf, what the historical route
// renders), for each workload, a stop under way and a session of the billing history; the hours'
// GPU-hours and USD against the cluster's own billing.
import { describe, expect, it } from 'vitest';
import { clusterActivity } from '../../../../main/emulator/areas/clusters/gpu-activity';
import { billedUsd } from '../../../../main/emulator/areas/clusters/sim/cluster-state';
import { G, GPU_WIDTH, modelOf, seriesOf } from '../../../../main/emulator/areas/clusters/sim/metrics/sample';
import type { StoredCluster } from '../../../../main/emulator/areas/clusters/state';
import { lifecycle, T0, trainingCluster } from './sim-fixture';

const HOUR = 3_600_000;
const SEED = 7;

/** Hour starts from `from`, then `to`. */
function hourBounds(from: number, to: number): number[] {
  const out: number[] = [];
  for (let t = from; t < to; t += HOUR) out.push(t);
  return [...out, to];
}

/** The minute samples' means over [a, b): the GPUs' utilisation, memory (%) and temperature, as the metrics history has them. */
function minuteMeans(c: StoredCluster, a: number, b: number) {
  const s = seriesOf(modelOf(SEED, c), a, b);
  const sums = { util: 0, mem: 0, temp: 0 };
  s.times.forEach((_, i) => {
    for (let g = 0; g < c.gpu.count; g++) {
      const o = i * s.layout.width + g * GPU_WIDTH;
      sums.util += s.data[o + G.util]!;
      sums.mem += s.data[o + G.memPct]!;
      sums.temp += s.data[o + G.temp]!;
    }
  });
  const n = s.times.length * c.gpu.count;
  return { samples: s.times.length, util: sums.util / n, mem: sums.mem / n, temp: sums.temp / n };
}

const clusters: Array<[string, StoredCluster]> = [
  ['training', trainingCluster()],
  ['inference', trainingCluster({ id: 'cluster_unitServe01', name: 'llm-serving', template_name: null })],
  [
    'interactive',
    trainingCluster({ id: 'cluster_unitNote01', name: 'notebook', template_name: null, gpu: { type: 'A100_80GB', count: 2 } }),
  ],
];

describe('hourly GPU activity', () => {
  const to = T0 + 30 * HOUR + 20 * 60_000;
  const bounds = hourBounds(T0 - 2 * HOUR, to);

  it.each(clusters)("a %s cluster's hours agree with the mean of its minute samples", (_, c) => {
    const a = clusterActivity(SEED, c, bounds)!;
    expect(a.hours.length).toBe(31); // billed from T0: 30 whole hours and the current one
    for (let k = 0; k < a.hours.length; k++) {
      const h = a.hours[k]!;
      const m = minuteMeans(c, bounds[h]!, bounds[h + 1]!);
      expect(Math.abs(a.utilization[k]! - m.util)).toBeLessThan(1);
      expect(Math.abs(a.memory[k]! - m.mem)).toBeLessThan(1);
      expect(Math.abs(a.temperature[k]! - m.temp)).toBeLessThan(1.5);
    }
  });

  it('bills its hours as its billing does: GPU-hours and USD', () => {
    const c = trainingCluster({ billing_history: [{ start: T0 - 50 * HOUR, end: T0 - 40.5 * HOUR, hourly_rate: 20 }] });
    const from = T0 - 60 * HOUR;
    const a = clusterActivity(SEED, c, hourBounds(from, to))!;
    const usd = a.usd.reduce((x, y) => x + y, 0);
    const gpuHours = a.gpuHours.reduce((x, y) => x + y, 0);
    expect(usd).toBeCloseTo(billedUsd(c, from, to), 6);
    expect(gpuHours).toBeCloseTo(8 * (9.5 + (to - T0) / HOUR), 6);
    expect(a.status).toBe('running');
  });

  it('models a session of the billing history as a run of the same workload: loading, then the work', () => {
    const start = T0 - 50 * HOUR;
    const c = trainingCluster({ billing_history: [{ start, end: T0 - 40 * HOUR, hourly_rate: 20 }] });
    const a = clusterActivity(SEED, c, hourBounds(start, T0))!;
    expect(Array.from(a.hours)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // The same profile as the current session: its hours read as the current session's do.
    const now = clusterActivity(SEED, c, hourBounds(T0, T0 + 10 * HOUR))!;
    for (let k = 1; k < 10; k++) expect(Math.abs(a.utilization[k]! - now.utilization[k]!)).toBeLessThan(8);
    expect(a.utilization[0]!).toBeGreaterThan(50);
    expect(Math.min(...a.utilization)).toBeGreaterThan(50);
  });

  it('follows a stop under way: the drain, then nothing billed after the stop began', () => {
    const base = trainingCluster();
    const stopAt = T0 + 20 * HOUR + 30 * 60_000;
    const c = { ...base, billing_stopped_at: stopAt, lifecycle: lifecycle('stop', stopAt, base, false) } as StoredCluster;
    const a = clusterActivity(SEED, c, bounds)!;
    const last = a.hours.length - 1;
    expect(bounds[a.hours[last]!]).toBe(T0 + 20 * HOUR);
    expect(a.gpuHours[last]).toBeCloseTo(4, 6);
    const h = a.hours[last]!;
    const m = minuteMeans(c, bounds[h]!, stopAt);
    expect(Math.abs(a.utilization[last]! - m.util)).toBeLessThan(1);
  });

  it('a cluster with no hours billed in the bounds has no activity', () => {
    expect(clusterActivity(SEED, trainingCluster(), hourBounds(T0 - 10 * HOUR, T0))).toBeNull();
  });
});
