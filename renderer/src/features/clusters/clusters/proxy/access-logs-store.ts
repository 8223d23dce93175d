// The access logs of the open cluster's proxy over a time range: read with the proxy
// operation's access-log parameters (docs/decisions.md, Access-log queries). Typed first.
import { create } from 'zustand';
import type { AccessLogEntry, AccessLogWindow, ProxyQuery } from '../../../../../../shared/api/clusters/proxy';
import { api } from '../../../../bridge/api';
import { createLoader, initialLoadState, type LoadState } from '../../../../platform/resource-store';

export interface AccessLogsState extends LoadState {
  clusterId: string | null;
  logs: AccessLogEntry[];
  /** What the read covered, by the server's clock. */
  window: AccessLogWindow | null;
  load(clusterId: string, query: ProxyQuery): Promise<void>;
}

export const useAccessLogs = create<AccessLogsState>()((set, get) => {
  const loader = createLoader<AccessLogsState>(set, get);
  return {
    ...initialLoadState(),
    clusterId: null,
    logs: [],
    window: null,
    load(clusterId, query) {
      const sameCluster = get().clusterId === clusterId;
      return loader.run(
        async (signal) => {
          const { data } = await api('clusters.proxy.get', { params: { cluster_id: clusterId }, query }, { signal });
          return { logs: data.data.access_logs ?? [], window: data.meta.access_logs ?? null };
        },
        // Another cluster's entries are never shown while this one's load; the same cluster's stay until the new ones arrive.
        { before: sameCluster ? undefined : { clusterId, logs: [], window: null } },
      );
    },
  };
});
