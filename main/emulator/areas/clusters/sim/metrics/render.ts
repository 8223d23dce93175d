// Sample vectors to the wire: the snapshot's categories (02-clusters.md, Metrics snapshot),
// a bucket of samples aggregated (avg/min/max/sum), summary statistics, and the process list.
import {
  gpuId,
  type ClockEventReason,
  type MetricCategory,
  type MetricsAggregation,
  type MetricStats,
  type ProcessMetrics,
} from '../../../../../../shared/api/clusters/metrics';
import { REASON } from './power';
import { runAt } from './model';
import { C, D, G, GPU_WIDTH, N, type Layout, type MetricsModel, type Series } from './sample';

/** Readings are answered to a tenth; what is said about a reading elsewhere (a log line) uses the same value. */
export const r1 = (v: number) => Math.round(v * 10) / 10;
const r2 = (v: number) => Math.round(v * 100) / 100;
const int = (v: number) => Math.round(v);

export interface RenderOptions {
  categories: ReadonlySet<MetricCategory>;
  /** GPU indexes to show. */
  gpus: number[];
  temperature: boolean;
  power: boolean;
  /** Link speed of eth0 (a constant of the cluster). */
  ethMbps: number;
}

/** The reasons a REASON bit mask holds, in nvidia-smi's order. */
function reasonsOf(mask: number): ClockEventReason[] {
  const out: ClockEventReason[] = [];
  if (mask & REASON.idle) out.push('idle');
  if (mask & REASON.powerCap) out.push('sw_power_cap');
  if (mask & REASON.thermal) out.push('sw_thermal_slowdown');
  return out;
}

/** The snapshot categories gpu, cpu, storage and network of one vector (a sample or an aggregate). */
export function renderVector(v: Float64Array, o: number, layout: Layout, opt: RenderOptions) {
  const out: Record<string, unknown> = {};
  if (opt.categories.has('gpu')) {
    const utilization: Record<string, number> = {};
    const memory: Record<string, { used: number; total: number; utilization_percent: number }> = {};
    const temperature: Record<string, number> = {};
    const memory_temperature: Record<string, number> = {};
    const power: Record<string, number> = {};
    const clock_speeds: Record<string, { graphics_clock: number; memory_clock: number }> = {};
    const clock_event_reasons: Record<string, ClockEventReason[]> = {};
    for (const i of opt.gpus) {
      const g = o + i * GPU_WIDTH;
      const id = gpuId(i);
      utilization[id] = r1(v[g + G.util]!);
      memory[id] = { used: int(v[g + G.memUsed]!), total: int(v[g + G.memTotal]!), utilization_percent: r1(v[g + G.memPct]!) };
      temperature[id] = r1(v[g + G.temp]!);
      memory_temperature[id] = r1(v[g + G.memTemp]!);
      power[id] = r1(v[g + G.power]!);
      clock_speeds[id] = { graphics_clock: int(v[g + G.gclk]!), memory_clock: int(v[g + G.mclk]!) };
      clock_event_reasons[id] = reasonsOf(v[g + G.reasons]!);
    }
    out.gpu = {
      utilization,
      memory,
      ...(opt.temperature ? { temperature, memory_temperature } : {}),
      ...(opt.power ? { power } : {}),
      clock_speeds,
      clock_event_reasons,
    };
  }
  if (opt.categories.has('cpu')) {
    const c = o + layout.cpu;
    out.cpu = {
      utilization: r1(v[c + C.util]!),
      load_avg: [r2(v[c + C.la1]!), r2(v[c + C.la5]!), r2(v[c + C.la15]!)],
      memory_used: int(v[c + C.memUsed]!),
      memory_total: int(v[c + C.memTotal]!),
      cores: int(v[c + C.cores]!),
      threads: int(v[c + C.threads]!),
    };
  }
  if (opt.categories.has('storage')) {
    const d = o + layout.disk;
    out.storage = {
      disk_used: int(v[d + D.used]!),
      disk_total: int(v[d + D.total]!),
      utilization_percent: r1(v[d + D.pct]!),
      io_stats: {
        read_bytes_per_sec: int(v[d + D.rbps]!),
        write_bytes_per_sec: int(v[d + D.wbps]!),
        read_ops_per_sec: r1(v[d + D.rops]!),
        write_ops_per_sec: r1(v[d + D.wops]!),
      },
    };
  }
  if (opt.categories.has('network')) {
    const n = o + layout.net;
    const status = v[n + N.up]! > 0 ? ('up' as const) : ('down' as const);
    out.network = {
      bytes_sent: int(v[n + N.sent]!),
      bytes_received: int(v[n + N.recv]!),
      packets_sent: int(v[n + N.psent]!),
      packets_received: int(v[n + N.precv]!),
      interfaces: [
        { name: 'eth0', bytes_sent: int(v[n + N.ethSent]!), bytes_received: int(v[n + N.ethRecv]!), speed_mbps: opt.ethMbps, status },
        { name: 'lo', bytes_sent: int(v[n + N.loSent]!), bytes_received: int(v[n + N.loRecv]!), speed_mbps: 0, status },
      ],
    };
  }
  return out;
}

