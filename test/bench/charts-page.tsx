// The page side of the comparison charts' benchmark and browser test (bundled by charts.ts,
// run in Chromium): renders one chart component of the console with synthetic data, or a
// baseline drawing the same data the plain way, and times what the benchmark measures.
//   - Step curves, first render (mount to rasterised pixels): the console's StepCurves, or
//     Chart.js given every point of every run as datasets (no decimation; parsing and
//     animation off, as a fair Chart.js).
//   - Parallel coordinates, brushing: the console's ParallelCoordinates, or a plain canvas that
//     scales every value and strokes every line on each move. A move is timed from a capture
//     listener on window to a bubble listener on document after the handler, which reads a
//     pixel of the canvas so Chromium rasterises what was drawn within the measured time.
import CssBaseline from '@mui/material/CssBaseline';
import Box from '@mui/material/Box';
import { ThemeProvider } from '@mui/material/styles';
import { Chart, LinearScale, LineController, LineElement, PointElement } from 'chart.js';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { createAppTheme } from '../../renderer/src/shell/theme/create-app-theme';
import { CorrelationHeatmap } from '../../renderer/src/components/charts/CorrelationHeatmap';
import { HistoryChart } from '../../renderer/src/components/charts/HistoryChart';
import { ParallelCoordinates, type ParallelAxis } from '../../renderer/src/components/charts/ParallelCoordinates';
import { ParetoScatter, type ScatterMetric } from '../../renderer/src/components/charts/ParetoScatter';
import { categoryScale, extent, numericScale } from '../../renderer/src/components/charts/scales';
import { StepCurves } from '../../renderer/src/components/charts/StepCurves';
import { colourAt, VIRIDIS } from '../../renderer/src/lib/colour-scale';
import { lossCurves, OPTIMIZERS, trials, type Trial } from './charts-data';

Chart.register(LineController, LineElement, PointElement, LinearScale);

export type Theme = 'light' | 'dark';
export type Component = 'steps' | 'parallel' | 'pareto' | 'heatmap' | 'history';
/** full: a readable comparison; many: the benchmark's size; one: a single item; empty: none. */
export type Scenario = 'full' | 'many' | 'one' | 'empty';

export const PARALLEL_AXES: ParallelAxis[] = [
  { key: 'learning_rate', label: 'Learning rate', kind: 'log' },
  { key: 'batch_size', label: 'Batch size', kind: 'log' },
  { key: 'warmup_steps', label: 'Warmup steps', kind: 'linear' },
  { key: 'weight_decay', label: 'Weight decay', kind: 'log' },
  { key: 'lora_rank', label: 'LoRA rank', kind: 'linear' },
  { key: 'optimizer', label: 'Optimizer', kind: 'category' },
  { key: 'scheduler', label: 'LR scheduler', kind: 'category' },
  { key: 'cost_usd', label: 'Cost (USD)', kind: 'linear' },
  { key: 'accuracy', label: 'Accuracy', kind: 'linear' },
  { key: 'eval_loss', label: 'Eval loss', kind: 'linear' },
];

const METRICS: ScatterMetric[] = [
  { key: 'eval_loss', label: 'Eval loss', direction: 'min' },
  { key: 'accuracy', label: 'Accuracy', direction: 'max', format: (v) => `${(v * 100).toFixed(1)}%` },
  { key: 'cost_usd', label: 'Cost', direction: 'min', format: (v) => `$${v.toFixed(2)}` },
  { key: 'duration_min', label: 'Duration (min)', direction: 'min' },
];

/** What the browser test reads back from the components' callbacks. */
export const events = { selection: null as string[] | null, selected: null as string | null, frontier: null as string[] | null };

let root: Root | null = null;
let chart: Chart | null = null;

function container(): HTMLElement {
  const el = document.getElementById('root')!;
  el.style.cssText = 'min-height:100vh;box-sizing:border-box;padding:24px;';
  return el;
}

function teardown(): void {
  root?.unmount();
  root = null;
  chart?.destroy();
  chart = null;
  const el = document.getElementById('root')!;
  el.innerHTML = '';
}

