// One cluster as the API returns it, for renderer tests of the cluster area.
import type { Cluster } from '../../../shared/api/clusters/cluster';

export function clusterFixture(patch: Partial<Cluster> = {}): Cluster {
  return {
    id: 'cluster_abc123',
    name: 'train-a100',
    status: 'running',
    project_id: 'proj_ml',
    region: 'us-east-1',
    gpu: { type: 'A100_40GB', count: 2 },
    resources: { cpu_cores: 16, memory_gb: 128, storage_gb: 500 },
    cost: {
      hourly_rate: 4.59,
      currency: 'USD',
      session_cost: 12.34,
      billing_started_at: '2026-03-01T08:00:00.000Z',
      billing_stopped_at: null,
    },
    uptime_seconds: 3600,
    last_accessed: null,
    created_at: '2026-02-01T00:00:00.000Z',
    template_info: { template_id: null, name: null, container_image: 'registry.example.com/ml/pytorch:2.3' },
    storage: {
      snapshots: [{ id: 'snap_1', name: 'before-upgrade', created_at: '2026-02-20T00:00:00.000Z', size_gb: 40 }],
      volumes: ['data'],
    },
    network: { proxy_url: 'https://cluster-abc123.proxy.example.com', port_mappings: [] },
    project_info: { project_id: 'proj_ml', team_members: ['usr_alice', 'usr_bob'] },
    environment: {},
    ...patch,
  };
}
