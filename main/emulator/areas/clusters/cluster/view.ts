// The cluster record on the wire (shared/api/clusters/cluster.ts), computed from the stored
// cluster and the simulated clock: status, lifecycle progress, uptime, cost, metrics.
import type { Cluster } from '../../../../../shared/api/clusters/cluster';
import { project, sessionCost, uptimeSeconds } from '../sim/cluster-state';
import { iso, isoOrNull } from '../envelope';
import { portView } from '../ports/view';
import { C, D, G, GPU_WIDTH, liveAt, modelOf, sampleAt } from '../sim/metrics/sample';
import type { StoredCluster } from '../state';

const pct = (v: number) => Math.round(Math.min(100, Math.max(0, v)) * 10) / 10;

/**
 * Current metrics: the metrics simulator's reading at now (the same values as GET metrics),
 * averaged over the GPUs; 0 for GPU/CPU/memory when the cluster is not up.
 */
function currentMetrics(c: StoredCluster, seed: number, now: number): NonNullable<Cluster['metrics']>['current'] {
  const m = modelOf(seed, c);
  const v = sampleAt(m, now);
  const up = liveAt(m, now);
  const n = m.layout.gpus;
  let gpu = 0;
  let mem = 0;
  for (let i = 0; i < n; i++) {
    gpu += v[i * GPU_WIDTH + G.util]! / n;
    mem += v[i * GPU_WIDTH + G.memPct]! / n;
  }
  const cpu = m.layout.cpu;
  return {
    gpu_utilization: up ? pct(gpu) : 0,
    gpu_memory_utilization: up ? pct(mem) : 0,
    cpu_utilization: up ? pct(v[cpu + C.util]!) : 0,
    memory_utilization: up ? pct((100 * v[cpu + C.memUsed]!) / v[cpu + C.memTotal]!) : 0,
    storage_utilization: pct(v[m.layout.disk + D.pct]!),
    collected_at: iso(now),
  };
}

/** `metrics`: include metrics.current, read from the simulator of this seed. */
export function clusterView(c: StoredCluster, now: number, metrics?: { seed: number }): Cluster {
  const p = project(c, now);
  const view: Cluster = {
    id: c.id,
    name: c.name,
    status: p.status,
    project_id: c.project_id,
    region: c.region,
    gpu: { ...c.gpu },
    resources: { ...c.resources },
    cost: {
      hourly_rate: c.hourly_rate,
      currency: 'USD',
      session_cost: sessionCost(c, now),
      billing_started_at: isoOrNull(c.billing_started_at),
      billing_stopped_at: isoOrNull(c.billing_stopped_at),
    },
    uptime_seconds: uptimeSeconds(p, now),
    last_accessed: isoOrNull(c.last_accessed),
    created_at: iso(c.created_at),
    template_info: { template_id: c.template_id, name: c.template_name, container_image: c.container_image },
    storage: {
      snapshots: c.snapshots
        .filter((s) => s.created_at <= now)
        .map((s) => ({ id: s.id, name: s.name, created_at: iso(s.created_at), size_gb: s.size_gb })),
      volumes: [...c.volumes],
    },
    network: { proxy_url: c.proxy_url, port_mappings: c.ports.map((port) => portView(c, port, now)) },
    project_info: { project_id: c.project_id, team_members: [...c.team_members] },
    environment: { ...c.environment },
  };
  if (metrics) view.metrics = { current: currentMetrics(c, metrics.seed, now) };
  if (p.progress && c.lifecycle) {
    const { done: _done, endsAt, ...progress } = p.progress;
    view.lifecycle = {
      operation: c.lifecycle.kind,
      ...progress,
      started_at: iso(c.lifecycle.started_at),
      estimated_completion_time: iso(endsAt),
    } as Cluster['lifecycle'];
  }
  return view;
}
