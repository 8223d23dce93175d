// A stored tuning job as the API shows it at `now` (03-endpoints-training.md, Tuning job and
// trial; docs/decisions.md, Training: tuning): status, progress, trials, results, the pareto
// set, the convergence analysis and recommendations drawn from the trials themselves.
import type { Trial, TuningJob, TuningStatus } from '../../../../../shared/api/training/tuning';
import type { StoredTrial, StoredTuning } from '../state';
import { lastEventAt, metricOf, running, scoreOf, spentAt } from './engine';
import { toUnit, type ParamSpec } from './algorithms/space';

const iso = (ms: number) => new Date(ms).toISOString();
const round = (v: number, digits = 6) => Number(v.toFixed(digits));

export function statusOf(tu: StoredTuning, now: number): TuningStatus {
  if (tu.ended_at !== null && tu.ended_at <= now) {
    if (tu.end_reason === 'stopped') return 'cancelled';
    return tu.end_reason === 'all_failed' ? 'failed' : 'completed';
  }
  if (now < tu.start_at) return 'pending';
  // A stop that lets the running trials finish: still running (the view's `stop` says it was asked).
  return 'running';
}

/** The best completed trial (lowest score; the earlier on a tie), or null. */
export function bestOf(tu: StoredTuning): StoredTrial | null {
  let best: StoredTrial | null = null;
  let bestScore = Infinity;
  for (const t of tu.trials) {
    const s = t.status === 'completed' ? scoreOf(tu, t) : null;
    if (s !== null && s < bestScore) [best, bestScore] = [t, s];
  }
  return best;
}

function trialView(tu: StoredTuning, t: StoredTrial, now: number, bestId: string | null): Trial {
  const until = t.ended_at ?? Math.max(t.started_at, now);
  const ms = until - t.started_at;
  return {
    id: t.id,
    number: t.number,
    parameters: t.params,
    metrics: t.status === 'completed' ? t.outcome : {},
    status: t.status,
    duration: round(ms / 1000, 3),
    cost: round(ms * t.cost_per_ms),
    gpuHours: round(ms * t.gpu_hours_per_ms),
    epochs: t.epochs,
    bracket: t.bracket,
    rung: t.rung,
    failure: t.status === 'failed' ? t.failure : null,
    startedAt: iso(t.started_at),
    completedAt: t.ended_at === null ? null : iso(t.ended_at),
    modelId: tu.model_id !== null && bestId === t.id ? tu.model_id : null,
  };
}

/** The baseline's score, as trials are scored: the parent config's metrics (and one trial's estimated cost and duration). */
function baselineScore(tu: StoredTuning): number | null {
  const r = tu.request;
  const b = tu.baseline.metrics;
  if (!r.objectives) {
    const v = b[r.metric];
    return v === undefined ? null : r.objective === 'minimize' ? v : -v;
  }
  // Each objective is measured in units of the baseline's own value: the baseline scores ±weight on each.
  return r.objectives.reduce((s, o) => s + o.weight * (o.direction === 'minimize' ? 1 : -1), 0);
}

/** The displayed value of a trial: its metric, or its weighted score in a multi-objective search. */
const valueOf = (tu: StoredTuning, t: StoredTrial) => (tu.request.objectives ? scoreOf(tu, t) : metricOf(t, tu.request.metric));

function paretoSet(tu: StoredTuning): string[] | null {
  const objectives = tu.request.objectives;
  if (!objectives) return null;
  const points = tu.trials
    .filter((t) => t.status === 'completed')
    .map((t) => ({ id: t.id, v: objectives.map((o) => (o.direction === 'minimize' ? 1 : -1) * metricOf(t, o.metric)!) }));
  return points
    .filter((p) => !points.some((q) => q !== p && q.v.every((x, i) => x <= p.v[i]!) && q.v.some((x, i) => x < p.v[i]!)))
    .map((p) => p.id);
}

