// The fleet view's data: the clusters list (read again every 2 minutes, to see clusters that
// came up or went down) and the latest snapshot of every cluster with live data, through the
// shared per-cluster poller the dashboards use — one poller per cluster whichever views watch
// it — at the interval the read budget allows. A hidden window reads nothing (the poller's rule).
import { useEffect, useMemo, useRef, useState } from 'react';
import { usePolling } from '../../../../lib/use-polling';
import { useClusters } from '../clusters-store';
import { clusterMetricsPoller } from '../metrics/metrics-poller';
import { fleetInterval, fleetRows, hasLiveData, type FleetRow, type SnapshotEvent } from './fleet-model';

const FLEET_LIST_POLL_MS = 120_000;

export interface FleetData {
  rows: FleetRow[];
  /** How often each live cluster is read (ms). */
  intervalMs: number;
  liveCount: number;
}

export function useFleet(): FleetData {
  const clusters = useClusters((s) => s.clusters);
  const [events, setEvents] = useState<ReadonlyMap<string, SnapshotEvent>>(() => new Map());
  usePolling(true, FLEET_LIST_POLL_MS, () => void useClusters.getState().load(null, { quiet: true }));

  const liveIds = useMemo(
    () =>
      clusters
        .filter((c) => hasLiveData(c.status))
        .map((c) => c.id)
        .sort(),
    [clusters],
  );
  const intervalMs = fleetInterval(liveIds.length);
  const liveKey = `${intervalMs}|${liveIds.join(',')}`;
  // Subscriptions by cluster id, kept across list reloads: a cluster still live keeps its
  // subscription (and its poller's rhythm); a new one is subscribed before an old one leaves.
  const subscriptions = useRef(new Map<string, { interval: number; off: () => void }>());
  // Readings that arrive together (the first read of every cluster) are applied once per frame.
  const pending = useRef(new Map<string, SnapshotEvent>());
  const frame = useRef<number | null>(null);
  const deliver = (id: string, event: SnapshotEvent) => {
    pending.current.set(id, event);
    frame.current ??= requestAnimationFrame(() => {
      frame.current = null;
      const batch = pending.current;
      pending.current = new Map();
      setEvents((prev) => new Map([...prev, ...batch]));
    });
  };

  useEffect(() => {
    const current = subscriptions.current;
    const wanted = new Set(liveIds);
    for (const id of liveIds) {
      const existing = current.get(id);
      if (existing && existing.interval === intervalMs) continue;
      const off = clusterMetricsPoller.subscribe(id, (event) => deliver(id, event), intervalMs);
      existing?.off();
      current.set(id, { interval: intervalMs, off });
    }
    for (const [id, sub] of current) {
      if (wanted.has(id)) continue;
      sub.off();
      current.delete(id);
    }
  }, [liveKey]); // eslint-disable-line react-hooks/exhaustive-deps -- liveKey names liveIds and intervalMs

  useEffect(() => {
    const current = subscriptions.current;
    return () => {
      for (const sub of current.values()) sub.off();
      current.clear();
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    };
  }, []);

  const rows = useMemo(() => fleetRows(clusters, events), [clusters, events]);
  return { rows, intervalMs, liveCount: liveIds.length };
}
