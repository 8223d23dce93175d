// The page side of the experiment comparison benchmark (bundled by experiment-compare.ts, run in
// Chromium): mounts the console's comparison body (ComparisonView) with a synthetic comparison of
// 200 runs × 1,000 steps — the runs table, the metric curves, the statistical tests (199 pairs, each
// run against the best, as the API answers past 30 runs), the panels below the fold waiting to be
// scrolled to — and times its first render
// until the curves have drawn. The baseline, in the same page: Chart.js given every point of every
// run (no decimation), the plain way to draw such a comparison.
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Chart, LinearScale, LineController, LineElement, PointElement } from 'chart.js';
import { createRoot, type Root } from 'react-dom/client';
import { createAppTheme } from '../../renderer/src/shell/theme/create-app-theme';
import { ComparisonView } from '../../renderer/src/features/training/experiments/compare/ComparisonView';
import type { RunCurve } from '../../renderer/src/features/training/experiments/compare/run-curves';
import type { Comparison } from '../../renderer/src/features/training/experiments/compare/use-comparison';
import { colourAt, VIRIDIS } from '../../renderer/src/lib/colour-scale';
import { lossCurves, rng } from './charts-data';

Chart.register(LineController, LineElement, PointElement, LinearScale);

const id = (i: number) => `run_${String(i + 1).padStart(4, '0')}`;

/** A comparison as the API answers it for `runs` runs (every pair tested), and each run's curve. */
export function syntheticComparison(runs: number, steps: number): { comparison: Comparison; curves: Map<string, RunCurve> } {
  const random = rng(3);
  const loss = lossCurves(runs, steps);
  const curves = new Map<string, RunCurve>();
  const list: Comparison['runs'] = loss.map((c, i) => {
    const lr = 10 ** (-5 + random() * 3);
    const last = c.values[c.values.length - 1]!;
    const val = Number.isFinite(last) ? last * 1.05 : null;
    curves.set(id(i), {
      steps: Array.from(c.steps),
      loss: Array.from(c.values),
      valSteps: Array.from(c.steps).filter((_, k) => k % 50 === 49),
      validation: Array.from(c.values)
        .filter((_, k) => k % 50 === 49)
        .map((v) => v * 1.05),
      lastStep: c.steps[c.steps.length - 1]!,
      done: true,
    });
    return {
      id: id(i),
      name: `run-${i + 1}`,
      status: 'completed',
      trainingJobId: `job_${String(i + 1).padStart(4, '0')}`,
      parameters: {
        baseModel: 'llama-3-8b',
        strategy: 'lora',
        'parameters.rank': [4, 8, 16, 32][i % 4]!,
        'parameters.alpha': 16,
        'parameters.dropout': 0.05,
        'training.epochs': 3,
        'training.batch_size': [4, 8][i % 2]!,
        'training.learning_rate': Number(lr.toPrecision(3)),
        'training.weight_decay': 0.01,
        'training.warmup_steps': 100,
        'training.gradient_accumulation_steps': 1,
        'optimization.mixed_precision': 'bf16',
        'optimization.gradient_checkpointing': true,
        'optimization.max_grad_norm': 1,
      },
      values: {
        validation_loss: val,
        loss: Number.isFinite(last) ? last : null,
        perplexity: val === null ? null : Math.exp(val),
        accuracy: val === null ? null : Math.max(0, 1 - val / 3),
        cost: 2 + random() * 10,
        duration: 3600 + random() * 7200,
      },
      curve: [],
    };
  });
  type Analysis = NonNullable<Comparison['statistical_analysis']>;
  const paired: Analysis['paired_tests'] = [];
  // As the API answers past 30 runs on one evaluation set: each run against the best (the first here).
  for (let b = 1; b < runs; b++) {
    const meanA = list[0]!.values.validation_loss ?? 1;
    const meanB = list[b]!.values.validation_loss ?? 1;
    const d = meanA - meanB;
    const p = Math.min(1, Math.abs(0.02 / (d || 1e-6)) * random());
    paired.push({
      runA: id(0),
      runB: id(b),
      n: 200,
      steps: [1000, 1000],
      meanA,
      meanB,
      meanDifference: d,
      ci: [d - 0.02, d + 0.02],
      wilcoxon: { V: 5000, z: 1, pValue: p, pAdjusted: Math.min(1, p * 50), method: 'normal' },
      significant: p * 50 < 0.05,
      better: p * 50 < 0.05 ? (d < 0 ? id(0) : id(b)) : null,
    });
  }
  const metrics = ['validation_loss', 'loss', 'perplexity', 'accuracy', 'cost', 'duration'] as const;
  const comparison: Comparison = {
    experimentId: 'exp_bench',
    metrics: [...metrics],
    runs: list,
    rankings: Object.fromEntries(metrics.map((m) => [m, list.map((r) => r.id)])),
    statistical_analysis: {
      metric: 'validation_loss',
      alpha: 0.05,
      correction: 'holm',
      confidenceLevel: 0.95,
      groupBy: 'configuration',
      baselineRunId: null,
      pairing: 'best-run',
      groups: list.map((r, i) => ({
        id: `config-${i + 1}`,
        label: r.name,
        runIds: [r.id],
        n: 1,
        mean: r.values.validation_loss ?? null,
        sd: null,
        ci: null,
        ciMethod: null,
      })),
      replicate_tests: [],
      paired_tests: paired,
      run_intervals: list.map((r) => ({
        runId: r.id,
        step: 1000,
        n: 200,
        value: r.values.validation_loss ?? 1,
        ci: [(r.values.validation_loss ?? 1) - 0.03, (r.values.validation_loss ?? 1) + 0.03],
      })),
      not_testable: [],
      excluded: [],
      method: 'synthetic',
    },
    correlations: ['parameters.rank', 'training.batch_size', 'training.learning_rate'].flatMap((parameter) =>
      metrics.map((metric) => ({
        parameter,
        metric,
        n: runs,
        minimumN: 10,
        pearson: { coefficient: random() * 2 - 1, ci: [-0.5, 0.5], pValue: random() },
        spearman: { coefficient: random() * 2 - 1, ci: [-0.5, 0.5], pValue: random() },
      })),
    ),
    pareto_frontier: [{ runId: id(0), reason: 'lowest cost' }],
    dominated: [],
    recommendations: ['run-1 has the best validation_loss.'],
  };
  return { comparison, curves };
}

