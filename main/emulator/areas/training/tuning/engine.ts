// A tuning job on the simulated clock (docs/decisions.md, Training: tuning — running): trials
// start `max_concurrent` at a time, each suggested by the algorithm from the trials finished at
// that instant and run by the training model (objective.ts); when one ends the next starts at
// that same instant. `advance` replays the events up to `now` and writes the trials it starts
// and ends, so reading early and often gives the same trials as reading once at the end.
import { Rng } from '../../../core/rng';
import { seedOf } from '../jobs/sim/loss-model';
import type { StoredTrial, StoredTuning } from '../state';
import { suggestBayesian } from './algorithms/bayesian';
import { enumerateGrid } from './algorithms/grid';
import type { Observation } from './algorithms/history';
import { hyperbandSchedule, nextHyperband, type Bracket } from './algorithms/hyperband';
import { suggestRandom } from './algorithms/random';
import { compileSpace, type CompiledSpace, type Params, type SearchSpace } from './algorithms/space';
import { suggestTpe } from './algorithms/tpe';
import { runTrial } from './objective';

/** Points a grid may have (beyond it: INVALID_SEARCH_SPACE). */
export const GRID_CAP = 10_000;

export const spaceOf = (tu: StoredTuning): CompiledSpace => compileSpace(tu.request.search_space as SearchSpace);
const scheduleOf = (tu: StoredTuning): Bracket[] => hyperbandSchedule(tu.request.hyperband_config!, tu.request.max_trials)!;
const trialIdOf = (tu: StoredTuning, n: number) => `trial_${Rng.derive(tu.seed, `trial-id:${n}`).base62(14)}`;

/** The natural direction of a metric (for early stopping on another metric than the job's). */
const naturalDirection = (metric: string) => (metric === 'accuracy' ? 'maximize' : 'minimize');

/** A finished trial's value of any objective metric (cost in USD, duration in seconds). */
export function metricOf(t: StoredTrial, metric: string): number | null {
  if (t.status !== 'completed') return null;
  if (metric === 'cost') return (t.ended_at! - t.started_at) * t.cost_per_ms;
  if (metric === 'duration') return (t.ended_at! - t.started_at) / 1000;
  return t.outcome[metric] ?? null;
}

/** Lower is better: the metric signed by the objective, or the weighted sum of the objectives (each over the baseline's size). */
export function scoreOf(tu: StoredTuning, t: StoredTrial): number | null {
  const r = tu.request;
  if (!r.objectives) {
    const v = metricOf(t, r.metric);
    return v === null ? null : r.objective === 'minimize' ? v : -v;
  }
  let sum = 0;
  for (const o of r.objectives) {
    const v = metricOf(t, o.metric);
    if (v === null) return null;
    const scale = Math.abs(scaleOf(tu, o.metric)) || 1;
    sum += o.weight * (o.direction === 'minimize' ? 1 : -1) * (v / scale);
  }
  return sum;
}

/** What a multi-objective metric is measured against: the baseline's value, or the estimate of one trial's cost and duration. */
function scaleOf(tu: StoredTuning, metric: string): number {
  if (metric === 'cost') return tu.estimate.per_trial_cost;
  if (metric === 'duration') return tu.estimate.per_trial_ms / 1000;
  return tu.baseline.metrics[metric] ?? 1;
}

/** Ended trials (completed or failed) as the samplers learn from them, in launch order. */
function history(tu: StoredTuning): Observation[] {
  return tu.trials
    .filter((t) => t.status === 'completed' || t.status === 'failed')
    .map((t) => ({ params: t.params, value: t.status === 'completed' ? scoreOf(tu, t) : null }));
}

type Proposal = { params: Params; epochs?: number; bracket: number | null; rung: number | null } | 'wait' | 'done';

