// Models area state. Typed first, then created. The registry is read with the document's
// filters (type, status) and sort as query parameters of the list operation, every page of it
// (at most MAX_MODELS), and searched here: the list operation has no search parameter. Details
// by id keep what they show through a failed reload, like the other detail views.
import { create } from 'zustand';
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { ModelType, TrainingJobListItem } from '../../../../../shared/api/training/jobs';
import type { z } from 'zod';
import type {
  ListModelsQuery as ListQuery,
  Model,
  ModelListItem as ListItem,
  ModelStatus as Status,
} from '../../../../../shared/api/training/models';
import { BENCHMARKS, COMPARE_METRICS } from '../../../../../shared/api/training/models-actions';
import type {
  ArchiveModelRequest,
  ArchiveModelResponse,
  CompareModelsResponse,
  CreateModelVersionRequest,
  CreateModelVersionResponse,
  Deployment as DeploymentSchema,
  DeployModelRequest,
  UpdateModelRequest as UpdateSchema,
} from '../../../../../shared/api/training/models-actions';
import { api } from '../../../bridge/api';
import { toNormalizedError } from '../../../bridge/errors';
import { createLoader, initialLoadState, type LoadState, type LoadStatus } from '../../../platform/resource-store';

type ModelListItem = z.infer<typeof ListItem>;
type ListModelsQuery = z.input<typeof ListQuery>;
type ModelStatus = z.infer<typeof Status>;
export type Deployment = z.infer<typeof DeploymentSchema>;
type UpdateModelRequest = z.input<typeof UpdateSchema>;
export type ModelItem = ModelListItem & { versionCount?: number };
export type ModelSortBy = NonNullable<ListModelsQuery['sort']>;

export interface ModelFilters {
  type: ModelType | '';
  status: ModelStatus | '';
  sortBy: ModelSortBy;
  order: 'asc' | 'desc';
}

const defaultModelFilters = (): ModelFilters => ({ type: '', status: '', sortBy: 'created_at', order: 'desc' });

/** Pages of 100 read for the registry: 1,000 models at most (a note says so beyond). */
const PAGE_SIZE = 100;
const MAX_MODELS = 1_000;

/**
 * The filters as the list operation's query: only what is set.
 * @internal Exported for its tests only.
 */
export function modelQuery(f: ModelFilters, offset = 0): ListModelsQuery {
  return {
    ...(f.type ? { type: f.type } : {}),
    ...(f.status ? { status: f.status } : {}),
    sort: f.sortBy,
    order: f.order,
    limit: PAGE_SIZE,
    offset,
  };
}

export interface ModelDetailState {
  model: Model | null;
  status: LoadStatus;
  /** The last failure; with a model shown, it is stale (from `loadedAt`). */
  error: NormalizedError | null;
  refreshing: boolean;
  loadedAt: number | null;
}

export interface ModelsState extends LoadState {
  filters: ModelFilters;
  models: ModelItem[];
  /** The registry's total for the filters (may exceed what was read). */
  total: number;
  details: Record<string, ModelDetailState>;
  load(filters?: ModelFilters, options?: { quiet?: boolean }): Promise<void>;
  ensureLoaded(): Promise<void>;
  loadOne(id: string): Promise<void>;
  /** Keeps a model the API returned (after an action) in the detail and the registry's row. */
  remember(model: Model): void;
  update(id: string, request: UpdateModelRequest): Promise<Model>;
  /** Adds a version from a completed job; the model is read again (its latest changes). */
  createVersion(id: string, request: z.input<typeof CreateModelVersionRequest>): Promise<z.infer<typeof CreateModelVersionResponse>>;
  /** Starts a deployment of the latest version; the model is read again to list it. */
  deploy(id: string, request: z.input<typeof DeployModelRequest>): Promise<Deployment>;
  archive(id: string, request: z.input<typeof ArchiveModelRequest>): Promise<z.infer<typeof ArchiveModelResponse>>;
  restore(id: string): Promise<void>;
  /** The completed jobs of a model type, newest first (100: the list's page), for a new version. */
  completedJobs(modelType: ModelType, signal?: AbortSignal): Promise<z.infer<typeof TrainingJobListItem>[]>;
  /** Compares models on every metric and benchmark. */
  compare(ids: string[], signal?: AbortSignal): Promise<z.infer<typeof CompareModelsResponse>['comparison']>;
}

