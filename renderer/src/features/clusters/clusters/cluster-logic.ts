// Pure rules of the clusters views: which statuses are transitional, which actions a
// status allows (02-clusters.md, States and transitions), humanised figures, and the list
// filter. Kept free of React so unit tests and the bench read the same rules.
import type { Cluster } from '../../../../../shared/api/clusters/cluster';
import type { ClusterStatus } from '../../../../../shared/api/clusters/common';
import { gpuConfig } from '../../../lib/format';
import { formatHourly } from '../../../lib/money';
import { hourlyRateParts } from '../../../../../shared/api/clusters/common';

export const CLUSTER_STATUSES: readonly ClusterStatus[] = ['running', 'starting', 'restarting', 'stopping', 'stopped', 'error'];

const TRANSITIONAL: ReadonlySet<ClusterStatus> = new Set(['starting', 'stopping', 'restarting']);

export function isTransitional(status: ClusterStatus): boolean {
  return TRANSITIONAL.has(status);
}

/** Stop requires `running`. */
export function canStop(status: ClusterStatus): boolean {
  return status === 'running';
}

/** Restart is allowed from `running`, `stopped` and `error`. */
export function canRestart(status: ClusterStatus): boolean {
  return status === 'running' || status === 'stopped' || status === 'error';
}

export type StatusColor = 'success' | 'default' | 'error' | 'info' | 'warning';

export const STATUS_COLOR: Readonly<Record<ClusterStatus, StatusColor>> = {
  running: 'success',
  stopped: 'default',
  error: 'error',
  starting: 'info',
  restarting: 'info',
  stopping: 'warning',
};

/** "3d 4h", "2h 05m", "12m", "40s": two units at most, as operators scan a column. */
export function formatUptime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '—';
  const s = Math.floor(seconds);
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}m`;
  if (minutes > 0) return `${minutes}m`;
  return `${s}s`;
}

/** The cluster's GPUs as the console writes them everywhere (lib/format.ts): `4 × A100 80GB`. */
export function gpuLabel(cluster: Pick<Cluster, 'gpu'>): string {
  return gpuConfig(cluster.gpu.type, cluster.gpu.count);
}

export interface ClusterFilter {
  /** Empty: every status. */
  statuses: readonly ClusterStatus[];
  text: string;
}

/** Text matches name, id, GPU type, region or image, case-insensitively; every word must match. */
export function filterClusters(clusters: readonly Cluster[], filter: ClusterFilter): readonly Cluster[] {
  const words = filter.text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const statuses = filter.statuses.length > 0 ? new Set(filter.statuses) : null;
  if (!statuses && words.length === 0) return clusters;
  return clusters.filter((c) => {
    if (statuses && !statuses.has(c.status)) return false;
    if (words.length === 0) return true;
    // The GPU both as shown (`4 × A100 80GB`, `CPU only`: what the operator reads and copies)
    // and as the API writes it (`A100_80GB`).
    const haystack = `${c.name} ${c.id} ${gpuLabel(c)} ${c.gpu.type} ${c.region} ${c.template_info.container_image}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

export function countByStatus(clusters: readonly Cluster[]): Record<ClusterStatus, number> {
  const counts = { running: 0, stopped: 0, error: 0, starting: 0, stopping: 0, restarting: 0 } satisfies Record<ClusterStatus, number>;
  for (const c of clusters) counts[c.status] += 1;
  return counts;
}

/** The status chips an address's `status` asks for (`running,error`); unknown ones are left out. */
export function statusesParam(value: string): ClusterStatus[] {
  return value.split(',').filter((s): s is ClusterStatus => (CLUSTER_STATUSES as readonly string[]).includes(s));
}

/**
 * How a cluster's hourly rate is made (hourlyRateParts, the emulator's own function): the GPUs
 * at the price per GPU every view shows, plus CPU, memory and storage. The resources part is the
 * rate less the GPUs, so the two figures shown add to the rate shown.
 */
export function hourlyRateBreakdown(cluster: Pick<Cluster, 'gpu' | 'resources' | 'cost'>): string {
  const parts = hourlyRateParts({ gpu_type: cluster.gpu.type, gpu_count: cluster.gpu.count, ...cluster.resources });
  const currency = cluster.cost.currency;
  const rest = formatHourly(Math.max(0, cluster.cost.hourly_rate - parts.gpus), currency);
  if (cluster.gpu.count === 0) return `${rest} CPU, memory and storage`;
  return `${gpuConfig(cluster.gpu.type, cluster.gpu.count)} at ${formatHourly(parts.perGpu, currency)} per GPU + ${rest} CPU, memory and storage`;
}
