// Follows clusters through a stop or restart: polls `clusters.get` every ~2 s while the
// cluster is `stopping`/`restarting` and stops at the end state. One poller per cluster
// however many views show it, and one notification per completed run.
import { create } from 'zustand';
import type { Cluster } from '../../../../../shared/api/clusters/cluster';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { notify } from '../../../app/notifications/notifications-store';
import { api } from '../../../bridge/api';
import { toNormalizedError } from '../../../bridge/errors';
import type { RunOptions } from './phases';

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
}

const watchers = new Map<string, number>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const notified = new Set<string>();
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
      if (isTransitional(get().clusters[cluster.id]!.status)) schedule(cluster.id);
    },

    async refresh(clusterId) {
      try {
        const { data } = await api('clusters.get', { params: { cluster_id: clusterId } });
        const before = get().clusters[clusterId];
        const after = data.data;
        set((s) => ({ clusters: { ...s.clusters, [clusterId]: after }, errors: { ...s.errors, [clusterId]: null } }));
        if (before && isTransitional(before.status) && !isTransitional(after.status)) announce(before, after);
        if (isTransitional(after.status)) schedule(clusterId);
        return after;
      } catch (error) {
        set((s) => ({ errors: { ...s.errors, [clusterId]: toNormalizedError(error) } }));
        return null;
      }
    },
  };
});
