// Chart.js set up for live metric series (the console's one way of drawing them; no React
// here, so the benchmark drives exactly what the view draws). Chart.js lays out and draws the
// y axis; this module's plugins draw the time axis, the threshold band and the series (one
// path each from the decimated points, no Chart.js dataset: a dataset costs Chart.js an
// element per point to create, update and draw on every tick). A live tick only slides the
// window, so it is drawn without Chart.js's update (`render()`: its option resolution and
// layout were most of what remained of the 1 Hz tick in test/bench/metrics-dashboard.ts); the
// layout runs again when the y range no longer holds the data, the series or the span change,
// the canvas is resized, the data fill less than half the y range, and every RELAYOUT_EVERY updates. Decimation keeps at most about one
// point per pixel up to date as readings arrive (live-decimation.ts; Chart.js's own LTTB plugin
// recomputed every point of every series on each tick). The y axis takes the drawn points'
// range as its suggested bounds, so Chart.js still rounds it to nice ticks. Chart.js's own
// events, tooltip and legend are off: the view draws a crosshair shared by all charts and its
// own readout.
import { Chart, LinearScale, LineController, type ChartConfiguration, type Plugin, type Scale } from 'chart.js';
import { timeTicks } from '../lib/time-axis';
import { clipToChartArea, SELF_DRAWN } from './charts/chart-area';
import { bucketWidth, M4Decimator, type ChartPoint } from './live-decimation';

Chart.register(LineController, LinearScale);

export interface MetricSeries {
  key: string;
  label: string;
  color: string;
  /** Sorted by x; may grow in place between updates. */
  data: ChartPoint[];
  /**
   * What `data` comes from (e.g. its ring buffer): while it stays the same, `data` is only
   * appended to (it may be a new array with the same points), so decimation carries on
   * from where it was. Without it, a new array starts decimation over.
   */
  source?: unknown;
}

interface MetricChartColors {
  grid: string;
  text: string;
  band: string;
}

export interface MetricChartSpec {
  /** Fixed top of the y axis (percentages). */
  yMax?: number;
  beginAtZero: boolean;
  /** A shaded band from this value up (e.g. the temperature GPUs throttle from); the axis always shows it. */
  bandFrom?: number;
  formatY(value: number): string;
  /** The x axis: times (the default) or plain numbers such as training steps, labelled by `format`. */
  xAxis?: { kind: 'number'; format(value: number): string };
  colors: MetricChartColors;
}

/**
 * Round numbers (1, 2 or 5 × 10^k apart) across [min, max], at most `maxTicks`.
 * @internal Exported for its tests only.
 */
export function numberTicks(min: number, max: number, maxTicks: number): number[] {
  if (!(max > min) || maxTicks < 1) return [];
  const rough = (max - min) / maxTicks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => (max - min) / s <= maxTicks) ?? 10 * magnitude;
  const ticks: number[] = [];
  for (let t = Math.ceil(min / step) * step; t <= max; t += step) ticks.push(Math.round(t * 1e9) / 1e9);
  return ticks;
}

export interface MetricChartController {
  update(series: readonly MetricSeries[], xMin: number, xMax: number, hidden: ReadonlySet<string>): void;
  setColors(colors: MetricChartColors): void;
  /** The time under a horizontal pixel of the canvas, or null outside the plot. */
  xAtPixel(px: number): number | null;
  /** The canvas pixel of a time, or null when it is outside the plot. */
  pixelAtX(x: number): number | null;
  /** The plot area, for overlays. */
  area(): { left: number; right: number; top: number; bottom: number };
  destroy(): void;
  readonly chart: Chart<'line', ChartPoint[]>;
}

/**
 * Points drawn per series: about one per horizontal pixel (never fewer than 32).
 * @internal Exported for its tests only.
 */
export function pointCap(widthPx: number): number {
  return Math.max(32, Math.round(widthPx));
}

const MINUTE = 60_000;
const MINUTE_STEPS = [1, 2, 5, 10, 15, 30].map((n) => n * MINUTE);

/**
 * Ticks for a time axis of any span: round minutes (every 1, 2, 5, 10, 15 or 30) for short
 * windows, else the round local hours and days of lib/time-axis. At most `maxTicks`.
 * @internal Exported for its tests only.
 */
export function metricTicks(min: number, max: number, maxTicks: number): { ticks: number[]; unit: 'minute' | 'hour' | 'day' } {
  for (const step of MINUTE_STEPS) {
    if ((max - min) / step > maxTicks) continue;
    const ticks: number[] = [];
    for (let t = Math.ceil(min / step) * step; t <= max; t += step) ticks.push(t);
    if (ticks.length <= maxTicks) return { ticks, unit: 'minute' };
  }
  return timeTicks(min, max, maxTicks);
}

// Formatters made once: `toLocaleTimeString` builds one per call, which costs more than a tick's drawing.
const CLOCK = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const clock = (ms: number) => CLOCK.format(ms);
const day = (ms: number) => DAY.format(ms);

