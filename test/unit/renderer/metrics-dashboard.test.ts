// The metrics dashboard's pure parts: the live ring buffer, the interval a range needs, the
// snapshot and history readers, the series set's live window, the shared poller's
// subscriber counting, and the decimation cap.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MetricsDataPoint, MetricsSnapshot } from '../../../shared/api/clusters/metrics';
import { HISTORICAL_MAX_POINTS, INTERVAL_MS } from '../../../shared/api/clusters/metrics';
import { feature as clustersFeature } from '../../../renderer/src/features/clusters/clusters';
import { bucketWidth, M4Decimator } from '../../../renderer/src/components/live-decimation';
import { metricTicks, pointCap } from '../../../renderer/src/components/metric-chart-core';
import {
  createSharedPoller,
  type FeedSource,
  type PollerEnvironment,
} from '../../../renderer/src/features/clusters/clusters/metrics/metrics-poller';
import { liveNoticeText } from '../../../renderer/src/features/clusters/clusters/metrics/LiveNotice';
import {
  bucketCount,
  checkCustomRange,
  historyRequest,
  intervalForRange,
} from '../../../renderer/src/features/clusters/clusters/metrics/ranges';
import { nearestPoint, SeriesBuffer } from '../../../renderer/src/features/clusters/clusters/metrics/ring-buffer';
import { readoutTime, valueAt } from '../../../renderer/src/features/clusters/clusters/metrics/readout';
import { historySeries, networkRates, readValues } from '../../../renderer/src/features/clusters/clusters/metrics/series';
import { SeriesSet } from '../../../renderer/src/features/clusters/clusters/metrics/series-set';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const GIB = 2 ** 30;

function snapshot(t: number, util: number, bytesReceived = 0): MetricsSnapshot {
  return {
    cluster_id: 'cluster_x',
    timestamp: new Date(t).toISOString(),
    gpu: {
      utilization: { gpu_0: util, gpu_1: util / 2 },
      memory: {
        gpu_0: { used: 40 * GIB, total: 80 * GIB, utilization_percent: 50 },
        gpu_1: { used: 20 * GIB, total: 80 * GIB, utilization_percent: 25 },
      },
      temperature: { gpu_0: 70, gpu_1: 60 },
      power: { gpu_0: 500, gpu_1: 300 },
      clock_speeds: { gpu_0: { graphics_clock: 1980, memory_clock: 2619 }, gpu_1: { graphics_clock: 1900, memory_clock: 2619 } },
    },
    network: { bytes_sent: bytesReceived / 10, bytes_received: bytesReceived, packets_sent: 0, packets_received: 0, interfaces: [] },
    custom_metrics: { 'train.loss': 0.5 },
  };
}

const point = (t: number, util: number): MetricsDataPoint => ({ ...snapshot(t, util), samples: 1 }) as MetricsDataPoint;

describe('SeriesBuffer (the live ring buffer)', () => {
  it('keeps at most its capacity, newest last, and ignores readings not after the last', () => {
    const b = new SeriesBuffer(3);
    for (let i = 1; i <= 5; i++) b.push(i, i * 10);
    expect(b.push(5, 99)).toBe(false);
    expect(b.push(4, 99)).toBe(false);
    expect(b.toArray()).toEqual([
      { x: 3, y: 30 },
      { x: 4, y: 40 },
      { x: 5, y: 50 },
    ]);
    expect(b.length).toBe(3);
  });

  it('drops points before a time and cuts its head once it is as long as the window', () => {
    const b = new SeriesBuffer(4);
    for (let i = 0; i < 4; i++) b.push(i, i);
    b.dropBefore(2);
    expect(b.toArray().map((p) => p.x)).toEqual([2, 3]);
    // The chart's array still holds the dropped head (outside the axis) until it is cut.
    expect(b.chartData().length).toBe(2);
    expect(b.chartData()[0]).toEqual({ x: 2, y: 2 });
  });

  it('does not grow without bound under a long live run', () => {
    const b = new SeriesBuffer(100);
    for (let i = 0; i < 100_000; i++) b.push(i, i);
    expect(b.length).toBe(100);
    expect(b.chartData().length).toBeLessThanOrEqual(200);
    expect(b.last).toEqual({ x: 99_999, y: 99_999 });
  });

  it('finds the nearest point, and none across a gap', () => {
    const pts = [
      { x: 0, y: 1 },
      { x: 10, y: 2 },
      { x: 20, y: 3 },
    ];
    expect(nearestPoint(pts, 14)?.y).toBe(2);
    expect(nearestPoint(pts, 16)?.y).toBe(3);
    expect(nearestPoint(pts, 100, 30)).toBeUndefined();
    expect(nearestPoint([], 1)).toBeUndefined();
  });
});

