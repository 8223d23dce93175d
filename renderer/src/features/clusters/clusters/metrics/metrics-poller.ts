// One subscription per cluster however many views of this window watch it, on top of the
// `metrics:live` topic: the main process reads each watched cluster once per interval for
// every window (main/streams/metrics-live.ts). Views subscribe by cluster id; the first opens
// the topic, a later one gets the last answer at once, the last to leave closes it. While the
// window is hidden the topic is closed (main stops reading when no window watches); coming
// back opens it again, and main hands over its last answer at once. Each view says how often it
// needs a reading (the dashboard every 10 s, the fleet view less often to keep within the read
// budget): the window asks main for the shortest interval of its views, and main reads a
// cluster at the shortest interval any window asks for.
import type { NormalizedError } from '../../../../../../shared/api/errors';
import type { MetricsSnapshot } from '../../../../../../shared/api/clusters/metrics';
import type { RefreshPace } from '../../../../../../shared/ipc/streams';
import { getBridge } from '../../../../bridge';
import { noteServerTime } from '../../../../platform/server-clock';

/** A reading or a failure, with the pace main reads the cluster at under the read budget. */
type PollEvent<T> = { ok: true; value: T; pace?: RefreshPace } | { ok: false; error: NormalizedError; pace?: RefreshPace };
type PollListener<T> = (event: PollEvent<T>) => void;

export interface SharedPoller<T> {
  /** Watch `key`, wanting a reading at least every `intervalMs` (the feed's default when left out). */
  subscribe(key: string, listener: PollListener<T>, intervalMs?: number): () => void;
  /** How many views watch `key` (0 when it is not watched). */
  subscribers(key: string): number;
}

/**
 * Opens the feed of `key` read every `intervalMs` (undefined: the feed's default); events go to `emit` until the returned function closes it.
 * @internal Exported for its tests only.
 */
export type FeedSource<T> = (key: string, emit: PollListener<T>, intervalMs: number | undefined) => () => void;

interface Entry<T> {
  /** Each view and the interval it asked for (undefined: the default). */
  listeners: Map<PollListener<T>, number | undefined>;
  /** Closes the source; null while the window is hidden. */
  close: (() => void) | null;
  /** The interval the open source was asked for. */
  openedWith: number | undefined;
  last: PollEvent<T> | null;
}

/** The shortest interval the views ask for; undefined (the default, the shortest there is) when one asks for none. */
function intervalOf<T>(entry: Entry<T>): number | undefined {
  let min: number | undefined = Number.POSITIVE_INFINITY;
  for (const every of entry.listeners.values()) {
    if (every === undefined) return undefined;
    min = Math.min(min, every);
  }
  return min;
}

/** @internal Exported for its tests only. */
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

/** @internal Exported for its tests only. */
export function createSharedPoller<T>(source: FeedSource<T>, env: PollerEnvironment = documentVisibility): SharedPoller<T> {
  const entries = new Map<string, Entry<T>>();
  let stopVisibility: (() => void) | null = null;

  const open = (key: string, entry: Entry<T>) => {
    entry.openedWith = intervalOf(entry);
    entry.close = source(
      key,
      (event) => {
        if (entries.get(key) !== entry) return;
        entry.last = event;
        for (const listener of [...entry.listeners.keys()]) listener(event);
      },
      entry.openedWith,
    );
  };

  /**
   * Reopens the source when the views' shortest interval changed: the new one first, so main
   * keeps the cluster watched (no extra read) and replays its last answer at once.
   */
  const retune = (key: string, entry: Entry<T>) => {
    if (entry.close === null || intervalOf(entry) === entry.openedWith) return;
    const previous = entry.close;
    open(key, entry);
    previous();
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
    subscribe(key, listener, intervalMs) {
      let entry = entries.get(key);
      if (!entry) {
        entry = { listeners: new Map([[listener, intervalMs]]), close: null, openedWith: undefined, last: null };
        entries.set(key, entry);
        if (entries.size === 1) stopVisibility = env.onVisibilityChange(onVisibility);
        if (!env.isHidden()) open(key, entry);
      } else {
        entry.listeners.set(listener, intervalMs);
        if (entry.last) listener(entry.last);
        retune(key, entry);
      }
      const own = entry;
      return () => {
        if (!own.listeners.delete(listener)) return;
        if (own.listeners.size > 0) {
          retune(key, own);
          return;
        }
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
export const clusterMetricsPoller = createSharedPoller<MetricsSnapshot>((clusterId, emit, intervalMs) =>
  getBridge().subscribe('metrics:live', intervalMs === undefined ? { clusterId } : { clusterId, intervalMs }, (event) => {
    const pace = event.pace ? { pace: event.pace } : {};
    if (!event.ok) return emit({ ok: false, error: event.error, ...pace });
    noteServerTime(event.serverTime);
    emit({ ok: true, value: event.snapshot as MetricsSnapshot, ...pace });
  }),
);
