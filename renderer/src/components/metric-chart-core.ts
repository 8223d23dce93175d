// Chart.js set up for live metric series (the console's one way of drawing them; no React
// here, so the benchmark drives exactly what the view draws): data handed over as `{x, y}`
// arrays with numeric timestamps and no parsing, no animation, decimation to at most one
// point per pixel kept up to date as readings arrive (live-decimation.ts: Chart.js's own
// LTTB plugin recomputes every point of every series on each tick, measured at several times
// the whole tick budget in test/bench/metrics-dashboard.ts), and `update('none')`. Chart.js's
// own events, tooltip and legend are off: the view draws a crosshair shared by all charts and
// its own readout.
import { Chart, LinearScale, LineController, LineElement, PointElement, type ChartConfiguration, type Plugin, type Scale } from 'chart.js';
import { timeTicks } from '../lib/time-axis';
import { bucketWidth, M4Decimator } from './live-decimation';

Chart.register(LineController, LineElement, PointElement, LinearScale);

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

export function createMetricChart(canvas: HTMLCanvasElement, initial: MetricChartSpec): MetricChartController {
  let spec = initial;
  let tickUnit: 'minute' | 'hour' | 'day' = 'minute';
  let ticks: number[] = [];
  const config: ChartConfiguration<'line', ChartPoint[]> = {
    type: 'line',
    data: { datasets: [] },
    plugins: [bandPlugin(() => spec)],
    options: {
      parsing: false,
      normalized: true,
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      events: [],
      layout: { autoPadding: false, padding: { top: 4, right: 4 } },
      // One segment per line (no scan for gaps): the series never hold nulls; a gap is missing points.
      spanGaps: true,
      elements: { point: { radius: 0, hitRadius: 0, hoverRadius: 0 }, line: { borderWidth: 1.5, tension: 0 } },
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
          suggestedMax: spec.bandFrom !== undefined ? spec.bandFrom + 5 : undefined,
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
      const datasets = chart.data.datasets;
      datasets.length = series.length;
      const bucketMs = bucketWidth(xMax - xMin, pointCap(chart.width));
      for (const key of decimators.keys()) if (!series.some((s) => s.key === key)) decimators.delete(key);
      series.forEach((s, i) => {
        const isHidden = hidden.has(s.key);
        let decimator = decimators.get(s.key);
        if (!decimator) decimators.set(s.key, (decimator = new M4Decimator()));
        // A hidden series catches up when it is shown again.
        const data = isHidden ? decimator.out : decimator.sync(s.data, s.source ?? s.data, xMin, bucketMs);
        const ds = datasets[i];
        if (ds && (ds as { key?: string }).key === s.key) {
          if (ds.data !== data) ds.data = data;
          ds.hidden = isHidden;
          ds.borderColor = s.color;
        } else {
          datasets[i] = Object.assign(
            { label: s.label, data, borderColor: s.color, backgroundColor: s.color, hidden: isHidden, pointRadius: 0 },
            { key: s.key },
          );
        }
      });
      const x = chart.options.scales!.x!;
      x.min = xMin;
      x.max = xMax;
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
