// What the log window asks the server, beside the live tail: the sources it can add, the
// names of the sources shown, a day of a cluster's log for download, and older lines. Typed
// first, then created; it holds no state, the window's views keep what they show.
import { create } from 'zustand';
import type { LogSourceRef } from '../../../../../shared/ipc/streams';
import { api } from '../../../bridge/api';
import { toLine, type LogLine } from './log-line';

export interface SourceOption {
  ref: LogSourceRef;
  name: string;
  status: string;
}

const RESULTS = 200;
const DAY = 86_400_000;

export interface LogsState {
  /** Every cluster and endpoint, as sources to add. */
  sourceOptions(signal?: AbortSignal): Promise<SourceOption[]>;
  /** The name of a source. */
  sourceName(ref: LogSourceRef, signal?: AbortSignal): Promise<string>;
  /** A cluster's log between two times, as text. */
  downloadClusterLog(clusterId: string, start: number, end: number): Promise<string>;
  /** Up to 200 lines matching `query` before `before` (ms), newest first, and how many matched. */
  searchOlder(ref: LogSourceRef, query: string, before: number): Promise<{ lines: LogLine[]; total: number }>;
}

export const useLogs = create<LogsState>()(() => ({
  async sourceOptions(signal) {
    const [clusters, endpoints] = await Promise.all([api('clusters.list', {}, { signal }), api('endpoints.list', {}, { signal })]);
    return [
      ...clusters.data.data.clusters.map((c) => ({ ref: { kind: 'cluster' as const, id: c.id }, name: c.name, status: c.status })),
      ...endpoints.data.endpoints.map((e) => ({ ref: { kind: 'endpoint' as const, id: e.id }, name: e.name, status: e.status })),
    ];
  },

  sourceName(ref, signal) {
    return ref.kind === 'cluster'
      ? api('clusters.get', { params: { cluster_id: ref.id } }, { signal }).then((r) => r.data.data.name)
      : api('endpoints.get', { params: { endpointId: ref.id } }, { signal }).then((r) => r.data.name);
  },

  async downloadClusterLog(clusterId, start, end) {
    const { data } = await api('clusters.logs.download', {
      params: { cluster_id: clusterId },
      query: { format: 'text', start_time: new Date(start).toISOString(), end_time: new Date(end).toISOString() },
    });
    return typeof data === 'string' ? data : JSON.stringify(data);
  },

  async searchOlder(ref, query, before) {
    const end = new Date(before).toISOString();
    if (ref.kind === 'cluster') {
      const { data } = await api('clusters.logs.search', {
        params: { cluster_id: ref.id },
        body: { query, time_range: { end }, limit: RESULTS, sort: 'timestamp:desc' },
      });
      return { lines: data.data.results.map((e) => toLine(0, 'cluster', e.id, e)), total: data.data.total_matches };
    }
    // The endpoint search covers at most a day per query (03, Limits).
    const { data } = await api('endpoints.logs.search', {
      body: {
        endpointIds: [ref.id],
        filters: { timeRange: { start: new Date(before - DAY).toISOString(), end }, search: { query, caseSensitive: false } },
        sort: { field: 'timestamp', order: 'desc' },
        limit: RESULTS,
      },
    });
    return { lines: data.logs.map((e, i) => toLine(0, 'endpoint', `${e.timestamp}-${i}`, e)), total: data.total };
  },
}));
