// What each cluster's GPUs did hour by hour while it was billed (AreaModule.gpuActivity; issue 21:
// utilisation by GPU type, idle GPU money), read off the metrics simulator (sim/metrics/) — the
// same load, memory and heat its metrics routes show — each hour's means from the load's integrals
// over its billed part (exact where the load is piecewise, else a sample every ACTIVITY_STEP_MS).
//
// The simulator's timeline models the current session only (its runs come from the stored status
// and lifecycle). An earlier session — a stretch of the billing history, or the last session of a
// cluster since stopped — is modelled as a run of the same profile: booted when its billing
// started, the model loaded after the profile's load time, the workload until its billing ended
// (no drain: the history keeps no stop phases). docs/decisions.md, Usage and costs: GPU usage.
import type { GpuActivity } from '../../core/metering';
import type { Store } from '../../state/store';
import { clusterResource } from './transfer';
import { billedStretches, project, type BilledStretch } from './sim/cluster-state';
import { loadIntegrals, profileOf, timelineOf, type Profile, type Run, type Timeline } from './sim/metrics/model';
import { GIB } from './sim/metrics/gpu-specs';
import { gpuMemoryUsed } from './sim/metrics/sample';
import { steadyCoreTempC } from './sim/metrics/thermal';
import { clustersState, type StoredCluster } from './state';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** Where the load is integrated from samples (a drain, the square of inference demand), one every 15 minutes at most (the midpoint rule). */
const ACTIVITY_STEP_MS = 15 * MIN;

/** Billed stretches joined where one ends as the next begins (a rate change): the sessions the cluster ran. */
interface Session {
  start: number;
  end: number;
  stretches: BilledStretch[];
}

function sessionsOf(c: StoredCluster, to: number): Session[] {
  const out: Session[] = [];
  for (const s of billedStretches(c)) {
    const end = s.end ?? to;
    const last = out[out.length - 1];
    if (last && last.end === s.start) {
      last.end = end;
      last.stretches.push(s);
    } else out.push({ start: s.start, end, stretches: [s] });
  }
  return out;
}

/** The runs a session's load comes from: the simulator's own where they meet it (the current session), else one modelled for it. */
function timelineFor(session: Session, current: Timeline, loadMs: number): Timeline {
  if (current.runs.some((r) => r.boot < session.end && r.end > session.start)) return current;
  const { start, end } = session;
  const run: Run = { boot: start, jobStart: start + loadMs, drainStart: end, drainEnd: end, memFreeAt: end, end, io: null };
  return { live: [[start, end]], runs: [run] };
}

/** The runs of tl that meet [a, b), their load integrals added into `into` (model.ts loadIntegrals). */
function integrate(p: Profile, tl: Timeline, a: number, b: number, into: Float64Array): void {
  for (const run of tl.runs) if (run.boot < b && run.end > a) loadIntegrals(p, run, a, b, ACTIVITY_STEP_MS, into);
}

/**
 * The cluster's hours within `bounds` (hour starts from bounds[0], then the end), sparse.
 * @internal Exported for its tests only.
 */
export function clusterActivity(seed: number, c: StoredCluster, bounds: readonly number[]): GpuActivity | null {
  const gpus = c.gpu.count;
  const from = bounds[0]!;
  const to = bounds[bounds.length - 1]!;
  if (gpus === 0) return null;
  const p = profileOf(seed, c);
  const current = timelineOf(c, p);
  // Per hour billed: its index, billed ms, USD, and the load's integrals (held ms, ∫load, ∫load², ∫memory ramp).
  const hours: number[] = [];
  const ms: number[] = [];
  const usd: number[] = [];
  const sums: number[] = [];
  const scratch = new Float64Array(4);
  for (const session of sessionsOf(c, to)) {
    if (session.end <= from || session.start >= to) continue;
    const tl = timelineFor(session, current, p.loadMs);
    for (const s of session.stretches) {
      const a = Math.max(from, s.start);
      const b = Math.min(to, s.end ?? to);
      for (let h = Math.floor((a - from) / HOUR); from + h * HOUR < b; h++) {
        const x = Math.max(a, from + h * HOUR);
        const y = Math.min(b, from + (h + 1) * HOUR);
        if (y <= x) continue;
        let k = hours.length - 1;
        if (hours[k] !== h) {
          hours.push(h);
          ms.push(0);
          usd.push(0);
          sums.push(0, 0, 0, 0);
          k++;
        }
        ms[k]! += y - x;
        usd[k]! += (s.hourly_rate * (y - x)) / HOUR;
        scratch.fill(0);
        integrate(p, tl, x, y, scratch);
        for (let i = 0; i < 4; i++) sums[4 * k + i]! += scratch[i]!;
      }
    }
  }
  if (!hours.length) return null;

  // Utilisation, memory and the steady temperature are affine in the means of the time held, the
  // load, its square and the memory ramp (gpu.ts: a GPU's utilisation is the load times its share
  // while it holds a context), so an hour's means are the same functions of its integrals: their
  // coefficients are taken once per cluster.
  let capableShare = 0;
  for (let i = 0; i < gpus; i++) if (p.memShare[i]! > 0) capableShare += p.share[i]!;
  const memPct = (held: number, ramp: number) => {
    let used = 0;
    for (let i = 0; i < gpus; i++) used += gpuMemoryUsed(p, i, held, ramp);
    return (100 * used) / (gpus * p.spec.memory_gib * GIB);
  };
  const memHeld = memPct(1, 0);
  const memRamp = memPct(0, 1);
  const t0 = steadyCoreTempC(p, 0, 0, 0);
  const tHeld = steadyCoreTempC(p, 1, 0, 0) - t0;
  const tLoad = steadyCoreTempC(p, 0, 1, 0) - t0;
  const tLoadSq = steadyCoreTempC(p, 0, 0, 1) - t0;
  const n = hours.length;
  const out = {
    resource: clusterResource(c),
    gpus,
    status: project(c, to).status,
    hours: Int32Array.from(hours),
    gpuHours: new Float64Array(n),
    usd: Float64Array.from(usd),
    utilization: new Float64Array(n),
    memory: new Float64Array(n),
    temperature: new Float64Array(n),
  };
  for (let k = 0; k < n; k++) {
    const span = ms[k]!;
    const held = sums[4 * k]! / span;
    const load = sums[4 * k + 1]! / span;
    out.gpuHours[k] = (gpus * span) / HOUR;
    out.utilization[k] = (100 * capableShare * load) / gpus;
    out.memory[k] = memHeld * held + memRamp * (sums[4 * k + 3]! / span);
    out.temperature[k] = t0 + tHeld * held + tLoad * load + tLoadSq * (sums[4 * k + 2]! / span);
  }
  return out;
}

/** Every cluster billed within `bounds` (AreaModule.gpuActivity). */
export function* clusterGpuActivity(store: Store, seed: number, bounds: readonly number[]): Iterable<GpuActivity> {
  for (const c of clustersState(store).clusters) {
    const a = clusterActivity(seed, c, bounds);
    if (a) yield a;
  }
}
