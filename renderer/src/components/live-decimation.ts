// Decimation for live series, kept up to date as readings arrive instead of recomputed over
// the whole window on every tick (Chart.js's decimation plugin runs LTTB over every point
// and hands a new array each update, which then costs Chart.js a relink per dataset).
// Time is cut into buckets aligned to multiples of the bucket width, and each bucket keeps
// its first, lowest, highest and last point (M4: the pixels drawn are those of the full
// series, spikes included, and the line ends on the latest value). With a bucket of four
// pixels, a series never has more points than the chart has pixels across. A reading adds to
// the last bucket or opens one; the window moving on drops whole buckets from the front.
/** One reading of a series: time (ms) and value. */
export interface ChartPoint {
  x: number;
  y: number;
}

interface Bucket {
  key: number;
  first: ChartPoint;
  min: ChartPoint;
  max: ChartPoint;
  last: ChartPoint;
  /** Entries of `out` this bucket holds (1–4). */
  n: number;
}

/** The bucket width that keeps a window of `spanMs` within `maxPoints` points (4 per bucket). */
export function bucketWidth(spanMs: number, maxPoints: number): number {
  return Math.max(1, spanMs / Math.max(1, Math.floor(maxPoints / 4)));
}

export class M4Decimator {
  /** The points to draw: stable while the source only grows, so Chart.js keeps its elements. */
  out: ChartPoint[] = [];
  private buckets: Bucket[] = [];
  private head = 0;
  private source: unknown = null;
  private bucketMs = 0;
  private lastX = Number.NEGATIVE_INFINITY;

  /**
   * Brings `out` up to date with `raw` (sorted by x, only appended to while `source` stays
   * the same) for a window starting at `xMin`. A new source, bucket width or a series that
   * went back in time starts over.
   */
  sync(raw: readonly ChartPoint[], source: unknown, xMin: number, bucketMs: number): ChartPoint[] {
    const end = raw.length;
    const lastRaw = end > 0 ? raw[end - 1]!.x : Number.NEGATIVE_INFINITY;
    if (source !== this.source || bucketMs !== this.bucketMs || lastRaw < this.lastX) {
      this.source = source;
      this.bucketMs = bucketMs;
      this.reset();
      for (let i = lowerBound(raw, xMin - bucketMs); i < end; i++) this.add(raw[i]!);
    } else {
      let i = end;
      while (i > 0 && raw[i - 1]!.x > this.lastX) i--;
      for (; i < end; i++) this.add(raw[i]!);
    }
    this.dropBefore(xMin);
    return this.out;
  }

  private reset(): void {
    this.out = [];
    this.buckets = [];
    this.head = 0;
    this.lastX = Number.NEGATIVE_INFINITY;
  }

  private add(p: ChartPoint): void {
    this.lastX = p.x;
    const key = Math.floor(p.x / this.bucketMs);
    const b = this.buckets.length > this.head ? this.buckets[this.buckets.length - 1]! : undefined;
    if (!b || b.key !== key) {
      this.buckets.push({ key, first: p, min: p, max: p, last: p, n: 1 });
      this.out.push(p);
      return;
    }
    if (p.y < b.min.y) b.min = p;
    if (p.y > b.max.y) b.max = p;
    b.last = p;
    this.out.length -= b.n;
    const entries = bucketEntries(b);
    b.n = entries.length;
    for (const e of entries) this.out.push(e);
  }

  private dropBefore(xMin: number): void {
    let drop = 0;
    while (this.head < this.buckets.length && (this.buckets[this.head]!.key + 1) * this.bucketMs <= xMin) {
      drop += this.buckets[this.head]!.n;
      this.head++;
    }
    if (drop > 0) this.out.splice(0, drop);
    if (this.head > 64 && this.head > this.buckets.length / 2) {
      this.buckets = this.buckets.slice(this.head);
      this.head = 0;
    }
  }
}

/** A bucket's distinct points in time order. */
function bucketEntries(b: Bucket): ChartPoint[] {
  const pts = [b.first];
  for (const p of [b.min, b.max, b.last].sort((u, v) => u.x - v.x)) if (p !== pts[pts.length - 1] && !pts.includes(p)) pts.push(p);
  return pts;
}

function lowerBound(points: readonly ChartPoint[], x: number): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.x < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
