// The model routes under /v2/training/models (03-endpoints-training.md, Models; docs/decisions.md,
// Training: models): list, detail, update, versions, deploy, download, compare, archive and the
// restore the emulator adds. Deployments and downloads: deploy.ts, download.ts.
import { pageOf, sortByKey } from '../list-page';
import { compareVersions, nextMinorVersion } from '../../../../../shared/api/training/models-actions';
import { trainingOperations as ops } from '../../../../../shared/api/training/operations';
import { invalidState } from '../../../core/errors';
import { defineRoute } from '../../../core/route-def';
import { jobNotFound } from '../jobs/errors';
import { JobRun } from '../jobs/sim/run';
import { trainingRecord } from '../records';
import { AREA, trainingState, type StoredModel, type StoredModelVersion } from '../state';
import { benchmarkScore, bestPerforming, recommendations, metricOf, type Comparable } from './compare';
import { deployRoute } from './deploy';
import { downloadRoute } from './download';
import { jobNotCompleted, modelNotFound, modelTypeMismatch, versionExists, versionNotNewer } from './errors';
import { assertNotArchived, modelOr404, settleRegistry } from './lookup';
import { latestVersion, modelStatus, versionsOf } from './lifecycle';
import { applyVersion, versionFromJob } from './register';
import { modelListItem, modelView, versionView } from './view';

const iso = (ms: number) => new Date(ms).toISOString();
const DAY_MS = 86_400_000;

const SORT_KEY = {
  created_at: (m: StoredModel) => m.created_at,
  updated_at: (m: StoredModel) => m.updated_at,
  name: (m: StoredModel) => m.name.toLowerCase(),
  size: (m: StoredModel) => m.size.bytes,
} as const;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function comparable(m: StoredModel): Comparable {
  const v = latestVersion(m);
  const training = v.training as { training_time?: unknown };
  return {
    id: m.id,
    name: m.name,
    version: v.version,
    type: m.type,
    contentKey: v.content_key,
    parameters: v.size.parameters,
    bytes: v.size.bytes,
    finalLoss: num(v.metrics.training.finalLoss),
    bestLoss: num(v.metrics.training.bestLoss),
    validationLoss: num(v.metrics.validation.loss),
    accuracy: num(v.metrics.validation.accuracy),
    perplexity: num(v.metrics.validation.perplexity),
    trainingTime: num(training.training_time),
    archived: m.archive !== null,
  };
}

