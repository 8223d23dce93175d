// Follows clusters through a stop or restart: polls `clusters.get` every ~2 s while the
// cluster is `stopping`/`restarting` and stops at the end state. One poller per cluster
// however many views show it, and one notification per completed run. A run this console
// has seen under way is followed to its end even when every view showing it has closed
// (the dialog was dismissed, the user went elsewhere), and is listed in the operations menu.
import { create } from 'zustand';
import type { Cluster } from '../../../../../../shared/api/clusters/cluster';
import type { NormalizedError } from '../../../../../../shared/api/errors';
import type { RestartData, RestartRequest, StopData, StopRequest } from '../../../../../../shared/api/clusters/lifecycle';
import { notify } from '../../../../platform/notifications-store';
import { useOperations } from '../../../../platform/operations-store';
import { api } from '../../../../bridge/api';
import { toNormalizedError } from '../../../../bridge/errors';
import { clusterPath } from '../cluster-route';
import { phaseLabel, terminalPhase, type RunOptions } from './phases';

/** @internal Exported for its tests only. */
export const POLL_INTERVAL_MS = 2_000;

export const isTransitional = (status: Cluster['status']): boolean => status === 'stopping' || status === 'restarting';

export interface FollowState {
  clusters: Record<string, Cluster>;
  errors: Record<string, NormalizedError | null>;
  /** A view shows this cluster: polls while it is under way, until every view released it. */
  watch(clusterId: string): () => void;
  /** Takes a cluster as a view knows it (kept when it shows a newer run or state); polls if it is under way. */
  observe(cluster: Cluster): void;
  /** Reads the cluster now (e.g. right after a stop or restart was accepted). */
  refresh(clusterId: string): Promise<Cluster | null>;
  /** Asks the service to stop the cluster; the dialog follows the run it started. */
  stop(clusterId: string, body: StopRequest): Promise<StopData>;
  /** Asks the service to restart the cluster; the dialog follows the run it started. */
  restart(clusterId: string, body: RestartRequest): Promise<RestartData>;
}

const watchers = new Map<string, number>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const notified = new Set<string>();
/** Runs followed to their end without a view: cluster id → the release of that hold. */
const held = new Map<string, () => void>();
const runOptions = new Map<string, RunOptions>();

/** The options a view started a run with, so every progress view shows exactly its phases. */
export function rememberRunOptions(clusterId: string, startedAt: string, options: RunOptions): void {
  runOptions.set(`${clusterId}:${startedAt}`, options);
}

export function runOptionsOf(clusterId: string, startedAt: string): RunOptions | undefined {
  return runOptions.get(`${clusterId}:${startedAt}`);
}

function runKey(c: Cluster): string {
  return `${c.id}:${c.lifecycle?.started_at ?? ''}`;
}

/** The view's copy wins when it shows a newer run or a newer state than ours. */
function newer(candidate: Cluster, known: Cluster | undefined): boolean {
  if (!known) return true;
  // A view's copy of a run this store has seen end (and announced) is stale, whatever it holds.
  if (isTransitional(candidate.status) && notified.has(runKey(candidate))) return false;
  if (candidate.lifecycle && candidate.lifecycle.started_at !== known.lifecycle?.started_at) {
    return !known.lifecycle || Date.parse(candidate.lifecycle.started_at) > Date.parse(known.lifecycle.started_at);
  }
  return isTransitional(candidate.status) && !isTransitional(known.status) && !known.lifecycle;
}

function announce(before: Cluster, after: Cluster): void {
  const key = runKey(before);
  if (notified.has(key)) return;
  notified.add(key);
  if (after.status === 'stopped') notify('success', `Cluster “${after.name}” stopped`);
  else if (after.status === 'running') notify('success', `Cluster “${after.name}” is running again`);
  else notify('warning', `Cluster “${after.name}” ended in state ${after.status}`);
}

/** The run as the operations menu lists it: under way with its phase, or how it ended. */
function reportOperation(c: Cluster, ended?: Cluster): void {
  const run = c.lifecycle;
  if (!run) return;
  const verb = run.operation === 'stop' ? 'Stopping' : 'Restarting';
  const id = `cluster-${run.operation}:${c.id}:${run.started_at}`;
  const route = clusterPath(c.id);
  if (!ended) {
    const step = `step ${Math.min(run.steps_completed + 1, run.total_steps)} of ${run.total_steps}`;
    useOperations.getState().report({
      id,
      title: `${verb} ${c.name}`,
      detail: `${phaseLabel(run.phase)} · ${step}`,
      percentage: run.percentage,
      state: 'running',
      route,
    });
    return;
  }
  const succeeded = ended.status === (run.operation === 'stop' ? 'stopped' : 'running');
  useOperations.getState().report({
    id,
    title: `${run.operation === 'stop' ? 'Stop' : 'Restart'} of ${c.name}`,
    detail: succeeded ? phaseLabel(terminalPhase(run.operation)) : `Ended in state ${ended.status}`,
    percentage: 100,
    state: succeeded ? 'succeeded' : 'failed',
    route,
  });
}

export const useClusterFollow = create<FollowState>()((set, get) => {
  const schedule = (id: string) => {
    if (timers.has(id) || !watchers.get(id)) return;
    timers.set(
      id,
      setTimeout(() => {
        timers.delete(id);
        void get()
          .refresh(id)
          .then((c) => {
            if (c === null || isTransitional(c.status)) schedule(id);
          });
      }, POLL_INTERVAL_MS),
    );
  };

  /** Keeps a run followed until it ends, with or without a view; reports it as an operation. */
  const follow = (c: Cluster) => {
    if (!isTransitional(c.status)) return;
    reportOperation(c);
    if (!held.has(c.id)) held.set(c.id, get().watch(c.id));
  };
  const release = (id: string) => {
    held.get(id)?.();
    held.delete(id);
  };

  return {
    clusters: {},
    errors: {},

    watch(clusterId) {
      watchers.set(clusterId, (watchers.get(clusterId) ?? 0) + 1);
      const known = get().clusters[clusterId];
      if (known && isTransitional(known.status)) schedule(clusterId);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (watchers.get(clusterId) ?? 1) - 1;
        if (left > 0) return void watchers.set(clusterId, left);
        watchers.delete(clusterId);
        clearTimeout(timers.get(clusterId));
        timers.delete(clusterId);
      };
    },

    observe(cluster) {
      if (newer(cluster, get().clusters[cluster.id])) set((s) => ({ clusters: { ...s.clusters, [cluster.id]: cluster } }));
      follow(get().clusters[cluster.id]!);
    },

    async refresh(clusterId) {
      try {
        const { data } = await api('clusters.get', { params: { cluster_id: clusterId } });
        const before = get().clusters[clusterId];
        const after = data.data;
        set((s) => ({ clusters: { ...s.clusters, [clusterId]: after }, errors: { ...s.errors, [clusterId]: null } }));
        if (before && isTransitional(before.status) && !isTransitional(after.status)) {
          announce(before, after);
          reportOperation(before, after);
          release(clusterId);
        }
        if (isTransitional(after.status)) {
          follow(after);
          schedule(clusterId);
        }
        return after;
      } catch (error) {
        set((s) => ({ errors: { ...s.errors, [clusterId]: toNormalizedError(error) } }));
        return null;
      }
    },

    async stop(clusterId, body) {
      const { data } = await api('clusters.stop', { params: { cluster_id: clusterId }, body });
      return data.data;
    },

    async restart(clusterId, body) {
      const { data } = await api('clusters.restart', { params: { cluster_id: clusterId }, body });
      return data.data;
    },
  };
});
