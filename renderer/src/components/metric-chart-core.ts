// Chart.js set up for live metric series (the console's one way of drawing them; no React
// here, so the benchmark drives exactly what the view draws). Chart.js lays out and draws the
// axes, grid and threshold band; the series themselves are drawn by this module's plugin as
// one path each from the decimated points, with no Chart.js dataset: a dataset costs Chart.js
// an element per point to create, update and draw on every tick, which was most of the 1 Hz
// tick of the dashboard (test/bench/metrics-dashboard.ts). Decimation keeps at most about one
// point per pixel up to date as readings arrive (live-decimation.ts; Chart.js's own LTTB plugin
// recomputed every point of every series on each tick). The y axis takes the drawn points'
// range as its suggested bounds, so Chart.js still rounds it to nice ticks. Chart.js's own
// events, tooltip and legend are off: the view draws a crosshair shared by all charts and its
// own readout.
import { Chart, LinearScale, LineController, type ChartConfiguration, type Plugin, type Scale } from 'chart.js';
import { timeTicks } from '../lib/time-axis';
import { bucketWidth, M4Decimator } from './live-decimation';

Chart.register(LineController, LinearScale);

export interface ChartPoint {
  x: number;
  y: number;
}

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

export interface MetricChartColors {
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
  colors: MetricChartColors;
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

/** Points drawn per series: about one per horizontal pixel (never fewer than 32). */
export function pointCap(widthPx: number): number {
  return Math.max(32, Math.round(widthPx));
}

const MINUTE = 60_000;
const MINUTE_STEPS = [1, 2, 5, 10, 15, 30].map((n) => n * MINUTE);

/**
 * Ticks for a time axis of any span: round minutes (every 1, 2, 5, 10, 15 or 30) for short
 * windows, else the round local hours and days of lib/time-axis. At most `maxTicks`.
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

function tickLabel(ms: number, unit: 'minute' | 'hour' | 'day'): string {
  if (unit === 'day') return day(ms);
  const d = new Date(ms);
  return unit === 'hour' && d.getHours() === 0 && d.getMinutes() === 0 ? day(ms) : clock(ms);
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

/** Draws each visible series as one polyline inside the plot area, in the order given. */
function seriesPlugin(drawn: () => readonly DrawnSeries[]): Plugin<'line'> {
  return {
    id: 'gpcSeries',
    afterDatasetsDraw(chart) {
      const x = chart.scales.x as Scale;
      const y = chart.scales.y as Scale;
      const { left, right, top, bottom } = chart.chartArea;
      if (!(x.max > x.min) || !(y.max > y.min)) return;
      const kx = (right - left) / (x.max - x.min);
      const ky = (bottom - top) / (y.max - y.min);
      const ctx = chart.ctx;
      ctx.save();
      ctx.beginPath();
      ctx.rect(left, top, right - left, bottom - top);
      ctx.clip();
      ctx.lineWidth = LINE_WIDTH;
      ctx.lineJoin = 'round';
      for (const s of drawn()) {
        const pts = s.points;
        if (pts.length === 0) continue;
        ctx.strokeStyle = s.color;
        ctx.beginPath();
        ctx.moveTo(left + (pts[0]!.x - x.min) * kx, bottom - (pts[0]!.y - y.min) * ky);
        for (let i = 1; i < pts.length; i++) ctx.lineTo(left + (pts[i]!.x - x.min) * kx, bottom - (pts[i]!.y - y.min) * ky);
        ctx.stroke();
      }
      ctx.restore();
    },
  };
}

const LINE_WIDTH = 1.5;

export function createMetricChart(canvas: HTMLCanvasElement, initial: MetricChartSpec): MetricChartController {
  let spec = initial;
  let tickUnit: 'minute' | 'hour' | 'day' = 'minute';
  let ticks: number[] = [];
  let drawn: DrawnSeries[] = [];
  const config: ChartConfiguration<'line', ChartPoint[]> = {
    type: 'line',
    data: { datasets: [] },
    plugins: [bandPlugin(() => spec), seriesPlugin(() => drawn)],
    options: {
      parsing: false,
      normalized: true,
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      events: [],
      layout: { autoPadding: false, padding: { top: 4, right: 4 } },
      scales: {
        x: {
          type: 'linear',
          grid: { color: spec.colors.grid },
          afterBuildTicks: (scale) => {
            const maxTicks = Math.max(2, Math.floor((scale.width || 300) / 70));
            const built = metricTicks(scale.min, scale.max, maxTicks);
            ticks = built.ticks;
            tickUnit = built.unit;
            scale.ticks = ticks.map((value) => ({ value }));
          },
          // Fixed rotation and a small label sample: Chart.js measures fewer labels on each update.
          ticks: {
            color: spec.colors.text,
            autoSkip: false,
            minRotation: 0,
            maxRotation: 0,
            sampleSize: 2,
            callback: (v) => tickLabel(Number(v), tickUnit),
          },
        },
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
      const { x, y } = chart.options.scales as { x: { min?: number; max?: number }; y: { suggestedMin?: number; suggestedMax?: number } };
      x.min = xMin;
      x.max = xMax;
      // Chart.js rounds suggested bounds out to nice ticks; no data leaves the axis at 0–1 (or the band).
      const band = spec.bandFrom !== undefined ? spec.bandFrom + 5 : undefined;
      y.suggestedMin = lo <= hi ? lo : 0;
      y.suggestedMax = lo <= hi ? Math.max(hi, band ?? hi) : (band ?? 1);
      chart.update('none');
    },
    setColors(colors) {
      spec = { ...spec, colors };
      const { x, y } = chart.options.scales as { x: { grid: { color: string }; ticks: { color: string } }; y: typeof x };
      x.grid.color = y.grid.color = colors.grid;
      x.ticks.color = y.ticks.color = colors.text;
      chart.update('none');
    },
    xAtPixel(px) {
      const { left, right } = chart.chartArea;
      if (px < left || px > right) return null;
      return chart.scales.x!.getValueForPixel(px) ?? null;
    },
    pixelAtX(x) {
      const scale = chart.scales.x!;
      if (x < scale.min || x > scale.max) return null;
      return scale.getPixelForValue(x);
    },
    area: () => chart.chartArea,
    destroy: () => chart.destroy(),
  };
}