const count = (s: Scenario, full: number, many: number) => (s === 'empty' ? 0 : s === 'one' ? 1 : s === 'many' ? many : full);

function element(component: Component, scenario: Scenario) {
  switch (component) {
    case 'steps': {
      const runs = lossCurves(count(scenario, 12, 200), 1000);
      return <StepCurves title="Training loss by step" metric="loss" runs={runs} testId="chart" />;
    }
    case 'parallel': {
      const items = trials(count(scenario, 300, 2000));
      return (
        <ParallelCoordinates
          title="Parameters → metrics"
          axes={PARALLEL_AXES}
          items={items}
          colorBy="eval_loss"
          itemLabel={(it) => `Trial ${it.id.slice(6)}`}
          onSelectionChange={(ids) => (events.selection = ids)}
          testId="chart"
        />
      );
    }
    case 'pareto': {
      const points = trials(count(scenario, 60, 2000), 5).map((t, i) => ({
        id: t.id,
        label: `Run ${i + 1}`,
        group: String(t.values.optimizer),
        values: t.values as Record<string, number | null>,
      }));
      return (
        <ParetoScatter
          title="Runs: loss against cost"
          points={points}
          metrics={METRICS}
          x="cost_usd"
          y="eval_loss"
          selectedId={events.selected}
          onSelect={(id) => {
            events.selected = id;
            render(component, scenario, currentTheme);
          }}
          onFrontierChange={(ids) => (events.frontier = ids)}
          testId="chart"
        />
      );
    }
    case 'heatmap': {
      const params = ['learning_rate', 'batch_size', 'warmup_steps', 'weight_decay', 'lora_rank', 'gradient_accumulation_steps'];
      const metrics = ['eval_loss', 'accuracy', 'cost_usd', 'duration_min'];
      const n = count(scenario, params.length, params.length);
      const rows = params.slice(0, n).map((k) => ({ key: k, label: k }));
      const columns = (scenario === 'one' ? metrics.slice(0, 1) : n === 0 ? [] : metrics).map((k) => ({ key: k, label: k }));
      const r = [
        [-0.62, 0.58, 0.05, -0.31],
        [-0.18, 0.12, 0.81, -0.74],
        [0.09, -0.04, 0.22, 0.47],
        [-0.02, 0.11, -0.07, 0.01],
        [-0.27, 0.3, 0.66, 0.12],
        [null, null, 0.4, 0.55],
      ];
      const p = [
        [0.0004, 0.001, 0.74, 0.03],
        [0.21, 0.41, 0.00001, 0.00002],
        [0.55, 0.8, 0.13, 0.002],
        [0.9, 0.45, 0.63, 0.95],
        [0.06, 0.04, 0.00003, 0.41],
        [null, null, 0.01, 0.0009],
      ];
      const cells = rows.map((_, i) => columns.map((__, j) => ({ r: r[i]![j]!, p: p[i]![j]!, n: 48 })));
      return (
        <CorrelationHeatmap title="Parameters × metrics" rows={rows} columns={columns} cells={cells} method="Spearman" testId="chart" />
      );
    }
    case 'history': {
      const ts = trials(count(scenario, 80, 2000), 3).map((t, i) => ({
        id: t.id,
        number: i + 1,
        value: t.values.eval_loss as number | null,
      }));
      return (
        <HistoryChart
          title="Optimization history"
          objective="eval_loss"
          direction="min"
          trials={ts}
          selectedId={events.selected}
          onSelect={(id) => {
            events.selected = id;
            render(component, scenario, currentTheme);
          }}
          testId="chart"
        />
      );
    }
  }
}

let currentTheme: Theme = 'light';

/** Renders one component (synchronously: it has drawn when this returns). */
export function render(component: Component, scenario: Scenario, theme: Theme = 'light'): void {
  currentTheme = theme;
  if (!root) root = createRoot(container());
  flushSync(() =>
    root!.render(
      <ThemeProvider theme={createAppTheme(theme)}>
        <CssBaseline />
        <Box sx={{ maxWidth: 1392 }}>{element(component, scenario)}</Box>
      </ThemeProvider>,
    ),
  );
}