describe('interval from range', () => {
  it('picks the finest interval within the route bound of 1,440 points', () => {
    const end = Date.UTC(2026, 10, 25, 10, 0, 30);
    expect(intervalForRange(end - 6 * HOUR, end)).toBe('1m');
    expect(intervalForRange(end - 7 * DAY, end)).toBe('15m');
    expect(intervalForRange(end - 30 * DAY, end)).toBe('1h');
  });

  it('rounds the start up so a whole day reads at 1 minute, and stays within the bound', () => {
    const end = Date.UTC(2026, 10, 25, 10, 0, 30);
    const day = historyRequest(end, DAY);
    expect(day.interval).toBe('1m');
    expect(bucketCount(day.start, day.end, INTERVAL_MS[day.interval])).toBe(HISTORICAL_MAX_POINTS);
    for (const ms of [5 * MIN, HOUR, 6 * HOUR, DAY, 7 * DAY, 29 * DAY]) {
      const r = historyRequest(end, ms);
      expect(bucketCount(r.start, r.end, INTERVAL_MS[r.interval])).toBeLessThanOrEqual(HISTORICAL_MAX_POINTS);
    }
    expect(historyRequest(end, 7 * DAY).interval).toBe('15m');
  });

  it('checks a custom range in the user words', () => {
    const now = Date.UTC(2026, 10, 25);
    expect(checkCustomRange(now - HOUR, now - 2 * HOUR, now)).toEqual({ ok: false, field: 'end', message: 'End after the start' });
    expect(checkCustomRange(now - 31 * DAY, now, now)).toEqual({ ok: false, field: 'start', message: 'At most 30 days ago' });
    expect(checkCustomRange(now - HOUR, now + HOUR, now)).toEqual({ ok: true, start: now - HOUR, end: now });
  });
});

describe('snapshot → series points', () => {
  it('reads one value per GPU and metric, in display units', () => {
    const { values } = readValues(snapshot(1000, 80), 1000, null);
    expect(values.get('utilization:gpu_0')).toBe(80);
    expect(values.get('utilization:gpu_1')).toBe(40);
    expect(values.get('memory:gpu_0')).toBe(40);
    expect(values.get('temperature:gpu_1')).toBe(60);
    expect(values.get('sm_clock:gpu_1')).toBe(1900);
    expect(values.get('custom:train.loss')).toBe(0.5);
    // The first counter reading has no rate yet.
    expect(values.has('net.rx')).toBe(false);
  });

  it('turns network counters into rates, and none across a counter reset', () => {
    expect(networkRates({ t: 0, sent: 0, received: 1e6 }, { t: 2000, sent: 4e6, received: 3e6 })).toEqual({ rx: 1e6, tx: 2e6 });
    expect(networkRates({ t: 0, sent: 5e6, received: 5e6 }, { t: 1000, sent: 1e6, received: 1e6 })).toBeNull();
  });

  it('leaves a gap where the API left out a bucket without live minutes', () => {
    const series = historySeries([point(0, 50), point(2 * MIN, 70)]);
    expect(series.get('utilization:gpu_0')).toEqual([
      { x: 0, y: 50 },
      { x: 2 * MIN, y: 70 },
    ]);
  });

  it('appends live snapshots at their own time after the history, and slides the window', () => {
    const set = new SeriesSet(100);
    set.loadHistory([point(0, 50), point(MIN, 60)]);
    expect(set.append(snapshot(MIN, 99))).toBe(false);
    expect(set.append(snapshot(MIN + 5000, 90))).toBe(true);
    expect(set.last).toBe(MIN + 5000);
    set.dropBefore(MIN);
    expect(set.window('utilization:gpu_0')).toEqual([
      { x: MIN, y: 60 },
      { x: MIN + 5000, y: 90 },
    ]);
  });
});

