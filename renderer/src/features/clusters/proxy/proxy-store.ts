// The Proxy & ports tab's state: one cluster's proxy configuration (with health, SSL and
// access logs) and the port and access-control changes made from it. Typed first. The
// actions throw on failure so the dialog that called them can show the API's error.
import { create } from 'zustand';
import type { CreatePortMappingRequest, PortMapping, UpdatePortMappingRequest } from '../../../../../shared/api/clusters/ports';
import type { ProxyConfiguration, UpdateProxyAccessRequest, UpdateProxyRequest } from '../../../../../shared/api/clusters/proxy';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { api } from '../../../bridge/api';
import { isCancelled, toNormalizedError } from '../../../bridge/errors';
import type { LoadStatus } from '../clusters-store';

export interface ProxyMetaInfo {
  lastUpdated: string;
  proxyVersion: string;
  totalPortMappings: number;
  activePortMappings: number;
}

export interface ProxyState {
  clusterId: string | null;
  proxy: ProxyConfiguration | null;
  meta: ProxyMetaInfo | null;
  status: LoadStatus;
  error: NormalizedError | null;
  load(clusterId: string, options?: { quiet?: boolean }): Promise<void>;
  createPort(body: CreatePortMappingRequest): Promise<PortMapping>;
  updatePort(portId: string, body: UpdatePortMappingRequest): Promise<PortMapping>;
  deletePort(portId: string): Promise<void>;
  updateAccess(body: UpdateProxyAccessRequest): Promise<void>;
  updateNetwork(body: UpdateProxyRequest): Promise<void>;
}

const FULL_QUERY = { include_health: true, include_ssl_info: true, include_access_logs: true } as const;

let controller: AbortController | null = null;

function requireCluster(id: string | null): string {
  if (!id) throw new Error('No cluster is open.');
  return id;
}

export const useProxy = create<ProxyState>()((set, get) => {
  const applyProxy = (data: { data: ProxyConfiguration; meta: { last_updated: string; proxy_version: string; total_port_mappings: number; active_port_mappings: number } }) => {
    // Answers of PUT /proxy and /proxy/access omit the optional parts unless asked; keep those already shown.
    const previous = get().proxy;
    const proxy: ProxyConfiguration = {
      ...data.data,
      ssl_certificate: data.data.ssl_certificate ?? previous?.ssl_certificate,
      access_logs: data.data.access_logs ?? previous?.access_logs,
    };
    set({
      proxy,
      meta: { lastUpdated: data.meta.last_updated, proxyVersion: data.meta.proxy_version, totalPortMappings: data.meta.total_port_mappings, activePortMappings: data.meta.active_port_mappings },
      status: 'ready',
      error: null,
    });
  };

  const withPorts = (fn: (ports: PortMapping[]) => PortMapping[]) =>
    set((s) => (s.proxy ? { proxy: { ...s.proxy, port_mappings: fn(s.proxy.port_mappings) } } : {}));

  return {
    clusterId: null,
    proxy: null,
    meta: null,
    status: 'idle',
    error: null,

    async load(clusterId, options = {}) {
      controller?.abort();
      const c = (controller = new AbortController());
      const sameCluster = get().clusterId === clusterId;
      if (!sameCluster) set({ clusterId, proxy: null, meta: null });
      if (!options.quiet || !sameCluster || get().status !== 'ready') set({ status: 'loading', error: null });
      try {
        const { data } = await api('clusters.proxy.get', { params: { cluster_id: clusterId }, query: FULL_QUERY }, { signal: c.signal });
        if (get().clusterId !== clusterId) return;
        applyProxy(data);
      } catch (error) {
        if (isCancelled(error)) return;
        if (options.quiet && get().status === 'ready') return;
        set({ status: 'error', error: toNormalizedError(error) });
      }
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
      withPorts((ports) => ports.map((p) => (p.id === portId ? { ...data.data, health_status: data.data.health_status ?? p.health_status } : p)));
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
