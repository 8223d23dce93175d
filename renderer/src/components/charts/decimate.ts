// Decimation of a curve for drawing: in each pixel column, the first, lowest, highest and last
// point (M4). The pixels drawn are those of the full curve (spikes kept), with at most four
// points per column; a curve with fewer points than that is returned whole. Pure, over columnar
// arrays sorted by x (a run's steps), for one view (x0–x1) at a time: zooming in decimates the
// visible part again at full detail. Chart.js's own decimation plugin needs a dataset (an
// element per point) and recomputes on every update; the step-curve chart draws its paths itself.

export interface Decimated {
  /** The points kept, `n` of them, in x order. */
  x: Float64Array;
  y: Float64Array;
  n: number;
}

/** The first index with x ≥ value (xs ascending). */
export function lowerBound(xs: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The points of (xs, ys) to draw for the view x0–x1 across `columns` pixel columns. The point
 * just outside each end is kept so the line reaches the plot's edges. Points whose y is not
 * finite (a diverged run's NaN) or, with `positiveOnly` (a log axis), not above zero are left out.
 */
export function decimateM4(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  x0: number,
  x1: number,
  columns: number,
  positiveOnly = false,
): Decimated {
  const from = Math.max(0, lowerBound(xs, x0) - 1);
  const to = Math.min(xs.length, lowerBound(xs, x1) + 1);
  const cols = Math.max(1, Math.floor(columns));
  const valid = (v: number) => Number.isFinite(v) && (!positiveOnly || v > 0);
  const count = to - from;
  if (count <= cols * 4) {
    const x = new Float64Array(count);
    const y = new Float64Array(count);
    let n = 0;
    for (let i = from; i < to; i++) {
      const v = ys[i]!;
      if (!valid(v)) continue;
      x[n] = xs[i]!;
      y[n++] = v;
    }
    return { x, y, n };
  }
  const x = new Float64Array(cols * 4 + 8);
  const y = new Float64Array(cols * 4 + 8);
  let n = 0;
  const width = (x1 - x0) / cols;
  let col = Number.NaN;
  let first = -1;
  let lo = -1;
  let hi = -1;
  let last = -1;
  const flush = () => {
    if (first < 0) return;
    // The column's points in x order, each once.
    const picks = [first, lo, hi, last].sort((a, b) => a - b);
    let prev = -1;
    for (const p of picks) {
      if (p === prev) continue;
      prev = p;
      x[n] = xs[p]!;
      y[n++] = ys[p]!;
    }
  };
  for (let i = from; i < to; i++) {
    const v = ys[i]!;
    if (!valid(v)) continue;
    // Points outside the view get columns of their own (−1 and cols), so the edges stay exact.
    const c = Math.min(cols, Math.max(-1, Math.floor((xs[i]! - x0) / width)));
    if (c !== col) {
      flush();
      col = c;
      first = lo = hi = last = i;
      continue;
    }
    if (v < ys[lo]!) lo = i;
    if (v > ys[hi]!) hi = i;
    last = i;
  }
  flush();
  return { x, y, n };
}