/** Finished trials in the order they ended. */
const endedInOrder = (tu: StoredTuning) =>
  tu.trials.filter((t) => t.status === 'completed').sort((a, b) => a.ended_at! - b.ended_at! || a.number - b.number);

const CONVERGENCE_MIN_TRIALS = 10;

/** 1st, 2nd, 3rd, 4th, 11th, 21st… */
function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
}

function convergence(tu: StoredTuning) {
  const done = endedInOrder(tu);
  const scores = done.map((t) => scoreOf(tu, t)!);
  if (scores.length === 0)
    return { converged: false, convergenceEpoch: null, remainingImprovement: null, recommendation: 'No trial has completed yet.' };
  const bestSoFar: number[] = [];
  for (const s of scores) bestSoFar.push(Math.min(s, bestSoFar[bestSoFar.length - 1] ?? Infinity));
  const final = bestSoFar[bestSoFar.length - 1]!;
  const tol = 0.01 * Math.abs(final) || 1e-9;
  const at = bestSoFar.findIndex((b) => b - final <= tol);
  const half = bestSoFar[Math.floor((bestSoFar.length - 1) / 2)]!;
  const remaining = Math.abs(half) > 0 ? round((100 * (half - final)) / Math.abs(half), 3) : 0;
  const after = scores.length - 1 - at;
  const needed = Math.max(5, Math.ceil(0.25 * scores.length));
  const converged = scores.length >= CONVERGENCE_MIN_TRIALS && after >= needed;
  const recommendation =
    scores.length < CONVERGENCE_MIN_TRIALS
      ? `${scores.length} of the ${CONVERGENCE_MIN_TRIALS} completed trials needed to judge convergence.`
      : converged
        ? `Converged at trial ${done[at]!.number}, the ${ordinal(at + 1)} of ${scores.length} to finish: the ${after} trials that finished after it improved the best by less than 1 %; more trials are unlikely to help.`
        : `Still improving (${remaining} % over the last half of the trials): more trials or a larger budget are likely to pay.`;
  return { converged, convergenceEpoch: done[at]!.number, remainingImprovement: remaining, recommendation };
}

/** Spearman's rank correlation (average ranks for ties). */
function spearman(xs: number[], ys: number[]): number {
  const rank = (v: number[]) => {
    const order = v.map((x, i) => ({ x, i })).sort((a, b) => a.x - b.x);
    const r = new Array<number>(v.length);
    for (let i = 0; i < order.length;) {
      let j = i;
      while (j + 1 < order.length && order[j + 1]!.x === order[i]!.x) j++;
      for (let k = i; k <= j; k++) r[order[k]!.i] = (i + j) / 2;
      i = j + 1;
    }
    return r;
  };
  const a = rank(xs);
  const b = rank(ys);
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return da === 0 || db === 0 ? 0 : num / Math.sqrt(da * db);
}

const fmt = (v: number) => (v === 0 ? '0' : Math.abs(v) < 0.01 || Math.abs(v) >= 1e4 ? v.toExponential(2) : String(round(v, 4)));

