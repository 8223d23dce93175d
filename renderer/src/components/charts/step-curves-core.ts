// Many runs' curves of one metric overlaid by step, on canvas (no React here, so the benchmark
// drives exactly what the view draws). As in metric-chart-core, Chart.js lays out and draws the
// axes (linear step axis; linear or log value axis, rounded to nice ticks) and a plugin draws
// every run as one path of its decimated points (decimate.ts: at most four points per pixel
// column, over the zoomed view only); a Chart.js dataset would cost an element per point.
// The highlighted run and the crosshair are drawn on an overlay canvas, over a veil of the
// background that fades the other curves: hovering never redraws the 200 other curves.
import { Chart, LinearScale, LineController, LogarithmicScale, type ChartConfiguration, type Plugin, type Scale } from 'chart.js';
import { clipToChartArea, SELF_DRAWN } from './chart-area';
import { decimateM4, lowerBound, type Decimated } from './decimate';
import { formatNumber } from './scales';

Chart.register(LineController, LinearScale, LogarithmicScale);

export interface StepRun {
  id: string;
  label: string;
  color: string;
  /** Ascending. */
  steps: ArrayLike<number>;
  values: ArrayLike<number>;
}

export interface StepCurvesColors {
  grid: string;
  text: string;
  /** The crosshair line. */
  cursor: string;
  /** The chart's background: laid thinly over the other curves while one is highlighted. */
  background: string;
}

interface StepView {
  x0: number;
  x1: number;
  /** Null: the value axis fits the data in x0–x1. */
  y0: number | null;
  y1: number | null;
}

export interface StepReadoutRow {
  id: string;
  label: string;
  color: string;
  step: number;
  value: number;
}

export interface StepCurvesController {
  setRuns(runs: readonly StepRun[], hidden: ReadonlySet<string>): void;
  setHidden(hidden: ReadonlySet<string>): void;
  setLogY(log: boolean): void;
  setView(view: StepView | null): void;
  setColors(colors: StepCurvesColors): void;
  /** Highlights a run (null: none) and draws the crosshair at a step (null: none) on the overlay. */
  setHover(runId: string | null, step: number | null): void;
  /** The step and value under a pixel of the canvas (null outside the plot). */
  valueAt(px: number, py: number): { step: number; value: number } | null;
  /** Every shown run's value at the step nearest `step` (its last step at or before it). */
  readout(step: number): StepReadoutRow[];
  /** The shown run whose curve passes nearest the pixel, within `maxPx` vertically. */
  nearestRun(px: number, py: number, maxPx: number): string | null;
  area(): { left: number; right: number; top: number; bottom: number };
  /** The canvases, bottom first (for the PNG export). */
  layers(): HTMLCanvasElement[];
  destroy(): void;
  readonly chart: Chart<'line'>;
}

const LINE_WIDTH = 1;
const HIGHLIGHT_WIDTH = 2.5;
/** The veil's opacity over the other curves while a run is highlighted. */
const VEIL = 0.72;

interface Drawn {
  run: StepRun;
  points: Decimated;
}

/** The value axis's pixel of a value, without Chart.js's per-call overhead (200,000 calls a draw). */
function yMapper(scale: Scale, log: boolean, top: number, bottom: number): (v: number) => number {
  if (log) {
    const l0 = Math.log10(scale.min);
    const k = (bottom - top) / (Math.log10(scale.max) - l0);
    return (v) => bottom - (Math.log10(v) - l0) * k;
  }
  const k = (bottom - top) / (scale.max - scale.min);
  const m = scale.min;
  return (v) => bottom - (v - m) * k;
}

