// The dashboard's data for one cluster and range. Live ranges: the window is read from the
// historical route at 1 minute, then each snapshot of the shared poller is appended at its own
// timestamp and the window slides to it (read from history again when the clock jumped past
// the window: at once when this console advanced the emulator's clock, else at the next
// reading). Paused, the window stays as it is and this view stops watching the poller.
// Historical ranges: one read at the interval the range needs.
import { useEffect, useReducer, useRef, useState } from 'react';
import type { MetricsInterval, MetricsSnapshot } from '../../../../../../shared/api/clusters/metrics';
import type { NormalizedError } from '../../../../../../shared/api/errors';
import type { RefreshPace } from '../../../../../../shared/ipc/streams';
import { isCancelled, toNormalizedError } from '../../../../bridge/errors';
import { onServerClockJump, serverNow } from '../../../../platform/server-clock';
import { useClusters } from '../clusters-store';
import { clusterMetricsPoller } from './metrics-poller';
import { historyRequest, LIVE_CAPACITY, LIVE_GAP_MS, type HistoryRequest } from './ranges';
import { SeriesSet } from './series-set';

export type MetricsWindow = { live: true; ms: number } | { live: false; start: number; end: number } | { live: false; ms: number };

/** What the dashboard shows besides the set. */
interface ViewState {
  /** Bumped whenever the set's data changed (charts update on it). */
  version: number;
  xMin: number;
  xMax: number;
  /** History being read (first read of a window, or a new range). */
  loading: boolean;
  /** The historical read failed. */
  error: NormalizedError | null;
  /** The last snapshot read failed (409 INVALID_STATE: the cluster has no live data). */
  liveError: NormalizedError | null;
  /** The latest snapshot (for the processes and the readout when not hovering). */
  latest: MetricsSnapshot | null;
  interval: MetricsInterval | null;
  /** How often main reads the cluster now, under the read budget. */
  pace: RefreshPace | null;
}

export interface MetricsData extends ViewState {
  set: SeriesSet;
  retry(): void;
}

const readHistory = (clusterId: string, req: HistoryRequest, signal: AbortSignal) =>
  useClusters.getState().metricsHistory(clusterId, req, signal);

export function useMetricsData(clusterId: string, window: MetricsWindow, paused: boolean): MetricsData {
  const setRef = useRef<SeriesSet>(new SeriesSet(LIVE_CAPACITY));
  const [attempt, retry] = useReducer((n: number) => n + 1, 0);
  /** The live window the set holds (null: it holds another range, or nothing). */
  const seededFor = useRef<string | null>(null);
  const [state, setState] = useState<ViewState>(() => ({
    version: 0,
    xMin: 0,
    xMax: 0,
    loading: true,
    error: null,
    liveError: null,
    latest: null,
    interval: null,
    pace: null,
  }));
  const patch = (p: Partial<ViewState> | ((s: ViewState) => Partial<ViewState>)) =>
    setState((s) => ({ ...s, ...(typeof p === 'function' ? p(s) : p) }));

  const key = window.live ? `live:${window.ms}` : 'ms' in window ? `last:${window.ms}` : `custom:${window.start}:${window.end}`;

  // Historical ranges: one read.
  useEffect(() => {
    if (window.live) return;
    seededFor.current = null;
    const controller = new AbortController();
    const end = 'end' in window ? window.end : serverNow();
    const ms = 'ms' in window ? window.ms : window.end - window.start;
    const req = historyRequest(end, ms);
    patch({ loading: true, error: null, interval: req.interval });
    readHistory(clusterId, req, controller.signal).then(
      (points) => {
        const set = new SeriesSet(1);
        set.loadHistory(points);
        setRef.current = set;
        patch((s) => ({ loading: false, version: s.version + 1, xMin: req.start, xMax: req.end }));
      },
      (error: unknown) => {
        if (!isCancelled(error)) patch({ loading: false, error: toNormalizedError(error) });
      },
    );
    return () => controller.abort();
  }, [clusterId, key, attempt]); // eslint-disable-line react-hooks/exhaustive-deps

  // Live ranges: a window seeded from history, fed by the shared poller.
  const liveKey = window.live ? `${clusterId}:${window.ms}:${attempt}` : null;
  useEffect(() => {
    if (!window.live || paused) return;
    const ms = window.ms;
    const fresh = seededFor.current !== liveKey;
    if (fresh) {
      setRef.current = new SeriesSet(LIVE_CAPACITY);
      patch({ loading: true, error: null, interval: null });
    }
    let controller: AbortController | null = null;
    let seeding = false;
    let seeded = !fresh;
    let pending: MetricsSnapshot[] = [];
    let disposed = false;

    const slide = (end: number) => {
      setRef.current.dropBefore(end - ms);
      patch((s) => ({ version: s.version + 1, xMin: end - ms, xMax: end, loading: false }));
    };

    const seed = (end: number) => {
      seeding = true;
      controller?.abort();
      const own = (controller = new AbortController());
      const req = historyRequest(end, ms, '1m');
      readHistory(clusterId, req, own.signal).then(
        (points) => {
          if (disposed || controller !== own) return;
          const set = new SeriesSet(LIVE_CAPACITY);
          set.loadHistory(points);
          for (const s of pending) set.append(s);
          pending = [];
          setRef.current = set;
          seeding = false;
          seeded = true;
          seededFor.current = liveKey;
          slide(Math.max(end, set.last ?? end));
        },
        (error: unknown) => {
          // A read a newer one replaced (a jump of the clock) leaves the newer one in charge.
          if (controller !== own) return;
          seeding = false;
          if (!disposed && !isCancelled(error)) patch({ loading: false, error: toNormalizedError(error) });
        },
      );
    };

    const unsubscribe = clusterMetricsPoller.subscribe(clusterId, (event) => {
      if (event.pace) patch({ pace: event.pace });
      if (!event.ok) {
        patch({ liveError: event.error });
        if (!seeded && !seeding) seed(serverNow());
        return;
      }
      const snapshot = event.value;
      const t = Date.parse(snapshot.timestamp);
      patch({ liveError: null, latest: snapshot });
      if (seeding) {
        pending.push(snapshot);
        return;
      }
      const last = setRef.current.last;
      if (!seeded || last === null || t - last > LIVE_GAP_MS) {
        pending = [snapshot];
        // A reading handed over from before a jump of the clock (the last answer of the
        // poller, replayed to a new view) is not where the window ends: the server's now is.
        const now = serverNow();
        seed(now - t > LIVE_GAP_MS ? now : t);
        return;
      }
      if (setRef.current.append(snapshot)) slide(t);
    });
    // The clock was advanced here (the emulator view, the palette): the window moves to the new
    // now at once, read from history, rather than at the next reading up to 10 s later.
    const stopJumps = onServerClockJump(() => {
      pending = [];
      seed(serverNow());
    });
    return () => {
      disposed = true;
      controller?.abort();
      unsubscribe();
      stopJumps();
    };
  }, [liveKey, paused]); // eslint-disable-line react-hooks/exhaustive-deps

  return { set: setRef.current, ...state, retry };
}
