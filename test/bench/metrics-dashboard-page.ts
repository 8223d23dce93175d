// The page side of the metrics dashboard benchmark (bundled by metrics-dashboard.ts and run in
// Chromium): six charts as the dashboard lays them out at 1,440 px, 8 GPUs each, driven either
// by the console's own chart setup (metric-chart-core.ts, the live ring buffer and the history
// reader) or by a naive Chart.js setup (parsing on, default animation, no decimation).
// Each tick appends one reading per series and drops the oldest (a full window slides).
import { Chart, LinearScale, LineController, LineElement, PointElement } from 'chart.js';
import type { MetricsDataPoint } from '../../shared/api/clusters/metrics';
import { createMetricChart, type MetricChartController } from '../../renderer/src/components/metric-chart-core';
import { SeriesBuffer } from '../../renderer/src/features/clusters/clusters/metrics/ring-buffer';
import { GPU_METRICS, gpuSeriesKey, historySeries, seriesColor } from '../../renderer/src/features/clusters/clusters/metrics/series';

Chart.register(LineController, LineElement, PointElement, LinearScale);

export type Mode = 'tuned' | 'naive';

const GPUS = 8;
const COLORS = { grid: '#e0e0e0', text: '#666666', band: 'rgba(255,0,0,0.08)' };
const NO_HIDDEN: ReadonlySet<string> = new Set();

function canvases(): HTMLCanvasElement[] {
  const root = document.getElementById('root')!;
  root.innerHTML = '';
  root.style.cssText = 'display:grid;grid-template-columns:repeat(3,374px);gap:16px;padding:16px';
  return GPU_METRICS.map(() => {
    const box = document.createElement('div');
    box.style.cssText = 'position:relative;height:170px';
    const canvas = document.createElement('canvas');
    box.appendChild(canvas);
    root.appendChild(box);
    return canvas;
  });
}

/** A plausible value of a metric at step i (smooth, with noise). */
function value(metric: number, gpu: number, i: number): number {
  return 50 + 30 * Math.sin((i + gpu * 50) / (40 + metric * 7)) + 10 * Math.random();
}

interface Live {
  tick(): void;
  destroy(): void;
}

export function setupLive(mode: Mode, points: number): Live {
  const els = canvases();
  const t0 = Date.UTC(2026, 0, 1);
  let step = points;
  if (mode === 'tuned') {
    const buffers = GPU_METRICS.map((_, m) =>
      Array.from({ length: GPUS }, (_, g) => {
        const b = new SeriesBuffer(points);
        for (let i = 0; i < points; i++) b.push(t0 + i * 1000, value(m, g, i));
        return b;
      }),
    );
    const charts: MetricChartController[] = els.map((canvas) =>
      createMetricChart(canvas, { beginAtZero: true, formatY: (v) => String(v), colors: COLORS }),
    );
    const draw = () =>
      charts.forEach((c, m) =>
        c.update(
          buffers[m]!.map((b, g) => ({
            key: gpuSeriesKey(GPU_METRICS[m]!.id, `gpu_${g}`),
            label: `GPU ${g}`,
            color: seriesColor(g),
            data: b.chartData(),
          })),
          t0 + (step - points) * 1000,
          t0 + (step - 1) * 1000,
          NO_HIDDEN,
        ),
      );
    draw();
    return {
      tick() {
        buffers.forEach((row, m) => row.forEach((b, g) => b.push(t0 + step * 1000, value(m, g, step))));
        step++;
        draw();
      },
      destroy: () => charts.forEach((c) => c.destroy()),
    };
  }
  const charts = els.map(
    (canvas, m) =>
      new Chart(canvas, {
        type: 'line',
        data: {
          datasets: Array.from({ length: GPUS }, (_, g) => ({
            label: `GPU ${g}`,
            borderColor: seriesColor(g),
            data: Array.from({ length: points }, (_, i) => ({ x: t0 + i * 1000, y: value(m, g, i) })),
          })),
        },
        options: { maintainAspectRatio: false, scales: { x: { type: 'linear' } } },
      }),
  );
  return {
    tick() {
      charts.forEach((c, m) =>
        c.data.datasets.forEach((ds, g) => {
          (ds.data as Array<{ x: number; y: number }>).push({ x: t0 + step * 1000, y: value(m, g, step) });
          ds.data.shift();
        }),
      );
      step++;
      charts.forEach((c) => c.update());
    },
    destroy: () => charts.forEach((c) => c.destroy()),
  };
}

