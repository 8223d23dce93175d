// An experiment's statistics and insights from its runs as they are now (docs/decisions.md,
// Training: experiments — statistics and insights). Each insight states an observation the runs
// show, its evidence (run ids and values) and, where it is about cost, what acting on it saves.
import type { z } from 'zod';
import type { ExperimentStatistics, Insight, RunMetricName } from '../../../../../shared/api/training/experiments';
import { metricValue, savingsAfter, evaluationSteps, type RunState } from './run-view';
import { CORRELATION_MIN_N, spearman } from './stats/correlation';
import type { StoredExperiment } from './stored-schema';

type Statistics = z.infer<typeof ExperimentStatistics>;
type InsightOut = z.infer<typeof Insight>;

const round = (v: number, digits = 4) => Number(v.toFixed(digits));
const usd = (v: number) => `$${v.toFixed(2)}`;

/** The metric an experiment's best run is chosen by: validation loss, else training loss. */
function primaryMetric(runs: readonly RunState[]): RunMetricName {
  return runs.some((r) => metricValue(r, 'validation_loss') !== null) ? 'validation_loss' : 'loss';
}

export function statisticsOf(runs: readonly RunState[]): Statistics {
  const metric = primaryMetric(runs);
  let best: { id: string; value: number } | null = null;
  for (const r of runs) {
    const v = metricValue(r, metric);
    if (v !== null && (best === null || v < best.value)) best = { id: r.view.id, value: v };
  }
  return {
    total_runs: runs.length,
    completed_runs: runs.filter((r) => r.view.status === 'completed').length,
    running_runs: runs.filter((r) => r.view.status === 'running' || r.view.status === 'pending').length,
    failed_runs: runs.filter((r) => r.view.status === 'failed').length,
    best_run: best === null ? null : { id: best.id, metric, value: best.value },
    best_metric: best?.value ?? null,
    total_cost: round(
      runs.reduce((s, r) => s + r.view.cost, 0),
      6,
    ),
    total_training_time: runs.reduce((s, r) => s + r.view.duration, 0),
  };
}

const numeric = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function divergence(runs: readonly RunState[]): InsightOut | null {
  const diverged = runs.filter((r) => r.t.failure?.reason === 'DIVERGED' && numeric(r.parameters['training.learning_rate']));
  if (diverged.length === 0) return null;
  const lr = (r: RunState) => r.parameters['training.learning_rate'] as number;
  const threshold = Math.min(...diverged.map(lr));
  const atOrAbove = runs.filter(
    (r) => numeric(r.parameters['training.learning_rate']) && lr(r) >= threshold && r.view.status !== 'pending',
  );
  const stable = runs.filter((r) => r.view.status !== 'failed' && numeric(r.parameters['training.learning_rate']) && lr(r) < threshold);
  const highestStable = stable.length === 0 ? null : Math.max(...stable.map(lr));
  const wasted = diverged.reduce((s, r) => s + r.view.cost, 0);
  return {
    type: 'divergence',
    message:
      `Runs with training.learning_rate ≥ ${threshold.toExponential(1)} diverged (${diverged.length} of ${atOrAbove.length})` +
      (highestStable === null ? '' : `; the highest stable rate was ${highestStable.toExponential(1)}`) +
      `. The diverged runs cost ${usd(wasted)}.`,
    confidence: round(diverged.length / Math.max(1, atOrAbove.length), 3),
    evidence: {
      runIds: diverged.map((r) => r.view.id),
      parameter: 'training.learning_rate',
      threshold,
      highestStable,
      divergedAt: diverged.map((r) => ({ runId: r.view.id, learningRate: lr(r), step: r.t.failure!.step })),
    },
    savings: null,
  };
}

function outOfMemory(runs: readonly RunState[]): InsightOut | null {
  const oom = runs.filter((r) => r.t.failure?.reason === 'OUT_OF_MEMORY');
  if (oom.length === 0) return null;
  return {
    type: 'out_of_memory',
    message: `${oom.length} run(s) ran out of GPU memory at the first step: lower batch_size or max_seq_length, enable gradient_checkpointing, or use qlora.`,
    confidence: 1,
    evidence: { runIds: oom.map((r) => r.view.id), memoryGb: oom.map((r) => r.job.plan.memory_gb) },
    savings: null,
  };
}

/** Patience of the early-stopping rule insights assume: evaluations without improvement. */
const EARLY_STOP_PATIENCE = 2;

/**
 * Completed runs whose validation loss rose after its best evaluation: stopping `patience`
 * evaluations after the best would have kept the best checkpoint and skipped the rest.
 */
