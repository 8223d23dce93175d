// The metrics simulator's model of one cluster: its workload (chosen from its template and
// name), per-GPU constants drawn from the seed, and its timeline — when it was up and what
// its stop or restart was doing — read off the stored cluster exactly as sim/phases.ts reads
// the phases. Everything is a pure function of (seed, cluster, time): docs/decisions.md, Metrics.
import { Rng } from '../../../../core/rng';
import type { StoredCluster } from '../../state';
import { endOf } from '../phases';
import { GPU_SPECS, GIB, type GpuSpec } from './gpu-specs';

const S = 1000;
const MIN = 60 * S;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const TAU = 2 * Math.PI;

type Workload = 'training' | 'inference' | 'interactive';

export interface Profile {
  workload: Workload;
  spec: GpuSpec;
  gpus: number;
  /** Share of the cluster's load each GPU carries (≤ 1, so power stays linear in the load). */
  share: number[];
  /** Fraction of each GPU's memory its processes hold once the model is loaded. */
  memShare: number[];
  /** Core thermal resistance per GPU, °C per W (position in the chassis: some run hotter). */
  thermalR: number[];
  ambientC: number;
  /** How long loading the model takes after the cluster comes up. */
  loadMs: number;
  /** Training: evaluation cycle, its evaluation and checkpoint windows (every 4th cycle ends with a checkpoint). */
  cycleMs: number;
  evalMs: number;
  ckptMs: number;
  /** Slow variation of the step rate (data loading), and of traffic. */
  wobbleMs: number;
  wobblePhase: number;
  /** Inference: hour of peak demand (UTC) and demand shape. */
  peakHourUtc: number;
  demandBase: number;
  demandSwing: number;
  burstPhase: number;
  /** Interactive: a hash key for its sessions. */
  sessionKey: number;
  diskBase: number;
  /** Network rates while the workload runs (bytes/s): a constant, a slow swing, or the demand. */
  rxRate: number;
  txRate: number;
  cores: number;
  memTotal: number;
  diskTotal: number;
  ethMbps: number;
  pidBase: number;
}

const WORKLOAD_PATTERNS: Array<[RegExp, Workload]> = [
  [/infer|serv|api|embed|triton|vllm/, 'inference'],
  [/notebook|jupyter|sandbox|dev box|smoke|ci-/, 'interactive'],
  [/train|finetune|pretrain|sweep|rlhf|experiment|cv /, 'training'],
];
const WORKLOADS: Workload[] = ['training', 'inference', 'interactive'];

/** Region → UTC offset of its local afternoon peak (inference demand is diurnal in local time). */
const REGION_OFFSET_H: Array<[RegExp, number]> = [
  [/^us-east/, -5],
  [/^us-west/, -8],
  [/^eu-/, 1],
  [/^ap-southeast/, 8],
  [/^ap-northeast/, 9],
];

function workloadOf(c: Pick<StoredCluster, 'name' | 'template_name' | 'container_image'>, rng: Rng): Workload {
  const text = `${c.template_name ?? ''} ${c.name} ${c.container_image}`.toLowerCase();
  for (const [re, w] of WORKLOAD_PATTERNS) if (re.test(text)) return w;
  return WORKLOADS[rng.int(0, 2)]!;
}

const profiles = new Map<string, Profile>();

