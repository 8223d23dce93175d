// POST …/compare (docs/decisions.md, Training: experiments — compare): rankings per metric,
// pairwise tests over each run's late-training loss samples with a multiple-comparison
// correction, parameter–metric correlations, the pareto frontier and recommendations.
import type { z } from 'zod';
import {
  METRIC_DIRECTION,
  type CompareExperimentRequest,
  type CompareExperimentResponse,
  type RunMetricName,
} from '../../../../../shared/api/training/experiments';
import { evaluationSteps, metricValue, type RunState } from './run-view';
import { pearson, spearman } from './stats/correlation';
import { adjust } from './stats/multiple';
import { paretoFrontier } from './stats/pareto';
import { effectSize, mannWhitney, welch } from './stats/two-sample';

type Request = z.output<typeof CompareExperimentRequest>;
type Comparison = z.input<typeof CompareExperimentResponse>['comparison'];
type Pair = NonNullable<Comparison['statistical_analysis']>['comparisons'][number];

const round = (v: number, digits = 6) => Number(v.toFixed(digits));
const nullable = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? null : v);

/** A run's sample: the training loss at each of its last ⌈steps/10⌉ steps (at least 5, at most 200 evenly spread). */
const SAMPLE_FRACTION = 0.1;
const SAMPLE_MIN = 5;
const SAMPLE_MAX = 200;
const SAMPLE_DESCRIPTION =
  'training loss at each of the last 10% of the steps each run has taken (at least 5, at most 200 evenly spread steps); failed and cancelled runs are left out';

function lossSample(s: RunState): number[] | null {
  if (s.view.status === 'failed' || s.view.status === 'cancelled') return null;
  const step = s.t.step;
  const width = Math.max(SAMPLE_MIN, Math.ceil(step * SAMPLE_FRACTION));
  if (step < SAMPLE_MIN) return null;
  const first = step - Math.min(width, step) + 1;
  const span = step - first + 1;
  const count = Math.min(SAMPLE_MAX, span);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const at = count === span ? first + i : first + Math.round((i * (span - 1)) / (count - 1));
    const v = s.jobRun.model.trainLoss(at);
    if (Number.isFinite(v)) out.push(v);
  }
  return out.length >= SAMPLE_MIN ? out : null;
}

function rankings(runs: readonly RunState[], metrics: readonly RunMetricName[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const metric of metrics) {
    const sign = METRIC_DIRECTION[metric] === 'minimize' ? 1 : -1;
    out[metric] = [...runs]
      .sort((a, b) => {
        const x = metricValue(a, metric);
        const y = metricValue(b, metric);
        if (x === null || y === null) return x === null && y === null ? (a.view.id < b.view.id ? -1 : 1) : x === null ? 1 : -1;
        return (x - y) * sign || (a.view.id < b.view.id ? -1 : 1);
      })
      .map((r) => r.view.id);
  }
  return out;
}

/** Every pair up to this many runs (435 pairs); beyond, each run against one reference run. */
const ALL_PAIRS_MAX_RUNS = 30;

