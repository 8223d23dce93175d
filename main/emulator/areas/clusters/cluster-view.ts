// The cluster record on the wire (shared/api/clusters/cluster.ts), computed from the stored
// cluster and the simulated clock: status, lifecycle progress, uptime, cost, metrics.
import type { Cluster } from '../../../../shared/api/clusters/cluster';
import { project, sessionCost, uptimeSeconds } from './sim/cluster-state';
import { iso, isoOrNull } from './envelope';
import { portView } from './port-view';
import type { StoredCluster } from './state';

const TEN_MIN = 600_000;

/** A stable number in [0, 1) from a string: gives each cluster its own metric curve. */
function hashUnit(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) / 4294967296;
}

const wave = (now: number, phase: number, periodMs: number) => Math.sin((2 * Math.PI * now) / periodMs + phase * 2 * Math.PI);
const pct = (v: number) => Math.round(Math.min(100, Math.max(0, v)) * 10) / 10;

/** Current metrics, a deterministic function of the cluster and the clock (0 when not running). */
export function currentMetrics(c: StoredCluster, status: string, now: number): NonNullable<Cluster['metrics']>['current'] {
  const h = hashUnit(c.id);
  const up = status === 'running' || status === 'stopping' || status === 'restarting';
  const gpu = up && c.gpu.count > 0 ? 55 + 35 * wave(now, h, 6 * TEN_MIN) : 0;
  return {
    gpu_utilization: pct(gpu),
    gpu_memory_utilization: pct(up && c.gpu.count > 0 ? 40 + 30 * wave(now, h + 0.25, 9 * TEN_MIN) : 0),
    cpu_utilization: pct(up ? 30 + 25 * wave(now, h + 0.5, 4 * TEN_MIN) : 0),
    memory_utilization: pct(up ? 45 + 20 * wave(now, h + 0.75, 12 * TEN_MIN) : 0),
    storage_utilization: pct(20 + 60 * h),
    collected_at: iso(now),
  };
}

export function clusterView(c: StoredCluster, now: number, includeMetrics = false): Cluster {
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
  if (includeMetrics) view.metrics = { current: currentMetrics(c, p.status, now) };
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
