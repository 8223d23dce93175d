// One sample of a cluster's metrics as a flat vector (fixed layout per GPU count), at any
// moment (the current snapshot) or as a series of one per minute (history, statistics).
// The GPUs' power, clocks and temperatures are gpu.ts's (power.ts, thermal.ts); the load
// averages follow CPU use as Linux computes them (exponential averages), as truncated
// exponential kernels over the CPU use 15 s apart (each tap is the value in the middle of its
// span, weighted by the exact integral of the exponential over the span). A sample is a pure
// function of the time, and a series computes each kernel from one shared grid of the same
// values, so a series sample equals the snapshot at that instant exactly.
import type { StoredCluster } from '../../state';
import { GIB } from './gpu-specs';
import { fillGpus, G, GPU_WIDTH, NO_CONTEXT, type Drive } from './gpu';
import {
  checkpointsDone,
  cpuAt,
  heldAt,
  inCheckpoint,
  isLive,
  loadAt,
  loadHeldAt,
  memRampAt,
  netBytes,
  profileOf,
  runAt,
  timelineOf,
  type Profile,
  type Timeline,
} from './model';

/** Spacing of the kernels' taps, ms. */
const STEP = 15_000;
/** One history sample per minute. */
const SAMPLE_MS = 60_000;

interface Kernel {
  /** Taps are stride × STEP apart (odd, so the middles of the spans fall on the 15 s grid). */
  stride: number;
  /** Grid steps from the sample to the middle of the first span, beyond the half step. */
  lead: number;
  w: Float64Array;
}
function kernel(taps: number, stride: number, tauMs: number): Kernel {
  const decay = Math.exp((-stride * STEP) / tauMs);
  const w = new Float64Array(taps);
  let sum = 0;
  for (let j = 0; j < taps; j++) sum += w[j] = decay ** j;
  for (let j = 0; j < taps; j++) w[j]! /= sum;
  return { stride, lead: (stride - 1) / 2, w };
}
const LA1 = kernel(20, 1, 60_000);
const LA5 = kernel(20, 5, 300_000);
const LA15 = kernel(20, 15, 900_000);
/** Half a step: the grid sits midway between samples' whole seconds. */
const HALF = STEP / 2;
/** Grid steps a sample looks back. */
const BACK = 7 + 19 * 15;

// Vector layout: per GPU GPU_WIDTH values (gpu.ts), then CPU 8, storage 7, network 9.
export { G, GPU_WIDTH };
export const C = { util: 0, la1: 1, la5: 2, la15: 3, memUsed: 4, memTotal: 5, cores: 6, threads: 7 } as const;
export const D = { used: 0, total: 1, pct: 2, rbps: 3, wbps: 4, rops: 5, wops: 6 } as const;
export const N = { sent: 0, recv: 1, psent: 2, precv: 3, ethSent: 4, ethRecv: 5, loSent: 6, loRecv: 7, up: 8 } as const;

export interface Layout {
  gpus: number;
  cpu: number;
  disk: number;
  net: number;
  width: number;
  /** Capacities (totals, cores, threads): reported as they are, never summed or averaged. */
  capacity: Set<number>;
  /** Bit masks (clock event reasons): aggregated as the union of the samples'. */
  flags: Set<number>;
}

const layouts = new Map<number, Layout>();
function layoutFor(gpus: number): Layout {
  let l = layouts.get(gpus);
  if (!l) {
    const cpu = gpus * GPU_WIDTH;
    const disk = cpu + 8;
    const net = disk + 7;
    const capacity = new Set<number>([cpu + C.memTotal, cpu + C.cores, cpu + C.threads, disk + D.total]);
    const flags = new Set<number>();
    for (let i = 0; i < gpus; i++) {
      capacity.add(i * GPU_WIDTH + G.memTotal);
      flags.add(i * GPU_WIDTH + G.reasons);
    }
    layouts.set(gpus, (l = { gpus, cpu, disk, net, width: net + 9, capacity, flags }));
  }
  return l;
}

/** What a cluster's metrics are computed from. */
export interface MetricsModel {
  cluster: StoredCluster;
  p: Profile;
  tl: Timeline;
  layout: Layout;
  /** The cluster's load and GPU contexts over time, as the GPU physics reads them. */
  drive: Drive;
}

