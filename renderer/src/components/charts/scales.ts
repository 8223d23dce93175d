// Axis scales of the charts drawn on canvas (parallel coordinates; the readouts of the others):
// a value to a position from 0 to 1 (linear, log10 or categorical), "nice" ticks, and numbers
// written short enough for an axis. Pure, so the mapping is tested without a browser.

export type AxisKind = 'linear' | 'log' | 'category';

export interface AxisScale {
  kind: AxisKind;
  /** Linear and log: the domain's ends (log: both above zero). */
  min: number;
  max: number;
  /** Categorical: the categories in axis order (bottom to top). */
  categories: readonly string[];
  /** The position of a value from 0 (bottom) to 1 (top); NaN for a missing or invalid one. */
  norm(value: number | string | null | undefined): number;
  /** The value at a position (numeric axes; categorical: the nearest category's index). */
  invert(t: number): number;
  /** Tick positions and their labels, at most about `count`. */
  ticks(count: number): Array<{ t: number; label: string }>;
}

/**
 * Linear ticks on 1, 2 or 5 × 10ⁿ, about `count` of them, inside min–max.
 * @internal Exported for its tests only.
 */
export function linearTicks(min: number, max: number, count: number): number[] {
  if (!(max > min) || !Number.isFinite(min) || !Number.isFinite(max)) return Number.isFinite(min) ? [min] : [];
  const raw = (max - min) / Math.max(1, count);
  const mag = 10 ** Math.floor(Math.log10(raw));
  // d3's thresholds: the nice step nearest the raw one (√50, √10, √2 between 10, 5, 2, 1).
  const err = raw / mag;
  const step = mag * (err >= 7.07 ? 10 : err >= 3.16 ? 5 : err >= 1.41 ? 2 : 1);
  const out: number[] = [];
  // Rounded to the step's decimals, so 0.1 + 0.2 reads 0.3.
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) out.push(Number(v.toFixed(digits)));
  return out;
}

/**
 * Log ticks: the powers of ten inside min–max, with 2× and 5× between them when there are few decades.
 * @internal Exported for its tests only.
 */
export function logTicks(min: number, max: number, count: number): number[] {
  if (!(min > 0) || !(max > min)) return min > 0 ? [min] : [];
  const lo = Math.floor(Math.log10(min));
  const hi = Math.ceil(Math.log10(max));
  const decades = hi - lo;
  const every = Math.max(1, Math.ceil(decades / Math.max(1, count)));
  const mults = decades * 3 <= count ? [1, 2, 5] : [1];
  const out: number[] = [];
  for (let e = lo; e <= hi; e += every) {
    for (const m of mults) {
      const v = Number((m * 10 ** e).toPrecision(12));
      if (v >= min * (1 - 1e-9) && v <= max * (1 + 1e-9)) out.push(v);
    }
  }
  // A narrow log range holding no round value at all: fall back to the linear ticks.
  return out.length >= 2 ? out : linearTicks(min, max, count);
}

/**
 * A number as an axis shows it: 3 significant digits (or, for a tick, the decimals its step
 * needs, so neighbouring ticks never read the same), exponent form from 1e6 up and under 0.001,
 * thousands grouped.
 */
export function formatNumber(v: number, step?: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e6 || a < 1e-3) return v.toExponential(1).replace('.0e', 'e').replace('e+', 'e');
  if (step !== undefined && step > 0) {
    const decimals = Math.min(6, Math.max(0, -Math.floor(Math.log10(step) + 1e-9)));
    return v.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  }
  return v.toLocaleString('en-US', { maximumSignificantDigits: a >= 1000 ? 6 : 3 });
}

/** The extent of the finite values (log: of those above zero); null when there are none. */
export function extent(values: Iterable<number | null | undefined>, positiveOnly = false): [number, number] | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (typeof v !== 'number' || !Number.isFinite(v) || (positiveOnly && v <= 0)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return lo <= hi ? [lo, hi] : null;
}

export function numericScale(kind: 'linear' | 'log', min: number, max: number): AxisScale {
  // A single value (or none) still gets an axis: a unit around it.
  let a = min;
  let b = max;
  if (!(b > a)) {
    if (kind === 'log') {
      a = a > 0 ? a / 10 : 0.1;
      b = a * 100;
    } else {
      // ±10 % of the value (±1 around 0), so its neighbours' ticks stay round.
      const v = Number.isFinite(a) ? a : 0;
      const d = v === 0 ? 1 : Math.abs(v) * 0.1;
      a = v - d;
      b = v + d;
    }
  }
  const la = Math.log10(a);
  const lb = Math.log10(b);
  return {
    kind,
    min: a,
    max: b,
    categories: [],
    norm(value) {
      if (typeof value !== 'number' || !Number.isFinite(value)) return Number.NaN;
      if (kind === 'log') return value > 0 ? (Math.log10(value) - la) / (lb - la) : Number.NaN;
      return (value - a) / (b - a);
    },
    invert: (t) => (kind === 'log' ? 10 ** (la + t * (lb - la)) : a + t * (b - a)),
    ticks(count) {
      const values = kind === 'log' ? logTicks(a, b, count) : linearTicks(a, b, count);
      const step = kind === 'linear' && values.length > 1 ? values[1]! - values[0]! : undefined;
      return values.map((v) => ({
        t: kind === 'log' ? (Math.log10(v) - la) / (lb - la) : (v - a) / (b - a),
        label: formatNumber(v, step),
      }));
    },
  };
}

export function categoryScale(categories: readonly string[]): AxisScale {
  const index = new Map(categories.map((c, i) => [c, i]));
  const n = categories.length;
  const at = (i: number) => (n <= 1 ? 0.5 : i / (n - 1));
  return {
    kind: 'category',
    min: 0,
    max: Math.max(0, n - 1),
    categories,
    norm(value) {
      const i = value === null || value === undefined ? undefined : index.get(String(value));
      return i === undefined ? Number.NaN : at(i);
    },
    invert: (t) => (n <= 1 ? 0 : Math.round(t * (n - 1))),
    ticks(count) {
      // Every category when they fit, else every k-th.
      const every = Math.max(1, Math.ceil(n / Math.max(1, count)));
      return categories.flatMap((c, i) => (i % every === 0 ? [{ t: at(i), label: c }] : []));
    },
  };
}
