// A bounded, time-ordered series of points for a live chart. Chart.js is handed the array
// itself (no copy per tick): points that fall out of the window stay at its head, outside the
// axis's min where Chart.js neither draws nor decimates them, until the head is cut off in one
// slice (a new array, which Chart.js picks up as new data).
export interface Point {
  x: number;
  y: number;
}

export class SeriesBuffer {
  private points: Point[] = [];
  /** Index of the first point still in the window. */
  private head = 0;

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError('capacity must be at least 1');
  }

  /** Points in the window (the first `length` entries counted from the head). */
  get length(): number {
    return this.points.length - this.head;
  }

  get last(): Point | undefined {
    return this.length > 0 ? this.points[this.points.length - 1] : undefined;
  }

  /** Appends a point; one not after the last is ignored (a repeated or late reading). Returns whether it was kept. */
  push(x: number, y: number): boolean {
    const last = this.last;
    if (!Number.isFinite(x) || !Number.isFinite(y) || (last && x <= last.x)) return false;
    this.points.push({ x, y });
    if (this.length > this.capacity) this.head = this.points.length - this.capacity;
    this.compact();
    return true;
  }

  /** Leaves out the points before `x` (the window moved on). */
  dropBefore(x: number): void {
    while (this.head < this.points.length && this.points[this.head]!.x < x) this.head++;
    this.compact();
  }

  clear(): void {
    this.points = [];
    this.head = 0;
  }

  /**
   * The array to give Chart.js: its points from the head on are the window, those before the
   * head are older than the window's start. Changes in place until the next compaction.
   */
  chartData(): Point[] {
    return this.points;
  }

  /** The window's points, as a copy. */
  toArray(): Point[] {
    return this.points.slice(this.head);
  }

  // The dropped head is cut once it is as long as the window, so the copy is amortised O(1).
  private compact(): void {
    if (this.head > 0 && this.head >= this.capacity / 2 && this.head >= this.length) {
      this.points = this.points.slice(this.head);
      this.head = 0;
    }
  }
}

/** The point nearest to `x` (by time) in a sorted array, or undefined when none is within `maxGap`. */
export function nearestPoint(points: readonly Point[], x: number, maxGap = Number.POSITIVE_INFINITY): Point | undefined {
  let lo = 0;
  let hi = points.length - 1;
  if (hi < 0) return undefined;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.x < x) lo = mid + 1;
    else hi = mid;
  }
  const after = points[lo]!;
  const before = lo > 0 ? points[lo - 1]! : after;
  const best = Math.abs(before.x - x) <= Math.abs(after.x - x) ? before : after;
  return Math.abs(best.x - x) <= maxGap ? best : undefined;
}
