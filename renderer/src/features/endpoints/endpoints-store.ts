// Endpoints area state: the list (one read: an account has few endpoints) and, per endpoint,
// its record with the detailed health report, readiness and liveness read together. A failed
// health check (a timeout) leaves the record shown with the check's own error beside it.
import { create } from 'zustand';
import type { Endpoint, UpdateEndpointRequest, UpdateEndpointResponse } from '../../../../shared/api/endpoints/endpoint';
import type { HealthReport } from '../../../../shared/api/endpoints/health';
import type { NormalizedError } from '../../../../shared/api/errors';
import type { OutputOf } from '../../../../shared/api/operations';
import { api } from '../../bridge/api';
import { toNormalizedError } from '../../bridge/errors';
import { createLoader, initialLoadState, type LoadState, type LoadStatus } from '../../platform/resource-store';
import { serverNow } from '../../platform/server-clock';
import { configDiff, type ConfigChange } from './config-form';
import {
  aggregateRequest,
  analyticsRange,
  errorSearchRequest,
  logAnalyticsOf,
  type AnalyticsRangeId,
  type LogAnalytics,
} from './log-analytics';

export type Readiness = OutputOf<'endpoints.ready'>;
type Liveness = OutputOf<'endpoints.live'>;

export interface EndpointDetailState {
  endpoint: Endpoint | null;
  health: HealthReport | null;
  /** The health check's own failure (e.g. HEALTH_CHECK_TIMEOUT); the record may still be shown. */
  healthError: NormalizedError | null;
  ready: Readiness | null;
  live: Liveness | null;
  status: LoadStatus;
  /** The last failure to read the record; with one shown, it is stale (from `loadedAt`). */
  error: NormalizedError | null;
  refreshing: boolean;
  loadedAt: number | null;
  /** What the last configuration change of this console changed (old → new per field, secrets masked), while it rolls out. */
  rolloutChanges: ConfigChange[] | null;
}

export interface EndpointsState extends LoadState {
  endpoints: Endpoint[];
  details: Record<string, EndpointDetailState>;
  /** The list takes no filters (the page filters its rows); `null` where a list store takes them. */
  load(filters?: null, options?: { quiet?: boolean }): Promise<void>;
  ensureLoaded(): Promise<void>;
  loadOne(id: string): Promise<void>;
  update(id: string, request: UpdateEndpointRequest): Promise<UpdateEndpointResponse>;
  /** A range's log analytics (ending at the server's now): one aggregate and one search of its errors, together. */
  logAnalytics(id: string, range: AnalyticsRangeId, signal?: AbortSignal): Promise<LogAnalytics>;
}

const emptyDetail = (): EndpointDetailState => ({
  endpoint: null,
  health: null,
  healthError: null,
  ready: null,
  live: null,
  status: 'loading',
  error: null,
  refreshing: false,
  loadedAt: null,
  rolloutChanges: null,
});

export const useEndpoints = create<EndpointsState>()((set, get) => {
  const list = createLoader<EndpointsState>(set, get);
  // Per endpoint, the latest read: an older answer (a poll that crossed an update) is dropped.
  const reads = new Map<string, number>();
  const patchDetail = (id: string, patch: Partial<EndpointDetailState>) =>
    set((s) => ({ details: { ...s.details, [id]: { ...(s.details[id] ?? emptyDetail()), ...patch } } }));
  const replaceInList = (e: Endpoint) =>
    set((s) => (s.endpoints.some((x) => x.id === e.id) ? { endpoints: s.endpoints.map((x) => (x.id === e.id ? e : x)) } : {}));

  const state: EndpointsState = {
    ...initialLoadState(),
    endpoints: [],
    details: {},

    load: (_filters, options) =>
      list.run(async (signal) => {
        const { data } = await api('endpoints.list', {}, { signal });
        return { endpoints: data.endpoints };
      }, options),

    ensureLoaded: () => list.ensureLoaded(() => get().load()),

    async loadOne(id) {
      const previous = get().details[id];
      const known = previous?.endpoint ?? get().endpoints.find((e) => e.id === id) ?? null;
      patchDetail(id, known ? { endpoint: known, status: 'ready', refreshing: true } : { status: 'loading', error: null });
      const seq = (reads.get(id) ?? 0) + 1;
      reads.set(id, seq);
      const params = { endpointId: id };
      const [record, health, ready, live] = await Promise.allSettled([
        api('endpoints.get', { params }),
        api('endpoints.health', { params, query: { check: 'detailed' } }),
        api('endpoints.ready', { params }),
        api('endpoints.live', { params }),
      ]);
      if (reads.get(id) !== seq) return;
      if (record.status === 'rejected') {
        const error = toNormalizedError(record.reason);
        patchDetail(id, known ? { error, refreshing: false } : { status: 'error', error, refreshing: false });
        return;
      }
      const endpoint = record.value.data;
      replaceInList(endpoint);
      patchDetail(id, {
        endpoint,
        health: health.status === 'fulfilled' ? health.value.data : (previous?.health ?? null),
        healthError: health.status === 'rejected' ? toNormalizedError(health.reason) : null,
        ready: ready.status === 'fulfilled' ? ready.value.data : null,
        live: live.status === 'fulfilled' ? live.value.data : null,
        status: 'ready',
        error: null,
        refreshing: false,
        loadedAt: Date.now(),
        // The changes are this console's note of its own update: gone once the rollout is.
        rolloutChanges: endpoint.status === 'updating' ? (previous?.rolloutChanges ?? null) : null,
      });
    },

    async update(id, request) {
      const knownOf = () => get().details[id]?.endpoint ?? get().endpoints.find((e) => e.id === id);
      // As reviewed: a read answered while the update is under way may already hold the new configuration.
      const before = knownOf()?.configuration;
      const { data } = await api('endpoints.update', { params: { endpointId: id }, body: request });
      reads.set(id, (reads.get(id) ?? 0) + 1);
      const known = knownOf();
      if (known) {
        const endpoint: Endpoint = {
          ...known,
          status: data.status,
          configuration: data.configuration,
          updatedAt: data.updatedAt,
          rollout: { startedAt: data.rollout.startedAt, estimatedCompletion: data.rollout.estimatedCompletion, progress: 0 },
        };
        replaceInList(endpoint);
        // The review's own rows (the form's labels, secrets masked), from the configuration the service now holds.
        patchDetail(id, { endpoint, rolloutChanges: configDiff(before ?? known.configuration, data.configuration) });
      }
      void get().loadOne(id);
      return data;
    },

    async logAnalytics(id, range, signal) {
      const timeRange = analyticsRange(range, serverNow());
      const [aggregate, search] = await Promise.all([
        api('endpoints.logs.aggregate', { body: aggregateRequest(id, timeRange) }, { signal }),
        api('endpoints.logs.search', { body: errorSearchRequest(id, timeRange) }, { signal }),
      ]);
      return logAnalyticsOf(range, aggregate.data, search.data);
    },
  };
  return state;
});