export function modelOf(seed: number, c: StoredCluster): MetricsModel {
  const p = profileOf(seed, c);
  const tl = timelineOf(c, p);
  const drive: Drive = (t) => loadHeldAt(p, tl, t, NO_CONTEXT);
  return { cluster: c, p, tl, layout: layoutFor(c.gpu.count), drive };
}

export const liveAt = (m: MetricsModel, t: number) => isLive(m.tl, t);

const HOST_SHARE = { training: 0.45, inference: 0.3, interactive: 0.25 } as const;
const CTX_BYTES = 512 * 1024 ** 2;
const LO_RATE = 50_000;

/**
 * GPU i's memory in use (bytes), given the share of the time its processes hold a context
 * (`held`, 1 at an instant) and the model's memory ramp over that time (memRampAt, 0 when not
 * held): linear in both, so an hour's mean (clusters/gpu-activity.ts) is this of the hour's means.
 */
export function gpuMemoryUsed(p: Profile, i: number, held: number, ramp: number): number {
  return p.memShare[i]! > 0 ? CTX_BYTES * held + p.memShare[i]! * (p.spec.memory_gib * GIB) * ramp : 0;
}

/** The kernels' outputs at t: smoothed CPU use (load averages). */
interface Smoothed {
  cpu1: number;
  cpu5: number;
  cpu15: number;
}

function fill(out: Float64Array, o: number, m: MetricsModel, t: number, s: Smoothed): void {
  const { p, tl, layout, cluster } = m;
  const spec = p.spec;
  const run = runAt(tl, t);
  const load = loadAt(p, tl, t);
  const ramp = memRampAt(run, t, p.loadMs);
  const memTotal = spec.memory_gib * GIB;
  const held = heldAt(tl, t);
  fillGpus(out, o, p, m.drive, t);
  for (let i = 0; i < layout.gpus; i++) {
    const g = o + i * GPU_WIDTH;
    const used = gpuMemoryUsed(p, i, held ? 1 : 0, ramp);
    out[g + G.memUsed] = used;
    out[g + G.memTotal] = memTotal;
    out[g + G.memPct] = (100 * used) / memTotal;
  }
  const c = o + layout.cpu;
  out[c + C.util] = cpuAt(p, tl, t, load);
  out[c + C.la1] = (p.cores * s.cpu1) / 100 + 0.3;
  out[c + C.la5] = (p.cores * s.cpu5) / 100 + 0.3;
  out[c + C.la15] = (p.cores * s.cpu15) / 100 + 0.3;
  out[c + C.memUsed] = p.memTotal * (0.06 + HOST_SHARE[p.workload] * ramp);
  out[c + C.memTotal] = p.memTotal;
  out[c + C.cores] = p.cores;
  out[c + C.threads] = 2 * p.cores;

  const d = o + layout.disk;
  const gpuBytes = p.gpus * memTotal;
  const ckptBytes = Math.min(0.08 * p.diskTotal, 0.25 * gpuBytes);
  const logs = Math.min(0.05 * p.diskTotal, (2e9 * Math.max(0, t - cluster.created_at)) / 86_400_000);
  const used = Math.min(p.diskTotal, p.diskTotal * p.diskBase + logs + (run ? ckptBytes * Math.min(3, checkpointsDone(p, run, t)) : 0));
  let r = 2e5;
  let w = 2e5;
  if (run) {
    if (p.workload === 'training') {
      const ckpt = inCheckpoint(p, run, t);
      r = ckpt ? 5e6 : 45e6 * p.gpus * load;
      w = ckpt ? 1.2e9 : 8e6;
    } else if (p.workload === 'inference') {
      r = 3e6;
      w = 2e6 + 1e6 * load;
    } else {
      r = 20e6 * load + 1e5;
      w = 1e6;
    }
    if (run.io && t >= run.io.start && t < run.io.end) {
      if (run.io.kind === 'read') r += 900e6;
      else w += 800e6;
    }
  }
  out[d + D.used] = used;
  out[d + D.total] = p.diskTotal;
  out[d + D.pct] = (100 * used) / p.diskTotal;
  out[d + D.rbps] = r;
  out[d + D.wbps] = w;
  out[d + D.rops] = r / 262_144 + 4;
  out[d + D.wops] = w / 1_048_576 + 6;

  const n = o + layout.net;
  if (run && t < run.end) {
    const [rx, tx] = netBytes(p, run, t);
    const lo = (LO_RATE * (t - run.boot)) / 1000;
    out[n + N.ethSent] = tx;
    out[n + N.ethRecv] = rx;
    out[n + N.loSent] = lo;
    out[n + N.loRecv] = lo;
    out[n + N.sent] = tx + lo;
    out[n + N.recv] = rx + lo;
    out[n + N.psent] = tx / 1100 + lo / 16_384;
    out[n + N.precv] = rx / 1400 + lo / 16_384;
    out[n + N.up] = 1;
  } else for (let k = 0; k < 9; k++) out[n + k] = 0;
}