function formatTick(ms: number, unit: 'minute' | 'hour' | 'day'): string {
  if (unit === 'day') return day(ms);
  const d = new Date(ms);
  return unit === 'hour' && d.getHours() === 0 && d.getMinutes() === 0 ? day(ms) : clock(ms);
}

/** Labels already made: a live axis shows the same few round times on every tick of a minute. */
const tickLabels = new Map<string, string>();

function tickLabel(ms: number, unit: 'minute' | 'hour' | 'day'): string {
  const key = `${unit}${ms}`;
  let label = tickLabels.get(key);
  if (label === undefined) {
    if (tickLabels.size >= 1000) tickLabels.clear();
    tickLabels.set(key, (label = formatTick(ms, unit)));
  }
  return label;
}

function bandPlugin(spec: () => MetricChartSpec): Plugin<'line'> {
  return {
    id: 'gpcThresholdBand',
    beforeDatasetsDraw(chart) {
      const { bandFrom, colors } = spec();
      if (bandFrom === undefined) return;
      const y = chart.scales.y as Scale;
      const { left, right, top, bottom } = chart.chartArea;
      const from = Math.min(bottom, Math.max(top, y.getPixelForValue(bandFrom)));
      if (from <= top) return;
      chart.ctx.save();
      chart.ctx.fillStyle = colors.band;
      chart.ctx.fillRect(left, top, right - left, from - top);
      chart.ctx.restore();
    },
  };
}

interface DrawnSeries {
  color: string;
  points: readonly ChartPoint[];
}

interface TimeWindow {
  xMin: number;
  xMax: number;
}

/** Draws each visible series as one polyline inside the plot area, in the order given. */
function seriesPlugin(drawn: () => readonly DrawnSeries[], view: TimeWindow): Plugin<'line'> {
  return {
    id: 'gpcSeries',
    afterDatasetsDraw(chart) {
      const y = chart.scales.y as Scale;
      const { left, right, top, bottom } = chart.chartArea;
      if (!(view.xMax > view.xMin) || !(y.max > y.min)) return;
      const kx = (right - left) / (view.xMax - view.xMin);
      const ky = (bottom - top) / (y.max - y.min);
      const x0 = view.xMin;
      const ctx = chart.ctx;
      clipToChartArea(ctx, chart.chartArea);
      ctx.lineWidth = LINE_WIDTH;
      ctx.lineJoin = 'round';
      for (const s of drawn()) {
        const pts = s.points;
        if (pts.length === 0) continue;
        ctx.strokeStyle = s.color;
        ctx.beginPath();
        ctx.moveTo(left + (pts[0]!.x - x0) * kx, bottom - (pts[0]!.y - y.min) * ky);
        for (let i = 1; i < pts.length; i++) ctx.lineTo(left + (pts[i]!.x - x0) * kx, bottom - (pts[i]!.y - y.min) * ky);
        ctx.stroke();
      }
      ctx.restore();
    },
  };
}

const LINE_WIDTH = 1.5;
/** Room under the plot for the time labels. */
const TIME_AXIS_PX = 20;
/** Updates drawn without a layout before one runs anyway (the y axis's nice bounds are Chart.js's to choose). */
const RELAYOUT_EVERY = 60;