/** The cluster's constants: drawn once per seed, cluster and configuration (a restart may change GPUs and resources). */
export function profileOf(seed: number, c: StoredCluster): Profile {
  const key = `${seed}|${c.id}|${c.gpu.type}|${c.gpu.count}|${c.resources.cpu_cores}|${c.resources.memory_gb}|${c.resources.storage_gb}|${c.name}|${c.template_name}|${c.container_image}|${c.region}`;
  const hit = profiles.get(key);
  if (hit) return hit;
  const rng = Rng.derive(seed, `metrics:${c.id}`);
  const workload = workloadOf(c, rng);
  const spec = GPU_SPECS[c.gpu.type];
  const n = c.gpu.count;
  const share: number[] = [];
  const memShare: number[] = [];
  const thermalR: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = rng.next();
    if (workload === 'training') share.push(0.94 + 0.06 * r);
    else if (workload === 'inference') share.push(0.86 + 0.14 * r);
    else share.push(i === 0 ? 1 : 0.04 * r);
    const m = rng.next();
    if (workload === 'training') memShare.push(0.88 + 0.06 * m);
    else if (workload === 'inference') memShare.push(0.9);
    else memShare.push(i === 0 ? 0.35 + 0.25 * m : 0);
    // The type's reference slot (calibrated on the trace) times 1–2, most slots near 1 (r²): about
    // one slot in seven (a blocked inlet, a slow fan) runs hot enough under full load to slow down.
    thermalR.push(spec.core_c_per_w * (1 + rng.next() ** 2));
  }
  const region = REGION_OFFSET_H.find(([re]) => re.test(c.region))?.[1] ?? 0;
  const p: Profile = {
    workload,
    spec,
    gpus: n,
    share,
    memShare,
    thermalR,
    ambientC: 22 + 6 * rng.next(),
    loadMs: rng.int(90, 240) * S,
    cycleMs: rng.int(40, 70) * MIN,
    evalMs: rng.int(150, 240) * S,
    ckptMs: rng.int(90, 150) * S,
    wobbleMs: rng.int(6, 13) * MIN,
    wobblePhase: rng.next() * TAU,
    peakHourUtc: (((15 - region) % 24) + 24) % 24,
    demandBase: 0.45 + 0.1 * rng.next(),
    demandSwing: 0.28 + 0.08 * rng.next(),
    burstPhase: rng.next() * TAU,
    sessionKey: rng.int(1, 0x7fffffff),
    diskBase: 0.18 + 0.3 * rng.next(),
    // Training reads its data shards at about 40 MB/s per GPU (a dataloader's pace, far below the link).
    rxRate: workload === 'training' ? 40e6 * n : workload === 'inference' ? 2e6 * n : 3e5,
    txRate: workload === 'training' ? 4e6 : workload === 'inference' ? 6e6 * n : 1e5,
    cores: c.resources.cpu_cores,
    memTotal: c.resources.memory_gb * GIB,
    diskTotal: c.resources.storage_gb * GIB,
    ethMbps: c.gpu.type === 'H100' || c.gpu.type.startsWith('A100') ? 100_000 : 25_000,
    pidBase: 100 + rng.int(0, 800),
  };
  if (profiles.size > 2000) profiles.clear();
  profiles.set(key, p);
  return p;
}

/** One run of the cluster: from when it came up (interfaces up, counters from 0) to its end. */
export interface Run {
  boot: number;
  /** The model is loaded and the workload starts. */
  jobStart: number;
  /** The load starts to drain (graceful exit), and is 0 from drainEnd. */
  drainStart: number;
  drainEnd: number;
  /** GPU memory is released. */
  memFreeAt: number;
  /** Interfaces go down. */
  end: number;
  /** A snapshot (heavy reads) or checkpoint (heavy writes) of the stop or restart. */
  io: { kind: 'read' | 'write'; start: number; end: number } | null;
}

/** When the cluster had live data (status running, stopping or restarting), and its runs. */
export interface Timeline {
  live: Array<[number, number]>;
  runs: Run[];
}

const timelines = new WeakMap<StoredCluster, { key: string; tl: Timeline }>();

function phaseSpans(op: NonNullable<StoredCluster['lifecycle']>): Map<string, [number, number]> {
  const spans = new Map<string, [number, number]>();
  let t = op.started_at;
  for (const [name, ms] of op.phases) {
    spans.set(name, [t, t + ms]);
    t += ms;
  }
  return spans;
}

