// Fleet view rules: the read interval within the budget, one row per cluster with one cell per
// GPU (stopped clusters kept, a cluster stopped since the list says so), the colour scales and
// their text colour; and the shared poller reading a cluster at the shortest interval its views ask.
import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../../shared/api/clusters/cluster';
import { gpuLabel, type MetricsSnapshot } from '../../../shared/api/clusters/metrics';
import {
  cellLabel,
  fleetInterval,
  fleetRows,
  fleetSummary,
  noDataText,
  SCALES,
  scaleColour,
  textOn,
  type SnapshotEvent,
} from '../../../renderer/src/features/clusters/clusters/fleet/fleet-model';
import { createSharedPoller, type PollerEnvironment } from '../../../renderer/src/features/clusters/clusters/metrics/metrics-poller';

const cluster = (id: string, name: string, status: Cluster['status'], count: number): Cluster =>
  ({ id, name, status, gpu: { type: 'H100', count } }) as unknown as Cluster;

const snapshot = (id: string, util: number[], temp: number[]): MetricsSnapshot => ({
  cluster_id: id,
  timestamp: '2026-06-01T12:00:00.000Z',
  gpu: {
    utilization: Object.fromEntries(util.map((u, i) => [`gpu_${i}`, u])),
    temperature: Object.fromEntries(temp.map((t, i) => [`gpu_${i}`, t])),
    power: Object.fromEntries(util.map((u, i) => [`gpu_${i}`, 100 + u * 5])),
    memory: Object.fromEntries(util.map((_, i) => [`gpu_${i}`, { used: 40 * 2 ** 30, total: 80 * 2 ** 30, utilization_percent: 50 }])),
    clock_speeds: {},
  },
});

describe('fleet view', () => {
  it('reads each live cluster every 30 s, less often when the clusters would pass the read budget', () => {
    expect(fleetInterval(1)).toBe(30_000);
    expect(fleetInterval(4)).toBe(30_000);
    // 5 clusters at 30 s would be 600 reads an hour, over the fleet's 500.
    expect(fleetInterval(5)).toBe(36_000);
    expect(fleetInterval(40)).toBe(288_000);
    for (const n of [1, 5, 13, 40, 100]) expect((n * 3_600_000) / fleetInterval(n)).toBeLessThanOrEqual(500);
  });

  it('gives one row per cluster, live first, one cell per GPU; stopped ones say so; a 409 since the list read too', () => {
    const clusters = [
      cluster('cluster_b', 'b-train', 'running', 2),
      cluster('cluster_a', 'a-stopped', 'stopped', 4),
      cluster('cluster_c', 'c-infer', 'running', 1),
      cluster('cluster_d', 'd-wait', 'restarting', 2),
      cluster('cluster_e', 'e-gone', 'running', 1),
    ];
    const events = new Map<string, SnapshotEvent>([
      ['cluster_b', { ok: true, value: snapshot('cluster_b', [90, 12], [81, 40]) }],
      ['cluster_c', { ok: true, value: snapshot('cluster_c', [50], [60]) }],
      [
        'cluster_e',
        {
          ok: false,
          error: { status: 409, code: 'INVALID_STATE', message: 'not running', details: { current_status: 'stopped' }, source: 'cluster' },
        },
      ],
    ]);
    const rows = fleetRows(clusters, events);
    expect(rows.map((r) => [r.name, r.state])).toEqual([
      ['b-train', 'live'],
      ['c-infer', 'live'],
      ['d-wait', 'loading'],
      ['a-stopped', 'no-data'],
      ['e-gone', 'no-data'],
    ]);
    expect(rows[0]!.cells.map((c) => [c.gpuId, c.utilization, c.temperature])).toEqual([
      ['gpu_0', 90, 81],
      ['gpu_1', 12, 40],
    ]);
    expect(rows[3]!.cells).toHaveLength(4);
    expect(rows[4]!.status).toBe('stopped');
    expect(noDataText('stopped')).toBe('stopped — no live data');
    expect(cellLabel(rows[0]!.cells[0]!, 'utilization')).toBe('90');
    expect(cellLabel(rows[0]!.cells[0]!, 'temperature')).toBe('81°');
    const summary = fleetSummary(rows);
    expect(summary.gpus).toBe(3);
    expect(summary.meanUtilization).toBeCloseTo(152 / 3);
    expect(summary.hottest?.cell.gpuId).toBe('gpu_0');
    expect(summary.hottest?.row.name).toBe('b-train');
  });

  it('maps values onto the scales, clamped at the ends, with readable text on every colour', () => {
    const u = SCALES.utilization;
    expect(scaleColour(u, 0)).toBe('#440154');
    expect(scaleColour(u, 100)).toBe('#fde725');
    expect(scaleColour(u, -5)).toBe('#440154');
    expect(scaleColour(u, 150)).toBe('#fde725');
    expect(scaleColour(u, 50)).toBe('#21918c');
    // Half way between the 0 and 25 stops.
    expect(scaleColour(u, 12.5)).toBe('#402a70');
    const t = SCALES.temperature;
    expect(scaleColour(t, 20)).toBe('#313695');
    expect(scaleColour(t, 95)).toBe('#a50026');
    expect(textOn('#440154')).toBe('#ffffff');
    expect(textOn('#fde725')).toBe('#000000');
    expect(textOn('#ffffbf')).toBe('#000000');
    // Every colour of both scales has text with a contrast of at least 4.5:1.
    const lum = (hex: string) => {
      const [r, g, b] = [1, 3, 5]
        .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
        .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    for (const scale of [u, t])
      for (let v = scale.min; v <= scale.max; v += 1) {
        const bg = scaleColour(scale, v);
        const [a, b] = [lum(bg), lum(textOn(bg))].sort((x, y) => y - x);
        expect((a! + 0.05) / (b! + 0.05)).toBeGreaterThanOrEqual(4.5);
      }
  });
});

describe('GPU label', () => {
  it('names a GPU one way from its index or its wire id', () => {
    expect(gpuLabel(1)).toBe('GPU 1');
    expect(gpuLabel('gpu_1')).toBe('GPU 1');
    expect(gpuLabel('gpu_12')).toBe(gpuLabel(12));
  });
});

describe('shared poller: intervals per view', () => {
  const visible: PollerEnvironment = { isHidden: () => false, onVisibilityChange: () => () => {} };

  it("asks main for the shortest interval of this window's views, reopening the feed (new first) when it changes", () => {
    const log: string[] = [];
    let n = 0;
    const poller = createSharedPoller<number>((key, _emit, every) => {
      const id = ++n;
      log.push(`open#${id} ${key} ${every ?? 'default'}`);
      return () => log.push(`close#${id}`);
    }, visible);
    const offFleet = poller.subscribe('c1', () => {}, 30_000);
    // A dashboard (the default, 10 s) joins: the shorter interval, the old feed closed after the new one opened.
    const offDashboard = poller.subscribe('c1', () => {});
    // Another fleet-like view changes nothing.
    const offSlow = poller.subscribe('c1', () => {}, 60_000);
    offSlow();
    offDashboard();
    offFleet();
    expect(log).toEqual(['open#1 c1 30000', 'open#2 c1 default', 'close#1', 'open#3 c1 30000', 'close#2', 'close#3']);
    expect(poller.subscribers('c1')).toBe(0);
  });
});
