// The tuning routes (03-endpoints-training.md, Hyperparameter tuning): start, get, list, stop and
// deploy-best (docs/decisions.md, Training: tuning).
import { pageOf } from '../list-page';
import { CreateTrainingJobRequest, type TrainingJobConfig } from '../../../../../shared/api/training/jobs';
import { trainingOperations as ops } from '../../../../../shared/api/training/operations';
import type { CreateTuningRequest } from '../../../../../shared/api/training/tuning';
import type { EmulatorContext } from '../../../core/context';
import { validationError } from '../../../core/errors';
import { randomId } from '../../../core/ids';
import { computeHoursRefusal } from '../../../core/compute-hours';
import { defineRoute } from '../../../core/route-def';
import { configurationError, jobNotFound } from '../jobs/errors';
import { createJob } from '../jobs/routes';
import { seedOf } from '../jobs/sim/loss-model';
import { resolveConfig } from '../jobs/sim/plan';
import { jobView } from '../jobs/view';
import { trainingRecord } from '../records';
import { AREA, trainingState, type StoredJob, type StoredTuning, type TrainingState } from '../state';
import { enumerateGrid } from './algorithms/grid';
import { hyperbandBrackets, hyperbandSchedule, scheduleTrials } from './algorithms/hyperband';
import { compileSpace, SearchSpaceError, unsupportedTypes, type CompiledSpace, type SearchSpace } from './algorithms/space';
import { cancelRunning, GRID_CAP, running, spentAt } from './engine';
import {
  algorithmNotSupported,
  insufficientBudget,
  invalidSearchSpace,
  noCompletedTrials,
  trialNotFound,
  tuningInvalidState,
  tuningJobNotFound,
} from './errors';
import { applyParams, baselineParams, configRuleOf, runTrial, type Parent } from './objective';
import { runCostEstimate, trialCostEstimate, TRIAL_STARTUP_MS } from '../../../../../shared/api/training/job-plan';
import { settleTunings } from './settle';
import { bestOf, statusOf, tuningListItem, tuningView } from './view';

const iso = (ms: number) => new Date(ms).toISOString();
/** Provisioning before the first trials, as a job's at normal priority (docs/decisions.md, Training: jobs). */
const provisionMs = (workers: number) => (45 + 5 * workers) * 1000;

function tuningOr404(state: TrainingState, jobId: string, tuneId: string): StoredTuning {
  if (!state.jobs.some((j) => j.id === jobId)) throw jobNotFound(jobId);
  const tu = state.tunings.find((x) => x.id === tuneId && x.job_id === jobId);
  if (!tu) throw tuningJobNotFound(tuneId, jobId);
  return tu;
}

/** Search-space checks beyond its shape: ranges, conditions, and the config's own rules for the keys parameters map onto. */
function checkSpace(body: CreateTuningRequest, job: StoredJob): CompiledSpace {
  const space = body.search_space as SearchSpace;
  const unsupported = unsupportedTypes(body.algorithm, space);
  if (unsupported.length > 0) throw algorithmNotSupported(body.algorithm, unsupported);
  let compiled: CompiledSpace;
  try {
    compiled = compileSpace(space);
  } catch (e) {
    if (e instanceof SearchSpaceError) throw invalidSearchSpace(e.parameter, e.message);
    throw e;
  }
  for (const [name, spec] of Object.entries(space)) {
    if (body.algorithm === 'hyperband' && (name === 'epochs' || name === 'num_train_epochs'))
      throw invalidSearchSpace(name, 'Hyperband sets the epochs of each rung itself: take epochs out of the search space');
    const values = spec.type === 'choice' ? spec.values : [spec.min, spec.max];
    for (const v of values) {
      const rule = configRuleOf(name, v, job.model_type, job.config);
      if (rule !== null) throw invalidSearchSpace(name, rule);
    }
  }
  const language = resolveConfig(job.model_type, job.config as TrainingJobConfig, job.examples, job.workers).kind === 'language';
  for (const m of [body.metric, body.early_stopping?.metric, ...(body.objectives ?? []).map((o) => o.metric)])
    if (m === 'perplexity' && !language)
      throw validationError('metric', 'perplexity is a language-model metric; this job trains a vision model');
  return compiled;
}

