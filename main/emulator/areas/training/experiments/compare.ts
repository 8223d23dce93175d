// POST …/compare (docs/decisions.md, Training: experiments — compare): rankings per metric,
// tests that are valid for what they are given — configurations across their replicates (seeds),
// models on the same evaluation examples (paired) — with a multiple-comparison correction,
// intervals, the pairs nothing can be said of, parameter–metric correlations with intervals, the
// pareto frontier and recommendations.
import type { z } from 'zod';
import {
  METRIC_DIRECTION,
  type CompareExperimentRequest,
  type CompareExperimentResponse,
  type RunMetricName,
} from '../../../../../shared/api/training/experiments';
import { hash32, seedOf } from '../jobs/sim/loss-model';
import { lossFigure } from '../jobs/view';
import { evaluationSteps, metricValue, type RunState } from './run-view';
import { CORRELATION_MIN_N, pearson, spearman } from './stats/correlation';
import { bootstrapMeanCi, BOOTSTRAP_RESAMPLES, ExampleBootstrap, tMeanCi, wilcoxonSignedRank } from './stats/resample';
import { adjust, type Correction } from './stats/multiple';
import { paretoFrontier } from './stats/pareto';
import { effectSize, mannWhitney, welch } from './stats/two-sample';

type Request = z.output<typeof CompareExperimentRequest>;
type Comparison = z.input<typeof CompareExperimentResponse>['comparison'];
type Analysis = NonNullable<Comparison['statistical_analysis']>;

const round = (v: number, digits = 6) => Number(v.toFixed(digits));
const nullable = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? null : v);
const roundPair = (v: readonly [number, number]): [number, number] => [round(v[0]), round(v[1])];

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

/** Every pair up to this many groups (or runs on one evaluation set: 435 pairs); beyond, each against one reference. */
const ALL_PAIRS_MAX = 30;
/** Replicates a configuration needs for the tests across seeds to say something (Welch needs 2; 3 gives it a few degrees of freedom). */
const REPLICATES_TARGET = 3;
/** Replicates from which a group's interval is a bootstrap one (below, Student's t: a bootstrap of 2–9 values undercovers). */
const BOOTSTRAP_GROUP_MIN = 10;
const MODEL_METRICS: readonly RunMetricName[] = ['validation_loss', 'loss', 'accuracy', 'perplexity'];

interface Group {
  id: string;
  key: string;
  runs: RunState[];
  values: number[];
}

/** Pairs of items: every pair up to ALL_PAIRS_MAX items; else, or with a reference given, each against the reference. */
function pairsOf<T>(items: readonly T[], reference: T | null): { pairs: Array<[T, T]>; pairing: 'all-pairs' | 'reference' } {
  const pairs: Array<[T, T]> = [];
  if (reference !== null) {
    for (const x of items) if (x !== reference) pairs.push([reference, x]);
    return { pairs, pairing: 'reference' };
  }
  for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) pairs.push([items[i]!, items[j]!]);
  return { pairs, pairing: 'all-pairs' };
}

const mean = (v: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i]!;
  return s / v.length;
};
const sd = (v: readonly number[]) => {
  if (v.length < 2) return null;
  const m = mean(v);
  return Math.sqrt(v.reduce((s, x) => s + (x - m) ** 2, 0) / (v.length - 1));
};

/** The evaluation set a run's job is evaluated on: its dataset and the examples it had at create. */
const evaluationSetOf = (r: RunState) => `${r.job.dataset_id}:${r.job.examples}`;

/** The step a run's validation loss comes from: the last when completed, else its best evaluation. */
function valueStep(r: RunState): number | null {
  const { status, metrics } = r.view;
  if (status === 'failed' || status === 'cancelled') return null;
  if (status === 'completed') return metrics.final?.validation_loss == null ? null : r.job.plan.total_steps;
  return metrics.best?.validation_loss == null ? null : (metrics.best.step ?? null);
}

function groupKey(r: RunState, groupBy: string): string | null {
  if (groupBy === 'configuration') {
    const entries = Object.entries(r.parameters).sort(([a], [b]) => (a < b ? -1 : 1));
    return JSON.stringify([r.job.dataset_id, r.job.examples, entries]);
  }
  const prefix = groupBy.slice('tag:'.length);
  return r.view.tags.find((t) => t.startsWith(prefix)) ?? null;
}

