// The dashboard's series by key, each in a bounded buffer: filled from history, then fed
// live snapshots (their own timestamp is the x value, so a simulated clock running faster
// than real time draws at its own pace). No React and no requests: the hook drives it.
import type { MetricsDataPoint, MetricsSnapshot } from '../../../../../../shared/api/clusters/metrics';
import { SeriesBuffer, type Point } from './ring-buffer';
import { historySeries, readValues, type NetworkReading } from './series';

export class SeriesSet {
  private readonly buffers = new Map<string, SeriesBuffer>();
  private network: NetworkReading | null = null;
  private lastX: number | null = null;

  constructor(private readonly capacity: number) {}

  /** Starts over with the points of the historical route. */
  loadHistory(points: readonly MetricsDataPoint[]): void {
    this.buffers.clear();
    this.network = null;
    this.lastX = null;
    for (const [key, series] of historySeries(points)) {
      const buffer = this.buffer(key, series.length);
      for (const p of series) buffer.push(p.x, p.y);
    }
    const last = points.at(-1);
    if (last) {
      const t = Date.parse(last.timestamp);
      this.lastX = t;
      if (last.network) this.network = { t, sent: last.network.bytes_sent, received: last.network.bytes_received };
    }
  }

  /** Adds a live reading at its timestamp; one not after the last is left out. Returns whether it was added. */
  append(snapshot: MetricsSnapshot): boolean {
    const t = Date.parse(snapshot.timestamp);
    if (this.lastX !== null && t <= this.lastX) return false;
    const { values, network } = readValues(snapshot, t, this.network);
    this.network = network ?? this.network;
    for (const [key, y] of values) this.buffer(key).push(t, y);
    this.lastX = t;
    return true;
  }

  dropBefore(x: number): void {
    for (const b of this.buffers.values()) b.dropBefore(x);
  }

  /** The time of the last reading (history or live), or null before any. */
  get last(): number | null {
    return this.lastX;
  }

  /** The array to give the chart for a series (empty, and kept, for a series with no data yet). */
  data(key: string): Point[] {
    return this.buffer(key).chartData();
  }

  /** The buffer behind `data(key)`: the same object while the series is only appended to. */
  source(key: string): object {
    return this.buffer(key);
  }

  has(key: string): boolean {
    return (this.buffers.get(key)?.length ?? 0) > 0;
  }

  window(key: string): Point[] {
    return this.buffers.get(key)?.toArray() ?? [];
  }

  keys(): string[] {
    return [...this.buffers.keys()];
  }

  private buffer(key: string, atLeast = 0): SeriesBuffer {
    let b = this.buffers.get(key);
    if (!b) this.buffers.set(key, (b = new SeriesBuffer(Math.max(this.capacity, atLeast, 1))));
    return b;
  }
}
