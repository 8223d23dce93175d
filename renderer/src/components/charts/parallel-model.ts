// The data side of the parallel-coordinates chart, apart from drawing: each axis's scale, every
// item's position on every axis in one typed array (scaled once per data change, not on each
// brush move), the brushes' selection (several axes combine with AND), the colour bin of each
// item, and the line nearest the pointer. Pure, so the selection is tested without a browser.
import { categoryScale, extent, numericScale, type AxisKind, type AxisScale } from './scales';

export interface ParallelAxis {
  key: string;
  label: string;
  /** Linear or log for numbers, category for strings (e.g. the optimizer, a choice parameter). */
  kind: AxisKind;
  /** Categories in axis order; by default the values met, sorted. */
  categories?: readonly string[];
}

export interface ParallelItem {
  id: string;
  values: Readonly<Record<string, number | string | null | undefined>>;
}

export interface ParallelColumns {
  scales: AxisScale[];
  /** Item i's position (0 bottom – 1 top) on axis a at [i * axes + a]; NaN when it has no value. */
  pos: Float32Array;
  axes: number;
  items: number;
}

export function buildColumns(axes: readonly ParallelAxis[], items: readonly ParallelItem[]): ParallelColumns {
  const scales = axes.map((axis) => {
    if (axis.kind === 'category') {
      const categories =
        axis.categories ??
        [
          ...new Set(
            items
              .map((it) => it.values[axis.key])
              .filter((v) => v !== null && v !== undefined)
              .map(String),
          ),
        ].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
      return categoryScale(categories);
    }
    const ext = extent(
      items.map((it) => it.values[axis.key]).map((v) => (typeof v === 'number' ? v : null)),
      axis.kind === 'log',
    );
    return numericScale(axis.kind, ext?.[0] ?? Number.NaN, ext?.[1] ?? Number.NaN);
  });
  const n = items.length;
  const m = axes.length;
  const pos = new Float32Array(n * m);
  for (let i = 0; i < n; i++) {
    const values = items[i]!.values;
    for (let a = 0; a < m; a++) pos[i * m + a] = scales[a]!.norm(values[axes[a]!.key]);
  }
  return { scales, pos, axes: m, items: n };
}

/** A brush on an axis: the positions from `lo` to `hi` (0 bottom – 1 top). */
export type Brush = readonly [lo: number, hi: number];

/**
 * 1 for the items inside every brush (AND), 0 for the others; an item without a value on a
 * brushed axis is outside. Brushes are keyed by axis index. With no brush every item is in.
 */
export function brushMask(cols: ParallelColumns, brushes: ReadonlyMap<number, Brush>, out = new Uint8Array(cols.items)): Uint8Array {
  out.fill(1);
  const m = cols.axes;
  const pos = cols.pos;
  for (const [a, [lo, hi]] of brushes) {
    // A tiny tolerance: a brush edge dragged onto a category tick includes it.
    const l = lo - 1e-6;
    const h = hi + 1e-6;
    for (let i = 0, k = a; i < cols.items; i++, k += m) {
      const p = pos[k]!;
      // NaN fails both comparisons: a missing value is outside.
      if (!(p >= l && p <= h)) out[i] = 0;
    }
  }
  return out;
}

/** The ids of the items the mask keeps, in item order. */
export function maskedIds(items: readonly ParallelItem[], mask: Uint8Array): string[] {
  const out: string[] = [];
  for (let i = 0; i < items.length; i++) if (mask[i]) out.push(items[i]!.id);
  return out;
}

/**
 * Each item's colour bin (0 to bins − 1) by its value of the colour axis, lowest first, and
 * the items ordered by bin (so each bin's lines are one path). No value: bin `bins` (grey).
 */
export function colourBins(cols: ParallelColumns, colourAxis: number | null, bins: number): { bin: Uint8Array; order: Uint32Array } {
  const n = cols.items;
  const bin = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const t = colourAxis === null ? 0.5 : cols.pos[i * cols.axes + colourAxis]!;
    bin[i] = Number.isNaN(t) ? bins : Math.min(bins - 1, Math.max(0, Math.floor(t * bins)));
  }
  const counts = new Uint32Array(bins + 2);
  for (let i = 0; i < n; i++) counts[bin[i]! + 1]!++;
  for (let b = 1; b < counts.length; b++) counts[b]! += counts[b - 1]!;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[counts[bin[i]!]!++] = i;
  return { bin, order };
}

/**
 * The item whose line passes nearest the point (x in axis-slot units: axis k at x = k of the
 * order shown; y from 0 bottom to 1 top), among those `eligible` (all when null), if within
 * `maxDy`. Slots between axes interpolate; a missing end leaves no line there.
 */
export function nearestLine(
  cols: ParallelColumns,
  order: readonly number[],
  x: number,
  y: number,
  maxDy: number,
  eligible: Uint8Array | null,
): number | null {
  if (order.length === 0) return null;
  const k = Math.min(order.length - 1, Math.max(0, Math.floor(x)));
  const k2 = Math.min(order.length - 1, k + 1);
  const f = k2 === k ? 0 : Math.min(1, Math.max(0, x - k));
  const a = order[k]!;
  const b = order[k2]!;
  let best: number | null = null;
  let bestD = maxDy;
  for (let i = 0; i < cols.items; i++) {
    if (eligible && !eligible[i]) continue;
    const p = cols.pos[i * cols.axes + a]!;
    const q = cols.pos[i * cols.axes + b]!;
    const at = p + (q - p) * f;
    const d = Math.abs(at - y);
    if (d <= bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

/** `order` with the axis at index `from` moved to index `to`. */
export function moveAxis(order: readonly number[], from: number, to: number): number[] {
  const next = [...order];
  const [a] = next.splice(from, 1);
  next.splice(Math.min(next.length, Math.max(0, to)), 0, a!);
  return next;
}