export function reset(): void {
  teardown();
  events.selection = null;
  events.selected = null;
  events.frontier = null;
}

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));

/** First render of 200 runs × 1,000 steps, until its pixels exist: the console's chart or plain Chart.js. */
export async function stepCurvesFirstRender(mode: 'tuned' | 'baseline', runs: number, steps: number): Promise<number> {
  teardown();
  const curves = lossCurves(runs, steps);
  await frame();
  const t = performance.now();
  if (mode === 'tuned') {
    root = createRoot(container());
    flushSync(() =>
      root!.render(
        <ThemeProvider theme={createAppTheme('light')}>
          <CssBaseline />
          <Box sx={{ maxWidth: 1392 }}>
            <StepCurves title="Training loss by step" metric="loss" runs={curves} />
          </Box>
        </ThemeProvider>,
      ),
    );
  } else {
    const box = document.createElement('div');
    box.style.cssText = 'position:relative;height:320px;width:1100px';
    const canvas = document.createElement('canvas');
    box.appendChild(canvas);
    container().appendChild(box);
    chart = new Chart(canvas, {
      type: 'line',
      data: {
        datasets: curves.map((c, i) => ({
          label: c.label,
          data: Array.from(c.steps, (x, k) => ({ x, y: c.values[k]! })),
          borderColor: colourAt(VIRIDIS, i / runs),
          borderWidth: 1.25,
          pointRadius: 0,
        })),
      },
      options: { animation: false, parsing: false, normalized: true, maintainAspectRatio: false, scales: { x: { type: 'linear' } } },
    });
  }
  // Until the pixels exist: reading them makes Chromium rasterise what was drawn (waiting for a
  // frame instead would add the wait, a different one for each setup, to both figures).
  document.querySelectorAll('canvas').forEach((c) => c.getContext('2d')!.getImageData(0, 0, 1, 1));
  const ms = performance.now() - t;
  const painted = drawnPixels();
  if (painted < 10_000) throw new Error(`the ${mode} chart had not drawn its curves (${painted} pixels)`);
  return ms;
}

/** Pixels drawn on the page's canvases (any not transparent). */
function drawnPixels(): number {
  let n = 0;
  document.querySelectorAll('canvas').forEach((c) => {
    if (c.width === 0 || c.height === 0) return;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
  });
  return n;
}

/** The naive parallel coordinates: every value scaled and every line stroked on each brush move. */
function naiveParallel(items: Trial[]): HTMLCanvasElement {
  const width = 1344;
  const height = 320;
  const canvas = document.createElement('canvas');
  const ratio = window.devicePixelRatio || 1;
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  canvas.style.cssText = `width:${width}px;height:${height}px;display:block`;
  canvas.dataset.testid = 'naive-parallel';
  container().appendChild(canvas);
  const ctx = canvas.getContext('2d')!;
  const scales = PARALLEL_AXES.map((a) =>
    a.kind === 'category'
      ? categoryScale([...new Set(items.map((t) => String(t.values[a.key])))].sort())
      : (() => {
          const e = extent(
            items.map((t) => t.values[a.key] as number | null),
            a.kind === 'log',
          );
          return numericScale(a.kind, e![0], e![1]);
        })(),
  );
  const colourKey = PARALLEL_AXES.length - 1;
  let brush: { axis: number; lo: number; hi: number } | null = null;
  let from: number | null = null;
  const xOf = (k: number) => 56 + (k * (width - 84)) / (PARALLEL_AXES.length - 1);
  const draw = () => {
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    for (const t of items) {
      const ys = PARALLEL_AXES.map((a, k) => scales[k]!.norm(t.values[a.key]));
      const inside = !brush || (ys[brush.axis]! >= brush.lo && ys[brush.axis]! <= brush.hi);
      ctx.strokeStyle = inside ? colourAt(VIRIDIS, ys[colourKey]!) : 'rgba(0,0,0,0.08)';
      ctx.beginPath();
      ys.forEach((y, k) => (k === 0 ? ctx.moveTo(xOf(k), height - y * height) : ctx.lineTo(xOf(k), height - y * height)));
      ctx.stroke();
    }
  };
  draw();
  canvas.addEventListener('pointerdown', (e) => {
    from = 1 - e.offsetY / height;
  });
  canvas.addEventListener('pointermove', (e) => {
    if (from === null) return;
    const t = 1 - e.offsetY / height;
    const axis = Math.round(((e.offsetX - 56) / (width - 84)) * (PARALLEL_AXES.length - 1));
    brush = { axis, lo: Math.min(from, t), hi: Math.max(from, t) };
    draw();
  });
  canvas.addEventListener('pointerup', () => (from = null));
  return canvas;
}