/** The time axis: a grid line and a label at each round time of the window (metricTicks), under the plot. */
function timeAxisPlugin(view: TimeWindow, colors: () => MetricChartColors, xAxis: () => MetricChartSpec['xAxis']): Plugin<'line'> {
  return {
    id: 'gpcTimeAxis',
    beforeDatasetsDraw(chart) {
      const { left, right, top, bottom } = chart.chartArea;
      if (!(view.xMax > view.xMin) || right <= left) return;
      const numeric = xAxis();
      const maxTicks = Math.max(2, Math.floor((right - left) / 70));
      const { ticks, unit } = numeric
        ? { ticks: numberTicks(view.xMin, view.xMax, maxTicks), unit: 'minute' as const }
        : metricTicks(view.xMin, view.xMax, maxTicks);
      const k = (right - left) / (view.xMax - view.xMin);
      const ctx = chart.ctx;
      const font = Chart.defaults.font;
      ctx.save();
      ctx.strokeStyle = colors().grid;
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (const t of ticks) {
        const px = Math.round(left + (t - view.xMin) * k) + 0.5;
        ctx.moveTo(px, top);
        ctx.lineTo(px, bottom);
      }
      ctx.stroke();
      ctx.fillStyle = colors().text;
      ctx.font = `${font.size ?? 12}px ${font.family ?? 'sans-serif'}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
      for (const t of ticks) {
        // Centred under its time, moved in where it would be cut at the canvas's edge.
        const label = numeric ? numeric.format(t) : tickLabel(t, unit);
        const half = ctx.measureText(label).width / 2;
        ctx.fillText(label, Math.min(Math.max(left + (t - view.xMin) * k, half), chart.width - half - 1), bottom + 4);
      }
      ctx.restore();
    },
  };
}

export function createMetricChart(canvas: HTMLCanvasElement, initial: MetricChartSpec): MetricChartController {
  let spec = initial;
  let drawn: DrawnSeries[] = [];
  const view: TimeWindow = { xMin: 0, xMax: 1 };
  const config: ChartConfiguration<'line', ChartPoint[]> = {
    type: 'line',
    data: { datasets: [] },
    plugins: [
      timeAxisPlugin(
        view,
        () => spec.colors,
        () => spec.xAxis,
      ),
      bandPlugin(() => spec),
      seriesPlugin(() => drawn, view),
    ],
    options: {
      ...SELF_DRAWN,
      layout: { autoPadding: false, padding: { top: 4, right: 4, bottom: TIME_AXIS_PX } },
      scales: {
        // Laid out for its extent only; timeAxisPlugin draws it, so a tick needs no layout.
        x: { type: 'linear', display: false, min: 0, max: 1 },
        y: {
          beginAtZero: spec.beginAtZero,
          max: spec.yMax,
          grid: { color: spec.colors.grid },
          ticks: {
            color: spec.colors.text,
            maxTicksLimit: 5,
            autoSkip: false,
            minRotation: 0,
            maxRotation: 0,
            callback: (v) => spec.formatY(Number(v)),
          },
        },
      },
    },
  };
  const chart = new Chart<'line', ChartPoint[]>(canvas, config);
  const decimators = new Map<string, M4Decimator>();
  /** What the last layout was made for; an update that changes none of it only draws. */
  const layout: { shape: string; hidden: ReadonlySet<string> | null; since: number } = { shape: '', hidden: null, since: 0 };

  return {
    chart,
    update(series, xMin, xMax, hidden) {
      const bucketMs = bucketWidth(xMax - xMin, pointCap(chart.width));
      for (const key of decimators.keys()) if (!series.some((s) => s.key === key)) decimators.delete(key);
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      drawn = [];
      for (const s of series) {
        let decimator = decimators.get(s.key);
        if (!decimator) decimators.set(s.key, (decimator = new M4Decimator()));
        // A hidden series is neither drawn nor scaled for; it catches up when shown again.
        if (hidden.has(s.key)) continue;
        const points = decimator.sync(s.data, s.source ?? s.data, xMin, bucketMs);
        for (const p of points) {
          if (p.x < xMin || p.x > xMax) continue;
          if (p.y < lo) lo = p.y;
          if (p.y > hi) hi = p.y;
        }
        drawn.push({ color: s.color, points });
      }
      view.xMin = xMin;
      view.xMax = xMax;
      // Chart.js rounds suggested bounds out to nice ticks; no data leaves the axis at 0–1 (or the band).
      const band = spec.bandFrom !== undefined ? spec.bandFrom + 5 : undefined;
      const suggestedMin = lo <= hi ? lo : 0;
      const suggestedMax = lo <= hi ? Math.max(hi, band ?? hi) : (band ?? 1);
      const yScale = chart.scales.y;
      // The axis as it is still fits: it holds the data, and the data fill at least half of it
      // (else it would tighten noticeably), counting what the axis always shows (0, a fixed top).
      const wantMin = spec.beginAtZero ? Math.min(0, suggestedMin) : suggestedMin;
      const wantMax = spec.yMax ?? suggestedMax;
      const holds =
        yScale !== undefined &&
        suggestedMin >= yScale.min &&
        suggestedMax <= yScale.max &&
        wantMax - wantMin >= 0.5 * (yScale.max - yScale.min);
      const shape = `${series.length}|${hidden.size}|${xMax - xMin}|${chart.width}x${chart.height}`;
      if (holds && shape === layout.shape && hidden === layout.hidden && layout.since < RELAYOUT_EVERY) {
        layout.since++;
        chart.render();
        return;
      }
      const y = chart.options.scales!.y as { suggestedMin?: number; suggestedMax?: number };
      y.suggestedMin = suggestedMin;
      y.suggestedMax = suggestedMax;
      chart.update('none');
      layout.shape = shape;
      layout.hidden = hidden;
      layout.since = 0;
    },
    setColors(colors) {
      spec = { ...spec, colors };
      const y = chart.options.scales!.y as { grid: { color: string }; ticks: { color: string } };
      y.grid.color = colors.grid;
      y.ticks.color = colors.text;
      chart.update('none');
    },
    xAtPixel(px) {
      const { left, right } = chart.chartArea;
      if (px < left || px > right || right <= left) return null;
      return view.xMin + ((px - left) / (right - left)) * (view.xMax - view.xMin);
    },
    pixelAtX(x) {
      const { left, right } = chart.chartArea;
      if (x < view.xMin || x > view.xMax || !(view.xMax > view.xMin)) return null;
      return left + ((x - view.xMin) / (view.xMax - view.xMin)) * (right - left);
    },
    area: () => chart.chartArea,
    destroy: () => chart.destroy(),
  };
}
