// The usage dashboard's reads. Every one counts against the usage API's 100 an hour (the
// `usage` limit group), so each answer is kept per what it asked (operation, period, options)
// and read again only when it is older than FRESH_MS or the user refreshes: a period picked
// again within five minutes costs nothing. `generation` moves on every refresh (the user's, or
// the budgeted background one); the panels' reads are keyed by it. The one write is "Stop
// cluster" from the idle GPU money.
import { create } from 'zustand';
import type {
  CostsQuery,
  CostsResponse,
  DetailedUsageResponse,
  EndpointUsageResponse,
  GpuUsageResponse,
  IdleGpuResponse,
  UsageAlertsResponse,
  UsageCurrency,
  UsagePeriod,
  UsageSummaryResponse,
} from '../../../../../shared/api/accounts/usage';
import type { ClusterResponse } from '../../../../../shared/api/clusters/cluster';
import { api } from '../../../bridge/api';

/** An answer is shown again without a read for this long (real time). */
export const FRESH_MS = 5 * 60_000;
/** The reads one refresh of the whole dashboard makes (for the read budget). */
export const DASHBOARD_READS = 7;

interface Kept {
  at: number;
  value: unknown;
}

const kept = new Map<string, Kept>();

async function cached<T>(key: string, read: () => Promise<T>): Promise<T> {
  const hit = kept.get(key);
  if (hit && Date.now() - hit.at < FRESH_MS) return hit.value as T;
  const value = await read();
  kept.set(key, { at: Date.now(), value });
  return value;
}

export type DetailedPeriod = DetailedUsageResponse['period'];
export type Granularity = DetailedUsageResponse['granularity'];

interface UsageState {
  /** Moves on every refresh: what the panels key their reads by. */
  generation: number;
  /** Forgets every answer kept, and reads the panels again. */
  refresh(): void;
  summary(period: UsagePeriod, signal: AbortSignal): Promise<UsageSummaryResponse>;
  detailed(period: DetailedPeriod, granularity: Granularity, signal: AbortSignal): Promise<DetailedUsageResponse>;
  costs(period: UsagePeriod, breakdown: CostsQuery['breakdown'], currency: UsageCurrency, signal: AbortSignal): Promise<CostsResponse>;
  gpu(period: UsagePeriod, signal: AbortSignal): Promise<GpuUsageResponse>;
  idleGpus(period: UsagePeriod, threshold: number, signal: AbortSignal): Promise<IdleGpuResponse>;
  endpoints(period: UsagePeriod, signal: AbortSignal): Promise<EndpointUsageResponse>;
  alerts(signal: AbortSignal): Promise<UsageAlertsResponse>;
  /** The cluster as it is now (its hourly rate, for what stopping it saves). */
  cluster(clusterId: string): Promise<ClusterResponse['data']>;
  stopCluster(clusterId: string): Promise<void>;
}

export const useUsage = create<UsageState>()((set) => ({
  generation: 0,
  refresh() {
    kept.clear();
    set((s) => ({ generation: s.generation + 1 }));
  },
  summary: (period, signal) =>
    cached(`summary:${period}`, async () => (await api('usage.summary', { query: { period } }, { signal })).data),
  detailed: (period, granularity, signal) =>
    cached(
      `detailed:${period}:${granularity}`,
      // `resources` is left at its default (gpu): a list of several is parsed into an array
      // before it leaves, and sent as repeated parameters that the route refuses.
      async () => (await api('usage.detailed', { query: { period, granularity } }, { signal })).data,
    ),
  costs: (period, breakdown, currency, signal) =>
    cached(
      `costs:${period}:${breakdown}:${currency}`,
      async () => (await api('usage.costs', { query: { period, breakdown, currency } }, { signal })).data,
    ),
  gpu: (period, signal) => cached(`gpu:${period}`, async () => (await api('usage.gpu', { query: { period } }, { signal })).data),
  idleGpus: (period, threshold, signal) =>
    cached(`idle:${period}:${threshold}`, async () => (await api('usage.idleGpus', { query: { period, threshold } }, { signal })).data),
  endpoints: (period, signal) =>
    cached(`endpoints:${period}`, async () => (await api('usage.endpoints', { query: { period } }, { signal })).data),
  alerts: (signal) => cached('alerts', async () => (await api('usage.alerts', {}, { signal })).data),
  async cluster(clusterId) {
    return (await api('clusters.get', { params: { cluster_id: clusterId } })).data.data;
  },
  async stopCluster(clusterId) {
    await api('clusters.stop', { params: { cluster_id: clusterId }, body: {} });
    // What it spends changed: the next reads are fresh.
    kept.clear();
    set((s) => ({ generation: s.generation + 1 }));
  },
}));