export const modelRoutes = [
  defineRoute(ops['training.models.list'], (ctx, { query, now }) => {
    const state = trainingState(ctx.store);
    settleRegistry(state, ctx.store, now);
    const key = SORT_KEY[query.sort];
    const matching = sortByKey(
      state.models.filter(
        (m) =>
          (query.type === undefined || m.type === query.type) &&
          (query.status === undefined || modelStatus(m, now) === query.status) &&
          (query.trainingJobId === undefined || m.training_job_id === query.trainingJobId),
      ),
      key,
      query.order,
    );
    const { page, pagination } = pageOf(matching, query);
    return { models: page.map((m) => modelListItem(m, now)), pagination };
  }),
  defineRoute(ops['training.models.get'], (ctx, { params, now }) =>
    modelView(modelOr404(trainingState(ctx.store), ctx.store, params.model_id, now), now),
  ),
  defineRoute(ops['training.models.update'], (ctx, { params, body, now }) => {
    const m = modelOr404(trainingState(ctx.store), ctx.store, params.model_id, now);
    assertNotArchived(m);
    if (body.name !== undefined) m.name = body.name;
    if (body.description !== undefined) m.description = body.description;
    if (body.tags !== undefined) m.tags = body.tags;
    if (body.metadata !== undefined) m.metadata = body.metadata;
    m.updated_at = now;
    ctx.store.touch(AREA, trainingRecord.model(m.id));
    return modelView(m, now);
  }),
  defineRoute(
    ops['training.models.versions.create'],
    (ctx, { params, body, now }) => {
      const state = trainingState(ctx.store);
      const m = modelOr404(state, ctx.store, params.model_id, now);
      assertNotArchived(m);
      const versions = versionsOf(m);
      const latest = versions.at(-1)!;
      // Without a number, the next minor after the latest (03 marks none of the fields required).
      const version = body.version ?? nextMinorVersion(latest.version);
      const same = versions.find((v) => compareVersions(v.version, version) === 0);
      if (same) throw versionExists(m.id, same.version, same.training_job_id, `The model already has version ${same.version}`);
      if (compareVersions(version, latest.version) < 0) throw versionNotNewer(m.id, version, latest.version);
      let v: StoredModelVersion;
      if (body.trainingJobId === undefined) {
        // Not trained here: the latest version's files (the same bytes) and metrics, under a new number.
        v = {
          ...structuredClone(latest),
          version: version,
          training_job_id: null,
          description: body.description ?? null,
          changelog: body.changelog ?? [],
          derived_from: latest.version,
          created_at: now,
        };
      } else {
        const job = state.jobs.find((j) => j.id === body.trainingJobId);
        if (!job) throw jobNotFound(body.trainingJobId);
        const run = new JobRun(job);
        const t = run.at(now);
        if (t.status !== 'completed' || t.endedAt === null) throw jobNotCompleted(job.id, t.status);
        if (job.model_type !== m.type) throw modelTypeMismatch(m.type, job.model_type, job.id);
        const fromJob = versions.find((x) => x.training_job_id === job.id);
        if (fromJob)
          throw versionExists(m.id, fromJob.version, job.id, `The training job is already version ${fromJob.version} of the model`);
        v = versionFromJob(job, run, now, t.runningMs, `${m.id}@${version}`, version, body.description ?? null, body.changelog ?? []);
      }
      m.versions = [...versions, v];
      applyVersion(m, v);
      m.updated_at = now;
      ctx.store.touch(AREA, trainingRecord.model(m.id));
      return { modelId: m.id, ...versionView(v) };
    },
    201,
  ),
  deployRoute,
  downloadRoute,
  defineRoute(ops['training.models.compare'], (ctx, { body, now }) => {
    const state = trainingState(ctx.store);
    settleRegistry(state, ctx.store, now);
    const unknown = body.models.filter((id) => !state.models.some((m) => m.id === id));
    if (unknown.length > 0) throw modelNotFound(unknown[0], unknown);
    const models = body.models.map((id) => comparable(state.models.find((m) => m.id === id)!));
    const scores = new Map(models.map((m) => [m.id, Object.fromEntries(body.benchmarks.map((b) => [b, benchmarkScore(m, b)]))]));
    const best = bestPerforming(models, body.metrics, scores, body.benchmarks);
    return {
      comparison: {
        models: models.map((m) => ({
          id: m.id,
          name: m.name,
          version: m.version,
          type: m.type,
          metrics: Object.fromEntries(body.metrics.map((k) => [k, metricOf(m, k)])),
          benchmarks: scores.get(m.id)!,
        })),
        best_performing: best,
        recommendations: recommendations(models, best, body.benchmarks),
      },
    };
  }),
  defineRoute(ops['training.models.archive'], (ctx, { params, body, now }) => {
    const m = modelOr404(trainingState(ctx.store), ctx.store, params.model_id, now);
    assertNotArchived(m);
    const days = Number(body.retention_period.slice(0, -1));
    const stopped: string[] = [];
    for (const d of m.deployments)
      if (d.stopped_at === null) {
        d.stopped_at = now;
        stopped.push(d.id);
        // Its endpoint stops with it (scaled to 0), and stays listed as stopped.
        ctx.serving().stopEndpoint(d.id, now);
      }
    m.archive = { at: now, reason: body.reason ?? null, retention_days: days, delete_at: now + days * DAY_MS };
    // Its download tokens end with it: a restore asks for new ones.
    m.downloads = [];
    m.updated_at = now;
    ctx.store.touch(AREA, trainingRecord.model(m.id));
    return {
      id: m.id,
      status: 'archived' as const,
      archivedAt: iso(now),
      reason: m.archive.reason,
      retentionPeriod: `${days}d`,
      deleteAt: iso(m.archive.delete_at),
      stoppedDeployments: stopped,
    };
  }),
  defineRoute(ops['training.models.restore'], (ctx, { params, now }) => {
    const m = modelOr404(trainingState(ctx.store), ctx.store, params.model_id, now);
    if (m.archive === null)
      throw invalidState({ modelId: m.id, currentStatus: modelStatus(m, now) }, 'Only an archived model can be restored');
    m.archive = null;
    m.updated_at = now;
    ctx.store.touch(AREA, trainingRecord.model(m.id));
    return { id: m.id, status: 'ready' as const, restoredAt: iso(now) };
  }),
];
