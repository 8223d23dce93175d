// The metrics simulator's physics: power follows utilisation, the context and the power cap,
// temperatures lag power, clocks slow down when hot, memory loads after a start and is released by a stop, a stopped cluster
// has no live data, and everything is a pure function of the seed, the cluster and the time.
import { describe, expect, it } from 'vitest';
import { GPU_SPECS } from '../../../../main/emulator/areas/clusters/sim/metrics/gpu-specs';
import { REASON } from '../../../../main/emulator/areas/clusters/sim/metrics/power';
import { aggregateInto, renderVector } from '../../../../main/emulator/areas/clusters/sim/metrics/render';
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

  it('draws power from utilisation and the context: idle without one, rising with utilisation, never above the cap', () => {
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
      for (let i = 0; i < s.times.length; i++) {
        const o = i * s.layout.width;
        // A thermal slowdown lowers the clock and so the power at the same utilisation: compared apart.
        if (!(s.data[o + G.reasons]! & REASON.thermal)) pairs.push([s.data[o + G.util]!, s.data[o + G.power]!]);
      }
      pairs.sort((x, y) => x[0] - y[0]);
      for (let i = 1; i < pairs.length; i++) if (pairs[i]![0] > pairs[i - 1]![0]) expect(pairs[i]![1]).toBeGreaterThan(pairs[i - 1]![1]);
      expect(pairs[pairs.length - 1]![1]).toBeLessThanOrEqual(spec.tdp_w);
      expect(pairs[pairs.length - 1]![0] - pairs[0]![0], 'utilisation moves over a day').toBeGreaterThan(20);
      // The first moment up: the model loads (6 % busy) into memory held from boot, so the GPUs have a context.
      const loading = sampleAt(m, T0);
      expect(gpu(loading, 0, G.power)).toBeGreaterThan(spec.ctx_w);
      expect(gpu(loading, 0, G.power)).toBeLessThan(spec.ctx_w + 0.1 * (spec.tdp_w - spec.ctx_w));
    }
  });

  it('idles at the lowest clock and power without a context, at boost with one', () => {
    // An interactive cluster's session runs on gpu_0 only: the other GPUs never hold memory.
    const m = modelOf(
      7,
      cluster({ id: 'cluster_unitNote01', name: 'dev notebook', template_name: 'Jupyter', gpu: { type: 'L40S', count: 2 } }),
    );
    const spec = m.p.spec;
    expect(m.p.workload).toBe('interactive');
    const v = sampleAt(m, T0 + 5 * HOUR);
    expect([gpu(v, 1, G.util), gpu(v, 1, G.power), gpu(v, 1, G.gclk), gpu(v, 1, G.mclk), gpu(v, 1, G.reasons)]).toEqual([
      0,
      spec.idle_w,
      spec.idle_mhz,
      spec.memory_idle_mhz,
      REASON.idle,
    ]);
    // gpu_0 between sessions: the kernel holds its memory and the GPU all but idles, at boost.
    const s = seriesOf(m, T0 + HOUR, T0 + 24 * HOUR);
    const rows = s.times.map((_, i) => s.data.subarray(i * s.layout.width));
    const quiet = rows.reduce((a, b) => (b[G.util]! < a[G.util]! ? b : a));
    expect(quiet[G.util]).toBeLessThan(2);
    expect(quiet[G.gclk]).toBeGreaterThan(spec.boost_mhz - 0.02 * (spec.boost_mhz - spec.cap_mhz));
    expect(quiet[G.power]).toBeLessThan(spec.ctx_w + 0.05 * (spec.tdp_w - spec.ctx_w));
    expect(quiet[G.power]).toBeGreaterThan(spec.ctx_w);
    expect(quiet[G.reasons]! & REASON.idle).toBe(0);
  });

  it('heats within seconds: power at the cap at once, the core settles in seconds, the memory over tens of seconds', () => {
    const m = modelOf(7, cluster());
    const spec = m.p.spec;
    const start = T0 + m.p.loadMs; // the model is loaded: the training job starts
    const before = sampleAt(m, start - 1);
    const at = (ms: number) => sampleAt(m, start + ms);
    expect(gpu(at(1000), 0, G.power) - gpu(before, 0, G.power)).toBeGreaterThan(0.8 * (spec.tdp_w - spec.ctx_w) * m.p.share[0]!);
    expect(gpu(at(1000), 0, G.power)).toBeLessThanOrEqual(spec.tdp_w);
    const rise = (ms: number, field: number) => gpu(at(ms), 0, field) - gpu(before, 0, field);
    const core = rise(10 * MIN, G.temp);
    const mem = rise(10 * MIN, G.memTemp);
    expect(core).toBeGreaterThan(15);
    expect(rise(2000, G.temp)).toBeGreaterThan(0.85 * core);
    expect(rise(2000, G.memTemp)).toBeLessThan(0.6 * mem);
    expect(rise(MIN, G.memTemp)).toBeGreaterThan(0.9 * mem);
    // Under full load the clock sits below boost at the power cap, not because of heat.
    const busy = at(MIN);
    expect(gpu(busy, 0, G.gclk)).toBeLessThan(spec.boost_mhz - 300);
    expect(gpu(busy, 0, G.reasons) & REASON.powerCap).toBe(REASON.powerCap);
  });

  it('slows the clock of a hot GPU (thermal slowdown), and only of a hot one', () => {
    let throttled = 0;
    for (const id of ['cluster_unitTrain01', 'cluster_unitTrain02', 'cluster_unitTrain03', 'cluster_unitTrain04']) {
      const m: MetricsModel = modelOf(7, cluster({ id }));
      const spec = m.p.spec;
      const s = seriesOf(m, T0 + HOUR, T0 + 6 * HOUR);
      for (let i = 0; i < s.times.length; i++) {
        for (let g = 0; g < 8; g++) {
          const o = i * s.layout.width + g * GPU_WIDTH;
          const [util, temp, clock, reasons] = [
            s.data[o + G.util]! / 100,
            s.data[o + G.temp]!,
            s.data[o + G.gclk]!,
            s.data[o + G.reasons]!,
          ];
          // The clock of a cool GPU: busy parts at the capped clock, idle parts at boost.
          const cool = util * spec.cap_mhz + (1 - util) * spec.boost_mhz;
          if (temp > spec.throttle_c) {
            throttled++;
            expect(reasons & REASON.thermal).toBe(REASON.thermal);
            expect(clock).toBeLessThan(cool);
            expect(clock).toBeGreaterThanOrEqual(spec.idle_mhz);
          } else {
            expect(reasons & REASON.thermal).toBe(0);
            expect(clock).toBeCloseTo(cool, 6);
          }
        }
      }
    }
    expect(throttled, 'some GPU ran hot enough to slow down').toBeGreaterThan(0);
  });

  it('aggregates the clock event reasons of a bucket as the union of its minutes, whatever the aggregation', () => {
    const m = modelOf(7, cluster());
    const s = seriesOf(m, T0 + HOUR, T0 + HOUR + 3 * MIN);
    const w = s.layout.width;
    s.data[0 * w + G.reasons] = REASON.idle;
    s.data[1 * w + G.reasons] = REASON.powerCap;
    s.data[2 * w + G.reasons] = 0;
    const out = new Float64Array(w);
    const options = { categories: new Set(['gpu'] as const), gpus: [0], temperature: true, power: true, ethMbps: 0 };
    for (const how of ['avg', 'min', 'max', 'sum'] as const) {
      aggregateInto(out, s, 0, 3, how);
      const gpuGroup = renderVector(out, 0, s.layout, options).gpu as {
        clock_event_reasons: Record<string, string[]>;
        memory_temperature: Record<string, number>;
      };
      expect(gpuGroup.clock_event_reasons.gpu_0, how).toEqual(['idle', 'sw_power_cap']);
      expect(gpuGroup.memory_temperature.gpu_0).toBeGreaterThan(m.p.ambientC);
    }
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