/** The vector at any moment t (the caller checks liveAt first). */
export function sampleAt(m: MetricsModel, t: number, out = new Float64Array(m.layout.width)): Float64Array {
  const { p, tl } = m;
  const cpuTap = (j: number) => cpuAt(p, tl, t - HALF - j * STEP, loadAt(p, tl, t - HALF - j * STEP));
  const fir = (k: Kernel, tap: (j: number) => number) => {
    let sum = 0;
    for (let j = 0; j < k.w.length; j++) sum += k.w[j]! * tap(k.lead + j * k.stride);
    return sum;
  };
  fill(out, 0, m, t, { cpu1: fir(LA1, cpuTap), cpu5: fir(LA5, cpuTap), cpu15: fir(LA15, cpuTap) });
  return out;
}

export interface Series {
  /** Sample times (minutes with live data only). */
  times: number[];
  /** times.length × layout.width values. */
  data: Float64Array;
  layout: Layout;
}

/** One sample per minute on the minute in [from, to), live minutes only. */
export function seriesOf(m: MetricsModel, from: number, to: number): Series {
  const { p, tl, layout } = m;
  const first = Math.ceil(from / SAMPLE_MS) * SAMPLE_MS;
  const times: number[] = [];
  for (let t = first; t < to; t += SAMPLE_MS) if (isLive(tl, t)) times.push(t);
  const data = new Float64Array(times.length * layout.width);
  if (!times.length) return { times, data, layout };
  const g0 = times[0]! - HALF - BACK * STEP;
  const size = (times[times.length - 1]! - HALF - g0) / STEP + 1;
  const load = new Float64Array(size);
  const cpu = new Float64Array(size);
  // Only the grid points some sample looks at: each sample needs BACK steps behind it.
  let next = 0;
  for (const t of times) {
    const k = (t - HALF - g0) / STEP;
    for (let i = Math.max(next, k - BACK); i <= k; i++) {
      const at = g0 + i * STEP;
      load[i] = loadAt(p, tl, at);
      cpu[i] = cpuAt(p, tl, at, load[i]!);
    }
    next = k + 1;
  }
  const fir = (kern: Kernel, arr: Float64Array, k: number) => {
    let sum = 0;
    for (let j = 0; j < kern.w.length; j++) sum += kern.w[j]! * arr[k - kern.lead - j * kern.stride]!;
    return sum;
  };
  times.forEach((t, i) => {
    const k = (t - HALF - g0) / STEP;
    fill(data, i * layout.width, m, t, {
      cpu1: fir(LA1, cpu, k),
      cpu5: fir(LA5, cpu, k),
      cpu15: fir(LA15, cpu, k),
    });
  });
  return { times, data, layout };
}

/**
 * Each GPU's temperature and graphics clock at each live minute of [from, to), equal to those of
 * `seriesOf` (the same function of the time, gpu.ts), without the other metrics: the logs'
 * thermal warnings cost a fraction of a full series.
 */
export function thermalSeriesOf(m: MetricsModel, from: number, to: number): { times: number[]; temp: Float64Array; clock: Float64Array } {
  const { p, tl } = m;
  const gpus = m.layout.gpus;
  const first = Math.ceil(from / SAMPLE_MS) * SAMPLE_MS;
  const times: number[] = [];
  for (let t = first; t < to; t += SAMPLE_MS) if (isLive(tl, t)) times.push(t);
  const temp = new Float64Array(times.length * gpus);
  const clock = new Float64Array(times.length * gpus);
  const v = new Float64Array(gpus * GPU_WIDTH);
  times.forEach((t, n) => {
    fillGpus(v, 0, p, m.drive, t);
    for (let g = 0; g < gpus; g++) {
      temp[n * gpus + g] = v[g * GPU_WIDTH + G.temp]!;
      clock[n * gpus + g] = v[g * GPU_WIDTH + G.gclk]!;
    }
  });
  return { times, temp, clock };
}