function propose(tu: StoredTuning, space: CompiledSpace): Proposal {
  const n = tu.trials.length + 1;
  const rng = Rng.derive(tu.seed, `trial:${n}`);
  const r = tu.request;
  if (r.algorithm === 'hyperband') {
    const launched = tu.trials.map((t) => ({
      bracket: t.bracket!,
      rung: t.rung!,
      params: t.params,
      value: t.status === 'completed' ? scoreOf(tu, t) : null,
      ended: t.status !== 'running',
    }));
    const next = nextHyperband(scheduleOf(tu), launched);
    if (next === 'wait' || next === 'done') return next;
    return { params: next.params ?? suggestRandom(space, rng), epochs: next.epochs, bracket: next.bracket, rung: next.rung };
  }
  if (tu.trials.length >= tu.total_trials) return 'done';
  if (r.algorithm === 'grid') return { params: enumerateGrid(space, GRID_CAP)![tu.trials.length]!, bracket: null, rung: null };
  const params =
    r.algorithm === 'random'
      ? suggestRandom(space, rng)
      : r.algorithm === 'tpe'
        ? suggestTpe(space, history(tu), rng)
        : suggestBayesian(space, history(tu), rng);
  return { params, bracket: null, rung: null };
}

function launch(tu: StoredTuning, space: CompiledSpace, at: number, p: Exclude<Proposal, 'wait' | 'done'>): StoredTrial {
  const number = tu.trials.length + 1;
  const id = trialIdOf(tu, number);
  const seed = seedOf(tu.seed, id);
  const run = runTrial(tu.parent, space, p.params, seed, p.epochs);
  const trial: StoredTrial = {
    id,
    number,
    params: p.params,
    seed,
    epochs: run.epochs,
    bracket: p.bracket,
    rung: p.rung,
    started_at: at,
    ends_at: at + run.durationMs,
    status: 'running',
    ended_at: null,
    outcome: run.metrics,
    failure: run.failure,
    cost_per_ms: run.costPerMs,
    gpu_hours_per_ms: run.gpuHoursPerMs,
  };
  tu.trials.push(trial);
  return trial;
}

export const running = (tu: StoredTuning) => tu.trials.filter((t) => t.status === 'running');

/** USD and GPU-hours spent by `at` (ended trials whole, running ones so far). */
export function spentAt(tu: StoredTuning, at: number): { cost: number; gpuHours: number } {
  let cost = 0;
  let gpuHours = 0;
  for (const t of tu.trials) {
    const ms = Math.max(0, Math.min(at, t.ended_at ?? Infinity) - t.started_at);
    cost += ms * t.cost_per_ms;
    gpuHours += ms * t.gpu_hours_per_ms;
  }
  return { cost, gpuHours };
}

/** When the running trials spend the rest of the budget, from `at` (Infinity: no budget, or never). */
function budgetEndsAt(tu: StoredTuning, at: number): number {
  const b = tu.request.budget;
  if (!b) return Infinity;
  const run = running(tu);
  const spent = spentAt(tu, at);
  let end = Infinity;
  const rate = run.reduce((s, t) => s + t.cost_per_ms, 0);
  const gpuRate = run.reduce((s, t) => s + t.gpu_hours_per_ms, 0);
  if (b.max_cost !== undefined && rate > 0) end = Math.min(end, at + Math.max(0, Math.ceil((b.max_cost - spent.cost) / rate)));
  if (b.max_gpu_hours !== undefined && gpuRate > 0)
    end = Math.min(end, at + Math.max(0, Math.ceil((b.max_gpu_hours - spent.gpuHours) / gpuRate)));
  return end;
}

function budgetSpent(tu: StoredTuning, at: number): boolean {
  const b = tu.request.budget;
  if (!b) return false;
  const s = spentAt(tu, at);
  return (
    (b.max_cost !== undefined && s.cost >= b.max_cost - 1e-9) || (b.max_gpu_hours !== undefined && s.gpuHours >= b.max_gpu_hours - 1e-12)
  );
}

/** Early stopping: `patience` finished trials in a row (in the order they ended) without beating the best by more than min_delta. */
function shouldStopEarly(tu: StoredTuning): boolean {
  const es = tu.request.early_stopping;
  if (!es) return false;
  const metric = es.metric ?? tu.request.metric;
  const direction = metric === tu.request.metric && !tu.request.objectives ? tu.request.objective : naturalDirection(metric);
  const sign = direction === 'minimize' ? 1 : -1;
  const ended = tu.trials
    .filter((t) => t.status === 'completed' || t.status === 'failed')
    .sort((a, b) => a.ended_at! - b.ended_at! || a.number - b.number);
  let best = Infinity;
  let since = 0;
  for (const t of ended) {
    const v = metricOf(t, metric);
    if (v !== null && sign * v < best - es.min_delta) {
      best = sign * v;
      since = 0;
    } else since++;
  }
  return best !== Infinity && since >= es.patience;
}