/** A configuration group's label: the parameters that differ between groups (else its first run's name). */
function labelOf(g: Group, groups: readonly Group[], groupBy: string): string {
  if (groupBy !== 'configuration') return g.key;
  const p = g.runs[0]!.parameters;
  const varying = Object.keys(p)
    .filter((k) => groups.some((o) => o.runs[0]!.parameters[k] !== p[k]))
    .sort();
  const dataset = groups.some((o) => evaluationSetOf(o.runs[0]!) !== evaluationSetOf(g.runs[0]!))
    ? [`dataset=${g.runs[0]!.job.dataset_id}`]
    : [];
  const text = [...varying.map((k) => `${k}=${String(p[k])}`), ...dataset].join(', ');
  if (text === '') return g.runs[0]!.view.name;
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/**
 * A group's replicate values of the metric.
 * @internal Exported for its tests only.
 */
export interface ReplicateValues {
  id: string;
  values: readonly number[];
}

/**
 * Configurations compared across their replicates: Welch's t and Mann–Whitney on the values,
 * effect sizes, each family (Welch's, Mann–Whitney's) corrected; significant by Welch's adjusted
 * p; `sign` 1 when lower is better, −1 when higher is.
 * @internal Exported for its tests only.
 */
export function testReplicates(
  pairs: ReadonlyArray<readonly [ReplicateValues, ReplicateValues]>,
  alpha: number,
  correction: Correction,
  sign: number,
): Analysis['replicate_tests'] {
  const raw = pairs.map(([x, y]) => ({
    x,
    y,
    w: welch(x.values, y.values, alpha),
    u: mannWhitney(x.values, y.values),
    e: effectSize(x.values, y.values),
  }));
  const welchAdj = adjust(
    raw.map((r) => r.w?.pValue ?? NaN),
    correction,
  );
  const uAdj = adjust(
    raw.map((r) => r.u?.pValue ?? NaN),
    correction,
  );
  return raw.map((r, i) => {
    const mx = mean(r.x.values);
    const my = mean(r.y.values);
    const significant = r.w !== null && welchAdj[i]! < alpha;
    return {
      groupA: r.x.id,
      groupB: r.y.id,
      n: [r.x.values.length, r.y.values.length] as [number, number],
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
              ci: [r.w.ci[0], r.w.ci[1]] as [number, number],
            },
      mannWhitney: r.u === null ? null : { U: r.u.U, z: r.u.z, pValue: r.u.pValue, pAdjusted: uAdj[i]!, method: r.u.method },
      effectSize: { cohensD: nullable(r.e?.cohensD), hedgesG: nullable(r.e?.hedgesG), rankBiserial: nullable(r.u?.rankBiserial) },
      significant,
      better: significant ? ((mx - my) * sign < 0 ? r.x.id : r.y.id) : null,
    };
  });
}

/**
 * A model's per-example validation losses on an evaluation set, at a step.
 * @internal Exported for its tests only.
 */
export interface ExampleLosses {
  id: string;
  step: number;
  losses: ArrayLike<number>;
}

/**
 * Models compared on the same evaluation examples: Wilcoxon's signed-rank test of the paired
 * losses (the family corrected; significant by its adjusted p) and a paired bootstrap interval of
 * the mean difference at 1 − alpha (seeded; the same resamples of the examples for both models).
 * Losses are by run id: `bootstrap` keeps each run's resampled means across calls.
 * @internal Exported for its tests only.
 */
export function testPaired(
  pairs: ReadonlyArray<readonly [ExampleLosses, ExampleLosses]>,
  alpha: number,
  correction: Correction,
  seed: number,
  bootstrap?: ExampleBootstrap,
): Analysis['paired_tests'] {
  const boot = bootstrap ?? new ExampleBootstrap(seed);
  const raw = pairs.map(([x, y]) => {
    const ma = boot.meansOf(x.id, x.losses);
    const mb = boot.meansOf(y.id, y.losses);
    return {
      x,
      y,
      w: wilcoxonSignedRank(x.losses, y.losses),
      ci: ExampleBootstrap.interval(
        ma.map((v, b) => v - mb[b]!),
        1 - alpha,
      ),
    };
  });
  // Every difference 0 (the same losses): p = 1, in the family.
  const adjusted = adjust(
    raw.map((p) => p.w?.pValue ?? 1),
    correction,
  );
  return raw.map((p, i) => {
    // The means are the runs' validation losses: shown as every view shows them (lossFigure), and
    // their difference is that of the figures shown.
    const mx = lossFigure(mean(p.x.losses))!;
    const my = lossFigure(mean(p.y.losses))!;
    const w = p.w ?? { V: 0, z: null, pValue: 1, method: 'exact' as const };
    const significant = adjusted[i]! < alpha;
    return {
      runA: p.x.id,
      runB: p.y.id,
      n: p.x.losses.length,
      steps: [p.x.step, p.y.step] as [number, number],
      meanA: mx,
      meanB: my,
      meanDifference: round(mx - my, 4),
      ci: roundPair(p.ci),
      wilcoxon: { V: w.V, z: w.z, pValue: w.pValue, pAdjusted: adjusted[i]!, method: w.method },
      significant,
      better: significant ? (mx < my ? p.x.id : p.y.id) : null,
    };
  });
}