export const useModels = create<ModelsState>()((set, get) => {
  const list = createLoader<ModelsState>(set, get);
  const remember = (m: Model) =>
    set((s) => ({
      details: { ...s.details, [m.id]: { model: m, status: 'ready', error: null, refreshing: false, loadedAt: Date.now() } },
      models: s.models.map((x) => (x.id === m.id ? { ...x, name: m.name, description: m.description, tags: m.tags, status: m.status } : x)),
    }));

  return {
    ...initialLoadState(),
    filters: defaultModelFilters(),
    models: [],
    total: 0,
    details: {},

    load: (filters = get().filters, { quiet = false } = {}) =>
      list.run(
        async (signal) => {
          const models: ModelItem[] = [];
          let total = 0;
          for (let offset = 0; offset < MAX_MODELS; offset += PAGE_SIZE) {
            const { data } = await api('training.models.list', { query: modelQuery(filters, offset) }, { signal });
            models.push(...data.models);
            total = data.pagination.total;
            if (!data.pagination.hasMore) break;
          }
          return { models, total };
        },
        { before: { filters }, quiet },
      ),

    ensureLoaded: () => list.ensureLoaded(() => get().load()),

    async loadOne(id) {
      const previous = get().details[id];
      const known = previous?.model ?? null;
      const shown = (patch: Partial<ModelDetailState>): ModelDetailState =>
        known
          ? {
              model: known,
              status: 'ready',
              error: previous?.error ?? null,
              refreshing: false,
              loadedAt: previous?.loadedAt ?? null,
              ...patch,
            }
          : { model: null, status: 'loading', error: null, refreshing: false, loadedAt: null, ...patch };
      set((s) => ({ details: { ...s.details, [id]: shown(known ? { refreshing: true } : {}) } }));
      try {
        const { data } = await api('training.models.get', { params: { model_id: id } });
        remember(data);
      } catch (error) {
        const failure = toNormalizedError(error);
        set((s) => ({ details: { ...s.details, [id]: shown(known ? { error: failure } : { status: 'error', error: failure }) } }));
      }
    },

    remember,

    async update(id, request) {
      const { data } = await api('training.models.update', { params: { model_id: id }, body: request });
      remember(data);
      return data;
    },

    async createVersion(id, request) {
      const { data } = await api('training.models.versions.create', { params: { model_id: id }, body: request });
      await get().loadOne(id);
      void get().load(undefined, { quiet: true });
      return data;
    },

    async deploy(id, request) {
      const { data } = await api('training.models.deploy', { params: { model_id: id }, body: request });
      await get().loadOne(id);
      void get().load(undefined, { quiet: true });
      return data.deployment;
    },

    async archive(id, request) {
      const { data } = await api('training.models.archive', { params: { model_id: id }, body: request });
      await get().loadOne(id);
      void get().load(undefined, { quiet: true });
      return data;
    },

    async restore(id) {
      await api('training.models.restore', { params: { model_id: id } });
      await get().loadOne(id);
      void get().load(undefined, { quiet: true });
    },

    async completedJobs(modelType, signal) {
      const { data } = await api(
        'training.jobs.list',
        { query: { status: 'completed', modelType, limit: 100, sort: 'updated_at', order: 'desc' } },
        { signal },
      );
      return data.jobs;
    },

    async compare(ids, signal) {
      const { data } = await api(
        'training.models.compare',
        { body: { models: ids, metrics: [...COMPARE_METRICS], benchmarks: [...BENCHMARKS] } },
        { signal },
      );
      return data.comparison;
    },
  };
});

/** The registry's rows that match a search: name, id, base model, description and tags. */
export function searchModels<T extends Pick<ModelListItem, 'name' | 'id' | 'baseModel' | 'description' | 'tags'>>(
  models: readonly T[],
  search: string,
): T[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...models];
  return models.filter((m) => {
    const text = [m.name, m.id, m.baseModel ?? '', m.description ?? '', ...m.tags].join('\n').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
