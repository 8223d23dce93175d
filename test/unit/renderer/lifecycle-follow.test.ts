import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cluster } from '../../../shared/api/clusters/cluster';
import { setBridge, type RendererBridge } from '../../../renderer/src/bridge/index';
import { useNotifications } from '../../../renderer/src/app/notifications/notifications-store';
import { POLL_INTERVAL_MS, useClusterFollow } from '../../../renderer/src/features/cluster-lifecycle/follow-store';

function clusterFixture(patch: Partial<Cluster> = {}): Cluster {
  return {
    id: 'cluster_abc123',
    name: 'train-a100',
    status: 'running',
    project_id: 'proj_ml',
    region: 'us-east-1',
    gpu: { type: 'A100_40GB', count: 2 },
    resources: { cpu_cores: 16, memory_gb: 128, storage_gb: 500 },
    cost: { hourly_rate: 4.59, currency: 'USD', session_cost: 12.34, billing_started_at: '2026-03-01T08:00:00.000Z', billing_stopped_at: null },
    uptime_seconds: 3600,
    last_accessed: null,
    created_at: '2026-02-01T00:00:00.000Z',
    template_info: { template_id: null, name: null, container_image: 'registry.example.com/ml/pytorch:2.3' },
    storage: { snapshots: [{ id: 'snap_1', name: 'before-upgrade', created_at: '2026-02-20T00:00:00.000Z', size_gb: 40 }], volumes: ['data'] },
    network: { proxy_url: 'https://cluster-abc123.proxy.example.com', port_mappings: [] },
    project_info: { project_id: 'proj_ml', team_members: ['usr_alice', 'usr_bob'] },
    environment: {},
    ...patch,
  };
}

/** A bridge whose clusters.get answers from a queue of cluster states. */
function fakeBridge(answers: Cluster[]) {
  const calls: string[] = [];
  const bridge = {
    mode: 'web',
    connection: { state: 'open', onStateChange: () => () => {} },
    subscribe: () => () => {},
    invoke: async (_channel: string, request: { op: string }) => {
      calls.push(request.op);
      const next = answers.length > 1 ? answers.shift()! : answers[0]!;
      return { status: 200, rateLimit: null, data: { success: true, data: next, meta: { request_id: 'r' } } };
    },
  } as unknown as RendererBridge;
  setBridge(bridge);
  return calls;
}

const lifecycle = (phase: string, steps: number) =>
  ({ operation: 'stop', phase, percentage: steps * 25, current_step: phase, steps_completed: steps, total_steps: 4, started_at: '2026-03-01T10:00:00.000Z', estimated_completion_time: '2026-03-01T10:08:00.000Z' }) as Cluster['lifecycle'];

describe('useClusterFollow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useNotifications.setState({ items: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('polls while stopping, stops at stopped, and notifies once', async () => {
    const stopping = clusterFixture({ id: 'cluster_poll1', status: 'stopping', lifecycle: lifecycle('notifying_processes', 0) });
    const calls = fakeBridge([{ ...stopping, lifecycle: lifecycle('cleaning_up', 3) }, clusterFixture({ id: 'cluster_poll1', status: 'stopped' })]);
    const { watch, observe } = useClusterFollow.getState();
    const release = watch(stopping.id);
    observe(stopping);

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(useClusterFollow.getState().clusters[stopping.id]?.lifecycle?.phase).toBe('cleaning_up');
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(useClusterFollow.getState().clusters[stopping.id]?.status).toBe('stopped');
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5);
    expect(calls).toEqual(['clusters.get', 'clusters.get']);
    expect(useNotifications.getState().items.map((n) => n.message)).toEqual(['Cluster “train-a100” stopped']);
    release();
  });

  it('stops polling when the last view releases the cluster', async () => {
    const restarting = clusterFixture({ id: 'cluster_poll2', status: 'restarting' });
    const calls = fakeBridge([restarting]);
    const { watch, observe } = useClusterFollow.getState();
    const a = watch(restarting.id);
    const b = watch(restarting.id);
    observe(restarting);
    a();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(calls).toHaveLength(1);
    b();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(calls).toHaveLength(1);
  });

  it('keeps its newer copy over a stale one from a view', () => {
    const { observe } = useClusterFollow.getState();
    observe(clusterFixture({ id: 'cluster_poll3', status: 'stopping', lifecycle: lifecycle('cleaning_up', 3) }));
    observe(clusterFixture({ id: 'cluster_poll3', status: 'running' }));
    expect(useClusterFollow.getState().clusters.cluster_poll3?.status).toBe('stopping');
  });
});
