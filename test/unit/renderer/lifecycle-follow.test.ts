import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cluster } from '../../../shared/api/clusters/cluster';
import { clusterFixture } from './cluster-fixture';
import { setBridge, type RendererBridge } from '../../../renderer/src/bridge/index';
import { useNotifications } from '../../../renderer/src/app/notifications/notifications-store';
import { POLL_INTERVAL_MS, useClusterFollow } from '../../../renderer/src/features/clusters/lifecycle/follow-store';

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
  ({
    operation: 'stop',
    phase,
    percentage: steps * 25,
    current_step: phase,
    steps_completed: steps,
    total_steps: 4,
    started_at: '2026-03-01T10:00:00.000Z',
    estimated_completion_time: '2026-03-01T10:08:00.000Z',
  }) as Cluster['lifecycle'];

describe('useClusterFollow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useNotifications.setState({ items: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('polls while stopping, stops at stopped, and notifies once', async () => {
    const stopping = clusterFixture({ id: 'cluster_poll1', status: 'stopping', lifecycle: lifecycle('notifying_processes', 0) });
    const calls = fakeBridge([
      { ...stopping, lifecycle: lifecycle('cleaning_up', 3) },
      clusterFixture({ id: 'cluster_poll1', status: 'stopped' }),
    ]);
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
