// The model routes of this slice (03-endpoints-training.md, Models): list and detail of the
// models completed jobs registered. Patch, versions, deploy, download, compare and archive come
// with the models slice (docs/decisions.md, Training: jobs).
import type { Model } from '../../../../../shared/api/training/models';
import { trainingOperations as ops } from '../../../../../shared/api/training/operations';
import { defineRoute } from '../../../core/route-def';
import { trainingState, type StoredModel } from '../state';
import { modelNotFound } from './errors';
import { settleJobs } from './register';

const iso = (ms: number) => new Date(ms).toISOString();

export function modelView(m: StoredModel): Model {
  return {
    id: m.id,
    name: m.name,
    type: m.type,
    status: m.status,
    description: m.description,
    baseModel: m.base_model,
    version: m.version,
    trainingJobId: m.training_job_id,
    datasetId: m.dataset_id,
    architecture: m.architecture,
    training: m.training as Model['training'],
    size: m.size,
    metrics: m.metrics,
    deployments: [],
    files: m.files,
    tags: m.tags,
    metadata: m.metadata,
    createdAt: iso(m.created_at),
    updatedAt: iso(m.updated_at),
  };
}

const num = (v: unknown) => (typeof v === 'number' ? v : null);

export function modelListItem(m: StoredModel) {
  const { metrics, deployments, files, architecture, ...rest } = modelView(m);
  void deployments;
  void files;
  void architecture;
  return {
    ...rest,
    metrics: {
      finalLoss: num(metrics.training.finalLoss),
      accuracy: num(metrics.validation.accuracy),
      perplexity: num(metrics.validation.perplexity),
    },
    deployments: { active: 0, endpoints: [] },
  };
}

const SORT_KEY = {
  created_at: (m: StoredModel) => m.created_at,
  updated_at: (m: StoredModel) => m.updated_at,
  name: (m: StoredModel) => m.name.toLowerCase(),
  size: (m: StoredModel) => m.size.bytes,
} as const;

export const modelRoutes = [
  defineRoute(ops['training.models.list'], (ctx, { query, now }) => {
    const state = trainingState(ctx.store);
    settleJobs(state, ctx.store, now);
    const key = SORT_KEY[query.sort];
    const sign = query.order === 'asc' ? 1 : -1;
    const matching = state.models
      .filter(
        (m) =>
          (query.type === undefined || m.type === query.type) &&
          (query.status === undefined || m.status === query.status) &&
          (query.trainingJobId === undefined || m.training_job_id === query.trainingJobId),
      )
      .sort((a, b) => {
        const x = key(a);
        const y = key(b);
        return (x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1) * sign;
      });
    const page = matching.slice(query.offset, query.offset + query.limit);
    return {
      models: page.map(modelListItem),
      pagination: {
        total: matching.length,
        limit: query.limit,
        offset: query.offset,
        hasMore: query.offset + page.length < matching.length,
      },
    };
  }),
  defineRoute(ops['training.models.get'], (ctx, { params, now }) => {
    const state = trainingState(ctx.store);
    settleJobs(state, ctx.store, now);
    const m = state.models.find((x) => x.id === params.model_id);
    if (!m) throw modelNotFound(params.model_id);
    return modelView(m);
  }),
];