function statisticalAnalysis(runs: readonly RunState[], a: Request['analysis'], metrics: readonly RunMetricName[]): Analysis {
  const metric = metrics.find((m) => MODEL_METRICS.includes(m)) ?? 'validation_loss';
  const sign = METRIC_DIRECTION[metric] === 'minimize' ? 1 : -1;
  const level = 1 - a.alpha;
  // The same request gives the same intervals: the resamples are seeded by the runs and the metric.
  const requestSeed = seedOf(0, `${metric}|${a.alpha}|${runs.map((r) => r.view.id).join(',')}`);
  const excluded: Array<{ runId: string; reason: string }> = [];

  // Groups of replicates.
  const byKey = new Map<string, Group>();
  for (const r of runs) {
    const status = r.view.status;
    if (status === 'failed' || status === 'cancelled') {
      excluded.push({ runId: r.view.id, reason: `the run ${status}` });
      continue;
    }
    const key = groupKey(r, a.group_by);
    if (key === null) {
      excluded.push({ runId: r.view.id, reason: `no tag starting with "${a.group_by.slice(4)}"` });
      continue;
    }
    const v = metricValue(r, metric);
    if (v === null) excluded.push({ runId: r.view.id, reason: `no ${metric} yet` });
    let g = byKey.get(key);
    if (!g) byKey.set(key, (g = { id: a.group_by === 'configuration' ? `config-${byKey.size + 1}` : key, key, runs: [], values: [] }));
    g.runs.push(r);
    if (v !== null) g.values.push(v);
  }
  const groups = [...byKey.values()].filter((g) => g.values.length > 0);
  const groupOfRun = new Map(groups.flatMap((g) => g.runs.map((r) => [r.view.id, g] as const)));
  const groupsOut = groups.map((g, i) => {
    const useBootstrap = g.values.length >= BOOTSTRAP_GROUP_MIN;
    const ci = useBootstrap ? bootstrapMeanCi(g.values, level, hash32(requestSeed, i)) : tMeanCi(g.values, level);
    return {
      id: g.id,
      label: labelOf(g, groups, a.group_by),
      runIds: g.runs.map((r) => r.view.id),
      n: g.values.length,
      mean: round(mean(g.values)),
      sd: nullable(sd(g.values)),
      ci: ci === null ? null : roundPair(ci),
      ciMethod: ci === null ? null : useBootstrap ? ('bootstrap' as const) : ('t' as const),
    };
  });

  // Across seeds: groups with at least 2 replicates.
  const testable = groups.filter((g) => g.values.length >= 2);
  const better = (x: Group, y: Group) => (mean(x.values) - mean(y.values)) * sign < 0;
  const bestOf = (gs: readonly Group[]) => gs.reduce<Group | null>((b, g) => (b === null || better(g, b) ? g : b), null);
  const baselineGroup = a.baseline_run === undefined ? null : (groupOfRun.get(a.baseline_run) ?? null);
  const groupRef =
    a.baseline_run !== undefined
      ? baselineGroup !== null && baselineGroup.values.length >= 2
        ? baselineGroup
        : null
      : testable.length > ALL_PAIRS_MAX
        ? bestOf(testable)
        : null;
  const groupPairs = a.baseline_run !== undefined && groupRef === null ? [] : pairsOf(testable, groupRef).pairs;
  const replicateTests = testReplicates(groupPairs, a.alpha, a.correction, sign);

  // On the same evaluation examples: runs with a validation loss, by evaluation set.
  const evaluated = runs
    .filter((r) => groupOfRun.has(r.view.id))
    .map((r) => ({ r, step: valueStep(r) }))
    .filter((x): x is { r: RunState; step: number } => x.step !== null);
  const losses = new Map(evaluated.map((x) => [x.r.view.id, x.r.jobRun.model.exampleLosses(x.step)]));
  const boot = new ExampleBootstrap(hash32(requestSeed, 1));
  const runIntervals = evaluated.map((x) => {
    const l = losses.get(x.r.view.id)!;
    const ci = ExampleBootstrap.interval(boot.meansOf(x.r.view.id, l), level);
    return { runId: x.r.view.id, step: x.step, n: l.length, value: lossFigure(mean(l))!, ci: roundPair(ci) };
  });
  const bySet = new Map<string, typeof evaluated>();
  for (const x of evaluated) bySet.set(evaluationSetOf(x.r), [...(bySet.get(evaluationSetOf(x.r)) ?? []), x]);
  const runPairs: Array<[(typeof evaluated)[number], (typeof evaluated)[number]]> = [];
  let runPairing: 'all-pairs' | 'reference' = 'all-pairs';
  for (const set of bySet.values()) {
    const base = a.baseline_run === undefined ? null : (set.find((x) => x.r.view.id === a.baseline_run) ?? null);
    if (a.baseline_run !== undefined && base === null) continue;
    // Past ALL_PAIRS_MAX runs on one set: each against the lowest validation loss.
    const meanLoss = (x: (typeof set)[number]) => mean(losses.get(x.r.view.id)!);
    const bestRun = set.length > ALL_PAIRS_MAX ? set.reduce((b, x) => (meanLoss(x) < meanLoss(b) ? x : b)) : null;
    const { pairs, pairing } = pairsOf(set, base ?? bestRun);
    if (pairing === 'reference') runPairing = 'reference';
    runPairs.push(...pairs);
  }
  const pairedTests = testPaired(
    runPairs.map(([x, y]) => [
      { id: x.r.view.id, step: x.step, losses: losses.get(x.r.view.id)! },
      { id: y.r.view.id, step: y.step, losses: losses.get(y.r.view.id)! },
    ]),
    a.alpha,
    a.correction,
    requestSeed,
    boot,
  );

  // Neither: a group of one run against another, on different evaluation sets.
  const sets = new Map(groups.map((g) => [g, new Set(g.runs.filter((r) => losses.has(r.view.id)).map(evaluationSetOf))]));
  const shareExamples = (x: Group, y: Group) => [...sets.get(x)!].some((s) => sets.get(y)!.has(s));
  const reference = a.baseline_run !== undefined ? baselineGroup : groups.length > ALL_PAIRS_MAX ? bestOf(groups) : null;
  const notTestable =
    a.baseline_run !== undefined && reference === null
      ? []
      : pairsOf(groups, reference)
          .pairs.filter(([x, y]) => (x.values.length < 2 || y.values.length < 2) && !shareExamples(x, y))
          .map(([x, y]) => ({
            groupA: x.id,
            groupB: y.id,
            runA: x.runs[0]!.view.id,
            runB: y.runs[0]!.view.id,
            reason:
              x.values.length < 2 && y.values.length < 2
                ? 'one run per configuration and no shared evaluation examples'
                : `${x.values.length < 2 ? x.id : y.id} has one run, and the two share no evaluation examples`,
            action: 'add_seeds' as const,
            replicatesNeeded: Math.max(0, REPLICATES_TARGET - x.values.length) + Math.max(0, REPLICATES_TARGET - y.values.length),
          }));

  const pairing =
    a.baseline_run !== undefined ? 'baseline-run' : groupRef !== null || runPairing === 'reference' ? 'best-run' : 'all-pairs';
  return {
    metric,
    alpha: a.alpha,
    correction: a.correction,
    confidenceLevel: level,
    groupBy: a.group_by,
    baselineRunId: a.baseline_run ?? null,
    pairing,
    groups: groupsOut,
    replicate_tests: replicateTests,
    paired_tests: pairedTests,
    run_intervals: runIntervals,
    not_testable: notTestable,
    excluded,
    method:
      `Across seeds: groups of replicates (${a.group_by}) compared by Welch's t and Mann–Whitney on their ${metric}, ` +
      `${a.correction} over the family; group intervals Student's t below ${BOOTSTRAP_GROUP_MIN} replicates, else a ${BOOTSTRAP_RESAMPLES}-resample bootstrap. ` +
      `On the same evaluation examples: per-example validation losses at the step each value comes from, Wilcoxon signed-rank (paired), ` +
      `${a.correction} over the family, ${BOOTSTRAP_RESAMPLES}-resample paired bootstrap interval of the mean difference. ` +
      `Every pair up to ${ALL_PAIRS_MAX} groups or runs per evaluation set, else each against the best. Resamples seeded by the request.`,
  };
}

