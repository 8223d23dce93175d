// Chart.js set up for live metric series (the console's one way of drawing them; no React
// here, so the benchmark drives exactly what the view draws): data handed over as `{x, y}`
// arrays with numeric timestamps and no parsing, no animation, LTTB decimation capped near
// the chart's width in pixels, and `update('none')`. Chart.js's own events, tooltip and
// legend are off: the view draws a crosshair shared by all charts and its own readout.
import {
  Chart,
  Decimation,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  type ChartConfiguration,
  type Plugin,
  type Scale,
} from 'chart.js';
import { timeTicks } from '../lib/time-axis';

Chart.register(LineController, LineElement, PointElement, LinearScale, Decimation);

export interface ChartPoint {
  x: number;
  y: number;
}

export interface MetricSeries {
  key: string;
  label: string;
  color: string;
  /** Sorted by x; handed to Chart.js as it is (it may grow in place between updates). */
  data: ChartPoint[];
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

const clock = (ms: number) => new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
const day = (ms: number) => new Date(ms).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

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
      spanGaps: false,
      elements: { point: { radius: 0, hitRadius: 0, hoverRadius: 0 }, line: { borderWidth: 1.5, tension: 0 } },
      plugins: {
        decimation: { enabled: true, algorithm: 'lttb', samples: pointCap(canvas.clientWidth), threshold: pointCap(canvas.clientWidth) },
      },
      onResize(chart, size) {
        const decimation = chart.options.plugins?.decimation;
        if (decimation) Object.assign(decimation, { samples: pointCap(size.width), threshold: pointCap(size.width) });
      },
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
          ticks: { color: spec.colors.text, autoSkip: false, maxRotation: 0, callback: (v) => tickLabel(Number(v), tickUnit) },
        },
        y: {
          beginAtZero: spec.beginAtZero,
          max: spec.yMax,
          suggestedMax: spec.bandFrom !== undefined ? spec.bandFrom + 5 : undefined,
          grid: { color: spec.colors.grid },
          ticks: { color: spec.colors.text, maxTicksLimit: 5, callback: (v) => spec.formatY(Number(v)) },
        },
      },
    },
  };
  const chart = new Chart<'line', ChartPoint[]>(canvas, config);

  return {
    chart,
    update(series, xMin, xMax, hidden) {
      const datasets = chart.data.datasets;
      datasets.length = series.length;
      series.forEach((s, i) => {
        const ds = datasets[i];
        if (ds && (ds as { key?: string }).key === s.key) {
          // Through Chart.js's setter (decimation keeps the original behind it).
          if ((ds as { _data?: unknown })._data !== s.data && ds.data !== s.data) ds.data = s.data;
          ds.hidden = hidden.has(s.key);
          ds.borderColor = s.color;
        } else {
          datasets[i] = Object.assign(
            { label: s.label, data: s.data, borderColor: s.color, backgroundColor: s.color, hidden: hidden.has(s.key), pointRadius: 0 },
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
