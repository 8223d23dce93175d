// Clusters area state: the list and the clusters opened in detail. Typed first, then
// created. Quiet loads (auto-refresh, after an action) keep what is shown while they run.
import { create } from 'zustand';
import type { Cluster } from '../../../../shared/api/clusters/cluster';
import type { NormalizedError } from '../../../../shared/api/errors';
import { api } from '../../bridge/api';
import { isCancelled, toNormalizedError } from '../../bridge/errors';
import { createLoader, initialLoadState, type LoadOptions, type LoadState, type LoadStatus } from '../../lib/resource-store';

export type { LoadOptions, LoadStatus };

export interface ClusterDetailState {
  cluster: Cluster | null;
  status: LoadStatus;
  error: NormalizedError | null;
}

export interface ClustersState extends LoadState {
  clusters: Cluster[];
  details: Record<string, ClusterDetailState>;
  load(options?: LoadOptions): Promise<void>;
  ensureLoaded(): Promise<void>;
  loadCluster(id: string, options?: LoadOptions): Promise<void>;
  /** Takes a fresher copy of one cluster (the list's copy when a detail opens, the phase-progress poller's). */
  upsert(cluster: Cluster): void;
  /** Drops everything shown, e.g. when the active profile changes. */
  reset(): void;
}

const EMPTY_DETAIL: ClusterDetailState = { cluster: null, status: 'idle', error: null };

const detailControllers = new Map<string, AbortController>();

export const useClusters = create<ClustersState>()((set, get) => {
  const list = createLoader<ClustersState>(set, get);
  return {
    ...initialLoadState(),
    clusters: [],
    details: {},

    load: (options = {}) =>
      list.run(async (signal) => {
        const { data } = await api('clusters.list', { query: {} }, { signal });
        const clusters = data.data.clusters;
        // A detail already open follows the list's fresher record.
        return { clusters, details: refreshDetails(get().details, clusters) };
      }, options),

    ensureLoaded: () => list.ensureLoaded(() => get().load()),

    async loadCluster(id, options = {}) {
      detailControllers.get(id)?.abort();
      const controller = new AbortController();
      detailControllers.set(id, controller);
      const current = get().details[id] ?? EMPTY_DETAIL;
      if (!options.quiet || !current.cluster) setDetail(set, id, { ...current, status: 'loading', error: null });
      try {
        const { data } = await api('clusters.get', { params: { cluster_id: id } }, { signal: controller.signal });
        const cluster = data.data;
        set((s) => ({
          details: { ...s.details, [id]: { cluster, status: 'ready', error: null } },
          clusters: s.clusters.map((c) => (c.id === id ? cluster : c)),
        }));
      } catch (error) {
        if (isCancelled(error)) return;
        if (options.quiet && current.cluster) return;
        setDetail(set, id, { cluster: null, status: 'error', error: toNormalizedError(error) });
      } finally {
        if (detailControllers.get(id) === controller) detailControllers.delete(id);
      }
    },

    upsert(cluster) {
      set((s) => ({
        clusters: s.clusters.map((c) => (c.id === cluster.id ? cluster : c)),
        details: { ...s.details, [cluster.id]: { cluster, status: 'ready', error: null } },
      }));
    },

    reset() {
      list.abort();
      for (const c of detailControllers.values()) c.abort();
      detailControllers.clear();
      set({ ...initialLoadState(), clusters: [], details: {} });
    },
  };
});

type Setter = (fn: (s: ClustersState) => Partial<ClustersState>) => void;

function setDetail(set: Setter, id: string, detail: ClusterDetailState): void {
  set((s) => ({ details: { ...s.details, [id]: detail } }));
}

function refreshDetails(details: Record<string, ClusterDetailState>, clusters: readonly Cluster[]): Record<string, ClusterDetailState> {
  const ids = Object.keys(details);
  if (ids.length === 0) return details;
  const byId = new Map(clusters.map((c) => [c.id, c]));
  const next: Record<string, ClusterDetailState> = {};
  for (const id of ids) {
    const fresh = byId.get(id);
    next[id] = fresh ? { cluster: fresh, status: 'ready', error: null } : details[id]!;
  }
  return next;
}

export function useClusterDetail(id: string): ClusterDetailState {
  return useClusters((s) => s.details[id] ?? EMPTY_DETAIL);
}