export function createStepCurves(canvas: HTMLCanvasElement, overlay: HTMLCanvasElement, initial: StepCurvesColors): StepCurvesController {
  let colors = initial;
  let runs: readonly StepRun[] = [];
  let hidden: ReadonlySet<string> = new Set();
  let logY = false;
  let view: StepView | null = null;
  let drawn: Drawn[] = [];
  let hover: { run: string | null; step: number | null } = { run: null, step: null };
  /** The data's extent over the shown runs (x all steps; y the finite values, positive ones on a log axis). */
  let full = { x0: 0, x1: 1, y0: 0, y1: 1 };

  const seriesPlugin: Plugin<'line'> = {
    id: 'gpcStepSeries',
    afterDatasetsDraw(ch) {
      const { left, right, top, bottom } = ch.chartArea;
      const xs = ch.scales.x as Scale;
      const ys = ch.scales.y as Scale;
      if (!(xs.max > xs.min) || !(ys.max > ys.min)) return;
      const columns = Math.max(1, Math.round(right - left));
      const kx = (right - left) / (xs.max - xs.min);
      const x0 = xs.min;
      const toY = yMapper(ys, logY, top, bottom);
      drawn = [];
      const ctx = ch.ctx;
      clipToChartArea(ctx, ch.chartArea);
      ctx.lineWidth = LINE_WIDTH;
      ctx.lineJoin = 'round';
      for (const run of runs) {
        if (hidden.has(run.id)) continue;
        const pts = decimateM4(run.steps, run.values, xs.min, xs.max, columns, logY);
        drawn.push({ run, points: pts });
        if (pts.n === 0) continue;
        ctx.strokeStyle = run.color;
        ctx.beginPath();
        ctx.moveTo(left + (pts.x[0]! - x0) * kx, toY(pts.y[0]!));
        for (let i = 1; i < pts.n; i++) ctx.lineTo(left + (pts.x[i]! - x0) * kx, toY(pts.y[i]!));
        // A run of one step is a dot.
        if (pts.n === 1) ctx.lineTo(left + (pts.x[0]! - x0) * kx + 0.5, toY(pts.y[0]!));
        ctx.stroke();
      }
      ctx.restore();
    },
    afterRender(ch) {
      drawOverlay(ch);
    },
  };

  const config: ChartConfiguration<'line'> = {
    type: 'line',
    data: { datasets: [] },
    plugins: [seriesPlugin],
    options: {
      ...SELF_DRAWN,
      layout: { padding: { top: 6, right: 12 } },
      scales: {
        x: {
          type: 'linear',
          grid: { color: colors.grid },
          title: { display: true, text: 'Step', color: colors.text },
          ticks: {
            color: colors.text,
            maxRotation: 0,
            autoSkipPadding: 16,
            includeBounds: false,
            callback: (v) => formatNumber(Number(v)),
          },
        },
        y: {
          type: 'linear',
          grid: { color: colors.grid },
          // No ticks at a zoomed axis's odd ends, only at round values.
          ticks: { color: colors.text, maxTicksLimit: 8, includeBounds: false, callback: (v) => tickLabel(Number(v)) },
        },
      },
    },
  };
  const chart = new Chart<'line'>(canvas, config);

  function tickLabel(v: number): string {
    if (!logY) return formatNumber(v);
    // A log axis ticks every 1–9 × 10ⁿ: the 1, 2 and 5 are labelled.
    const mantissa = Math.round(v / 10 ** Math.floor(Math.log10(v)));
    return mantissa === 1 || mantissa === 2 || mantissa === 5 ? formatNumber(v) : '';
  }

  function computeExtent(): void {
    let x0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (const run of runs) {
      if (hidden.has(run.id) || run.steps.length === 0) continue;
      x0 = Math.min(x0, run.steps[0]!);
      x1 = Math.max(x1, run.steps[run.steps.length - 1]!);
      const vs = run.values;
      for (let i = 0; i < vs.length; i++) {
        const v = vs[i]!;
        if (!Number.isFinite(v) || (logY && v <= 0)) continue;
        if (v < y0) y0 = v;
        if (v > y1) y1 = v;
      }
    }
    if (!(x1 >= x0)) [x0, x1] = [0, 1];
    if (x1 === x0) [x0, x1] = [x0 - 1, x1 + 1];
    if (!(y1 >= y0)) [y0, y1] = logY ? [0.1, 1] : [0, 1];
    if (y1 === y0) [y0, y1] = logY ? [y0 / 2, y1 * 2] : [y0 - 1, y1 + 1];
    full = { x0, x1, y0, y1 };
  }

  /** The y extent of the shown runs within x0–x1 (a zoom on x alone fits y to what it shows). */
  function yExtentIn(x0: number, x1: number): [number, number] | null {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const run of runs) {
      if (hidden.has(run.id)) continue;
      const from = Math.max(0, lowerBound(run.steps, x0) - 1);
      const to = Math.min(run.steps.length, lowerBound(run.steps, x1) + 1);
      for (let i = from; i < to; i++) {
        const v = run.values[i]!;
        if (!Number.isFinite(v) || (logY && v <= 0)) continue;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    }
    return lo <= hi ? [lo, hi] : null;
  }

  function layout(): void {
    const x = chart.options.scales!.x as { min?: number; max?: number };
    const y = chart.options.scales!.y as {
      type: string;
      min?: number;
      max?: number;
      suggestedMin?: number;
      suggestedMax?: number;
    };
    y.type = logY ? 'logarithmic' : 'linear';
    x.min = view ? view.x0 : full.x0;
    x.max = view ? view.x1 : full.x1;
    if (view && view.y0 !== null && view.y1 !== null) {
      y.min = view.y0;
      y.max = view.y1;
      y.suggestedMin = y.suggestedMax = undefined;
    } else {
      const ext: [number, number] = view ? (yExtentIn(view.x0, view.x1) ?? [full.y0, full.y1]) : [full.y0, full.y1];
      y.min = y.max = undefined;
      // Chart.js rounds suggested bounds out to nice ticks.
      y.suggestedMin = ext[0];
      y.suggestedMax = ext[1] === ext[0] ? ext[1] + 1 : ext[1];
    }
    chart.update('none');
  }

  // Given the chart: the first render runs inside Chart.js's constructor, before `chart` is set.
  function drawOverlay(ch: Chart<'line'> = chart): void {
    if (overlay.width !== canvas.width || overlay.height !== canvas.height) {
      overlay.width = canvas.width;
      overlay.height = canvas.height;
    }
    overlay.style.width = canvas.style.width;
    overlay.style.height = canvas.style.height;
    const ctx = overlay.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, overlay.width, overlay.height);
    const ratio = canvas.width / Math.max(1, canvas.clientWidth || ch.width);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const { left, right, top, bottom } = ch.chartArea;
    const xs = ch.scales.x as Scale | undefined;
    const ys = ch.scales.y as Scale | undefined;
    if (!xs || !ys || !(xs.max > xs.min)) return;
    const kx = (right - left) / (xs.max - xs.min);
    const toY = yMapper(ys, logY, top, bottom);
    clipToChartArea(ctx, ch.chartArea);
    const d = hover.run === null ? undefined : drawn.find((r) => r.run.id === hover.run);
    if (d) {
      ctx.globalAlpha = VEIL;
      ctx.fillStyle = colors.background;
      ctx.fillRect(left, top, right - left, bottom - top);
      ctx.globalAlpha = 1;
    }
    if (d && d.points.n > 0) {
      ctx.strokeStyle = d.run.color;
      ctx.lineWidth = HIGHLIGHT_WIDTH;
      ctx.lineJoin = 'round';
      ctx.beginPath();
      ctx.moveTo(left + (d.points.x[0]! - xs.min) * kx, toY(d.points.y[0]!));
      for (let i = 1; i < d.points.n; i++) ctx.lineTo(left + (d.points.x[i]! - xs.min) * kx, toY(d.points.y[i]!));
      ctx.stroke();
    }
    if (hover.step !== null && hover.step >= xs.min && hover.step <= xs.max) {
      const px = Math.round(left + (hover.step - xs.min) * kx) + 0.5;
      ctx.strokeStyle = colors.cursor;
      ctx.lineWidth = 1;
      ctx.setLineDash([3, 3]);
      ctx.beginPath();
      ctx.moveTo(px, top);
      ctx.lineTo(px, bottom);
      ctx.stroke();
      ctx.setLineDash([]);
      if (d) {
        const row = valueOf(d.run, hover.step);
        if (row) {
          ctx.fillStyle = d.run.color;
          ctx.beginPath();
          ctx.arc(left + (row.step - xs.min) * kx, toY(row.value), 4, 0, 2 * Math.PI);
          ctx.fill();
        }
      }
    }
    ctx.restore();
  }

  function valueOf(run: StepRun, step: number): { step: number; value: number } | null {
    // The last recorded step at or before the crosshair (a run that ended earlier shows nothing past its end).
    const i = lowerBound(run.steps, step + 1e-9) - 1;
    if (i < 0 || run.steps.length === 0) return null;
    if (step > run.steps[run.steps.length - 1]!) return null;
    const value = run.values[i]!;
    return Number.isFinite(value) ? { step: run.steps[i]!, value } : null;
  }

  return {
    chart,
    setRuns(next, nextHidden) {
      runs = next;
      hidden = nextHidden;
      computeExtent();
      layout();
    },
    setHidden(next) {
      hidden = next;
      computeExtent();
      layout();
    },
    setLogY(log) {
      logY = log;
      view = null;
      computeExtent();
      layout();
    },
    setView(next) {
      view = next;
      layout();
    },
    setColors(next) {
      if (next === colors) return;
      colors = next;
      const x = chart.options.scales!.x as { grid: { color: string }; ticks: { color: string }; title: { color: string } };
      const y = chart.options.scales!.y as { grid: { color: string }; ticks: { color: string } };
      x.grid.color = y.grid.color = next.grid;
      x.ticks.color = y.ticks.color = x.title.color = next.text;
      chart.update('none');
    },
    setHover(runId, step) {
      hover = { run: runId, step };
      drawOverlay();
    },
    valueAt(px, py) {
      const { left, right, top, bottom } = chart.chartArea;
      if (px < left || px > right || py < top || py > bottom) return null;
      const xs = chart.scales.x as Scale;
      const ys = chart.scales.y as Scale;
      return { step: xs.getValueForPixel(px)!, value: ys.getValueForPixel(py)! };
    },
    readout(step) {
      const rows: StepReadoutRow[] = [];
      for (const run of runs) {
        if (hidden.has(run.id)) continue;
        const v = valueOf(run, step);
        if (v) rows.push({ id: run.id, label: run.label, color: run.color, ...v });
      }
      return rows;
    },
    nearestRun(px, py, maxPx) {
      const at = this.valueAt(px, py);
      if (!at) return null;
      const ys = chart.scales.y as Scale;
      const { top, bottom } = chart.chartArea;
      const toY = yMapper(ys, logY, top, bottom);
      let best: string | null = null;
      let bestD = maxPx;
      for (const run of runs) {
        if (hidden.has(run.id)) continue;
        const v = valueOf(run, at.step);
        if (!v || (logY && v.value <= 0)) continue;
        const d = Math.abs(toY(v.value) - py);
        if (d <= bestD) {
          bestD = d;
          best = run.id;
        }
      }
      return best;
    },
    area: () => chart.chartArea,
    layers: () => [canvas, overlay],
    destroy: () => chart.destroy(),
  };
}
