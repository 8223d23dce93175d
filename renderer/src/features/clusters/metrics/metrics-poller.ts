// One subscription per cluster however many views of this window watch it, on top of the
// `metrics:live` topic: the main process reads each watched cluster once per interval for
// every window (main/streams/metrics-live.ts). Views subscribe by cluster id; the first opens
// the topic, a later one gets the last answer at once, the last to leave closes it. While the
// window is hidden the topic is closed (main stops reading when no window watches); coming
// back opens it again, and main hands over its last answer at once.
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { MetricsSnapshot } from '../../../../../shared/api/clusters/metrics';
import { getBridge } from '../../../bridge';
import { noteServerTime } from '../../../lib/server-clock';

export type PollEvent<T> = { ok: true; value: T } | { ok: false; error: NormalizedError };
export type PollListener<T> = (event: PollEvent<T>) => void;

export interface SharedPoller<T> {
  subscribe(key: string, listener: PollListener<T>): () => void;
  /** How many views watch `key` (0 when it is not watched). */
  subscribers(key: string): number;
}

/** Opens the feed of `key`; events go to `emit` until the returned function closes it. */
export type FeedSource<T> = (key: string, emit: PollListener<T>) => () => void;

interface Entry<T> {
  listeners: Set<PollListener<T>>;
  /** Closes the source; null while the window is hidden. */
  close: (() => void) | null;
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

export function createSharedPoller<T>(source: FeedSource<T>, env: PollerEnvironment = documentVisibility): SharedPoller<T> {
  const entries = new Map<string, Entry<T>>();
  let stopVisibility: (() => void) | null = null;

  const open = (key: string, entry: Entry<T>) => {
    entry.close = source(key, (event) => {
      if (entries.get(key) !== entry) return;
      entry.last = event;
      for (const listener of [...entry.listeners]) listener(event);
    });
  };

  const onVisibility = () => {
    for (const [key, entry] of entries) {
      if (env.isHidden()) {
        entry.close?.();
        entry.close = null;
      } else if (entry.close === null) open(key, entry);
    }
  };

  return {
    subscribe(key, listener) {
      let entry = entries.get(key);
      if (!entry) {
        entry = { listeners: new Set([listener]), close: null, last: null };
        entries.set(key, entry);
        if (entries.size === 1) stopVisibility = env.onVisibilityChange(onVisibility);
        if (!env.isHidden()) open(key, entry);
      } else {
        entry.listeners.add(listener);
        if (entry.last) listener(entry.last);
      }
      const own = entry;
      return () => {
        if (!own.listeners.delete(listener) || own.listeners.size > 0) return;
        own.close?.();
        own.close = null;
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

/** The current snapshot of each watched cluster, processes included (for the processes table), from main's shared poller. */
export const clusterMetricsPoller = createSharedPoller<MetricsSnapshot>((clusterId, emit) =>
  getBridge().subscribe('metrics:live', { clusterId }, (event) => {
    if (!event.ok) return emit({ ok: false, error: event.error });
    noteServerTime(event.serverTime);
    emit({ ok: true, value: event.snapshot as MetricsSnapshot });
  }),
);