function earlyStopping(runs: readonly RunState[]): InsightOut | null {
  const completed = runs.filter((r) => r.view.status === 'completed');
  const hits: Array<{ run: RunState; bestStep: number; stopStep: number; rise: number; cost: number; gpuHours: number }> = [];
  for (const r of completed) {
    const steps = evaluationSteps(r.job, r.job.plan.total_steps);
    if (steps.length < EARLY_STOP_PATIENCE + 2) continue;
    const values = steps.map((s) => r.jobRun.model.validationLoss(s));
    let bestAt = 0;
    values.forEach((v, i) => {
      if (v < values[bestAt]!) bestAt = i;
    });
    const stopAt = bestAt + EARLY_STOP_PATIENCE;
    if (stopAt >= steps.length - 1) continue;
    const rise = values[values.length - 1]! / values[bestAt]! - 1;
    if (rise < 0.01) continue;
    const saved = savingsAfter(r.job, steps[stopAt]!);
    hits.push({ run: r, bestStep: steps[bestAt]!, stopStep: steps[stopAt]!, rise, ...saved });
  }
  if (hits.length === 0) return null;
  const cost = hits.reduce((s, h) => s + h.cost, 0);
  const gpuHours = hits.reduce((s, h) => s + h.gpuHours, 0);
  return {
    type: 'early_stopping',
    message:
      `Validation loss rose after its best evaluation in ${hits.length} of ${completed.length} completed run(s) (overfitting). ` +
      `Early stopping on validation_loss with a patience of ${EARLY_STOP_PATIENCE} evaluations would have saved ${usd(cost)} ` +
      `(${gpuHours.toFixed(2)} GPU-hours) and kept each run's best checkpoint.`,
    confidence: round(hits.length / completed.length, 3),
    evidence: {
      runIds: hits.map((h) => h.run.view.id),
      runs: hits.map((h) => ({ runId: h.run.view.id, bestStep: h.bestStep, stopStep: h.stopStep, rise: round(h.rise) })),
    },
    savings: { cost: round(cost, 2), gpuHours: round(gpuHours, 3) },
  };
}

/** The numeric parameter whose rank correlation with the primary metric is strongest (|ρ| ≥ 0.6, p < 0.1, CORRELATION_MIN_N+ runs: below, spearman gives no p-value). */
function parameterEffect(runs: readonly RunState[]): InsightOut | null {
  const metric = primaryMetric(runs);
  const scored = runs.filter((r) => metricValue(r, metric) !== null);
  if (scored.length < CORRELATION_MIN_N) return null;
  const keys = new Set(scored.flatMap((r) => Object.keys(r.parameters).filter((k) => numeric(r.parameters[k]))));
  let strongest: { key: string; rho: number; p: number } | null = null;
  for (const key of [...keys].sort()) {
    const with_ = scored.filter((r) => numeric(r.parameters[key]));
    if (with_.length < CORRELATION_MIN_N) continue;
    const c = spearman(
      with_.map((r) => r.parameters[key] as number),
      with_.map((r) => metricValue(r, metric)!),
    );
    if (c === null || c.pValue === null) continue;
    if (Math.abs(c.coefficient) >= 0.6 && c.pValue < 0.1 && (strongest === null || Math.abs(c.coefficient) > Math.abs(strongest.rho)))
      strongest = { key, rho: c.coefficient, p: c.pValue };
  }
  if (strongest === null) return null;
  const direction = strongest.rho > 0 ? 'Lower' : 'Higher';
  return {
    type: 'parameter_effect',
    message: `${direction} ${strongest.key} went with lower ${metric} (Spearman ρ = ${strongest.rho.toFixed(2)}, p = ${strongest.p.toPrecision(2)}, ${scored.length} runs).`,
    confidence: round(1 - strongest.p, 3),
    evidence: {
      runIds: scored.map((r) => r.view.id),
      parameter: strongest.key,
      metric,
      spearman: round(strongest.rho),
      pValue: strongest.p,
    },
    savings: null,
  };
}

function againstBaseline(exp: StoredExperiment, runs: readonly RunState[], stats: Statistics): InsightOut | null {
  const best = stats.best_run;
  const reference = exp.baseline?.metrics[best?.metric ?? ''];
  if (best === null || reference === undefined || reference === 0) return null;
  const change = best.value / reference - 1;
  const beating = runs.filter((r) => {
    const v = metricValue(r, best.metric);
    return v !== null && v < reference;
  });
  return {
    type: 'baseline',
    message:
      change < 0
        ? `The best run's ${best.metric} ${best.value.toFixed(4)} is ${(-change * 100).toFixed(1)}% below the baseline ${exp.baseline!.name} (${reference}); ${beating.length} of ${runs.length} runs beat it.`
        : `No run beats the baseline ${exp.baseline!.name} on ${best.metric} (${reference}); the best is ${best.value.toFixed(4)}.`,
    confidence: round(runs.length === 0 ? 0 : beating.length / runs.length, 3),
    evidence: { runIds: beating.map((r) => r.view.id), metric: best.metric, baseline: reference, best: best.value },
    savings: null,
  };
}

export function insightsOf(exp: StoredExperiment, runs: readonly RunState[], stats: Statistics): InsightOut[] {
  return [divergence(runs), outOfMemory(runs), earlyStopping(runs), parameterEffect(runs), againstBaseline(exp, runs, stats)].filter(
    (i): i is InsightOut => i !== null,
  );
}