function plannedTrials(body: CreateTuningRequest, space: CompiledSpace): number {
  if (body.algorithm === 'grid') {
    const grid = enumerateGrid(space, GRID_CAP);
    const widest = [...space.params].sort((a, b) => (b.cells ?? 1) - (a.cells ?? 1))[0]!.name;
    if (grid === null) throw invalidSearchSpace(widest, `the grid has more than ${GRID_CAP} points`);
    if (grid.length > body.max_trials)
      throw invalidSearchSpace(
        widest,
        `the grid has ${grid.length} points, more than max_trials (${body.max_trials}): raise max_trials or list fewer values`,
      );
    return grid.length;
  }
  if (body.algorithm === 'hyperband') {
    const schedule = hyperbandSchedule(body.hyperband_config!, body.max_trials);
    if (schedule === null) {
      const smallest = Math.min(...hyperbandBrackets(body.hyperband_config!).map((b) => b.rungs.reduce((n, r) => n + r.trials, 0)));
      throw validationError('max_trials', `the smallest Hyperband bracket of this hyperband_config needs ${smallest} trials`);
    }
    return scheduleTrials(schedule);
  }
  return body.max_trials;
}

/**
 * A new tuning job of `job` (checked, estimated, budget-checked; not stored): the one path of the
 * create route and of the seeded world.
 */
export function newTuning(job: StoredJob, input: CreateTuningRequest, now: number, id: string, seed: number): StoredTuning {
  const resolved = resolveConfig(job.model_type, job.config as TrainingJobConfig, job.examples, job.workers);
  const body: CreateTuningRequest =
    input.algorithm === 'hyperband'
      ? {
          ...input,
          hyperband_config: input.hyperband_config ?? {
            max_epochs: Math.min(100, Math.max(9, resolved.epochs)),
            reduction_factor: 3,
            min_epochs: 1,
          },
        }
      : input;
  const space = checkSpace(body, job);
  const total = plannedTrials(body, space);
  const parent: Parent = {
    model_type: job.model_type,
    config: job.config,
    examples: job.examples,
    gpu_type: job.gpu_type,
    workers: job.workers,
    seed: job.seed,
  };
  const baseline = runTrial(parent, space, baselineParams(parent, space), job.seed);
  const plan = baseline.plan!;
  const perTrialMs = TRIAL_STARTUP_MS + plan.total_steps * plan.step_ms;
  const epochsMs = (epochs: number) => TRIAL_STARTUP_MS + epochs * plan.steps_per_epoch * plan.step_ms;
  const totalMs =
    body.algorithm === 'hyperband'
      ? hyperbandSchedule(body.hyperband_config!, body.max_trials)!.reduce(
          (s, b) => s + b.rungs.reduce((x, r) => x + r.trials * epochsMs(r.epochs), 0),
          0,
        )
      : total * perTrialMs;
  // The parent's run estimate as its job shows it, plus the trial's start (the start form's figure too).
  const hourly = baseline.costPerMs * 3_600_000;
  const perTrialCost = trialCostEstimate(runCostEstimate(hourly, plan.total_steps * plan.step_ms), hourly);
  const estimate = {
    per_trial_cost: perTrialCost,
    per_trial_ms: perTrialMs,
    total_cost: body.algorithm === 'hyperband' ? totalMs * baseline.costPerMs : total * perTrialCost,
    total_gpu_hours: totalMs * baseline.gpuHoursPerMs,
  };
  const b = body.budget;
  if (
    b &&
    ((b.max_cost !== undefined && estimate.total_cost > b.max_cost) ||
      (b.max_gpu_hours !== undefined && estimate.total_gpu_hours > b.max_gpu_hours))
  ) {
    const share = Math.min(
      b.max_cost === undefined ? Infinity : b.max_cost / estimate.total_cost,
      b.max_gpu_hours === undefined ? Infinity : b.max_gpu_hours / estimate.total_gpu_hours,
    );
    throw insufficientBudget({
      requestedTrials: total,
      estimatedCost: Number(estimate.total_cost.toFixed(4)),
      estimatedGpuHours: Number(estimate.total_gpu_hours.toFixed(4)),
      availableBudget: { max_cost: b.max_cost ?? null, max_gpu_hours: b.max_gpu_hours ?? null },
      affordableTrials: Math.floor(total * share),
    });
  }
  return {
    id,
    job_id: job.id,
    seed,
    created_at: now,
    updated_at: now,
    start_at: now + provisionMs(job.workers),
    request: body,
    parent: { ...parent, name: job.name, dataset_id: job.dataset_id },
    total_trials: total,
    estimate,
    baseline: { metrics: baseline.metrics },
    trials: [],
    halt: null,
    stop: null,
    ended_at: null,
    end_reason: null,
    model_id: null,
  };
}

function create(ctx: EmulatorContext, jobId: string, input: CreateTuningRequest, now: number): StoredTuning {
  const state = trainingState(ctx.store);
  const job = state.jobs.find((j) => j.id === jobId);
  if (!job) throw jobNotFound(jobId);
  const id = randomId('tune_', 16);
  const tu = newTuning(job, input, now, id, seedOf(ctx.seed(), id));
  state.tunings.push(tu);
  ctx.store.touch(AREA, trainingRecord.tune(id));
  return tu;
}

