// The experiment routes under /v2/training/experiments (03-endpoints-training.md, Experiments):
// create, list, get, patch, archive, clone, export, add a run, compare (docs/decisions.md,
// Training: experiments).
import { pageOf, sortByKey } from '../list-page';
import { EXPERIMENT_LIMITS, EXPORT_FORMATS, type Experiment } from '../../../../../shared/api/training/experiments';
import { trainingOperations as ops } from '../../../../../shared/api/training/operations';
import { validationError } from '../../../core/errors';
import { randomId } from '../../../core/ids';
import { defineRoute } from '../../../core/route-def';
import type { EmulatorContext } from '../../../core/context';
import { jobNotFound } from '../jobs/errors';
import { settleJobs } from '../models/register';
import { trainingRecord } from '../records';
import { AREA, trainingState, type TrainingState } from '../state';
import { compareRuns } from './compare';
import {
  experimentArchived,
  experimentInvalidState,
  experimentNotFound,
  jobAlreadyInExperiment,
  runLimitReached,
  runNotFound,
  unsupportedExportFormat,
} from './errors';
import { exportExperiment, originOf, removeExports } from './export';
import { insightsOf, statisticsOf } from './insights';
import { runState, type RunState } from './run-view';
import type { StoredExperiment, StoredRun } from './stored-schema';

const iso = (ms: number) => new Date(ms).toISOString();

function experimentOr404(state: TrainingState, id: string): StoredExperiment {
  const e = state.experiments.find((x) => x.id === id);
  if (!e) throw experimentNotFound(id);
  return e;
}

function writable(e: StoredExperiment): void {
  if (e.archived !== null) throw experimentArchived(e.id, iso(e.archived.at));
}

/** The runs of an experiment at `now`, following their jobs (models of completed jobs registered first). */
function runsOf(ctx: EmulatorContext, state: TrainingState, e: StoredExperiment, now: number): RunState[] {
  settleJobs(state, ctx.store, now);
  const jobs = new Map(state.jobs.map((j) => [j.id, j]));
  const models = new Map(state.models.map((m) => [m.id, m]));
  const kept = e.archived === null || e.archived.preserve_artifacts;
  return e.runs.flatMap((r) => {
    const job = jobs.get(r.training_job_id);
    return job ? [runState(e, r, job, job.model_id === null ? undefined : models.get(job.model_id), now, kept)] : [];
  });
}

type Base = Omit<Experiment, 'runs' | 'insights' | 'statistics'>;
function baseView(e: StoredExperiment): Base {
  return {
    id: e.id,
    name: e.name,
    description: e.description,
    status: e.status,
    hypothesis: e.hypothesis,
    tags: e.tags,
    metadata: e.metadata,
    baseline: e.baseline,
    conclusion: e.conclusion,
    archived:
      e.archived === null ? null : { at: iso(e.archived.at), reason: e.archived.reason, preserveArtifacts: e.archived.preserve_artifacts },
    clonedFrom: e.cloned_from,
    createdAt: iso(e.created_at),
    updatedAt: iso(e.updated_at),
    completedAt: e.completed_at === null ? null : iso(e.completed_at),
  };
}

function experimentView(ctx: EmulatorContext, state: TrainingState, e: StoredExperiment, now: number): Experiment {
  const runs = runsOf(ctx, state, e, now);
  const statistics = statisticsOf(runs);
  return { ...baseView(e), runs: runs.map((r) => r.view), statistics, insights: insightsOf(e, runs, statistics) };
}

function touch(ctx: EmulatorContext, e: StoredExperiment): void {
  ctx.store.touch(AREA, trainingRecord.experiment(e.id));
}

const SORT_KEY = {
  created_at: (e: StoredExperiment) => e.created_at,
  updated_at: (e: StoredExperiment) => e.updated_at,
  name: (e: StoredExperiment) => e.name.toLowerCase(),
} as const;

function newExperiment(
  now: number,
  fields: Pick<StoredExperiment, 'name' | 'description' | 'hypothesis' | 'tags' | 'metadata' | 'baseline'>,
): StoredExperiment {
  return {
    id: randomId('exp_', 16),
    ...fields,
    status: 'active',
    conclusion: null,
    created_at: now,
    updated_at: now,
    completed_at: null,
    archived: null,
    cloned_from: null,
    runs: [],
    exports: [],
  };
}

