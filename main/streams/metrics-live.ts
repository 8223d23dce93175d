// The shared metrics poller of `metrics:live` (docs/decisions.md, Stream relay): one read of a
// cluster's current snapshot every interval for the active profile, however many windows
// watch it. The first subscriber starts the reads, a later one gets the last answer at once,
// the last to leave stops them (a read on its way is cancelled). A 429 waits its Retry-After.
// When the active profile changes, every watched cluster is read again from the new one. Each
// subscriber says how often it needs a reading (a fleet view less often than a dashboard): a
// cluster is read at the shortest interval of its subscribers, timed from its last read — or
// later: every read after a cluster's first is background refresh and waits for its slot of
// the clusters read budget (`pace`, the gateway's read budget); each answer carries the pace.
import type { NormalizedError } from '../../shared/api/errors';
import { localError } from '../../shared/api/local-errors';
import { BridgeError } from '../../shared/ipc/dispatch';
import { METRICS_LIVE_INTERVAL_MS, type MetricsLiveEvent, type RefreshPace } from '../../shared/ipc/streams';

export interface MetricsLiveOptions {
  /** One read of the snapshot (the `data` of `GET /v1/clusters/{id}/metrics`); rejects with a BridgeError. */
  read(clusterId: string, signal: AbortSignal): Promise<{ snapshot: unknown; serverTime?: number }>;
  intervalMs?: number;
  /** The next read of `clusterId`'s wait under the budget, wanted `preferredMs` from now (Gateway.reserveReads); none: every interval. */
  pace?: (clusterId: string, preferredMs: number) => RefreshPace;
  /** The cluster is watched no more (Gateway.leaveReads). */
  leave?: (clusterId: string) => void;
}

export interface MetricsLive {
  subscribe(clusterId: string, emit: (event: MetricsLiveEvent) => void, intervalMs?: number): () => void;
  /** Reads every watched cluster again now (the active profile changed: the last answers are another server's). */
  profileChanged(): void;
  /** Reads every watched cluster now unless a read is on its way (the user advanced the emulator's clock). */
  refreshAll(): void;
  /** Clusters polled now (tests check sharing and stopping). */
  polled(): number;
  close(): void;
}

type Listener = (event: MetricsLiveEvent) => void;

interface Entry {
  /** Each subscriber and the interval it asked for. */
  listeners: Map<Listener, number>;
  timer: ReturnType<typeof setTimeout> | null;
  /** When the pending timer fires (this machine's clock). */
  due: number;
  inFlight: AbortController | null;
  /** When the last read ended, to time the next one from. */
  lastReadAt: number;
  last: MetricsLiveEvent | null;
  /** The pending read's pace: a read the budget slowed down is not moved sooner. */
  pace: RefreshPace | null;
}

function normalized(error: unknown): NormalizedError {
  if (error instanceof BridgeError) return error.normalized;
  return localError('INTERNAL_ERROR', 'The console hit an internal error reading metrics; see the application log.');
}

export function createMetricsLive(options: MetricsLiveOptions): MetricsLive {
  const defaultInterval = options.intervalMs ?? METRICS_LIVE_INTERVAL_MS;
  const entries = new Map<string, Entry>();
  const intervalOf = (entry: Entry) => Math.min(...entry.listeners.values());

  const schedule = (clusterId: string, entry: Entry, delay: number) => {
    if (entry.timer !== null) clearTimeout(entry.timer);
    entry.due = Date.now() + delay;
    entry.timer = setTimeout(() => void poll(clusterId, entry), delay);
  };

  async function poll(clusterId: string, entry: Entry): Promise<void> {
    entry.timer = null;
    if (entry.inFlight || entries.get(clusterId) !== entry) return;
    const controller = new AbortController();
    entry.inFlight = controller;
    let event: MetricsLiveEvent;
    try {
      const { snapshot, serverTime } = await options.read(clusterId, controller.signal);
      event = serverTime === undefined ? { ok: true, snapshot } : { ok: true, snapshot, serverTime };
    } catch (error) {
      if (controller.signal.aborted) return;
      event = { ok: false, error: normalized(error) };
    } finally {
      if (entry.inFlight === controller) entry.inFlight = null;
      entry.lastReadAt = Date.now();
    }
    if (entries.get(clusterId) !== entry) return;
    const retryAfterMs = !event.ok && event.error.retryAfter ? event.error.retryAfter * 1000 : 0;
    const wanted = Math.max(intervalOf(entry), retryAfterMs);
    entry.pace = options.pace?.(clusterId, wanted) ?? null;
    if (entry.pace) event = { ...event, pace: entry.pace };
    entry.last = event;
    for (const listener of [...entry.listeners.keys()]) listener(event);
    schedule(clusterId, entry, entry.pace ? entry.pace.everyMs : wanted);
  }

  const stop = (entry: Entry) => {
    if (entry.timer !== null) clearTimeout(entry.timer);
    entry.timer = null;
    entry.inFlight?.abort();
    entry.inFlight = null;
  };

  return {
    subscribe(clusterId, emit, intervalMs = defaultInterval) {
      let entry = entries.get(clusterId);
      if (!entry) {
        entry = { listeners: new Map([[emit, intervalMs]]), timer: null, due: 0, inFlight: null, lastReadAt: 0, last: null, pace: null };
        entries.set(clusterId, entry);
        void poll(clusterId, entry);
      } else {
        entry.listeners.set(emit, intervalMs);
        // Replayed without its server time, which was the clock of an earlier moment.
        if (entry.last) {
          const { serverTime: _at, ...replay } = entry.last.ok ? entry.last : { serverTime: undefined, ...entry.last };
          emit(replay);
        }
        // Sooner than the pending read (never sooner than a 429 asked): the next read comes
        // this interval after the last one.
        const rateLimited = entry.last !== null && !entry.last.ok && Boolean(entry.last.error.retryAfter);
        const held = entry.pace !== null && entry.pace.state !== 'live';
        const wanted = entry.lastReadAt + intervalMs;
        if (entry.timer !== null && !rateLimited && !held && wanted < entry.due)
          schedule(clusterId, entry, Math.max(0, wanted - Date.now()));
      }
      const own = entry;
      return () => {
        if (!own.listeners.delete(emit) || own.listeners.size > 0) return;
        stop(own);
        if (entries.get(clusterId) === own) entries.delete(clusterId);
        options.leave?.(clusterId);
      };
    },
    profileChanged() {
      for (const [clusterId, entry] of entries) {
        stop(entry);
        entry.last = null;
        void poll(clusterId, entry);
      }
    },
    refreshAll() {
      for (const [clusterId, entry] of entries) {
        if (entry.inFlight || entry.timer === null) continue;
        clearTimeout(entry.timer);
        entry.timer = null;
        void poll(clusterId, entry);
      }
    },
    polled: () => entries.size,
    close() {
      for (const entry of entries.values()) stop(entry);
      entries.clear();
    },
  };
}
