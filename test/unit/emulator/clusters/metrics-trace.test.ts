// The GPU physics against a real GPU: an H100 (the H200's die and power envelope) driven
// through the phases of the recorded H200 trace (../shared/data/gpu-trace-h200: idle without a
// context, a context holding memory, a full matmul load, half duty, cool-down), compared with
// the trace read here, phase by phase: steady power within 5 %, SM clock within 5 %, core
// temperature within 3 °C, the clock event reasons, and the time to 90 % of the temperature
// rise under load within a factor of 2. The simulator's input is what the trace's script did
// (a context or not, and the trace's mean utilisation of each phase); everything compared is
// the simulator's output against the trace's readings.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { G, GPU_WIDTH, gpuReadingsAt, NO_CONTEXT, type Drive, type GpuRig } from '../../../../main/emulator/areas/clusters/sim/metrics/gpu';
import { GPU_SPECS, REFERENCE_INLET_C } from '../../../../main/emulator/areas/clusters/sim/metrics/gpu-specs';

const DIR = join(import.meta.dirname, '../../../../../shared/data/gpu-trace-h200');
const T0 = Date.UTC(2026, 10, 27, 0, 0, 0);

interface Row {
  s: number;
  util: number;
  temp: number;
  memTemp: number;
  power: number;
  sm: number;
  reasons: number;
}