/**
 * Aggregates the samples of [i0, i1) of a series into `out`: avg, min, max or sum of each
 * measured value; capacities (totals, cores, threads) as the last sample has them; bit masks
 * (clock event reasons) as the union of the samples', whatever the aggregation.
 */
export function aggregateInto(out: Float64Array, s: Series, i0: number, i1: number, how: MetricsAggregation): void {
  const w = s.layout.width;
  const d = s.data;
  for (let k = 0; k < w; k++) {
    if (s.layout.capacity.has(k)) {
      out[k] = d[(i1 - 1) * w + k]!;
      continue;
    }
    if (s.layout.flags.has(k)) {
      let mask = 0;
      for (let i = i0; i < i1; i++) mask |= d[i * w + k]!;
      out[k] = mask;
      continue;
    }
    let acc = how === 'min' ? Infinity : how === 'max' ? -Infinity : 0;
    for (let i = i0; i < i1; i++) {
      const x = d[i * w + k]!;
      if (how === 'min') acc = x < acc ? x : acc;
      else if (how === 'max') acc = x > acc ? x : acc;
      else acc += x;
    }
    out[k] = how === 'avg' ? acc / (i1 - i0) : acc;
  }
}

/** The k-th smallest of a[lo..hi] (quickselect, in place; Hoare partition around the middle value). */
function select(a: Float64Array, k: number, lo: number, hi: number): number {
  while (hi > lo) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const x = a[i]!;
        a[i++] = a[j]!;
        a[j--] = x;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

/**
 * Statistics of values (reordered in place): percentiles interpolated linearly between the
 * closest ranks (as numpy's default), population standard deviation. Selection, not a sort:
 * a week of minutes for every metric of 8 GPUs stays within milliseconds.
 */
export function statsOf(values: Float64Array | number[], round: (v: number) => number = r2): MetricStats {
  const n = values.length;
  if (n === 0) return { count: 0, min: 0, max: 0, mean: 0, p50: 0, p95: 0, p99: 0, stddev: 0 };
  const a = values instanceof Float64Array ? values : Float64Array.from(values);
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    sum += x;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  const mean = sum / n;
  let sq = 0;
  for (let i = 0; i < n; i++) sq += (a[i]! - mean) ** 2;
  const q = (p: number) => {
    const x = (n - 1) * p;
    const lo = Math.floor(x);
    const below = select(a, lo, 0, n - 1);
    if (lo + 1 >= n) return below;
    // After selecting lo, every value right of it is ≥ it: the next rank is their minimum.
    let above = Infinity;
    for (let i = lo + 1; i < n; i++) if (a[i]! < above) above = a[i]!;
    return below + (above - below) * (x - lo);
  };
  return {
    count: n,
    min: round(min),
    max: round(max),
    mean: round(mean),
    p50: round(q(0.5)),
    p95: round(q(0.95)),
    p99: round(q(0.99)),
    stddev: round(Math.sqrt(sq / n)),
  };
}

/** The processes of the cluster at t (what the workload runs, per GPU where it uses one). */
export function processesAt(m: MetricsModel, v: Float64Array, t: number): Array<ProcessMetrics & { gpu: number | null }> {
  const { p, tl, cluster, layout } = m;
  const run = runAt(tl, t);
  if (!run) return [];
  const cpu = v[layout.cpu + C.util]! * p.cores;
  const hostMem = v[layout.cpu + C.memUsed]!;
  const up = Math.floor((t - run.boot) / 1000);
  const job = Math.max(0, Math.floor((t - run.jobStart) / 1000));
  const procs: Array<ProcessMetrics & { gpu: number | null }> = [
    {
      pid: 1,
      name: 'tini',
      command: '/usr/bin/tini -- /opt/entrypoint.sh',
      cpu_percent: 0,
      memory_bytes: 2_097_152,
      gpu_memory_usage: 0,
      gpu_utilization: 0,
      user: 'root',
      runtime_seconds: up,
      gpu: null,
    },
    {
      pid: 27,
      name: 'sshd',
      command: 'sshd: /usr/sbin/sshd -D [listener]',
      cpu_percent: 0.1,
      memory_bytes: 7_340_032,
      gpu_memory_usage: 0,
      gpu_utilization: 0,
      user: 'root',
      runtime_seconds: up,
      gpu: null,
    },
  ];
  const ports = new Set(cluster.ports.map((x) => x.internal_port));
  if (ports.has(8888))
    procs.push({
      pid: 58,
      name: 'jupyter-lab',
      command: 'jupyter-lab --ip=0.0.0.0 --port=8888 --no-browser',
      cpu_percent: 0.8,
      memory_bytes: 268_435_456,
      gpu_memory_usage: 0,
      gpu_utilization: 0,
      user: 'jovyan',
      runtime_seconds: up,
      gpu: null,
    });
  if (ports.has(6006))
    procs.push({
      pid: 61,
      name: 'tensorboard',
      command: 'tensorboard --logdir /workspace/runs --bind_all',
      cpu_percent: 0.4,
      memory_bytes: 419_430_400,
      gpu_memory_usage: 0,
      gpu_utilization: 0,
      user: 'jovyan',
      runtime_seconds: up,
      gpu: null,
    });
  const gpuProc = (i: number, pid: number, name: string, command: string, share: number, user: string) => {
    const g = i * GPU_WIDTH;
    return {
      pid,
      name,
      command,
      cpu_percent: Math.round(cpu * share * 10) / 10,
      memory_bytes: Math.round(hostMem * share),
      gpu_memory_usage: Math.round(v[g + G.memUsed]!),
      gpu_utilization: Math.round(v[g + G.util]! * 10) / 10,
      user,
      runtime_seconds: job,
      gpu: i,
    };
  };
  const held = t < run.memFreeAt;
  if (!held) return procs;
  const n = layout.gpus;
  if (p.workload === 'training') {
    procs.push({
      pid: p.pidBase,
      name: 'torchrun',
      command: `torchrun --nproc_per_node=${n} train.py --config configs/${cluster.name}.yaml`,
      cpu_percent: 0.5,
      memory_bytes: 134_217_728,
      gpu_memory_usage: 0,
      gpu_utilization: 0,
      user: 'researcher',
      runtime_seconds: job,
      gpu: null,
    });
    for (let i = 0; i < n; i++)
      procs.push(
        gpuProc(
          i,
          p.pidBase + 1 + i,
          'python',
          `python -u train.py --config configs/${cluster.name}.yaml --local_rank=${i}`,
          0.9 / Math.max(1, n),
          'researcher',
        ),
      );
  } else if (p.workload === 'inference') {
    procs.push({
      pid: p.pidBase,
      name: 'python',
      command: `python -m vllm.entrypoints.openai.api_server --port 8000 --tensor-parallel-size ${n}`,
      cpu_percent: Math.round(cpu * 0.2 * 10) / 10,
      memory_bytes: Math.round(hostMem * 0.3),
      gpu_memory_usage: 0,
      gpu_utilization: 0,
      user: 'svc-inference',
      runtime_seconds: job,
      gpu: null,
    });
    for (let i = 0; i < n; i++)
      procs.push(
        gpuProc(
          i,
          p.pidBase + 10 + i,
          'ray::RayWorker',
          `ray::RayWorkerWrapper.execute_method rank=${i}`,
          0.7 / Math.max(1, n),
          'svc-inference',
        ),
      );
  } else if (n > 0) {
    procs.push(
      gpuProc(0, p.pidBase, 'python', 'python -m ipykernel_launcher -f /root/.local/share/jupyter/runtime/kernel-1.json', 0.9, 'jovyan'),
    );
  }
  return procs;
}
