import { describe, expect, it } from 'vitest';
import {
  canRestart,
  canStop,
  countByStatus,
  filterClusters,
  formatUptime,
  gpuLabel,
  isTransitional,
} from '../../../renderer/src/features/clusters/clusters/cluster-logic';
import { clusterPath, parseClusterRoute } from '../../../renderer/src/features/clusters/clusters/cluster-route';
import type { Cluster } from '../../../shared/api/clusters/cluster';
import { ClusterStatus } from '../../../shared/api/clusters/common';

function cluster(id: string, name: string, status: Cluster['status'], gpu: Cluster['gpu'] = { type: 'A100_80GB', count: 4 }): Cluster {
  return {
    id,
    name,
    status,
    gpu,
    region: 'us-east-1',
    template_info: { template_id: null, name: null, container_image: 'registry.example.com/pytorch:2.4' },
  } as Cluster;
}

describe('cluster state rules (02-clusters.md, States and transitions)', () => {
  it('stop only from running; restart from running, stopped and error', () => {
    const stop = ClusterStatus.options.filter(canStop);
    const restart = ClusterStatus.options.filter(canRestart);
    expect(stop).toEqual(['running']);
    expect(restart.sort()).toEqual(['error', 'running', 'stopped']);
  });

  it('starting, stopping and restarting are transitional; the rest are not', () => {
    expect(ClusterStatus.options.filter(isTransitional).sort()).toEqual(['restarting', 'starting', 'stopping']);
  });
});

describe('formatting', () => {
  it('humanises uptime with two units at most', () => {
    expect(formatUptime(0)).toBe('—');
    expect(formatUptime(42)).toBe('42s');
    expect(formatUptime(12 * 60 + 5)).toBe('12m');
    expect(formatUptime(2 * 3600 + 5 * 60)).toBe('2h 05m');
    expect(formatUptime(3 * 86_400 + 4 * 3600 + 59 * 60)).toBe('3d 4h');
  });

  it('names the GPU type as written and the count', () => {
    expect(gpuLabel(cluster('cluster_a', 'a', 'running'))).toBe('4 × A100 80GB');
    expect(gpuLabel(cluster('cluster_b', 'b', 'running', { type: 'T4', count: 0 }))).toBe('CPU only');
  });
});

describe('filterClusters', () => {
  const all = [
    cluster('cluster_1', 'train-llama', 'running'),
    cluster('cluster_2', 'notebook-dev', 'stopped', { type: 'T4', count: 1 }),
    cluster('cluster_3', 'train-vision', 'stopping', { type: 'H100', count: 8 }),
  ];

  it('keeps every cluster without a filter (same array)', () => {
    expect(filterClusters(all, { statuses: [], text: '  ' })).toBe(all);
  });

  it('filters by any of the chosen statuses', () => {
    expect(filterClusters(all, { statuses: ['running', 'stopping'], text: '' }).map((c) => c.id)).toEqual(['cluster_1', 'cluster_3']);
  });

  it('matches every word of the text against name, id, GPU, region and image', () => {
    expect(filterClusters(all, { statuses: [], text: 'TRAIN h100' }).map((c) => c.id)).toEqual(['cluster_3']);
    expect(filterClusters(all, { statuses: [], text: 'cluster_2' }).map((c) => c.name)).toEqual(['notebook-dev']);
    expect(filterClusters(all, { statuses: ['stopped'], text: 'train' })).toEqual([]);
  });

  it('matches the GPU as shown as well as the API value', () => {
    const withCpu = [...all, cluster('cluster_4', 'etl', 'running', { type: 'A100_80GB', count: 0 })];
    const ids = (text: string) => filterClusters(withCpu, { statuses: [], text }).map((c) => c.id);
    expect(ids('A100_80GB')).toEqual(['cluster_1', 'cluster_4']);
    expect(ids('4 × A100 80GB')).toEqual(['cluster_1']);
    expect(ids('8 × h100')).toEqual(['cluster_3']);
    expect(ids('CPU only')).toEqual(['cluster_4']);
  });

  it('counts clusters per status', () => {
    expect(countByStatus(all)).toEqual({ running: 1, stopped: 1, stopping: 1, starting: 0, restarting: 0, error: 0 });
  });
});

describe('cluster routes', () => {
  it('reads the cluster and the tab from the address', () => {
    expect(parseClusterRoute('/clusters')).toEqual({ clusterId: null, tab: 'overview' });
    expect(parseClusterRoute('/clusters/cluster_abc')).toEqual({ clusterId: 'cluster_abc', tab: 'overview' });
    expect(parseClusterRoute('/clusters/cluster_abc/ports')).toEqual({ clusterId: 'cluster_abc', tab: 'ports' });
    expect(parseClusterRoute('/clusters/cluster_abc/logs')).toEqual({ clusterId: 'cluster_abc', tab: 'overview' });
  });

  it('round-trips through clusterPath', () => {
    for (const tab of ['overview', 'ports', 'secrets'] as const)
      expect(parseClusterRoute(clusterPath('cluster_x1', tab))).toEqual({ clusterId: 'cluster_x1', tab });
  });
});