/** Mounts the brushing benchmark's chart (2,000 trials); the drag itself comes from Playwright's mouse. */
export function setupBrushing(mode: 'tuned' | 'baseline', n: number): void {
  teardown();
  const items = trials(n);
  if (mode === 'tuned') {
    root = createRoot(container());
    flushSync(() =>
      root!.render(
        <ThemeProvider theme={createAppTheme('light')}>
          <CssBaseline />
          <Box sx={{ maxWidth: 1392 }}>
            <ParallelCoordinates title="Parameters → metrics" axes={PARALLEL_AXES} items={items} colorBy="eval_loss" />
          </Box>
        </ThemeProvider>,
      ),
    );
  } else {
    naiveParallel(items);
  }
}

/** Times every pointer move from now on (handler and rasterisation), until `stopTiming`. */
let moveTimes: number[] = [];
let moveStart = 0;
let timing = false;
export function startTiming(): void {
  moveTimes = [];
  timing = true;
}
export function stopTiming(): number[] {
  timing = false;
  return moveTimes;
}
window.addEventListener(
  'pointermove',
  () => {
    if (timing) moveStart = performance.now();
  },
  { capture: true },
);
document.addEventListener('pointermove', () => {
  if (!timing) return;
  // Reading a pixel makes Chromium rasterise the canvases' pending drawing now.
  document.querySelectorAll('canvas').forEach((c) => c.getContext('2d')!.getImageData(0, 0, 1, 1));
  moveTimes.push(performance.now() - moveStart);
});

/** The scatter's drawn points in page pixels (Chart.js's own elements), for a test to click one. */
export function scatterPoints(): Array<{ dataset: string; x: number; y: number; px: number; py: number }> {
  const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="scatter-plot"] canvas');
  const chart = canvas ? Chart.getChart(canvas) : undefined;
  if (!canvas || !chart) return [];
  const box = canvas.getBoundingClientRect();
  return chart.data.datasets.flatMap((ds, d) =>
    chart.getDatasetMeta(d).data.map((el, i) => {
      const v = ds.data[i] as { x: number; y: number };
      return { dataset: String(ds.label), x: v.x, y: v.y, px: box.left + el.x, py: box.top + el.y };
    }),
  );
}

/** What the scatter's tooltip shows now (Chart.js draws it on the canvas): its title and lines. */
export function scatterTooltip(): string {
  const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="scatter-plot"] canvas');
  const tip = canvas ? Chart.getChart(canvas)?.tooltip : undefined;
  if (!tip || tip.opacity === 0) return '';
  return [...tip.title, ...tip.body.flatMap((b) => b.lines)].join('\n');
}

declare global {
  interface Window {
    chartsPage: {
      render: typeof render;
      reset: typeof reset;
      events: typeof events;
      stepCurvesFirstRender: typeof stepCurvesFirstRender;
      setupBrushing: typeof setupBrushing;
      startTiming: typeof startTiming;
      stopTiming: typeof stopTiming;
      scatterPoints: typeof scatterPoints;
      scatterTooltip: typeof scatterTooltip;
      optimizers: string[];
    };
  }
}

window.chartsPage = {
  render,
  reset,
  events,
  stepCurvesFirstRender,
  setupBrushing,
  startTiming,
  stopTiming,
  scatterPoints,
  scatterTooltip,
  optimizers: OPTIMIZERS,
};