export const tuningRoutes = [
  defineRoute(
    ops['training.tune.create'],
    (ctx, { params, body, now, key }) => {
      const refused = computeHoursRefusal(ctx, key, now);
      if (refused) throw refused;
      return tuningView(create(ctx, params.job_id, body, now), now);
    },
    201,
  ),
  defineRoute(ops['training.tune.get'], (ctx, { params, now }) => {
    const state = trainingState(ctx.store);
    const tu = tuningOr404(state, params.job_id, params.tune_id);
    settleTunings(state, ctx.store, now, tu);
    return tuningView(tu, now);
  }),
  defineRoute(ops['training.tune.list'], (ctx, { query, now }) => {
    const state = trainingState(ctx.store);
    settleTunings(state, ctx.store, now);
    const items = state.tunings
      .filter((t) => query.algorithm === undefined || t.request.algorithm === query.algorithm)
      .filter((t) => query.status === undefined || statusOf(t, now) === query.status)
      .sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? -1 : 1));
    const { page, pagination } = pageOf(items, query);
    return { tuningJobs: page.map((t) => tuningListItem(t, now)), pagination };
  }),
  defineRoute(ops['training.tune.stop'], (ctx, { params, body, now }) => {
    const state = trainingState(ctx.store);
    const tu = tuningOr404(state, params.job_id, params.tune_id);
    settleTunings(state, ctx.store, now, tu);
    const status = statusOf(tu, now);
    // A job already stopping (running its last trials) cannot be stopped again.
    if ((status !== 'pending' && status !== 'running') || tu.stop !== null) throw tuningInvalidState(tu.id, status, tu.stop !== null);
    tu.stop = { at: now, reason: body.reason ?? null, complete_running: body.complete_running_trials };
    tu.updated_at = now;
    const stillRunning = body.complete_running_trials ? running(tu).map((t) => t.id) : [];
    const cancelled = body.complete_running_trials ? [] : cancelRunning(tu, now).map((t) => t.id);
    if (stillRunning.length === 0) {
      tu.ended_at = now;
      tu.end_reason = 'stopped';
    }
    settleTunings(state, ctx.store, now, tu);
    ctx.store.touch(AREA, trainingRecord.tune(tu.id));
    const view = tuningView(tu, now);
    return {
      id: tu.id,
      status: stillRunning.length > 0 ? ('running' as const) : ('cancelled' as const),
      stoppedAt: iso(now),
      reason: tu.stop.reason,
      completeRunningTrials: body.complete_running_trials,
      runningTrials: stillRunning,
      cancelledTrials: cancelled,
      results: { ...view.results, totalCost: Number(spentAt(tu, now).cost.toFixed(6)) },
    };
  }),
  defineRoute(
    ops['training.tune.deploy_best'],
    (ctx, { params, body, now, key }) => {
      const state = trainingState(ctx.store);
      const tu = tuningOr404(state, params.job_id, params.tune_id);
      settleTunings(state, ctx.store, now, tu);
      const parentJob = state.jobs.find((j) => j.id === tu.job_id)!;
      let trial = bestOf(tu);
      if (body.use_best_trial !== undefined) {
        trial = tu.trials.find((t) => t.id === body.use_best_trial) ?? null;
        if (trial === null) throw trialNotFound(tu.id, body.use_best_trial);
        if (trial.status !== 'completed') throw noCompletedTrials(tu.id, `trial ${trial.id} is ${trial.status}`);
      }
      if (trial === null) throw noCompletedTrials(tu.id, statusOf(tu, now));
      const parameters = { ...trial.params, ...(body.override_parameters ?? {}) };
      const epochs = body.epochs ?? (tu.request.algorithm === 'hyperband' ? trial.epochs : undefined);
      const config = applyParams(tu.parent.config, epochs === undefined ? parameters : { ...parameters, epochs });
      const parsed = CreateTrainingJobRequest.safeParse({
        name: body.name ?? `${tu.parent.name}-best`.slice(0, 100),
        modelType: tu.parent.model_type,
        datasetId: tu.parent.dataset_id,
        config,
        description: `Parameters of trial ${trial.id} of tuning job ${tu.id}`,
        tags: ['tuned'],
        gpuType: tu.parent.gpu_type,
        maxWorkers: tu.parent.workers,
        priority: parentJob.priority,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        if (issue.path[0] === 'config') throw configurationError(issue.path.map(String).join('.'), issue.message);
        throw validationError(issue.path.map(String).join('.'), issue.message);
      }
      const job = createJob(ctx, parsed.data, now, key.createdBy);
      return { tuningJobId: tu.id, trialId: trial.id, parameters, trainingJob: jobView(job, now) };
    },
    201,
  ),
];
