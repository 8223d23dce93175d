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
import { detailedPeriodOf } from './usage-format';
import type { UsageChoices } from './usage-params';

/** An answer is shown again without a read for this long (real time). */
export const FRESH_MS = 5 * 60_000;
/** The reads one refresh of the whole dashboard makes (for the read budget). */
export const DASHBOARD_READS = 7;

interface Kept {
  at: number;
  /** The answer, or the read in flight: a second asker (the month chart and the timeline of 30 days by day, a prefetch and the page) shares it. */
  value: Promise<unknown>;
}

const kept = new Map<string, Kept>();

/**
 * The kept answer of `key`, or a read of it. Reads are not cancelled when the view that asked
 * goes (it drops a late answer itself): the answer is kept for the next view.
 */
function cached<T>(key: string, read: () => Promise<T>): Promise<T> {
  const hit = kept.get(key);
  if (hit && Date.now() - hit.at < FRESH_MS) return hit.value as Promise<T>;
  const value = read();
  const entry = { at: Date.now(), value };
  kept.set(key, entry);
  // A failed read is not kept: the next asker reads again.
  value.catch(() => {
    if (kept.get(key) === entry) kept.delete(key);
  });
  return value;
}

/**
 * The first screen's reads (the prefetch's), settled: the reads of the panels below it (GPU
 * types, idle GPU money, endpoints — the GPU ones walk every cluster's metrics) wait for them, so
 * that on a big account the server answers the figures first.
 */
let firstScreen: Promise<unknown> = Promise.resolve();

export type DetailedPeriod = DetailedUsageResponse['period'];
export type Granularity = DetailedUsageResponse['granularity'];

interface UsageState {
  /** Moves on every refresh: what the panels key their reads by. */
  generation: number;
  /** Forgets every answer kept, and reads the panels again. */
  refresh(): void;
  summary(period: UsagePeriod): Promise<UsageSummaryResponse>;
  detailed(period: DetailedPeriod, granularity: Granularity): Promise<DetailedUsageResponse>;
  costs(period: UsagePeriod, breakdown: CostsQuery['breakdown'], currency: UsageCurrency): Promise<CostsResponse>;
  gpu(period: UsagePeriod): Promise<GpuUsageResponse>;
  idleGpus(period: UsagePeriod, threshold: number): Promise<IdleGpuResponse>;
  endpoints(period: UsagePeriod): Promise<EndpointUsageResponse>;
  alerts(): Promise<UsageAlertsResponse>;
  /** Starts the first screen's reads (the summary, the timeline, the month and the costs) for these choices. */
  prefetch(choices: UsageChoices): Promise<unknown>;
  /** The cluster as it is now (its hourly rate, for what stopping it saves). */
  cluster(clusterId: string): Promise<ClusterResponse['data']>;
  stopCluster(clusterId: string): Promise<void>;
}

export const useUsage = create<UsageState>()((set, get) => ({
  generation: 0,
  refresh() {
    kept.clear();
    set((s) => ({ generation: s.generation + 1 }));
  },
  summary: (period) => cached(`summary:${period}`, async () => (await api('usage.summary', { query: { period } })).data),
  detailed: (period, granularity) =>
    cached(
      `detailed:${period}:${granularity}`,
      // Every group: the timeline stacks GPU types, storage and data transfer.
      async () => (await api('usage.detailed', { query: { period, granularity, resources: ['gpu', 'storage', 'transfer'] } })).data,
    ),
  costs: (period, breakdown, currency) =>
    cached(
      `costs:${period}:${breakdown}:${currency}`,
      async () => (await api('usage.costs', { query: { period, breakdown, currency } })).data,
    ),
  gpu: (period) =>
    cached(`gpu:${period}`, async () => {
      await firstScreen;
      return (await api('usage.gpu', { query: { period } })).data;
    }),
  idleGpus: (period, threshold) =>
    cached(`idle:${period}:${threshold}`, async () => {
      await firstScreen;
      return (await api('usage.idleGpus', { query: { period, threshold } })).data;
    }),
  endpoints: (period) =>
    cached(`endpoints:${period}`, async () => {
      await firstScreen;
      return (await api('usage.endpoints', { query: { period } })).data;
    }),
  alerts: () => cached('alerts', async () => (await api('usage.alerts', {})).data),
  prefetch({ period, granularity, by, currency }) {
    const { summary, detailed, costs, alerts } = get();
    const reads = Promise.all([
      summary(period),
      detailed(detailedPeriodOf(period), granularity),
      detailed('30d', 'day'),
      alerts(),
      costs(period, by, currency),
    ]);
    firstScreen = reads.catch(() => undefined);
    return reads;
  },
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