function recommendations(tu: StoredTuning, best: StoredTrial | null, improvement: number | null): string[] {
  const out: string[] = [];
  const space = tu.request.search_space as Record<string, ParamSpec>;
  const lrName = ['learning_rate', 'lr'].find((n) => n in space);
  const diverged = tu.trials.filter((t) => t.status === 'failed' && t.failure?.reason === 'DIVERGED');
  if (diverged.length > 0) {
    let text = `${diverged.length} trial(s) diverged`;
    if (lrName) {
      const low = Math.min(...diverged.map((t) => Number(t.params[lrName])).filter(Number.isFinite));
      const ok = tu.trials.filter((t) => t.status === 'completed').map((t) => Number(t.params[lrName]));
      const high = ok.length > 0 ? Math.max(...ok.filter((x) => x < low)) : NaN;
      text += ` with ${lrName} from ${fmt(low)}`;
      if (Number.isFinite(high)) text += `: lower its max to about ${fmt(high)}, the highest that completed below it`;
    }
    out.push(`${text}.`);
  }
  const oom = tu.trials.filter((t) => t.status === 'failed' && t.failure?.reason === 'OUT_OF_MEMORY');
  if (oom.length > 0) {
    const b = 'batch_size' in space ? Math.min(...oom.map((t) => Number(t.params.batch_size)).filter(Number.isFinite)) : NaN;
    out.push(
      `${oom.length} trial(s) ran out of GPU memory${Number.isFinite(b) ? ` (batch_size ${b} and above)` : ''}: narrow the range or enable gradient_checkpointing.`,
    );
  }
  const badConfig = tu.trials.filter((t) => t.status === 'failed' && t.failure?.reason === 'CONFIGURATION_ERROR');
  if (badConfig.length > 0) out.push(`${badConfig.length} trial(s) had an invalid configuration: ${badConfig[0]!.failure!.message}.`);
  if (best) {
    for (const [name, spec] of Object.entries(space)) {
      if (spec.type === 'choice' || !(name in best.params)) continue;
      const u = toUnit(spec, best.params[name]!);
      if (u > 0.95)
        out.push(
          `The best ${name} (${fmt(Number(best.params[name]))}) is at the top of its range: try widening max above ${fmt(spec.max)}.`,
        );
      else if (u < 0.05)
        out.push(
          `The best ${name} (${fmt(Number(best.params[name]))}) is at the bottom of its range: try widening min below ${fmt(spec.min)}.`,
        );
    }
  }
  const done = tu.trials.filter((t) => t.status === 'completed');
  if (done.length >= 5) {
    const scores = done.map((t) => scoreOf(tu, t)!);
    const ranked = Object.entries(space)
      .map(([name, spec]) => {
        const with_ = done.map((t, i) => ({ t, s: scores[i]! })).filter((x) => name in x.t.params);
        if (with_.length < 5) return null;
        return {
          name,
          rho: spearman(
            with_.map((x) => toUnit(spec, x.t.params[name]!)),
            with_.map((x) => x.s),
          ),
        };
      })
      .filter((x): x is { name: string; rho: number } => x !== null && Math.abs(x.rho) >= 0.3)
      .sort((a, b) => Math.abs(b.rho) - Math.abs(a.rho));
    if (ranked.length > 0) {
      const r = ranked[0]!;
      out.push(
        `${r.name} matters most (Spearman ρ = ${round(r.rho, 2)} with the objective): ${r.rho < 0 ? 'higher' : 'lower'} values scored better.`,
      );
    }
  }
  if (improvement !== null && best)
    out.push(
      improvement > 0
        ? `The best trial (${best.id}) improves on the parent job's configuration by ${round(improvement, 2)} %: deploy it with deploy-best.`
        : `No trial beat the parent job's own configuration: keep it, or search a different range.`,
    );
  if (tu.end_reason === 'early_stopping')
    out.push(`Stopped early: ${tu.request.early_stopping!.patience} finished trials in a row brought no improvement.`);
  if (tu.end_reason === 'budget') out.push('The budget ran out before every trial ran: raise it to search further.');
  return out;
}