function buildTimeline(c: StoredCluster, loadMs: number): Timeline {
  const op = c.lifecycle;
  const INF = Infinity;
  const steady = (boot: number): Run => ({
    boot,
    jobStart: boot + loadMs,
    drainStart: INF,
    drainEnd: INF,
    memFreeAt: INF,
    end: INF,
    io: null,
  });
  if (!op) {
    if (c.status === 'running' && c.started_at !== null) return { live: [[c.started_at, INF]], runs: [steady(c.started_at)] };
    if (c.status === 'starting' && c.starting_until !== null) return { live: [[c.starting_until, INF]], runs: [steady(c.starting_until)] };
    return { live: [], runs: [] };
  }
  const S0 = op.started_at;
  const E = endOf(op);
  const spans = phaseSpans(op);
  const live: Array<[number, number]> = [];
  const runs: Run[] = [];
  if (op.kind === 'stop') {
    if (c.started_at !== null && c.started_at <= S0) {
      const graceful = spans.get('waiting_for_graceful_exit');
      const notify = spans.get('notifying_processes');
      const drainStart = graceful?.[0] ?? notify?.[1] ?? S0;
      const snap = spans.get('creating_snapshot');
      runs.push({
        boot: c.started_at,
        jobStart: c.started_at + loadMs,
        drainStart,
        drainEnd: graceful?.[1] ?? drainStart,
        memFreeAt: spans.get('terminating_resources')?.[0] ?? E,
        end: E,
        io: snap ? { kind: 'read', start: snap[0], end: snap[1] } : null,
      });
      live.push([c.started_at, E]);
    } else live.push([S0, E]);
    return { live, runs };
  }
  // Restart: the run before it (when the cluster was running), the phases, then a new run.
  const update = spans.get('updating_configuration')!;
  const starting = spans.get('starting_services')!;
  const wasUp = c.status === 'running' && c.started_at !== null && c.started_at <= S0;
  if (wasUp) {
    const graceful = spans.get('stopping_processes');
    const ckpt = spans.get('creating_checkpoint');
    runs.push({
      boot: c.started_at!,
      jobStart: c.started_at! + loadMs,
      drainStart: S0,
      drainEnd: graceful?.[1] ?? S0,
      memFreeAt: update[0],
      end: update[0],
      io: ckpt ? { kind: 'write', start: ckpt[0], end: ckpt[1] } : null,
    });
  }
  live.push([wasUp ? c.started_at! : S0, INF]);
  runs.push(steady(starting[0]));
  return { live, runs };
}

export function timelineOf(c: StoredCluster, p: Profile): Timeline {
  const op = c.lifecycle;
  const key = `${c.status}|${c.started_at}|${c.starting_until}|${op?.kind}|${op?.started_at}|${op?.phases.length}|${p.loadMs}`;
  const hit = timelines.get(c);
  if (hit && hit.key === key) return hit.tl;
  const tl = buildTimeline(c, p.loadMs);
  timelines.set(c, { key, tl });
  return tl;
}

export function isLive(tl: Timeline, t: number): boolean {
  for (const [a, b] of tl.live) if (t >= a && t < b) return true;
  return false;
}

export function runAt(tl: Timeline, t: number): Run | null {
  for (let i = tl.runs.length - 1; i >= 0; i--) {
    const r = tl.runs[i]!;
    if (t >= r.boot && t < r.end) return r;
  }
  return null;
}