let root: Root | null = null;
let chart: Chart | null = null;
const container = () => document.getElementById('root')!;

function teardown(): void {
  root?.unmount();
  root = null;
  chart?.destroy();
  chart = null;
  container().replaceChildren();
}

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));

async function until(test: () => boolean, what: string): Promise<void> {
  const start = performance.now();
  while (!test()) {
    if (performance.now() - start > 30_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 0));
  }
}

/** First render, to the frame after the curves have drawn: the console's comparison or plain Chart.js. */
export async function firstRender(mode: 'tuned' | 'baseline', runs: number, steps: number): Promise<number> {
  teardown();
  const { comparison, curves } = syntheticComparison(runs, steps);
  await frame();
  const t = performance.now();
  if (mode === 'tuned') {
    root = createRoot(container());
    root.render(
      <ThemeProvider theme={createAppTheme('light')}>
        <CssBaseline />
        <Box sx={{ width: 1392, p: 3 }}>
          <ComparisonView comparison={comparison} curves={curves} differencesOnly onDifferencesOnly={() => {}} />
        </Box>
      </ThemeProvider>,
    );
    await until(() => document.querySelector('[data-testid="compare-curves"] canvas') !== null, 'the curves');
  } else {
    const box = document.createElement('div');
    box.style.cssText = 'position:relative;height:340px;width:1340px';
    const canvas = document.createElement('canvas');
    box.appendChild(canvas);
    container().appendChild(box);
    const list = [...curves.values()];
    chart = new Chart(canvas, {
      type: 'line',
      data: {
        datasets: list.map((c, i) => ({
          label: comparison.runs[i]!.name,
          data: c.steps.map((x, k) => ({ x, y: c.loss[k]! })),
          borderColor: colourAt(VIRIDIS, i / runs),
          borderWidth: 1.25,
          pointRadius: 0,
        })),
      },
      options: { animation: false, parsing: false, normalized: true, maintainAspectRatio: false, scales: { x: { type: 'linear' } } },
    });
  }
  // Until the pixels exist and the page is laid out: reading a pixel makes Chromium rasterise
  // what was drawn (waiting for a frame instead would add a wait of its own to both figures).
  document.querySelectorAll('canvas').forEach((c) => c.getContext('2d')!.getImageData(0, 0, 1, 1));
  document.body.getBoundingClientRect();
  const ms = performance.now() - t;
  const painted = drawnPixels(document.querySelector(mode === 'tuned' ? '[data-testid="compare-curves"] canvas' : 'canvas'));
  if (painted < 10_000) throw new Error(`the ${mode} view had not drawn its curves (${painted} pixels)`);
  return ms;
}

/** Pixels drawn on a canvas (any not transparent). */
function drawnPixels(canvas: HTMLCanvasElement | null): number {
  if (!canvas || canvas.width === 0 || canvas.height === 0) return 0;
  const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  let n = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) n++;
  return n;
}

declare global {
  interface Window {
    compareBench: { firstRender: typeof firstRender };
  }
}

window.compareBench = { firstRender };