describe('the crosshair readout (issue 18 part 5)', () => {
  it('names the time of the reading whose values it shows, not the pointer’s', () => {
    const set = new SeriesSet(100);
    set.loadHistory([point(0, 50), point(MIN, 60), point(2 * MIN, 70)]);
    // The pointer at 1:40 is nearest the reading of 2:00: the table names 2:00 and shows 70.
    const at = readoutTime(MIN + 40_000, set, 1.5 * MIN);
    expect(at).toBe(2 * MIN);
    expect(valueAt(set, 'utilization:gpu_0', at)).toBe(70);
    // At 1:20 it is the reading of 1:00.
    const earlier = readoutTime(MIN + 20_000, set, 1.5 * MIN);
    expect(earlier).toBe(MIN);
    expect(valueAt(set, 'utilization:gpu_0', earlier)).toBe(60);
  });

  it('names no time where no reading is near (a gap), and the last reading when not hovering', () => {
    const set = new SeriesSet(100);
    set.loadHistory([point(0, 50), point(MIN, 60)]);
    expect(readoutTime(10 * MIN, set, 1.5 * MIN)).toBeNull();
    expect(valueAt(set, 'utilization:gpu_0', null)).toBeUndefined();
    expect(readoutTime(null, set, 1.5 * MIN)).toBe(MIN);
    // A time no reading was taken at has no value: never a neighbour's.
    expect(valueAt(set, 'utilization:gpu_0', MIN + 1)).toBeUndefined();
  });
});

describe('no live data, in words', () => {
  it('says why from the 409 details', () => {
    const text = liveNoticeText({
      status: 409,
      code: 'INVALID_STATE',
      message: 'x',
      details: { current_status: 'stopped', last_collected_at: null },
      source: 'cluster',
    } as never);
    expect(text).toMatch(/^No live data: the cluster is stopped\./);
    expect(text).toContain('no readings yet');
  });
});

describe('decimation cap', () => {
  it('draws about one point per pixel, never fewer than 32', () => {
    expect(pointCap(612.4)).toBe(612);
    expect(pointCap(0)).toBe(32);
  });

  it('puts round-minute ticks on short windows and at most the asked number', () => {
    const min = Date.UTC(2026, 0, 1, 10, 0, 20);
    const { ticks, unit } = metricTicks(min, min + 5 * MIN, 6);
    expect(unit).toBe('minute');
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(ticks.every((t) => t % MIN === 0)).toBe(true);
  });
});

describe('one subscription per cluster in a window', () => {
  const visible: PollerEnvironment = { isHidden: () => false, onVisibilityChange: () => () => {} };

  /** A stand-in for the `metrics:live` topic: counts open feeds, and emits on demand. */
  function fakeSource() {
    const open = new Map<string, (e: { ok: true; value: string }) => void>();
    let opened = 0;
    const source: FeedSource<string> = (key, emit) => {
      opened++;
      open.set(key, emit);
      return () => open.delete(key);
    };
    return { source, open, opened: () => opened, emit: (key: string, value: string) => open.get(key)?.({ ok: true, value }) };
  }

  it('opens the feed once however many views watch, replays the last answer, and closes it with the last view', () => {
    const feed = fakeSource();
    const poller = createSharedPoller(feed.source, visible);
    const a = vi.fn();
    const b = vi.fn();
    const offA = poller.subscribe('c1', a);
    feed.emit('c1', 'c1@1');
    const offB = poller.subscribe('c1', b);
    // The second view gets the last answer at once, without a feed of its own.
    expect(b).toHaveBeenCalledWith({ ok: true, value: 'c1@1' });
    expect(feed.opened()).toBe(1);
    expect(poller.subscribers('c1')).toBe(2);
    feed.emit('c1', 'c1@2');
    expect(a).toHaveBeenCalledTimes(2);
    expect(b).toHaveBeenLastCalledWith({ ok: true, value: 'c1@2' });
    offA();
    expect(feed.open.has('c1')).toBe(true);
    offB();
    expect(poller.subscribers('c1')).toBe(0);
    expect(feed.open.has('c1')).toBe(false);
  });

  it('closes the feed while the window is hidden and opens it again when it comes back', () => {
    const feed = fakeSource();
    let hidden = false;
    let changed: () => void = () => {};
    const env: PollerEnvironment = {
      isHidden: () => hidden,
      onVisibilityChange: (l) => {
        changed = l;
        return () => {};
      },
    };
    const poller = createSharedPoller(feed.source, env);
    const off = poller.subscribe('c1', () => {});
    hidden = true;
    changed();
    expect(feed.open.has('c1')).toBe(false);
    hidden = false;
    changed();
    expect(feed.open.has('c1')).toBe(true);
    expect(feed.opened()).toBe(2);
    off();
  });
});