/** Fast deterministic hash of two integers to [0, 1). */
function hash01(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b | 0, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

const SESSION_MS = 20 * MIN;

/**
 * The angle of t in a cycle of periodMs, reduced to [0, 2π) before any sine: Math.sin of an
 * epoch time's angle (~10⁷ rad) takes V8's slow argument reduction, ~200 ns a call, which the
 * GPU thermal lags (36 instants a sample) would pay 36 times over. t % periodMs is exact.
 */
const angle = (t: number, periodMs: number) => (TAU * (t % periodMs)) / periodMs;

/** Inference demand, 0–1: a diurnal curve peaking in the region's afternoon, with slower and faster swings. */
function demandAt(p: Profile, t: number): number {
  const hours = t / HOUR;
  return (
    p.demandBase +
    p.demandSwing * Math.cos((TAU * (hours - p.peakHourUtc)) / 24) +
    0.05 * Math.sin(angle(t, 23 * MIN) + p.burstPhase) +
    0.03 * Math.sin(angle(t, 7 * MIN) + p.wobblePhase)
  );
}

/** Antiderivative of demandAt (ms · demand): closed form, so byte counters need no integration loop. */
function demandIntegral(p: Profile, t: number): number {
  const dayW = TAU / DAY;
  const w23 = TAU / (23 * MIN);
  const w7 = TAU / (7 * MIN);
  return (
    p.demandBase * t +
    (p.demandSwing / dayW) * Math.sin(dayW * t - (TAU * p.peakHourUtc) / 24) -
    (0.05 / w23) * Math.cos(angle(t, 23 * MIN) + p.burstPhase) -
    (0.03 / w7) * Math.cos(angle(t, 7 * MIN) + p.wobblePhase)
  );
}

/** Training checkpoint window (GPUs wait on the disk), in a run. */
export function inCheckpoint(p: Profile, run: Run, t: number): boolean {
  if (p.workload !== 'training' || t < run.jobStart || t >= run.drainStart) return false;
  const tau = t - run.jobStart;
  const k = Math.floor(tau / p.cycleMs);
  return (k + 1) % 4 === 0 && tau - k * p.cycleMs >= p.cycleMs - p.ckptMs;
}

/** Checkpoints completed in a run by t (disk use grows by one each, the last 3 kept). */
export function checkpointsDone(p: Profile, run: Run, t: number): number {
  if (p.workload !== 'training') return 0;
  const until = Math.min(t, run.drainStart) - run.jobStart;
  return until <= 0 ? 0 : Math.floor(until / (4 * p.cycleMs));
}

/** The workload's own load (0–1) at t, while it runs. */
function workAt(p: Profile, run: Run, t: number): number {
  if (p.workload === 'training') {
    const tau = t - run.jobStart;
    const cyc = tau - Math.floor(tau / p.cycleMs) * p.cycleMs;
    if (inCheckpoint(p, run, t)) return 0.03;
    if (cyc >= p.cycleMs - p.evalMs) return 0.62;
    return 0.955 + 0.025 * Math.sin(angle(t, p.wobbleMs) + p.wobblePhase);
  }
  if (p.workload === 'inference') return Math.min(0.98, Math.max(0.02, demandAt(p, t)));
  const slot = Math.floor(t / SESSION_MS);
  if (hash01(p.sessionKey, slot) >= 0.45) return 0.01;
  const from = 0.1 + 0.3 * hash01(p.sessionKey + 1, slot);
  const to = Math.min(1, from + 0.3 + 0.3 * hash01(p.sessionKey + 2, slot));
  const at = (t - slot * SESSION_MS) / SESSION_MS;
  return at >= from && at < to ? 0.3 + 0.6 * hash01(p.sessionKey + 3, slot) : 0.01;
}

const LOADING = 0.06;

/** The cluster's GPU load (0–1) at t: 0 when down, loading after boot, the workload, a drain before a stop. */
export function loadAt(p: Profile, tl: Timeline, t: number): number {
  const run = runAt(tl, t);
  return run ? loadIn(p, run, t) : 0;
}

/** The load at t within its run. */
function loadIn(p: Profile, run: Run, t: number): number {
  if (t < run.jobStart) return LOADING;
  if (t < run.drainStart) return workAt(p, run, t);
  if (t < run.drainEnd) {
    const tau = Math.max(10 * S, (run.drainEnd - run.drainStart) / 5);
    return workAt(p, run, t) * Math.exp(-(t - run.drainStart) / tau);
  }
  return 0;
}

/** Adds a constant load c over [u, v) to the integrals [∫load, ∫load²] at out[1], out[2]. */
function constantInto(c: number, u: number, v: number, out: Float64Array): void {
  if (v <= u) return;
  out[1]! += c * (v - u);
  out[2]! += c * c * (v - u);
}

/**
 * The load over [u, v) by the midpoint rule, a sample every stepMs at most (where it is smooth);
 * `exact` when ∫load is already added in closed form, so only ∫load² is sampled.
 */
function sampledInto(p: Profile, run: Run, u: number, v: number, stepMs: number, out: Float64Array, exact = false): void {
  if (v <= u) return;
  const n = Math.ceil((v - u) / stepMs);
  const w = (v - u) / n;
  for (let i = 0; i < n; i++) {
    const l = loadIn(p, run, u + (i + 0.5) * w);
    if (!exact) out[1]! += l * w;
    out[2]! += l * l * w;
  }
}

/** Training's cycles over [u, v) of the workload's span: the step rate's swing (a sine, in closed form), evaluations and checkpoints. */
function trainingInto(p: Profile, run: Run, u: number, v: number, out: Float64Array): void {
  const A = 0.955;
  const B = 0.025;
  const w = TAU / p.wobbleMs;
  const C = p.cycleMs;
  for (let k = Math.floor((u - run.jobStart) / C); run.jobStart + k * C < v; k++) {
    const c0 = run.jobStart + k * C;
    const evalFrom = c0 + C - p.evalMs;
    const ckptFrom = (k + 1) % 4 === 0 ? c0 + C - p.ckptMs : c0 + C;
    const x = Math.max(u, c0);
    const y = Math.min(v, evalFrom);
    if (y > x) {
      const tx = angle(x, p.wobbleMs) + p.wobblePhase;
      const ty = angle(y, p.wobbleMs) + p.wobblePhase;
      const s1 = (Math.cos(tx) - Math.cos(ty)) / w;
      const s2 = (y - x) / 2 - (Math.sin(2 * ty) - Math.sin(2 * tx)) / (4 * w);
      out[1]! += A * (y - x) + B * s1;
      out[2]! += A * A * (y - x) + 2 * A * B * s1 + B * B * s2;
    }
    constantInto(0.62, Math.max(u, evalFrom), Math.min(v, ckptFrom), out);
    constantInto(0.03, Math.max(u, ckptFrom), Math.min(v, c0 + C), out);
  }
}

/** Interactive sessions over [u, v): each 20-minute slot idle, or busy for a stretch of it (workAt). */
function interactiveInto(p: Profile, u: number, v: number, out: Float64Array): void {
  for (let slot = Math.floor(u / SESSION_MS); slot * SESSION_MS < v; slot++) {
    const s0 = slot * SESSION_MS;
    const x = Math.max(u, s0);
    const y = Math.min(v, s0 + SESSION_MS);
    if (hash01(p.sessionKey, slot) >= 0.45) {
      constantInto(0.01, x, y, out);
      continue;
    }
    const from = 0.1 + 0.3 * hash01(p.sessionKey + 1, slot);
    const to = Math.min(1, from + 0.3 + 0.3 * hash01(p.sessionKey + 2, slot));
    const f0 = s0 + from * SESSION_MS;
    const f1 = s0 + to * SESSION_MS;
    constantInto(0.01, x, Math.min(y, f0), out);
    constantInto(0.3 + 0.6 * hash01(p.sessionKey + 3, slot), Math.max(x, f0), Math.min(y, f1), out);
    constantInto(0.01, Math.max(x, f1), y, out);
  }
}

/** ∫ of the memory ramp's smoothstep x²(3 − 2x) over x in [x0, x1] ⊂ [0, 1], per unit of x. */
const rampArea = (x0: number, x1: number) => x1 ** 3 - x1 ** 4 / 2 - (x0 ** 3 - x0 ** 4 / 2);

/**
 * Time integrals over [a, b) of one run while its processes hold the GPUs (to memFreeAt), added
 * into out: [held ms, ∫load, ∫load², ∫memory ramp] (ms × value). Exact where the load is
 * piecewise — loading, training's cycles, interactive sessions, the idle tail — or has a closed
 * form (inference demand), else by the midpoint rule every `stepMs` (a drain; the square of the
 * demand, which only the temperature reads): the hourly means
 * of the usage reads (clusters/gpu-activity.ts) at a fraction of the cost of the minute samples
 * the metrics history averages, and as close to the load as those are.
 */
export function loadIntegrals(p: Profile, run: Run, a: number, b: number, stepMs: number, out: Float64Array): void {
  const start = Math.max(a, run.boot);
  const end = Math.min(b, run.memFreeAt, run.end);
  if (end <= start) return;
  out[0]! += end - start;
  // The ramp: its smoothstep while the model loads (memRampAt), then 1.
  const full = run.boot + p.loadMs;
  if (start < full) out[3]! += p.loadMs * rampArea((start - run.boot) / p.loadMs, Math.min(1, (end - run.boot) / p.loadMs));
  out[3]! += Math.max(0, end - Math.max(start, full));
  constantInto(LOADING, start, Math.min(end, run.jobStart), out);
  const x = Math.max(start, run.jobStart);
  const y = Math.min(end, run.drainStart);
  if (y > x) {
    if (p.workload === 'training') trainingInto(p, run, x, y, out);
    else if (p.workload === 'interactive') interactiveInto(p, x, y, out);
    else {
      // Inference: the demand's closed-form integral (its clip at 2 % and 98 % left out: reached only
      // at the daily swing's extremes, by under a point), its square from samples (the temperature's).
      out[1]! += demandIntegral(p, y) - demandIntegral(p, x);
      sampledInto(p, run, x, y, stepMs, out, true);
    }
  }
  sampledInto(p, run, Math.max(start, run.jobStart, run.drainStart), Math.min(end, run.drainEnd), stepMs, out);
}

/** Host CPU utilisation (%) at t, from the load and any snapshot or checkpoint I/O. */
export function cpuAt(p: Profile, tl: Timeline, t: number, load: number): number {
  const run = runAt(tl, t);
  if (!run) return 1.5;
  const io = run.io && t >= run.io.start && t < run.io.end ? 12 : 0;
  const base = p.workload === 'training' ? 18 + 30 * load : p.workload === 'inference' ? 6 + 35 * load : 3 + 25 * load;
  return Math.min(100, base + io + 1.5);
}

/** Whether the run's processes hold GPU memory (a CUDA context) at t: from boot to memFreeAt. */
export function heldAt(tl: Timeline, t: number): boolean {
  const run = runAt(tl, t);
  return run !== null && t < run.memFreeAt;
}

/** The load at t while the run's processes hold GPU memory, else `none` (the GPUs' Drive, thermal.ts). */
export function loadHeldAt(p: Profile, tl: Timeline, t: number, none: number): number {
  const run = runAt(tl, t);
  return run !== null && t < run.memFreeAt ? loadIn(p, run, t) : none;
}

/** Model memory ramp (0–1): grows while the model loads after boot, stays, and is released at memFreeAt. */
export function memRampAt(run: Run | null, t: number, loadMs: number): number {
  if (!run || t >= run.memFreeAt) return 0;
  const x = Math.min(1, Math.max(0, (t - run.boot) / loadMs));
  return x * x * (3 - 2 * x);
}

const IDLE_RX = 20_000;
const IDLE_TX = 10_000;

/** Bytes received and sent on eth0 from the run's boot to t (closed form). */
export function netBytes(p: Profile, run: Run, t: number): [number, number] {
  const elapsed = (Math.min(t, run.end) - run.boot) / S;
  const b = Math.min(t, run.drainStart);
  const workSec = b > run.jobStart ? (b - run.jobStart) / S : 0;
  const idleSec = elapsed - workSec;
  let rx = IDLE_RX * idleSec;
  let tx = IDLE_TX * idleSec;
  if (workSec > 0) {
    if (p.workload === 'inference') {
      const d = (demandIntegral(p, b) - demandIntegral(p, run.jobStart)) / S;
      rx += p.rxRate * d;
      tx += p.txRate * d;
    } else if (p.workload === 'training') {
      // Data shards stream in with the step rate's slow swing; metrics and logs go out.
      const w = TAU / p.wobbleMs;
      const swing = (-Math.cos(angle(b, p.wobbleMs) + p.wobblePhase) + Math.cos(angle(run.jobStart, p.wobbleMs) + p.wobblePhase)) / w / S;
      rx += p.rxRate * (0.8 * workSec + 0.2 * swing);
      tx += p.txRate * workSec;
    } else {
      rx += p.rxRate * workSec;
      tx += p.txRate * workSec;
    }
  }
  return [rx, tx];
}