function end(tu: StoredTuning, at: number, reason: NonNullable<StoredTuning['end_reason']>): void {
  tu.ended_at = at;
  tu.end_reason = reason !== 'stopped' && !tu.trials.some((t) => t.status === 'completed') ? 'all_failed' : reason;
  tu.updated_at = at;
}

export function cancelRunning(tu: StoredTuning, at: number): StoredTrial[] {
  const out = running(tu);
  for (const t of out) {
    t.status = 'cancelled';
    t.ended_at = at;
  }
  return out;
}

/** Starts trials at `at` while slots are free and the algorithm has some; ends the job when nothing runs and nothing can start. */
function fill(tu: StoredTuning, space: CompiledSpace, at: number): void {
  if (tu.halt === null && budgetSpent(tu, at)) tu.halt = { reason: 'budget', at };
  let exhausted = false;
  while (tu.halt === null && tu.stop === null && running(tu).length < tu.request.max_concurrent) {
    const p = propose(tu, space);
    if (p === 'wait') break;
    if (p === 'done') {
      exhausted = true;
      break;
    }
    launch(tu, space, at, p);
  }
  if (running(tu).length > 0) return;
  if (tu.stop !== null) end(tu, at, 'stopped');
  else if (tu.halt !== null) end(tu, at, tu.halt.reason);
  else if (exhausted) end(tu, at, 'all_trials');
}

/** Replays the job's events up to `now`; true when it changed anything. */
export function advance(tu: StoredTuning, now: number, deadline = Infinity): boolean {
  if (tu.ended_at !== null || now < tu.start_at) return false;
  const space = spaceOf(tu);
  const before = signature(tu);
  if (tu.trials.length === 0 && tu.stop === null) fill(tu, space, tu.start_at);
  // Each turn applies one instant's events whole, so stopping between turns (past `deadline`,
  // real ms) leaves the job consistent at an earlier instant; the next call goes on from there.
  for (let first = true; tu.ended_at === null; first = false) {
    if (!first && performance.now() > deadline) break;
    const run = running(tu);
    if (run.length === 0) break;
    const nextEnd = Math.min(...run.map((t) => t.ends_at));
    const budgetAt = budgetEndsAt(tu, lastEventAt(tu));
    const at = Math.min(nextEnd, budgetAt);
    if (at > now) break;
    if (budgetAt <= nextEnd) {
      // The budget runs out mid-trial: what runs is cancelled there.
      for (const t of run) if (t.ends_at > at) Object.assign(t, { status: 'cancelled', ended_at: at });
      for (const t of run) if (t.status === 'running') finish(t);
      tu.halt ??= { reason: 'budget', at };
      end(tu, at, 'budget');
      break;
    }
    for (const t of run) if (t.ends_at === at) finish(t);
    if (tu.halt === null && shouldStopEarly(tu)) tu.halt = { reason: 'early_stopping', at };
    fill(tu, space, at);
  }
  return signature(tu) !== before;
}

/** Whether the job has nothing left to apply up to `now` (advance has brought it there). */
export function settledTo(tu: StoredTuning, now: number): boolean {
  if (tu.ended_at !== null || now < tu.start_at) return true;
  const run = running(tu);
  if (run.length === 0) return tu.trials.length > 0 || tu.stop !== null;
  return Math.min(Math.min(...run.map((t) => t.ends_at)), budgetEndsAt(tu, lastEventAt(tu))) > now;
}

function finish(t: StoredTrial): void {
  t.status = t.failure === null ? 'completed' : 'failed';
  t.ended_at = t.ends_at;
}

/** The instant of the last event applied: a trial's start or end. */
export const lastEventAt = (tu: StoredTuning) => Math.max(tu.start_at, ...tu.trials.map((t) => Math.max(t.started_at, t.ended_at ?? 0)));

const signature = (tu: StoredTuning) =>
  `${tu.trials.length}:${tu.trials.filter((t) => t.status !== 'running').length}:${tu.ended_at}:${tu.halt?.reason}`;