describe('live decimation (M4, at most one point per pixel)', () => {
  const series = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => ({ x: i * 1000, y: f(i) }));

  it('keeps a 3,600-point window within the cap, with its extremes and its latest value', () => {
    const raw = series(3600, (i) => (i === 1234 ? 500 : i === 2345 ? -500 : Math.sin(i / 30) * 10));
    const cap = pointCap(374);
    const d = new M4Decimator();
    const out = d.sync(raw, raw, 0, bucketWidth(3_599_000, cap));
    expect(out.length).toBeLessThanOrEqual(cap);
    expect(out.some((p) => p.y === 500)).toBe(true);
    expect(out.some((p) => p.y === -500)).toBe(true);
    expect(out.at(-1)).toBe(raw.at(-1));
  });

  it('appending readings and sliding the window gives what decimating the window afresh gives', () => {
    const all = series(5000, (i) => Math.cos(i / 17) * 50 + (i % 7));
    const span = 3_599_000;
    const width = bucketWidth(span, 300);
    const live = new M4Decimator();
    const source = {};
    const buffer: Array<{ x: number; y: number }> = all.slice(0, 3600);
    live.sync(buffer, source, 0, width);
    for (let i = 3600; i < 5000; i++) {
      buffer.push(all[i]!);
      live.sync(buffer, source, all[i]!.x - span, width);
    }
    const xMin = all[4999]!.x - span;
    const fresh = new M4Decimator().sync(all, {}, xMin, width);
    expect(live.out).toEqual(fresh);
    expect(live.out.length).toBeLessThanOrEqual(300);
  });

  it('starts over when the source changes (a history read replaced the series)', () => {
    const d = new M4Decimator();
    d.sync(
      series(10, (i) => i),
      'a',
      0,
      1000,
    );
    const out = d.sync(
      series(3, () => 7),
      'b',
      0,
      1000,
    );
    expect(out.map((p) => p.y)).toEqual([7, 7, 7]);
  });
});

describe('palette: Cluster: open metrics', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is offered while a cluster is open, and opens its Metrics tab', () => {
    const location = { hash: '#/clusters/cluster_abc/ports' };
    vi.stubGlobal('window', { location, addEventListener: () => {}, removeEventListener: () => {} });
    const command = clustersFeature.commands?.find((c) => c.id === 'clusters:open-metrics');
    expect(command?.title).toBe('Cluster: open metrics');
    command!.run();
    expect(location.hash).toBe('#/clusters/cluster_abc/metrics');
  });

  it('is not offered elsewhere (the fleet view is, everywhere)', () => {
    const ids = () => (clustersFeature.commands ?? []).map((c) => c.id);
    vi.stubGlobal('window', { location: { hash: '#/clusters' } });
    expect(ids()).toEqual(['clusters:fleet']);
    vi.stubGlobal('window', { location: { hash: '#/clusters/fleet' } });
    expect(ids()).toEqual(['clusters:fleet']);
    vi.stubGlobal('window', { location: { hash: '#/api-keys' } });
    expect(ids()).toEqual(['clusters:fleet']);
  });
});