function statisticalAnalysis(
  runs: readonly RunState[],
  a: Request['analysis'],
  ranked: readonly string[],
): NonNullable<Comparison['statistical_analysis']> {
  const samples = new Map<string, number[]>();
  const excluded: Array<{ runId: string; reason: string }> = [];
  for (const r of runs) {
    const s = lossSample(r);
    if (s === null)
      excluded.push({
        runId: r.view.id,
        reason:
          r.view.status === 'failed' || r.view.status === 'cancelled' ? `the run ${r.view.status}` : `fewer than ${SAMPLE_MIN} steps run`,
      });
    else samples.set(r.view.id, s);
  }
  const ids = runs.map((r) => r.view.id).filter((id) => samples.has(id));
  // Against a baseline run, only pairs with it (none when it has no sample: see `excluded`). Too
  // many runs for every pair: against the best-ranked run that has a sample.
  const base = a.baseline_run ?? (ids.length > ALL_PAIRS_MAX_RUNS ? (ranked.find((id) => samples.has(id)) ?? null) : null);
  const pairs: Array<[string, string]> = [];
  if (base !== null) {
    if (samples.has(base)) for (const id of ids) if (id !== base) pairs.push([base, id]);
  } else for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) pairs.push([ids[i]!, ids[j]!]);
  const raw = pairs.map(([x, y]) => {
    const sx = samples.get(x)!;
    const sy = samples.get(y)!;
    return { x, y, sx, sy, w: welch(sx, sy, a.alpha), u: mannWhitney(sx, sy), e: effectSize(sx, sy) };
  });
  const welchAdj = adjust(
    raw.map((r) => r.w?.pValue ?? NaN),
    a.correction,
  );
  const uAdj = adjust(
    raw.map((r) => r.u?.pValue ?? NaN),
    a.correction,
  );
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const comparisons: Pair[] = raw.map((r, i) => {
    const mx = mean(r.sx);
    const my = mean(r.sy);
    const significant = r.w !== null && welchAdj[i]! < a.alpha;
    return {
      runA: r.x,
      runB: r.y,
      n: [r.sx.length, r.sy.length],
      meanA: round(mx),
      meanB: round(my),
      meanDifference: round(mx - my),
      welch:
        r.w === null
          ? null
          : {
              statistic: r.w.statistic,
              df: r.w.df,
              pValue: r.w.pValue,
              pAdjusted: welchAdj[i]!,
              ci: [r.w.ci[0], r.w.ci[1]],
            },
      mannWhitney: r.u === null ? null : { U: r.u.U, z: r.u.z, pValue: r.u.pValue, pAdjusted: uAdj[i]!, method: r.u.method },
      effectSize: { cohensD: nullable(r.e?.cohensD), hedgesG: nullable(r.e?.hedgesG), rankBiserial: nullable(r.u?.rankBiserial) },
      significant,
      better: significant ? (mx < my ? r.x : r.y) : null,
    };
  });
  return {
    metric: 'loss',
    sample: SAMPLE_DESCRIPTION,
    alpha: a.alpha,
    correction: a.correction,
    confidenceLevel: 1 - a.alpha,
    baselineRunId: base,
    pairing: base === null ? 'all-pairs' : a.baseline_run === undefined ? 'best-run' : 'baseline-run',
    comparisons,
    excluded,
  };
}

const numeric = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function correlations(runs: readonly RunState[], metrics: readonly RunMetricName[]): NonNullable<Comparison['correlations']> {
  const keys = [...new Set(runs.flatMap((r) => Object.keys(r.parameters).filter((k) => numeric(r.parameters[k]))))].sort();
  const out: NonNullable<Comparison['correlations']> = [];
  for (const parameter of keys)
    for (const metric of metrics) {
      const pairs = runs
        .map((r) => [r.parameters[parameter], metricValue(r, metric)] as const)
        .filter((p): p is readonly [number, number] => numeric(p[0]) && p[1] !== null);
      const x = pairs.map((p) => p[0]);
      const y = pairs.map((p) => p[1]);
      const p = pearson(x, y);
      const s = spearman(x, y);
      // A parameter all runs share says nothing: left out.
      if (p === null && s === null) continue;
      out.push({
        parameter,
        metric,
        n: pairs.length,
        pearson: p === null ? null : { coefficient: round(p.coefficient), pValue: p.pValue },
        spearman: s === null ? null : { coefficient: round(s.coefficient), pValue: s.pValue },
      });
    }
  return out;
}

const fmt = (metric: RunMetricName, v: number) =>
  metric === 'cost' ? `$${v.toFixed(2)}` : metric === 'duration' ? `${Math.round(v)} s` : v.toFixed(4);

