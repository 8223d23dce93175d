// The training job routes under /v2/training/jobs (03-endpoints-training.md, Training jobs):
// create, list, get, stop, resume, and the metrics series (docs/decisions.md, Training: jobs).
import { pageOf, sortByKey } from '../list-page';
import { JOB_LIMITS, type CreateTrainingJobRequest, type TrainingJobConfig } from '../../../../../shared/api/training/jobs';
import type { EmulatorContext } from '../../../core/context';
import { trainingOperations as ops } from '../../../../../shared/api/training/operations';
import { randomId } from '../../../core/ids';
import { computeHoursRefusal } from '../../../core/compute-hours';
import { defineRoute } from '../../../core/route-def';
import { datasetNotFound } from '../datasets/errors';
import { datasetStatus } from '../datasets/view';
import { settleJobs } from '../models/register';
import { trainingRecord } from '../records';
import { AREA, trainingState, type StoredJob, type TrainingState } from '../state';
import { checkpointNotFound, configurationError, datasetNotReady, jobInvalidState, jobNotFound } from './errors';
import { assertDailyQuota, assertGpus } from './pool';
import { seedOf } from './sim/loss-model';
import { planJob, resolveConfig } from './sim/plan';
import { JobRun } from './sim/run';
import { checkpointView, jobListItem, jobView, usageOf } from './view';

const iso = (ms: number) => new Date(ms).toISOString();
const round = (v: number, digits = 4) => Number(v.toFixed(digits));

function jobOr404(state: TrainingState, id: string): StoredJob {
  const j = state.jobs.find((x) => x.id === id);
  if (!j) throw jobNotFound(id);
  return j;
}

const SORT_KEY = {
  created_at: (j: StoredJob) => j.created_at,
  updated_at: (j: StoredJob) => j.updated_at,
  name: (j: StoredJob) => j.name.toLowerCase(),
} as const;

/**
 * Creates a training job: the one path of POST /v2/training/jobs and of every route that makes a
 * job (tuning's deploy-best), so the daily quota, the dataset, config and GPU checks all apply.
 */
/** `createdBy`: the member whose key asked (the team's member detail, issue 19). */
export function createJob(ctx: EmulatorContext, body: CreateTrainingJobRequest, now: number, createdBy: string | null): StoredJob {
  const state = trainingState(ctx.store);
  assertDailyQuota(ctx, state, now);
  const dataset = state.datasets.find((d) => d.id === body.datasetId);
  if (!dataset) throw datasetNotFound(body.datasetId);
  const dsStatus = datasetStatus(dataset, now);
  if (dsStatus !== 'ready') throw datasetNotReady(dataset.id, dsStatus, 'a training job needs a ready dataset');
  const examples = dataset.analysis?.examples ?? 0;
  if (examples < 1) throw datasetNotReady(dataset.id, dsStatus, 'the dataset has no examples');
  const config = body.config as TrainingJobConfig;
  const resolved = resolveConfig(body.modelType, config, examples, body.maxWorkers);
  const plan = planJob(resolved, examples, body.gpuType, body.maxWorkers, body.priority);
  if (plan.total_steps > JOB_LIMITS.totalStepsMax)
    throw configurationError(
      'config.training.epochs',
      `the run would take ${plan.total_steps} steps (${resolved.epochs} epochs × ${plan.steps_per_epoch} steps); at most ${JOB_LIMITS.totalStepsMax}`,
    );
  if (resolved.warmup_steps > plan.total_steps)
    throw configurationError('config.training.warmup_steps', `must not exceed the run's ${plan.total_steps} steps`);
  if (plan.total_steps / plan.save_steps > JOB_LIMITS.checkpointsMax)
    throw configurationError(
      'config.training.save_steps',
      `${plan.total_steps} steps with a checkpoint every ${plan.save_steps} would write more than ${JOB_LIMITS.checkpointsMax} checkpoints`,
    );
  assertGpus(state, body.gpuType, body.maxWorkers, now);
  const id = randomId('job_', 16);
  const job: StoredJob = {
    id,
    name: body.name,
    model_type: body.modelType,
    dataset_id: dataset.id,
    config: body.config,
    description: body.description ?? null,
    tags: body.tags ?? [],
    gpu_type: body.gpuType,
    workers: body.maxWorkers,
    priority: body.priority,
    created_at: now,
    updated_at: now,
    seed: seedOf(ctx.seed(), id),
    examples,
    plan,
    segments: [{ start: now + plan.provision_ms, from_step: 0, stop: null }],
    stop: null,
    cancelled_at: null,
    saved_checkpoints: [],
    model_id: null,
    created_by: createdBy,
  };
  state.jobs.push(job);
  ctx.store.touch(AREA, trainingRecord.job(id));
  return job;
}