function readTrace(): { rows: Row[]; phases: Array<{ name: string; from: number; to: number }> } {
  const lines = readFileSync(join(DIR, 'trace.csv'), 'utf8').trim().split('\n');
  const head = lines[0]!.split(',').map((h) => h.trim());
  const col = (name: string) => head.findIndex((h) => h.startsWith(name));
  const [ts, util, temp, memTemp, power, sm, reasons] = [
    col('timestamp'),
    col('utilization.gpu'),
    col('temperature.gpu'),
    col('temperature.memory'),
    col('power.draw'),
    col('clocks.current.sm'),
    col('clocks_event_reasons.active'),
  ];
  let first = NaN;
  const rows = lines.slice(1).map((line) => {
    const f = line.split(',').map((x) => x.trim());
    const t = Date.parse(f[ts]!.replace(/\//g, '-').replace(' ', 'T') + 'Z');
    if (Number.isNaN(first)) first = t;
    return {
      s: (t - first) / 1000,
      util: Number(f[util]),
      temp: Number(f[temp]),
      memTemp: Number(f[memTemp]),
      power: Number(f[power]),
      sm: Number(f[sm]),
      reasons: Number.parseInt(f[reasons]!, 16),
    };
  });
  const marks = readFileSync(join(DIR, 'phases.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','))
    .map(([s, name]) => ({ s: Number(s), name: name!.trim() }));
  const phases = marks.slice(0, -1).map((m, i) => ({ name: m.name, from: m.s, to: marks[i + 1]!.s }));
  return { rows, phases };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

// The trace is part of the shared reference data: a checkout without it fails here rather than
// passing without the comparison (a missing capability must fail).
describe('GPU physics against the recorded H200 trace (H100 type)', () => {
  it('has the recorded trace to compare with', () => {
    expect(existsSync(join(DIR, 'trace.csv')), `${DIR}/trace.csv`).toBe(true);
  });
  const { rows, phases } = readTrace();
  const spec = GPU_SPECS.H100;
  // The type's reference slot at the inlet its figures assume, holding memory whenever the script did.
  const rig: GpuRig = { spec, share: [1], memShare: [0.57], thermalR: [spec.core_c_per_w], ambientC: REFERENCE_INLET_C };
  const phaseAt = (s: number) => phases.find((p) => s >= p.from && s < p.to) ?? null;
  const meanUtil = new Map(phases.map((p) => [p.name, mean(rows.filter((r) => r.s >= p.from && r.s < p.to).map((r) => r.util)) / 100]));
  // What the script did: no context while idle; a context from alloc on; the phase's utilisation.
  const drive: Drive = (t) => {
    const p = phaseAt((t - T0) / 1000);
    if (p === null || p.name === 'idle') return NO_CONTEXT;
    return p.name === 'full' || p.name === 'half' ? meanUtil.get(p.name)! : 0;
  };
  const sim = (s: number) => {
    const v = gpuReadingsAt(rig, drive, T0 + s * 1000);
    return { temp: v[G.temp]!, memTemp: v[G.memTemp]!, power: v[G.power]!, sm: v[G.gclk]!, reasons: v[G.reasons]! };
  };
  expect(GPU_WIDTH).toBeGreaterThan(G.reasons);

  // The last 10 s of each phase: settled.
  const steady = phases.map((p) => {
    const tail = rows.filter((r) => r.s >= p.to - 10 && r.s < p.to);
    const model = tail.map((r) => sim(r.s));
    return {
      phase: p.name,
      trace: { power: mean(tail.map((r) => r.power)), sm: mean(tail.map((r) => r.sm)), temp: mean(tail.map((r) => r.temp)) },
      model: { power: mean(model.map((m) => m.power)), sm: mean(model.map((m) => m.sm)), temp: mean(model.map((m) => m.temp)) },
      traceReasons: new Set(tail.map((r) => r.reasons)),
      modelReasons: new Set(model.map((m) => m.reasons)),
      traceMem: mean(tail.map((r) => r.memTemp)),
      modelMem: mean(model.map((m) => m.memTemp)),
    };
  });

  it('walks the five phases of the trace', () => {
    expect(phases.map((p) => p.name)).toEqual(['idle', 'alloc', 'full', 'half', 'cool']);
    if (process.env.GPU_TRACE_REPORT)
      for (const s of steady)
        console.log(
          `${s.phase.padEnd(5)} power ${s.trace.power.toFixed(1)}/${s.model.power.toFixed(1)} W  sm ${s.trace.sm.toFixed(0)}/${s.model.sm.toFixed(0)} MHz  core ${s.trace.temp.toFixed(1)}/${s.model.temp.toFixed(1)} °C  mem ${s.traceMem.toFixed(1)}/${s.modelMem.toFixed(1)} °C  reasons ${[...s.traceReasons]}/${[...s.modelReasons]}`,
        );
  });

  it.each(['idle', 'alloc', 'full', 'half', 'cool'])(
    '%s: steady power within 5 %, SM clock within 5 %, core and memory within 3 °C',
    (name) => {
      const s = steady.find((x) => x.phase === name)!;
      expect(Math.abs(s.model.power / s.trace.power - 1), `power ${s.model.power} W vs ${s.trace.power} W`).toBeLessThan(0.05);
      expect(Math.abs(s.model.sm / s.trace.sm - 1), `SM clock ${s.model.sm} vs ${s.trace.sm} MHz`).toBeLessThan(0.05);
      expect(Math.abs(s.model.temp - s.trace.temp), `core ${s.model.temp} vs ${s.trace.temp} °C`).toBeLessThan(3);
      // Not asked by the issue, held to the core's tolerance all the same.
      expect(Math.abs(s.modelMem - s.traceMem), `memory ${s.modelMem} vs ${s.traceMem} °C`).toBeLessThan(3);
    },
  );

  it.each(['idle', 'alloc', 'full', 'half', 'cool'])('%s: the clock event reasons of the trace', (name) => {
    const s = steady.find((x) => x.phase === name)!;
    expect(s.traceReasons.size, 'one reason set over the settled window').toBe(1);
    expect([...s.modelReasons]).toEqual([...s.traceReasons]);
  });

  it('reaches 90 % of the core and memory temperature rise under full load as fast as the GPU, within a factor of 2', () => {
    const full = phases.find((p) => p.name === 'full')!;
    const before = steady.find((x) => x.phase === 'alloc')!;
    const after = steady.find((x) => x.phase === 'full')!;
    const inPhase = rows.filter((r) => r.s >= full.from && r.s < full.to);
    const rise = (from: number, to: number, series: Array<[number, number]>) => {
      const target = from + 0.9 * (to - from);
      return series.find(([, v]) => v >= target)![0] - full.from;
    };
    const traceCore = rise(
      before.trace.temp,
      after.trace.temp,
      inPhase.map((r) => [r.s, r.temp]),
    );
    const modelCore = rise(
      before.model.temp,
      after.model.temp,
      inPhase.map((r) => [r.s, sim(r.s).temp]),
    );
    const traceMem = rise(
      before.traceMem,
      after.traceMem,
      inPhase.map((r) => [r.s, r.memTemp]),
    );
    const modelMem = rise(
      before.modelMem,
      after.modelMem,
      inPhase.map((r) => [r.s, sim(r.s).memTemp]),
    );
    if (process.env.GPU_TRACE_REPORT) console.log(`90% rise: core ${traceCore}/${modelCore} s, memory ${traceMem}/${modelMem} s`);
    expect(modelCore / traceCore).toBeGreaterThanOrEqual(0.5);
    expect(modelCore / traceCore).toBeLessThanOrEqual(2);
    expect(modelMem / traceMem).toBeGreaterThanOrEqual(0.5);
    expect(modelMem / traceMem).toBeLessThanOrEqual(2);
  });
});
