import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cluster } from '../../../shared/api/clusters/cluster';
import { clusterFixture } from './cluster-fixture';
import { setBridge, type RendererBridge } from '../../../renderer/src/bridge/index';
import { useNotifications } from '../../../renderer/src/platform/notifications-store';
import { MAX_FINISHED, useOperations } from '../../../renderer/src/platform/operations-store';
import { POLL_INTERVAL_MS, useClusterFollow } from '../../../renderer/src/features/clusters/clusters/lifecycle/follow-store';

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

  it('follows a run to its end after every view released it, lists it as an operation, notifies, then stops', async () => {
    const run = { ...lifecycle('stopping_processes', 0), operation: 'restart', total_steps: 4 } as Cluster['lifecycle'];
    const restarting = clusterFixture({ id: 'cluster_poll2', status: 'restarting', lifecycle: run });
    const calls = fakeBridge([restarting, restarting, clusterFixture({ id: 'cluster_poll2', status: 'running' })]);
    const { watch, observe } = useClusterFollow.getState();
    const a = watch(restarting.id);
    const b = watch(restarting.id);
    observe(restarting);
    const listed = () => useOperations.getState().items.find((o) => o.id === `cluster-restart:cluster_poll2:${run!.started_at}`);
    expect(listed()).toMatchObject({ state: 'running', title: 'Restarting train-a100', percentage: 0, route: '/clusters/cluster_poll2' });
    expect(listed()?.detail).toBe('Stopping processes · step 1 of 4');
    // The dialog closes and the user goes elsewhere: both views release the cluster.
    a();
    b();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(calls).toHaveLength(3);
    expect(useClusterFollow.getState().clusters.cluster_poll2?.status).toBe('running');
    expect(useNotifications.getState().items.map((n) => n.message)).toEqual(['Cluster “train-a100” is running again']);
    expect(listed()).toMatchObject({ state: 'succeeded', title: 'Restart of train-a100', detail: 'Ready', percentage: 100 });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5);
    expect(calls).toHaveLength(3);
    // A view that read the cluster before the end brings neither the run nor polling back.
    observe(restarting);
    expect(useClusterFollow.getState().clusters.cluster_poll2?.status).toBe('running');
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(calls).toHaveLength(3);
  });

  it('keeps its newer copy over a stale one from a view', () => {
    const { observe } = useClusterFollow.getState();
    observe(clusterFixture({ id: 'cluster_poll3', status: 'stopping', lifecycle: lifecycle('cleaning_up', 3) }));
    observe(clusterFixture({ id: 'cluster_poll3', status: 'running' }));
    expect(useClusterFollow.getState().clusters.cluster_poll3?.status).toBe('stopping');
  });
});

describe('useOperations', () => {
  it('adds and updates by id, keeps when each was first seen, and keeps only the last finished ones', () => {
    useOperations.setState({ items: [] });
    const { report } = useOperations.getState();
    report({ id: 'run', title: 'Stopping a', detail: 'step 1', percentage: 10, state: 'running', route: '/clusters/a' });
    const since = useOperations.getState().items[0]!.since;
    report({ id: 'run', title: 'Stopping a', detail: 'step 2', percentage: 50, state: 'running', route: '/clusters/a' });
    expect(useOperations.getState().items).toEqual([
      { id: 'run', title: 'Stopping a', detail: 'step 2', percentage: 50, state: 'running', route: '/clusters/a', since },
    ]);
    for (let i = 0; i < MAX_FINISHED + 5; i++)
      report({ id: `done-${i}`, title: `Stop ${i}`, detail: 'Stopped', percentage: 100, state: 'succeeded', route: '/clusters' });
    const items = useOperations.getState().items;
    expect(items.filter((o) => o.state !== 'running')).toHaveLength(MAX_FINISHED);
    expect(items.some((o) => o.id === 'run')).toBe(true);
    expect(items.some((o) => o.id === 'done-0')).toBe(false);
    expect(items.some((o) => o.id === `done-${MAX_FINISHED + 4}`)).toBe(true);
    useOperations.getState().clearFinished();
    expect(useOperations.getState().items.map((o) => o.id)).toEqual(['run']);
  });
});