const numeric = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function correlations(
  runs: readonly RunState[],
  metrics: readonly RunMetricName[],
  level: number,
): NonNullable<Comparison['correlations']> {
  const keys = [...new Set(runs.flatMap((r) => Object.keys(r.parameters).filter((k) => numeric(r.parameters[k]))))].sort();
  const out: NonNullable<Comparison['correlations']> = [];
  for (const parameter of keys)
    for (const metric of metrics) {
      const pairs = runs
        .map((r) => [r.parameters[parameter], metricValue(r, metric)] as const)
        .filter((p): p is readonly [number, number] => numeric(p[0]) && p[1] !== null);
      const x = pairs.map((p) => p[0]);
      const y = pairs.map((p) => p[1]);
      const p = pearson(x, y, level);
      const s = spearman(x, y, level);
      // A parameter all runs share says nothing: left out.
      if (p === null && s === null) continue;
      out.push({
        parameter,
        metric,
        n: pairs.length,
        minimumN: CORRELATION_MIN_N,
        pearson: p === null ? null : { coefficient: round(p.coefficient), ci: p.ci === null ? null : roundPair(p.ci), pValue: p.pValue },
        spearman: s === null ? null : { coefficient: round(s.coefficient), ci: s.ci === null ? null : roundPair(s.ci), pValue: s.pValue },
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

/**
 * The recommendations. The pareto line reads `front`, the one frontier of the comparison (the
 * answer's `pareto_frontier`), so its count and names are that list's (issue 18 part 5).
 */
function recommendations(
  runs: readonly RunState[],
  metrics: readonly RunMetricName[],
  ranks: Record<string, string[]>,
  stats: Comparison['statistical_analysis'],
  front: ReturnType<typeof pareto> | null,
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
    const ties = stats.paired_tests.filter((c) => (c.runA === top || c.runB === top) && !c.significant);
    if (ties.length > 0)
      out.push(
        `On the same evaluation examples it is not significantly different (after ${stats.correction} correction) from ${ties
          .map((c) => name.get(c.runA === top ? c.runB : c.runA))
          .join(', ')}: prefer the cheaper of these.`,
      );
    const topGroup = stats.groups.find((g) => g.runIds.includes(top));
    if (topGroup !== undefined && topGroup.n < 2)
      out.push(`${name.get(top)} is one seed of its configuration: add seeds before concluding that the configuration is better.`);
    if (stats.not_testable.length > 0)
      out.push(
        `${stats.not_testable.length} pair(s) of configurations cannot be tested (one run each, no shared evaluation examples): add seeds.`,
      );
  }
  if (front !== null && front.frontier.length > 0) {
    const n = front.frontier.length;
    const compared = n + front.dominated.length;
    out.push(
      `${n} of ${compared} run${compared === 1 ? '' : 's'} with every metric ${n === 1 ? 'is' : 'are'} on the pareto frontier over ${metrics.join(', ')} ` +
        `(no other run is at least as good on all of them): ${front.frontier.map((f) => name.get(f.runId)).join(', ')}.`,
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
  const stats = body.analysis.statistical_tests ? statisticalAnalysis(runs, body.analysis, metrics) : null;
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
    correlations: body.analysis.correlation_analysis ? correlations(runs, metrics, 1 - body.analysis.alpha) : null,
    pareto_frontier: front?.frontier ?? null,
    dominated: front?.dominated ?? null,
    recommendations: recommendations(runs, metrics, ranks, stats, front),
  };
}

/** The job's evaluations so far (at most 200, evenly spread): step, training and validation loss. */
function curveOf(r: RunState) {
  const steps = evaluationSteps(r.job, r.t.step);
  const pick = steps.length <= 200 ? steps : Array.from({ length: 200 }, (_, i) => steps[Math.round((i * (steps.length - 1)) / 199)]!);
  const m = r.jobRun.model;
  return pick.map((step) => ({ step, loss: nullable(round(m.trainLoss(step))), validation_loss: nullable(round(m.validationLoss(step))) }));
}