export function tuningView(tu: StoredTuning, now: number): TuningJob {
  const status = statusOf(tu, now);
  const until = tu.ended_at ?? now;
  const best = bestOf(tu);
  const trials = tu.trials.map((t) => trialView(tu, t, now, best?.id ?? null));
  const completed = tu.trials.filter((t) => t.status === 'completed').length;
  const failed = tu.trials.filter((t) => t.status === 'failed').length;
  const cancelled = tu.trials.filter((t) => t.status === 'cancelled').length;
  const spent = spentAt(tu, until);
  const bestValue = best === null ? null : round(valueOf(tu, best)!);
  const base = baselineScore(tu);
  const bestScore = best === null ? null : scoreOf(tu, best);
  const improvement = base === null || bestScore === null || base === 0 ? null : round((100 * (base - bestScore)) / Math.abs(base), 3);
  const first = tu.trials[0]?.started_at ?? null;
  const runningNow = running(tu);
  const ended = tu.ended_at !== null;
  const planned = ended ? tu.trials.length : Math.max(tu.total_trials, tu.trials.length);
  const r = tu.request;
  const meanDuration =
    tu.trials.length > 0 ? tu.trials.reduce((s, t) => s + (t.ends_at - t.started_at), 0) / tu.trials.length : tu.estimate.per_trial_ms;
  const left = Math.max(0, planned - tu.trials.length);
  const estimatedCompletion = ended
    ? null
    : Math.max(tu.start_at, ...runningNow.map((t) => t.ends_at)) + Math.ceil(left / r.max_concurrent) * meanDuration;
  return {
    id: tu.id,
    trainingJobId: tu.job_id,
    status,
    algorithm: r.algorithm,
    objective: r.objective,
    metric: r.metric,
    objectives: r.objectives ?? null,
    searchSpace: r.search_space,
    maxTrials: r.max_trials,
    maxConcurrent: r.max_concurrent,
    earlyStopping: r.early_stopping
      ? { metric: r.early_stopping.metric ?? r.metric, patience: r.early_stopping.patience, min_delta: r.early_stopping.min_delta }
      : null,
    budget: r.budget ? { max_gpu_hours: r.budget.max_gpu_hours ?? null, max_cost: r.budget.max_cost ?? null } : null,
    hyperbandConfig: r.hyperband_config ?? null,
    progress: {
      completedTrials: completed,
      totalTrials: planned,
      runningTrials: runningNow.length,
      failedTrials: failed,
      bestValue,
      percentage: ended ? 100 : round((100 * (completed + failed + cancelled)) / Math.max(1, planned), 2),
    },
    baseline: { metrics: tu.baseline.metrics, value: r.objectives ? base : (tu.baseline.metrics[r.metric] ?? null) },
    estimatedCost: {
      perTrial: round(tu.estimate.per_trial_cost, 4),
      total: round(tu.estimate.total_cost, 4),
      gpuHours: round(tu.estimate.total_gpu_hours, 4),
      currency: 'USD',
    },
    bestTrial: best === null ? null : trials[best.number - 1]!,
    paretoSet: paretoSet(tu),
    results: {
      totalTrials: tu.trials.length,
      completedTrials: completed,
      failedTrials: failed,
      cancelledTrials: cancelled,
      bestValue,
      improvementOverBaseline: improvement,
      totalDuration: first === null ? 0 : round(Math.max(0, until - first) / 1000, 3),
      totalCost: round(spent.cost),
      totalGpuHours: round(spent.gpuHours),
    },
    trials,
    convergenceAnalysis: convergence(tu),
    recommendations: recommendations(tu, best, improvement),
    endReason: ended ? tu.end_reason : null,
    stop: tu.stop === null ? null : { at: iso(tu.stop.at), reason: tu.stop.reason, completeRunningTrials: tu.stop.complete_running },
    estimatedCompletion: estimatedCompletion === null ? null : iso(estimatedCompletion),
    startedAt: now >= tu.start_at && (tu.trials.length > 0 || tu.ended_at === null) ? iso(tu.start_at) : null,
    completedAt: ended ? iso(tu.ended_at!) : null,
    createdAt: iso(tu.created_at),
    updatedAt: iso(Math.max(tu.updated_at, lastEventAt(tu) <= now ? lastEventAt(tu) : 0)),
  };
}

export function tuningListItem(tu: StoredTuning, now: number) {
  const { trials: _trials, searchSpace: _space, ...rest } = tuningView(tu, now);
  return rest;
}
