// GPU core and memory temperatures: each the inlet, a floor, and the slot's thermal
// resistance times the GPU's heat through two first-order lags (the die, seconds; the heat
// sink and the HBM stacks, tens of seconds). Calibrated on the recorded H200 trace: the core
// rises from 42 °C to 62 °C within the first seconds of load and falls as fast after it, then
// creeps the last few degrees; the memory follows over ~30 s (docs/decisions.md, Metrics).
//
// Each lag is a truncated exponential kernel over the load at taps a fixed spacing apart
// before the sample (each tap is the middle of its span, weighted by the exact integral of the
// exponential over the span, normalised so a steady load gives the steady temperature). The
// seconds-scale lags use a 0.4 s grid over 3.2 s, the slower ones a 6 s grid over 72 s: a
// sample reads 20 instants of the load, whatever the time, so the snapshot and a series minute
// agree exactly (a week of minutes stays within the history route's budget). The heat is quadratic in the utilisation (power.ts), so a lag needs only the time
// averages of "holds a context", load and load² — common to every GPU of the cluster.
import type { GpuSpec } from './gpu-specs';
import { heatCoefficients } from './power';

/**
 * What drives a cluster's GPUs over time (the same for the cluster and for a test rig): the
 * cluster's load (0–1) at t, each GPU carrying its share, or NO_CONTEXT when the workload's
 * processes hold no GPU memory (no CUDA context). One call per instant: the lags read 20.
 */
export type Drive = (t: number) => number;
export const NO_CONTEXT = -1;

/** The constants of a cluster's GPUs the physics reads (a subset of the metrics Profile). */
export interface GpuRig {
  spec: GpuSpec;
  /** Share of the load each GPU carries. */
  share: number[];
  /** Share of memory each GPU's processes hold: a GPU with 0 never has a context. */
  memShare: number[];
  /** Core thermal resistance per GPU, °C/W (the memory's scales with it). */
  thermalR: number[];
  ambientC: number;
}

/** Core and memory temperature above the inlet at zero power, °C (fitted on the trace's phases). */
const CORE_FLOOR_C = 11.9;
const MEM_FLOOR_C = 12.1;

interface Lag {
  spacing: number;
  /** Normalised weights of the taps, nearest first. */
  w: Float64Array;
}
function lag(spacingMs: number, taps: number, tauMs: number): Lag {
  const decay = Math.exp(-spacingMs / tauMs);
  const w = new Float64Array(taps);
  let sum = 0;
  for (let j = 0; j < taps; j++) sum += w[j] = decay ** j;
  for (let j = 0; j < taps; j++) w[j]! /= sum;
  return { spacing: spacingMs, w };
}
const FINE_MS = 400;
const FINE_TAPS = 8;
const COARSE_MS = 6000;
const COARSE_TAPS = 12;
/** Die: τ 0.3 s, 93% of the core's rise; heat sink: τ 10 s, the rest. */
const CORE_FAST = lag(FINE_MS, FINE_TAPS, 300);
const CORE_SLOW = lag(COARSE_MS, COARSE_TAPS, 10_000);
const CORE_FAST_SHARE = 0.93;
/** Memory: half within about a second (the shared package), half with τ 15 s (the HBM stacks). */
const MEM_FAST = lag(FINE_MS, FINE_TAPS, 1000);
const MEM_SLOW = lag(COARSE_MS, COARSE_TAPS, 15_000);
const MEM_FAST_SHARE = 0.5;

const fine = new Float64Array(6);
const coarse = new Float64Array(6);

/** Time averages of (context, context·load, context·load²) under two lags of one grid. */
function averages(d: Drive, t: number, spacing: number, taps: number, a: Lag, b: Lag, out: Float64Array): void {
  out.fill(0);
  for (let j = 0; j < taps; j++) {
    const l = d(t - (j + 0.5) * spacing);
    if (l === NO_CONTEXT) continue;
    const wa = a.w[j]!;
    const wb = b.w[j]!;
    out[0]! += wa;
    out[1]! += wa * l;
    out[2]! += wa * l * l;
    out[3]! += wb;
    out[4]! += wb * l;
    out[5]! += wb * l * l;
  }
}

/** Time-averaged heat of a GPU under one lag (avg[k..k+2]): idle without a context, the quadratic with one. */
function heat(spec: GpuSpec, h: readonly [number, number, number], capable: boolean, s: number, avg: Float64Array, k: number): number {
  if (!capable) return spec.idle_w;
  const held = avg[k]!;
  return spec.idle_w * (1 - held) + h[0] * held + h[1] * s * avg[k + 1]! + h[2] * s * s * avg[k + 2]!;
}

/** Each GPU's core and memory temperature at t, °C, into core and mem. */
export function tempsAt(rig: GpuRig, d: Drive, t: number, core: Float64Array, mem: Float64Array): void {
  averages(d, t, FINE_MS, FINE_TAPS, CORE_FAST, MEM_FAST, fine);
  averages(d, t, COARSE_MS, COARSE_TAPS, CORE_SLOW, MEM_SLOW, coarse);
  const { spec } = rig;
  const h = heatCoefficients(spec);
  const memPerCore = spec.mem_c_per_w / spec.core_c_per_w;
  for (let i = 0; i < rig.share.length; i++) {
    const s = rig.share[i]!;
    const capable = rig.memShare[i]! > 0;
    const r = rig.thermalR[i]!;
    const coreW = CORE_FAST_SHARE * heat(spec, h, capable, s, fine, 0) + (1 - CORE_FAST_SHARE) * heat(spec, h, capable, s, coarse, 0);
    const memW = MEM_FAST_SHARE * heat(spec, h, capable, s, fine, 3) + (1 - MEM_FAST_SHARE) * heat(spec, h, capable, s, coarse, 3);
    core[i] = rig.ambientC + CORE_FLOOR_C + r * coreW;
    mem[i] = rig.ambientC + MEM_FLOOR_C + r * memPerCore * memW;
  }
}

const steady = new Float64Array(3);

/**
 * The GPUs' mean core temperature (°C) once settled at a load: the steady state of tempsAt (every
 * lag's averages equal), given the time averages of (context, context·load, context·load²). The
 * heat is linear in these, so over an hour it is the hour's mean of the steady temperature — what
 * the usage reads take instead of the lags' 20 instants a sample (gpu-activity.ts).
 */
export function steadyCoreTempC(rig: GpuRig, held: number, load: number, loadSq: number): number {
  steady[0] = held;
  steady[1] = load;
  steady[2] = loadSq;
  const h = heatCoefficients(rig.spec);
  let sum = 0;
  for (let i = 0; i < rig.share.length; i++) {
    sum += rig.ambientC + CORE_FLOOR_C + rig.thermalR[i]! * heat(rig.spec, h, rig.memShare[i]! > 0, rig.share[i]!, steady, 0);
  }
  return sum / rig.share.length;
}