/** Seven days at 15 minutes as the historical route answers them (8 GPUs). */
function sevenDays(): MetricsDataPoint[] {
  const t0 = Date.UTC(2026, 0, 1);
  const ids = Array.from({ length: GPUS }, (_, g) => `gpu_${g}`);
  const per = <T>(f: (g: number) => T) => Object.fromEntries(ids.map((id, g) => [id, f(g)]));
  return Array.from({ length: 7 * 96 }, (_, i) => ({
    timestamp: new Date(t0 + i * 900_000).toISOString(),
    samples: 15,
    gpu: {
      utilization: per((g) => value(0, g, i)),
      memory: per((g) => ({ used: value(1, g, i) * 2 ** 30, total: 80 * 2 ** 30, utilization_percent: value(1, g, i) })),
      temperature: per((g) => value(2, g, i)),
      power: per((g) => value(3, g, i) * 7),
      clock_speeds: per((g) => ({ graphics_clock: 1500 + value(4, g, i) * 5, memory_clock: 2619 })),
    },
  }));
}

/** Reads the 7-day answer into series and draws the six charts once; returns a teardown. */
export function renderSevenDays(mode: Mode): () => void {
  const points = sevenDays();
  const els = canvases();
  const series = historySeries(points);
  const xMin = Date.parse(points[0]!.timestamp);
  const xMax = Date.parse(points.at(-1)!.timestamp);
  if (mode === 'tuned') {
    const charts = els.map((canvas, m) => {
      const c = createMetricChart(canvas, { beginAtZero: true, formatY: (v) => String(v), colors: COLORS });
      const metric = GPU_METRICS[m]!.id;
      c.update(
        Array.from({ length: GPUS }, (_, g) => ({
          key: gpuSeriesKey(metric, `gpu_${g}`),
          label: `GPU ${g}`,
          color: seriesColor(g),
          data: series.get(gpuSeriesKey(metric, `gpu_${g}`)) ?? [],
        })),
        xMin,
        xMax,
        NO_HIDDEN,
      );
      return c;
    });
    return () => charts.forEach((c) => c.destroy());
  }
  const charts = els.map(
    (canvas, m) =>
      new Chart(canvas, {
        type: 'line',
        data: {
          datasets: Array.from({ length: GPUS }, (_, g) => ({
            label: `GPU ${g}`,
            borderColor: seriesColor(g),
            data: (series.get(gpuSeriesKey(GPU_METRICS[m]!.id, `gpu_${g}`)) ?? []).map((p) => ({ ...p })),
          })),
        },
        options: { maintainAspectRatio: false, scales: { x: { type: 'linear' } } },
      }),
  );
  return () => charts.forEach((c) => c.destroy());
}

/**
 * Runs `ticks` ticks at 1 Hz from the page's own timers (work started by the benchmark's
 * evaluate calls is not counted in Chromium's ScriptDuration; timer tasks are), and answers
 * the median time of the tick call itself.
 */
function runTicks(live: Live, ticks: number, warmUp: number): Promise<number> {
  // A dashboard runs for hours: measure it warmed up (compiled), not its first ticks.
  for (let i = 0; i < warmUp; i++) live.tick();
  if (ticks === 0) return Promise.resolve(0);
  const times: number[] = [];
  return new Promise((done) => {
    const timer = setInterval(() => {
      const t = performance.now();
      live.tick();
      times.push(performance.now() - t);
      if (times.length === ticks) {
        clearInterval(timer);
        // One more second, so what the last tick set going (animations) is counted.
        setTimeout(() => done(times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!), 1000);
      }
    }, 1000);
  });
}

/** The 7-day render from a timer task, as the answer of the route would start it. */
function renderLater(mode: Mode): Promise<() => void> {
  return new Promise((done) => setTimeout(() => done(renderSevenDays(mode)), 0));
}

declare global {
  interface Window {
    metricsBench: {
      setupLive: typeof setupLive;
      runTicks: typeof runTicks;
      renderLater: typeof renderLater;
      live: Live | null;
      teardown: (() => void) | null;
    };
  }
}
window.metricsBench = { setupLive, runTicks, renderLater, live: null, teardown: null };
