// The Proxy & ports tab's state: one cluster's proxy configuration (with health, SSL and
// access logs) and the port and access-control changes made from it. Typed first. The
// actions throw on failure so the dialog that called them can show the API's error.
import { create } from 'zustand';
import type { CreatePortMappingRequest, PortMapping, UpdatePortMappingRequest } from '../../../../../../shared/api/clusters/ports';
import type { ProxyConfiguration, UpdateProxyAccessRequest, UpdateProxyRequest } from '../../../../../../shared/api/clusters/proxy';
import { api } from '../../../../bridge/api';
import { createLoader, initialLoadState, type LoadOptions, type LoadState } from '../../../../platform/resource-store';

interface ProxyMetaInfo {
  lastUpdated: string;
  proxyVersion: string;
  totalPortMappings: number;
  activePortMappings: number;
}

export interface ProxyState extends LoadState {
  clusterId: string | null;
  proxy: ProxyConfiguration | null;
  meta: ProxyMetaInfo | null;
  load(clusterId: string, options?: LoadOptions): Promise<void>;
  createPort(body: CreatePortMappingRequest): Promise<PortMapping>;
  updatePort(portId: string, body: UpdatePortMappingRequest): Promise<PortMapping>;
  deletePort(portId: string): Promise<void>;
  updateAccess(body: UpdateProxyAccessRequest): Promise<void>;
  updateNetwork(body: UpdateProxyRequest): Promise<void>;
}

// Access logs are read by their own view, over the time range it shows (access-logs-store.ts).
const FULL_QUERY = { include_health: true, include_ssl_info: true } as const;

function requireCluster(id: string | null): string {
  if (!id) throw new Error('No cluster is open.');
  return id;
}

type ProxyAnswer = {
  data: ProxyConfiguration;
  meta: { last_updated: string; proxy_version: string; total_port_mappings: number; active_port_mappings: number };
};

export const useProxy = create<ProxyState>()((set, get) => {
  const loader = createLoader<ProxyState>(set, get);
  const proxyOf = (data: ProxyAnswer): Pick<ProxyState, 'proxy' | 'meta'> => {
    // Answers of PUT /proxy and /proxy/access omit the optional parts unless asked; keep those already shown.
    const previous = get().proxy;
    const proxy: ProxyConfiguration = {
      ...data.data,
      ssl_certificate: data.data.ssl_certificate ?? previous?.ssl_certificate,
      access_logs: data.data.access_logs ?? previous?.access_logs,
    };
    return {
      proxy,
      meta: {
        lastUpdated: data.meta.last_updated,
        proxyVersion: data.meta.proxy_version,
        totalPortMappings: data.meta.total_port_mappings,
        activePortMappings: data.meta.active_port_mappings,
      },
    };
  };
  const applyProxy = (data: ProxyAnswer) => set({ ...proxyOf(data), status: 'ready', error: null });

  const withPorts = (fn: (ports: PortMapping[]) => PortMapping[]) =>
    set((s) => (s.proxy ? { proxy: { ...s.proxy, port_mappings: fn(s.proxy.port_mappings) } } : {}));

  return {
    ...initialLoadState(),
    clusterId: null,
    proxy: null,
    meta: null,

    load(clusterId, options = {}) {
      // Another cluster's proxy is never shown while this one loads.
      const sameCluster = get().clusterId === clusterId;
      return loader.run(
        async (signal) =>
          proxyOf((await api('clusters.proxy.get', { params: { cluster_id: clusterId }, query: FULL_QUERY }, { signal })).data),
        {
          quiet: options.quiet && sameCluster,
          before: sameCluster ? undefined : { clusterId, proxy: null, meta: null },
        },
      );
    },

    async createPort(body) {
      const clusterId = requireCluster(get().clusterId);
      const { data } = await api('clusters.ports.create', { params: { cluster_id: clusterId }, body });
      withPorts((ports) => [...ports.filter((p) => p.id !== data.data.id), data.data]);
      // Health and the access-log sample come with the full read.
      void get().load(clusterId, { quiet: true });
      return data.data;
    },

    async updatePort(portId, body) {
      const clusterId = requireCluster(get().clusterId);
      const { data } = await api('clusters.ports.update', { params: { cluster_id: clusterId, port_id: portId }, body });
      withPorts((ports) =>
        ports.map((p) => (p.id === portId ? { ...data.data, health_status: data.data.health_status ?? p.health_status } : p)),
      );
      void get().load(clusterId, { quiet: true });
      return data.data;
    },

    async deletePort(portId) {
      const clusterId = requireCluster(get().clusterId);
      await api('clusters.ports.delete', { params: { cluster_id: clusterId, port_id: portId } });
      withPorts((ports) => ports.filter((p) => p.id !== portId));
      void get().load(clusterId, { quiet: true });
    },

    async updateAccess(body) {
      const clusterId = requireCluster(get().clusterId);
      const { data } = await api('clusters.proxy.updateAccess', { params: { cluster_id: clusterId }, body });
      applyProxy(data);
    },

    async updateNetwork(body) {
      const clusterId = requireCluster(get().clusterId);
      const { data } = await api('clusters.proxy.update', { params: { cluster_id: clusterId }, body });
      applyProxy(data);
    },
  };
});