function pareto(runs: readonly RunState[], metrics: readonly RunMetricName[]) {
  const objectives = metrics.map((metric) => ({ metric, direction: METRIC_DIRECTION[metric] }));
  const candidates = runs.map((r) => ({ id: r.view.id, values: Object.fromEntries(metrics.map((m) => [m, metricValue(r, m)])) }));
  const result = paretoFrontier(objectives, candidates);
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const frontier = result.frontier.map((id) => {
    const c = byId.get(id)!;
    const bestIn = objectives.filter((o) =>
      result.frontier.every((other) => {
        const v = byId.get(other)!.values[o.metric]!;
        const mine = c.values[o.metric]!;
        return o.direction === 'minimize' ? mine <= v : mine >= v;
      }),
    );
    const values = metrics.map((m) => `${m} ${fmt(m, c.values[m]!)}`).join(', ');
    const reason =
      bestIn.length > 0
        ? `best ${bestIn.map((o) => o.metric).join(' and ')} (${values})`
        : `trade-off: no run is at least as good on every metric (${values})`;
    return { runId: id, reason };
  });
  return { frontier, dominated: result.dominated.map((d) => ({ runId: d.id, dominatedBy: d.dominatedBy })) };
}

function recommendations(
  runs: readonly RunState[],
  metrics: readonly RunMetricName[],
  ranks: Record<string, string[]>,
  stats: Comparison['statistical_analysis'],
): string[] {
  const out: string[] = [];
  const name = new Map(runs.map((r) => [r.view.id, r.view.name]));
  const metric = metrics.find((m) => m !== 'cost' && m !== 'duration') ?? metrics[0]!;
  const top = ranks[metric]?.[0];
  if (
    top !== undefined &&
    metricValue(
      runs.find((r) => r.view.id === top)!,
      metric,
    ) !== null
  )
    out.push(`${name.get(top)} has the best ${metric}: promote it or use its parameters as the next baseline.`);
  if (stats !== null && top !== undefined) {
    const ties = stats.comparisons.filter((c) => (c.runA === top || c.runB === top) && !c.significant);
    if (ties.length > 0)
      out.push(
        `Its late-training loss is not significantly different (after ${stats.correction} correction) from ${ties
          .map((c) => name.get(c.runA === top ? c.runB : c.runA))
          .join(', ')}: prefer the cheaper of these, or add seeds before concluding.`,
      );
  }
  const failed = runs.filter((r) => r.view.status === 'failed');
  if (failed.length > 0)
    out.push(`${failed.length} run(s) failed (${failed.map((r) => r.t.failure?.reason).join(', ')}): see the experiment's insights.`);
  const going = runs.filter((r) => r.view.status === 'running' || r.view.status === 'pending');
  if (going.length > 0) out.push(`${going.length} run(s) are still training: their values are the best so far and will change.`);
  return out;
}

export function compareRuns(experimentId: string, runs: readonly RunState[], body: Request): Comparison {
  const metrics = body.metrics;
  const ranks = rankings(runs, metrics);
  const stats = body.analysis.statistical_tests ? statisticalAnalysis(runs, body.analysis, ranks[metrics[0]!]!) : null;
  const front = body.analysis.performance_pareto ? pareto(runs, metrics) : null;
  return {
    experimentId,
    metrics,
    runs: runs.map((r) => ({
      id: r.view.id,
      name: r.view.name,
      status: r.view.status,
      trainingJobId: r.view.trainingJobId,
      parameters: r.view.parameters,
      values: Object.fromEntries(metrics.map((m) => [m, metricValue(r, m)])),
      curve: curveOf(r),
    })),
    rankings: ranks,
    statistical_analysis: stats,
    correlations: body.analysis.correlation_analysis ? correlations(runs, metrics) : null,
    pareto_frontier: front?.frontier ?? null,
    dominated: front?.dominated ?? null,
    recommendations: recommendations(runs, metrics, ranks, stats),
  };
}

/** The job's evaluations so far (at most 200, evenly spread): step, training and validation loss. */
function curveOf(r: RunState) {
  const steps = evaluationSteps(r.job, r.t.step);
  const pick = steps.length <= 200 ? steps : Array.from({ length: 200 }, (_, i) => steps[Math.round((i * (steps.length - 1)) / 199)]!);
  const m = r.jobRun.model;
  return pick.map((step) => ({ step, loss: nullable(round(m.trainLoss(step))), validation_loss: nullable(round(m.validationLoss(step))) }));
}
