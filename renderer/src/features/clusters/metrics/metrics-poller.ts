// One poller per cluster however many views watch it: views subscribe by cluster id, the
// first subscriber starts the reads, a later one gets the last answer at once, and the last
// one to leave stops them (an answer still on its way is cancelled). While the window is
// hidden nothing is read; coming back reads at once.
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { MetricsSnapshot } from '../../../../../shared/api/clusters/metrics';
import { api } from '../../../bridge/api';
import { isCancelled, toNormalizedError } from '../../../bridge/errors';
import { LIVE_POLL_MS } from './ranges';

export type PollEvent<T> = { ok: true; value: T } | { ok: false; error: NormalizedError };
export type PollListener<T> = (event: PollEvent<T>) => void;

export interface SharedPoller<T> {
  subscribe(key: string, listener: PollListener<T>): () => void;
  /** How many views watch `key` (0 when it is not polled). */
  subscribers(key: string): number;
}

interface Entry<T> {
  listeners: Set<PollListener<T>>;
  timer: ReturnType<typeof setTimeout> | null;
  inFlight: AbortController | null;
  last: PollEvent<T> | null;
}

export interface PollerEnvironment {
  isHidden(): boolean;
  onVisibilityChange(listener: () => void): () => void;
}

const documentVisibility: PollerEnvironment = {
  isHidden: () => typeof document !== 'undefined' && document.hidden,
  onVisibilityChange(listener) {
    if (typeof document === 'undefined') return () => {};
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

export function createSharedPoller<T>(
  read: (key: string, signal: AbortSignal) => Promise<T>,
  intervalMs: number,
  env: PollerEnvironment = documentVisibility,
): SharedPoller<T> {
  const entries = new Map<string, Entry<T>>();
  let stopVisibility: (() => void) | null = null;

  const schedule = (key: string, entry: Entry<T>, delay: number) => {
    if (entry.timer !== null) clearTimeout(entry.timer);
    entry.timer = env.isHidden() ? null : setTimeout(() => void poll(key, entry), delay);
  };

  async function poll(key: string, entry: Entry<T>): Promise<void> {
    entry.timer = null;
    if (entry.inFlight || entries.get(key) !== entry) return;
    const controller = new AbortController();
    entry.inFlight = controller;
    let event: PollEvent<T>;
    try {
      event = { ok: true, value: await read(key, controller.signal) };
    } catch (error) {
      if (controller.signal.aborted || isCancelled(error)) return;
      event = { ok: false, error: toNormalizedError(error) };
    } finally {
      if (entry.inFlight === controller) entry.inFlight = null;
    }
    if (entries.get(key) !== entry) return;
    entry.last = event;
    for (const listener of [...entry.listeners]) listener(event);
    // A rate-limited read waits as long as the service asks.
    const retryAfter = !event.ok && event.error.retryAfter ? event.error.retryAfter * 1000 : 0;
    schedule(key, entry, Math.max(intervalMs, retryAfter));
  }

  const onVisibility = () => {
    for (const [key, entry] of entries) {
      if (env.isHidden()) {
        if (entry.timer !== null) clearTimeout(entry.timer);
        entry.timer = null;
      } else if (entry.timer === null && !entry.inFlight) void poll(key, entry);
    }
  };

  return {
    subscribe(key, listener) {
      let entry = entries.get(key);
      if (!entry) {
        entry = { listeners: new Set(), timer: null, inFlight: null, last: null };
        entries.set(key, entry);
        if (entries.size === 1) stopVisibility = env.onVisibilityChange(onVisibility);
        entry.listeners.add(listener);
        if (!env.isHidden()) void poll(key, entry);
      } else {
        entry.listeners.add(listener);
        if (entry.last) listener(entry.last);
      }
      const own = entry;
      return () => {
        if (!own.listeners.delete(listener) || own.listeners.size > 0) return;
        if (own.timer !== null) clearTimeout(own.timer);
        own.inFlight?.abort();
        entries.delete(key);
        if (entries.size === 0) {
          stopVisibility?.();
          stopVisibility = null;
        }
      };
    },
    subscribers: (key) => entries.get(key)?.listeners.size ?? 0,
  };
}

/** The current snapshot of each watched cluster, processes included (for the processes table). */
export const clusterMetricsPoller = createSharedPoller<MetricsSnapshot>(
  async (clusterId, signal) =>
    (await api('clusters.metrics.get', { params: { cluster_id: clusterId }, query: { include_processes: true } }, { signal })).data.data,
  LIVE_POLL_MS,
);
