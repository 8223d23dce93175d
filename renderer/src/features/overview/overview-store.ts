// The overview's data, one small store per card, each with its own load state (a card that
// fails shows its error; the others stay). Every card reads the operation its own view reads
// (the usage routes, the clusters list and a running cluster's metrics snapshot, the jobs and
// endpoints lists, the emulator's delivery log and clock), never another feature's code.
import { create } from 'zustand';
import type { z } from 'zod';
import type { DeliveryListResponse } from '../../../../shared/api/accounts/deliveries';
import type { ClockResponse } from '../../../../shared/api/emulator-admin';
import type { OutputOf } from '../../../../shared/api/operations';
import { api } from '../../bridge/api';
import { getBridge } from '../../bridge';
import { createLoader, initialLoadState, type LoadOptions, type LoadState } from '../../platform/resource-store';
import { FAILED_SHOWN, LIVE_CLUSTERS_SHOWN, liveClusters, meanUtilisation } from './overview-format';

type UsageAlerts = OutputOf<'usage.alerts'>;
type DetailedUsage = OutputOf<'usage.detailed'>;
type ClusterRecord = OutputOf<'clusters.list'>['data']['clusters'][number];
export type JobItem = OutputOf<'training.jobs.list'>['jobs'][number];
export type EndpointRecord = OutputOf<'endpoints.list'>['endpoints'][number];
export type Deliveries = z.infer<typeof DeliveryListResponse>;
export type Clock = z.infer<typeof ClockResponse>;

interface CardState<T> extends LoadState {
  data: T | null;
  load(options?: LoadOptions): Promise<void>;
  /** Loads unless loaded within `freshMs` (the prefetch, then the page's mount). */
  ensureLoaded(freshMs?: number): Promise<void>;
}

function cardStore<T>(read: (signal: AbortSignal) => Promise<T>) {
  return create<CardState<T>>()((set, get) => {
    const loader = createLoader<CardState<T>>(set, get);
    return {
      ...initialLoadState(),
      data: null,
      load: (options) => loader.run(async (signal) => ({ data: await read(signal) }), options),
      ensureLoaded: (freshMs) => loader.ensureLoaded(() => get().load(), freshMs),
    };
  });
}

/** The month's spend and forecast (usage.detailed over today) and the cost alerts: two reads of the usage API's 100 an hour. */
export interface Spend {
  alerts: UsageAlerts;
  detailed: DetailedUsage;
}
export const SPEND_READS = 2;

export const useSpend = cardStore<Spend>(async (signal) => {
  const [alerts, detailed] = await Promise.all([
    api('usage.alerts', {}, { signal }),
    api('usage.detailed', { query: { period: '1d', granularity: 'day' } }, { signal }),
  ]);
  return { alerts: alerts.data, detailed: detailed.data };
});

interface LiveCluster {
  cluster: ClusterRecord;
  /** Mean GPU utilisation of its snapshot (%), null when the snapshot could not be read. */
  utilisation: number | null;
  /** Per GPU (%), in GPU order. */
  gpus: number[];
}

export interface Fleet {
  /** Clusters of the account, by status. */
  counts: { running: number; total: number; gpusRunning: number };
  /** The running clusters shown (the ones with the most GPUs), with their snapshot. */
  live: LiveCluster[];
}

async function readFleet(signal: AbortSignal): Promise<Fleet> {
  const { data } = await api('clusters.list', { query: {} }, { signal });
  const clusters = data.data.clusters;
  const running = clusters.filter((c) => c.status === 'running');
  // One snapshot per cluster shown: a cluster whose read fails keeps its row, without figures.
  const live = await Promise.all(
    liveClusters(running).map(async (cluster): Promise<LiveCluster> => {
      try {
        const answer = await api('clusters.metrics.get', { params: { cluster_id: cluster.id }, query: { metrics: 'gpu' } }, { signal });
        const gpus = Object.values(answer.data.data.gpu?.utilization ?? {});
        return { cluster, utilisation: meanUtilisation(gpus), gpus };
      } catch (error) {
        if (signal.aborted) throw error;
        return { cluster, utilisation: null, gpus: [] };
      }
    }),
  );
  const gpusRunning = running.reduce((sum, c) => sum + c.gpu.count, 0);
  return { counts: { running: running.length, total: clusters.length, gpusRunning }, live };
}

export const useFleetCard = cardStore<Fleet>(readFleet);

/** Reads of the clusters group one refresh of the card spends: the list and a snapshot per cluster shown. */
export const fleetReads = (fleet: Fleet | null) => 1 + Math.min(fleet?.counts.running ?? LIVE_CLUSTERS_SHOWN, LIVE_CLUSTERS_SHOWN);

export interface Jobs {
  running: JobItem[];
  runningTotal: number;
  /** The most recently updated failed jobs. */
  failed: JobItem[];
  failedTotal: number;
}
export const JOBS_READS = 2;

export const useJobsCard = cardStore<Jobs>(async (signal) => {
  const [running, failed] = await Promise.all([
    api('training.jobs.list', { query: { status: 'running', limit: FAILED_SHOWN, sort: 'updated_at' } }, { signal }),
    api('training.jobs.list', { query: { status: 'failed', limit: FAILED_SHOWN, sort: 'updated_at' } }, { signal }),
  ]);
  return {
    running: running.data.jobs,
    runningTotal: running.data.pagination.total,
    failed: failed.data.jobs,
    failedTotal: failed.data.pagination.total,
  };
});

export const useEndpointsCard = cardStore<EndpointRecord[]>(async (signal) => (await api('endpoints.list', {}, { signal })).data.endpoints);

/** The newest deliveries of the emulator's event log (emulator profiles only: its admin channel). */
export const useEventsCard = cardStore<Deliveries>(() => getBridge().invoke('emulator:deliveries', { limit: FAILED_SHOWN }));

/** The emulator's clock and the real time it was read at, to run it forward between reads. */
export const useClockCard = cardStore<{ clock: Clock; readAt: number }>(async () => ({
  clock: await getBridge().invoke('emulator:clock', {}),
  readAt: Date.now(),
}));
