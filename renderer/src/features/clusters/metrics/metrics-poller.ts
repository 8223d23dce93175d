// One poller per cluster however many views watch it: views subscribe by cluster id, the
// first subscriber starts the reads, a later one gets the last answer at once, and the last
// one to leave stops them (an answer still on its way is cancelled). While the window is
// hidden nothing is read; coming back reads at once. Each view says how often it needs a
// reading (the dashboard every 10 s, the fleet view less often to keep within the read budget):
// the cluster is read at the shortest interval of the views watching it.
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { MetricsSnapshot } from '../../../../../shared/api/clusters/metrics';
import { api } from '../../../bridge/api';
import { isCancelled, toNormalizedError } from '../../../bridge/errors';
import { LIVE_POLL_MS } from './ranges';

export type PollEvent<T> = { ok: true; value: T } | { ok: false; error: NormalizedError };
export type PollListener<T> = (event: PollEvent<T>) => void;

export interface SharedPoller<T> {
  /** Watch `key`, wanting a reading at least every `intervalMs` (the poller's default when left out). */
  subscribe(key: string, listener: PollListener<T>, intervalMs?: number): () => void;
  /** How many views watch `key` (0 when it is not polled). */
  subscribers(key: string): number;
}

interface Entry<T> {
  /** Each view and the interval it asked for. */
  listeners: Map<PollListener<T>, number>;
  timer: ReturnType<typeof setTimeout> | null;
  inFlight: AbortController | null;
  last: PollEvent<T> | null;
  /** When the last read ended (this machine's clock), to time the next one. */
  lastReadAt: number;
  /** The delay the pending timer was set with (0 when none). */
  wait: number;
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

  const intervalOf = (entry: Entry<T>) => Math.min(...entry.listeners.values());

  const schedule = (key: string, entry: Entry<T>, delay: number) => {
    if (entry.timer !== null) clearTimeout(entry.timer);
    entry.wait = delay;
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
      entry.lastReadAt = Date.now();
    }
    if (entries.get(key) !== entry) return;
    entry.last = event;
    for (const listener of [...entry.listeners.keys()]) listener(event);
    // A rate-limited read waits as long as the service asks.
    const retryAfter = !event.ok && event.error.retryAfter ? event.error.retryAfter * 1000 : 0;
    schedule(key, entry, Math.max(intervalOf(entry), retryAfter));
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
    subscribe(key, listener, every = intervalMs) {
      let entry = entries.get(key);
      if (!entry) {
        entry = { listeners: new Map(), timer: null, inFlight: null, last: null, lastReadAt: 0, wait: 0 };
        entries.set(key, entry);
        if (entries.size === 1) stopVisibility = env.onVisibilityChange(onVisibility);
        entry.listeners.set(listener, every);
        if (!env.isHidden()) void poll(key, entry);
      } else {
        const before = intervalOf(entry);
        entry.listeners.set(listener, every);
        if (entry.last) listener(entry.last);
        // A view that needs readings sooner than the pending timer gives them: the next read
        // comes `every` after the last one, not after the slower view's interval.
        if (every < before && entry.timer !== null && every < entry.wait) {
          const rateLimited = !entry.last?.ok && Boolean(entry.last?.error.retryAfter);
          if (!rateLimited) schedule(key, entry, Math.max(0, entry.lastReadAt + every - Date.now()));
        }
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
