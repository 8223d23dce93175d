// The metrics simulator's physics: power follows utilisation, temperature lags power, clocks
// throttle when hot, memory loads after a start and is released by a stop, a stopped cluster
// has no live data, and everything is a pure function of the seed, the cluster and the time.
import { describe, expect, it } from 'vitest';
import { GPU_SPECS } from '../../../../main/emulator/areas/clusters/sim/metrics/gpu-specs';
import {
  G,
  GPU_WIDTH,
  liveAt,
  modelOf,
  sampleAt,
  seriesOf,
  type MetricsModel,
} from '../../../../main/emulator/areas/clusters/sim/metrics/sample';
import type { StoredCluster } from '../../../../main/emulator/areas/clusters/state';
import { lifecycle as lifecycleOf, T0, trainingCluster } from './sim-fixture';

const MIN = 60_000;
const HOUR = 60 * MIN;

const cluster = (over: Partial<StoredCluster> = {}) => trainingCluster({ id: 'cluster_unitTrain01', team_members: [], ...over });

const gpu = (v: Float64Array, i: number, field: number) => v[i * GPU_WIDTH + field]!;

const lifecycle = (kind: 'stop' | 'restart', startedAt: number, c: StoredCluster) => lifecycleOf(kind, startedAt, c, false);

describe('metrics simulator', () => {
  it('is a pure function of the seed, the cluster and the time', () => {
    const a = sampleAt(modelOf(7, cluster()), T0 + 5 * HOUR + 12_345);
    const b = sampleAt(modelOf(7, structuredClone(cluster())), T0 + 5 * HOUR + 12_345);
    expect(Array.from(b)).toEqual(Array.from(a));
    const other = sampleAt(modelOf(8, cluster()), T0 + 5 * HOUR + 12_345);
    expect(Array.from(other)).not.toEqual(Array.from(a));
  });

  it('gives a series sample exactly the values of the snapshot at that minute', () => {
    const m = modelOf(7, cluster());
    const s = seriesOf(m, T0 + 3 * HOUR, T0 + 4 * HOUR);
    expect(s.times).toHaveLength(60);
    for (const i of [0, 17, 59]) {
      const row = s.data.slice(i * s.layout.width, (i + 1) * s.layout.width);
      expect(Array.from(row)).toEqual(Array.from(sampleAt(m, s.times[i]!)));
    }
  });

  it('draws power from utilisation: idle power at no load, rising with utilisation up to the TDP', () => {
    for (const c of [
      cluster(),
      cluster({
        id: 'cluster_unitInfer01',
        name: 'inference-api',
        template_name: 'Production Inference Server',
        gpu: { type: 'A100_80GB', count: 4 },
      }),
    ]) {
      const m = modelOf(7, c);
      const spec = GPU_SPECS[c.gpu.type];
      const s = seriesOf(m, T0, T0 + 24 * HOUR);
      const pairs: Array<[number, number]> = [];
      for (let i = 0; i < s.times.length; i++) pairs.push([s.data[i * s.layout.width + G.util]!, s.data[i * s.layout.width + G.power]!]);
      pairs.sort((x, y) => x[0] - y[0]);
      for (let i = 1; i < pairs.length; i++) if (pairs[i]![0] > pairs[i - 1]![0]) expect(pairs[i]![1]).toBeGreaterThan(pairs[i - 1]![1]);
      expect(pairs[pairs.length - 1]![1]).toBeLessThanOrEqual(spec.tdp_w);
      expect(pairs[pairs.length - 1]![0] - pairs[0]![0], 'utilisation moves over a day').toBeGreaterThan(20);
      const idle = sampleAt(m, T0); // the first moment up: the model loads, the GPUs wait
      expect(gpu(idle, 0, G.power)).toBeLessThan(spec.idle_w + 0.1 * (spec.tdp_w - spec.idle_w));
    }
  });

  it('heats with a lag: power steps up at once when the job starts, temperature takes minutes', () => {
    const m = modelOf(7, cluster());
    const start = T0 + m.p.loadMs; // the model is loaded: the training job starts
    const before = sampleAt(m, start - 1);
    const at = (ms: number) => sampleAt(m, start + ms);
    expect(gpu(at(1000), 0, G.power) - gpu(before, 0, G.power)).toBeGreaterThan(0.8 * (m.p.spec.tdp_w - m.p.spec.idle_w) * m.p.share[0]!);
    const rise = (ms: number) => gpu(at(ms), 0, G.temp) - gpu(before, 0, G.temp);
    const full = rise(10 * MIN);
    expect(full).toBeGreaterThan(20);
    expect(rise(1000)).toBeLessThan(0.05 * full);
    expect(rise(30_000)).toBeLessThan(0.5 * full);
    expect(rise(2 * MIN)).toBeGreaterThan(0.6 * full);
    expect(rise(30_000)).toBeLessThan(rise(MIN));
    expect(rise(MIN)).toBeLessThan(rise(3 * MIN));
  });

  it('throttles the graphics clock above the hot threshold, never below base, and not when cool', () => {
    let throttled = 0;
    for (const id of ['cluster_unitTrain01', 'cluster_unitTrain02', 'cluster_unitTrain03', 'cluster_unitTrain04']) {
      const m: MetricsModel = modelOf(7, cluster({ id }));
      const spec = m.p.spec;
      const s = seriesOf(m, T0 + HOUR, T0 + 6 * HOUR);
      for (let i = 0; i < s.times.length; i++) {
        for (let g = 0; g < 8; g++) {
          const o = i * s.layout.width + g * GPU_WIDTH;
          const [util, temp, clock] = [s.data[o + G.util]!, s.data[o + G.temp]!, s.data[o + G.gclk]!];
          if (util < 2) expect(clock).toBe(spec.idle_mhz);
          else if (temp > spec.throttle_c) {
            throttled++;
            expect(clock).toBeLessThan(spec.boost_mhz);
            expect(clock).toBeGreaterThanOrEqual(spec.base_mhz);
            expect(clock).toBeCloseTo(Math.max(spec.base_mhz, spec.boost_mhz - 35 * (temp - spec.throttle_c)), 6);
          } else expect(clock).toBe(spec.boost_mhz);
        }
      }
    }
    expect(throttled, 'some GPU ran hot enough to throttle').toBeGreaterThan(0);
  });

  it('loads the model into GPU memory after the start, and keeps it', () => {
    const m = modelOf(7, cluster());
    const used = (ms: number) => gpu(sampleAt(m, T0 + ms), 0, G.memUsed);
    expect(used(1000)).toBeLessThan(used(m.p.loadMs / 2));
    expect(used(m.p.loadMs / 2)).toBeLessThan(used(m.p.loadMs));
    expect(used(10 * HOUR)).toBe(used(m.p.loadMs));
    expect(used(m.p.loadMs) / gpu(sampleAt(m, T0 + HOUR), 0, G.memTotal)).toBeGreaterThan(0.85);
  });

  it('has no live data for a stopped cluster, or before a cluster came up', () => {
    const stopped = modelOf(7, cluster({ status: 'stopped', started_at: null }));
    expect(liveAt(stopped, T0 + HOUR)).toBe(false);
    expect(seriesOf(stopped, T0, T0 + 24 * HOUR).times).toEqual([]);
    const running = modelOf(7, cluster());
    expect(liveAt(running, T0 - 1)).toBe(false);
    expect(seriesOf(running, T0 - HOUR, T0 + HOUR).times[0]).toBe(T0);
  });

  it('drains utilisation during a graceful stop, releases memory, then has no data', () => {
    const c = cluster();
    const S0 = T0 + 5 * HOUR;
    c.lifecycle = lifecycle('stop', S0, c);
    const m = modelOf(7, c);
    const spans = new Map<string, [number, number]>();
    let t = S0;
    for (const [name, ms] of c.lifecycle.phases) spans.set(name, [t, (t += ms)]);
    const [w0, w1] = spans.get('waiting_for_graceful_exit')!;
    const util = (at: number) => gpu(sampleAt(m, at), 0, G.util);
    expect(util(w0 - 1000)).toBeGreaterThan(50);
    expect(util(w0 + (w1 - w0) / 2)).toBeLessThan(util(w0 + 1000));
    expect(util(w1 + 1000)).toBe(0);
    expect(gpu(sampleAt(m, w1 - 1000), 0, G.memUsed)).toBeGreaterThan(0);
    expect(gpu(sampleAt(m, spans.get('terminating_resources')![0] + 1000), 0, G.memUsed)).toBe(0);
    expect(liveAt(m, t - 1)).toBe(true);
    expect(liveAt(m, t)).toBe(false);
  });

  it('shows a restart: the old run drains, then the model reloads from starting_services', () => {
    const c = cluster();
    const S0 = T0 + 5 * HOUR;
    c.lifecycle = lifecycle('restart', S0, c);
    const m = modelOf(7, c);
    let t = S0;
    const spans = new Map<string, [number, number]>();
    for (const [name, ms] of c.lifecycle.phases) spans.set(name, [t, (t += ms)]);
    const boot = spans.get('starting_services')![0];
    const mem = (at: number) => gpu(sampleAt(m, at), 0, G.memUsed);
    expect(mem(spans.get('updating_configuration')![0] + 1000)).toBe(0);
    expect(mem(boot + 5000)).toBeLessThan(mem(boot + m.p.loadMs / 2));
    expect(mem(boot + m.p.loadMs / 2)).toBeLessThan(mem(boot + m.p.loadMs));
    expect(gpu(sampleAt(m, boot + m.p.loadMs + MIN), 0, G.util)).toBeGreaterThan(50);
    expect(liveAt(m, t + HOUR)).toBe(true);
  });
});