export const experimentRoutes = [
  defineRoute(
    ops['training.experiments.create'],
    (ctx, { body, now }) => {
      const state = trainingState(ctx.store);
      const e = newExperiment(now, {
        name: body.name,
        description: body.description,
        hypothesis: body.hypothesis ?? null,
        tags: body.tags ?? [],
        metadata: body.metadata ?? {},
        baseline: body.baseline ?? null,
      });
      state.experiments.push(e);
      touch(ctx, e);
      return experimentView(ctx, state, e, now);
    },
    201,
  ),
  defineRoute(ops['training.experiments.list'], (ctx, { query, now }) => {
    const state = trainingState(ctx.store);
    const wanted = query.tags ?? [];
    const key = SORT_KEY[query.sort];
    const items = sortByKey(
      state.experiments.filter((e) => (query.status === undefined || e.status === query.status) && wanted.every((t) => e.tags.includes(t))),
      key,
      query.order,
    );
    const { page, pagination } = pageOf(items, query);
    return {
      experiments: page.map((e) => ({ ...baseView(e), statistics: statisticsOf(runsOf(ctx, state, e, now)), runCount: e.runs.length })),
      pagination,
    };
  }),
  defineRoute(ops['training.experiments.get'], (ctx, { params, now }) => {
    const state = trainingState(ctx.store);
    return experimentView(ctx, state, experimentOr404(state, params.experiment_id), now);
  }),
  defineRoute(ops['training.experiments.update'], (ctx, { params, body, now }) => {
    const state = trainingState(ctx.store);
    const e = experimentOr404(state, params.experiment_id);
    writable(e);
    if (body.status === 'completed') {
      if (e.status !== 'active') throw experimentInvalidState(e.id, e.status, ['active'], 'complete');
      e.status = 'completed';
      e.completed_at = now;
    }
    if (body.name !== undefined) e.name = body.name;
    if (body.description !== undefined) e.description = body.description;
    if (body.conclusion !== undefined) e.conclusion = body.conclusion;
    if (body.tags !== undefined) e.tags = body.tags;
    if (body.metadata !== undefined) e.metadata = body.metadata;
    e.updated_at = now;
    touch(ctx, e);
    return experimentView(ctx, state, e, now);
  }),
  defineRoute(ops['training.experiments.archive'], async (ctx, { params, body, now }) => {
    const state = trainingState(ctx.store);
    const e = experimentOr404(state, params.experiment_id);
    writable(e);
    const removed = body.preserve_artifacts ? 0 : removeExports(ctx, e);
    e.archived = { at: now, reason: body.reason ?? null, preserve_artifacts: body.preserve_artifacts };
    e.status = 'archived';
    e.updated_at = now;
    touch(ctx, e);
    return {
      id: e.id,
      status: 'archived' as const,
      archivedAt: iso(now),
      reason: e.archived.reason,
      preserveArtifacts: body.preserve_artifacts,
      removedExports: removed,
    };
  }),
  defineRoute(
    ops['training.experiments.clone'],
    (ctx, { params, body, now }) => {
      const state = trainingState(ctx.store);
      const source = experimentOr404(state, params.experiment_id);
      const m = body.modifications;
      const e = newExperiment(now, {
        name: body.name ?? `${source.name.slice(0, 93)} (copy)`,
        description: body.description ?? source.description,
        hypothesis: m.hypothesis === undefined ? source.hypothesis : m.hypothesis,
        tags: m.tags ?? [...source.tags],
        metadata: { ...source.metadata, ...m.metadata },
        baseline: m.baseline === undefined ? source.baseline : m.baseline,
      });
      e.cloned_from = source.id;
      if (body.copy_runs)
        e.runs = source.runs.map((r): StoredRun => ({ ...r, id: randomId('run_', 16), created_at: now, updated_at: now }));
      state.experiments.push(e);
      touch(ctx, e);
      return experimentView(ctx, state, e, now);
    },
    201,
  ),
  defineRoute(
    ops['training.experiments.export'],
    async (ctx, { params, body, now, headers }) => {
      const state = trainingState(ctx.store);
      const e = experimentOr404(state, params.experiment_id);
      if (!(EXPORT_FORMATS as readonly string[]).includes(body.format)) throw unsupportedExportFormat(body.format, EXPORT_FORMATS);
      const runs = runsOf(ctx, state, e, now).map((r) => r.view);
      const result = await exportExperiment(ctx, e, runs, body, originOf(headers), now);
      touch(ctx, e);
      return result;
    },
    201,
  ),
  defineRoute(
    ops['training.experiments.runs.create'],
    (ctx, { params, body, now }) => {
      const state = trainingState(ctx.store);
      const e = experimentOr404(state, params.experiment_id);
      writable(e);
      if (e.status !== 'active') throw experimentInvalidState(e.id, e.status, ['active'], 'add a run to');
      const job = state.jobs.find((j) => j.id === body.trainingJobId);
      if (!job) throw jobNotFound(body.trainingJobId);
      const existing = e.runs.find((r) => r.training_job_id === job.id);
      if (existing) throw jobAlreadyInExperiment(e.id, job.id, existing.id);
      if (e.runs.length >= EXPERIMENT_LIMITS.runsPerExperiment) throw runLimitReached(e.id, EXPERIMENT_LIMITS.runsPerExperiment);
      const run: StoredRun = {
        id: randomId('run_', 16),
        training_job_id: job.id,
        name: body.name ?? job.name,
        parameters: body.parameters ?? {},
        tags: body.tags ?? [],
        notes: body.notes ?? null,
        created_at: now,
        updated_at: now,
      };
      e.runs.push(run);
      e.updated_at = now;
      touch(ctx, e);
      return runsOf(ctx, state, { ...e, runs: [run] }, now)[0]!.view;
    },
    201,
  ),
  defineRoute(ops['training.experiments.compare'], (ctx, { params, body, now }) => {
    const state = trainingState(ctx.store);
    const e = experimentOr404(state, params.experiment_id);
    const all = runsOf(ctx, state, e, now);
    const wanted = body.runs ?? all.map((r) => r.view.id);
    for (const id of [...wanted, ...(body.analysis.baseline_run === undefined ? [] : [body.analysis.baseline_run])])
      if (!all.some((r) => r.view.id === id)) throw runNotFound(e.id, id);
    const chosen = [...new Set(wanted)].map((id) => all.find((r) => r.view.id === id)!);
    if (chosen.length < EXPERIMENT_LIMITS.compareRuns.min)
      throw validationError(
        'runs',
        `a comparison needs at least ${EXPERIMENT_LIMITS.compareRuns.min} runs; the experiment has ${chosen.length}`,
      );
    if (body.analysis.baseline_run !== undefined && !chosen.some((r) => r.view.id === body.analysis.baseline_run))
      chosen.unshift(all.find((r) => r.view.id === body.analysis.baseline_run)!);
    return { comparison: compareRuns(e.id, chosen, body) };
  }),
];