export const jobRoutes = [
  defineRoute(
    ops['training.jobs.create'],
    (ctx, { body, now, key }) => {
      const refused = computeHoursRefusal(ctx, key, now);
      if (refused) throw refused;
      return jobView(createJob(ctx, body, now, key.createdBy), now);
    },
    201,
  ),
  defineRoute(ops['training.jobs.list'], (ctx, { query, now }) => {
    const state = trainingState(ctx.store);
    settleJobs(state, ctx.store, now);
    const key = SORT_KEY[query.sort];
    // Sorted by the stored jobs' keys; the status filter needs each job's view (its status moves on the clock).
    const items = sortByKey(
      state.jobs.filter((j) => query.modelType === undefined || j.model_type === query.modelType),
      key,
      query.order,
    )
      .map((j) => jobListItem(j, now))
      .filter((v) => query.status === undefined || v.status === query.status);
    const { page, pagination } = pageOf(items, query);
    return { jobs: page, pagination };
  }),
  defineRoute(ops['training.jobs.get'], (ctx, { params, now }) => {
    const state = trainingState(ctx.store);
    settleJobs(state, ctx.store, now);
    return jobView(jobOr404(state, params.job_id), now);
  }),
  defineRoute(ops['training.jobs.metrics'], (ctx, { params, query, now }) => {
    const job = jobOr404(trainingState(ctx.store), params.job_id);
    const run = new JobRun(job);
    const t = run.at(now);
    const from = Math.max(1, query.from_step ?? 1);
    const to = Math.min(t.step, query.to_step ?? t.step);
    const n = Math.max(0, to - from + 1);
    const bucket = Math.max(1, Math.ceil(n / query.points));
    const points = [];
    for (let a = from; a <= to; a += bucket) {
      const b = Math.min(to, a + bucket - 1);
      let sum = 0;
      let count = 0;
      let min = Infinity;
      let max = -Infinity;
      for (let s = a; s <= b; s++) {
        const l = run.model.trainLoss(s);
        if (!Number.isFinite(l)) continue;
        sum += l;
        count++;
        if (l < min) min = l;
        if (l > max) max = l;
      }
      const evalStep = run.lastEvalStep(b);
      const val = evalStep !== null && evalStep >= a ? run.model.validationLoss(evalStep) : NaN;
      points.push({
        step: b,
        epoch: round(b / job.plan.steps_per_epoch, 3),
        loss: count > 0 ? round(sum / count) : null,
        lossMin: count > 0 ? round(min) : null,
        lossMax: count > 0 ? round(max) : null,
        validationLoss: Number.isFinite(val) ? round(val) : null,
        learningRate: run.model.learningRate(b),
        throughput: round(run.throughputAt(b), 1),
        memoryGb: round(run.memoryAt(b), 2),
      });
    }
    return {
      jobId: job.id,
      status: t.status,
      currentStep: t.step,
      totalSteps: job.plan.total_steps,
      fromStep: from,
      toStep: to,
      bucketSize: bucket,
      throughputUnit: run.config.kind === 'language' ? ('tokens/s' as const) : ('samples/s' as const),
      points,
    };
  }),
  defineRoute(ops['training.jobs.stop'], (ctx, { params, body, now }) => {
    const job = jobOr404(trainingState(ctx.store), params.job_id);
    const run = new JobRun(job);
    const t = run.at(now);
    const reason = body.reason ?? null;
    if (t.status === 'pending') {
      job.cancelled_at = now;
      job.segments[0]!.stop = now;
      job.updated_at = now;
      ctx.store.touch(AREA, trainingRecord.job(job.id));
      return {
        id: job.id,
        status: 'cancelled' as const,
        stoppedAt: iso(now),
        step: 0,
        checkpoint: null,
        reason,
        resumable: false,
        resourceUsage: usageOf(job, t),
      };
    }
    if (t.status !== 'running') throw jobInvalidState(job.id, t.status, ['pending', 'running'], 'stop');
    const saved = body.saveCheckpoint && t.step > 0;
    job.segments[job.segments.length - 1]!.stop = now;
    job.stop = { at: now, reason, step: t.step, saved };
    if (saved) job.saved_checkpoints.push({ step: t.step, at: now });
    job.updated_at = now;
    ctx.store.touch(AREA, trainingRecord.job(job.id));
    const after = new JobRun(job).at(now);
    const ckpt = saved ? after.checkpoints.find((c) => c.step === t.step)! : null;
    return {
      id: job.id,
      status: 'stopped' as const,
      stoppedAt: iso(now),
      step: t.step,
      checkpoint: ckpt === null ? null : checkpointView(run, ckpt),
      reason,
      resumable: true,
      resourceUsage: usageOf(job, after),
    };
  }),
  defineRoute(ops['training.jobs.resume'], (ctx, { params, body, now }) => {
    const state = trainingState(ctx.store);
    const job = jobOr404(state, params.job_id);
    const run = new JobRun(job);
    const t = run.at(now);
    if (t.status !== 'stopped') throw jobInvalidState(job.id, t.status, ['stopped'], 'resume');
    const views = t.checkpoints.map((c) => checkpointView(run, c));
    const from =
      body.checkpointId === undefined ? (views[views.length - 1] ?? null) : (views.find((c) => c.id === body.checkpointId) ?? null);
    if (body.checkpointId !== undefined && from === null) throw checkpointNotFound(job.id, body.checkpointId);
    if (!state.datasets.some((d) => d.id === job.dataset_id)) throw datasetNotFound(job.dataset_id);
    assertGpus(state, job.gpu_type, job.workers, now);
    const step = from?.step ?? 0;
    job.segments.push({ start: now, from_step: step, stop: null });
    job.stop = null;
    job.updated_at = now;
    ctx.store.touch(AREA, trainingRecord.job(job.id));
    return {
      id: job.id,
      status: 'running' as const,
      resumedFrom: from === null ? null : { checkpointId: from.id, step: from.step, loss: from.loss },
      resumedAt: iso(now),
      estimatedCompletion: iso(now + run.remainingMs(step)),
    };
  }),
];
