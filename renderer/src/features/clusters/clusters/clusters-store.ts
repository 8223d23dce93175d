// Clusters area state: the list and the clusters opened in detail. Typed first, then
// created. Every reload of a cluster shown keeps it on screen while it runs (`refreshing`)
// and after it fails (the error beside it, stale), like the list's loader does.
import { create } from 'zustand';
import type { Cluster } from '../../../../../shared/api/clusters/cluster';
import type { MetricsDataPoint } from '../../../../../shared/api/clusters/metrics';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { api } from '../../../bridge/api';
import { isCancelled, toNormalizedError } from '../../../bridge/errors';
import { createLoader, initialLoadState, type LoadOptions, type LoadState, type LoadStatus } from '../../../platform/resource-store';
import type { HistoryRequest } from './metrics/ranges';

export interface ClusterDetailState {
  cluster: Cluster | null;
  /** `ready` while a cluster is shown, also during and after a failed reload; `error` only with nothing to show. */
  status: LoadStatus;
  /** The last failure; with a cluster shown, that cluster is stale (from `loadedAt`). */
  error: NormalizedError | null;
  /** A reload of the cluster shown is running. */
  refreshing: boolean;
  /** When the cluster shown was read (this machine's clock), for the stale notice. */
  loadedAt: number | null;
}

export interface ClustersState extends LoadState {
  clusters: Cluster[];
  details: Record<string, ClusterDetailState>;
  /** The list takes no filters (the page filters its rows); `null` where a list store takes them. */
  load(filters?: null, options?: LoadOptions): Promise<void>;
  ensureLoaded(): Promise<void>;
  loadCluster(id: string, options?: LoadOptions): Promise<void>;
  /** Takes a fresher copy of one cluster (the list's copy when a detail opens, the phase-progress poller's). */
  upsert(cluster: Cluster): void;
  /** Drops everything shown, e.g. when the active profile changes. */
  reset(): void;
  /** A cluster's metrics between two times at an interval (the dashboard keeps them, not the store). */
  metricsHistory(id: string, request: HistoryRequest, signal?: AbortSignal): Promise<MetricsDataPoint[]>;
}

const EMPTY_DETAIL: ClusterDetailState = { cluster: null, status: 'idle', error: null, refreshing: false, loadedAt: null };

/** A fresh read of a cluster: shown, not stale. */
const readDetail = (cluster: Cluster): ClusterDetailState => ({
  cluster,
  status: 'ready',
  error: null,
  refreshing: false,
  loadedAt: Date.now(),
});

const detailControllers = new Map<string, AbortController>();

export const useClusters = create<ClustersState>()((set, get) => {
  const list = createLoader<ClustersState>(set, get);
  return {
    ...initialLoadState(),
    clusters: [],
    details: {},

    load: (_filters, options = {}) =>
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
      // A cluster shown stays, the reload runs over it (a quiet one, polling, without progress).
      if (!current.cluster) setDetail(set, id, { ...EMPTY_DETAIL, status: 'loading' });
      else if (!options.quiet) setDetail(set, id, { ...current, refreshing: true });
      try {
        const { data } = await api('clusters.get', { params: { cluster_id: id } }, { signal: controller.signal });
        const cluster = data.data;
        set((s) => ({
          details: { ...s.details, [id]: readDetail(cluster) },
          clusters: s.clusters.map((c) => (c.id === id ? cluster : c)),
        }));
      } catch (error) {
        if (isCancelled(error)) return;
        const failure = toNormalizedError(error);
        set((s) => {
          const shown = s.details[id]?.cluster ?? null;
          // A failed reload keeps the cluster shown, stale, with the error beside it.
          const next: ClusterDetailState = shown
            ? { ...s.details[id]!, status: 'ready', error: failure, refreshing: false }
            : { ...EMPTY_DETAIL, status: 'error', error: failure };
          return { details: { ...s.details, [id]: next } };
        });
      } finally {
        if (detailControllers.get(id) === controller) detailControllers.delete(id);
      }
    },

    upsert(cluster) {
      set((s) => ({
        clusters: s.clusters.map((c) => (c.id === cluster.id ? cluster : c)),
        details: { ...s.details, [cluster.id]: readDetail(cluster) },
      }));
    },

    reset() {
      list.abort();
      for (const c of detailControllers.values()) c.abort();
      detailControllers.clear();
      set({ ...initialLoadState(), clusters: [], details: {} });
    },

    async metricsHistory(id, request, signal) {
      const { data } = await api(
        'clusters.metrics.historical',
        {
          params: { cluster_id: id },
          query: {
            start_time: new Date(request.start).toISOString(),
            end_time: new Date(request.end).toISOString(),
            interval: request.interval,
          },
        },
        { signal },
      );
      return data.data.data_points;
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
    next[id] = fresh ? readDetail(fresh) : details[id]!;
  }
  return next;
}

export function useClusterDetail(id: string): ClusterDetailState {
  return useClusters((s) => s.details[id] ?? EMPTY_DETAIL);
}
