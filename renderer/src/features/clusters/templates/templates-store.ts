// Templates area state. Typed first, then created. The list is read with the document's
// filters as query parameters of the list operation (server-side), details by id.
import { create } from 'zustand';
import type {
  CreateTemplateRequest,
  Framework,
  ListTemplatesQuery,
  Template,
  TemplateCategory,
  UpdateTemplateRequest,
} from '../../../../../shared/api/clusters/templates';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { api } from '../../../bridge/api';
import { toNormalizedError } from '../../../bridge/errors';
import { createLoader, initialLoadState, type LoadState, type LoadStatus } from '../../../platform/resource-store';

export type TriState = '' | 'true' | 'false';
export type SortBy = NonNullable<ListTemplatesQuery['sort_by']>;

export interface TemplateFilters {
  category: TemplateCategory | '';
  framework: Framework | '';
  gpuCompatible: TriState;
  official: TriState;
  search: string;
  sortBy: SortBy;
  includeDeprecated: boolean;
}

/** @internal Exported for its tests only. */
export const defaultTemplateFilters = (): TemplateFilters => ({
  category: '',
  framework: '',
  gpuCompatible: '',
  official: '',
  search: '',
  sortBy: 'name',
  includeDeprecated: false,
});

/**
 * The filters as the list operation's query: only what is set.
 * @internal Exported for its tests only.
 */
export function templateQuery(f: TemplateFilters): ListTemplatesQuery {
  return {
    ...(f.category ? { category: f.category } : {}),
    ...(f.framework ? { framework: f.framework } : {}),
    ...(f.gpuCompatible ? { gpu_compatible: f.gpuCompatible === 'true' } : {}),
    ...(f.official ? { official: f.official === 'true' } : {}),
    ...(f.search.trim() ? { search: f.search.trim() } : {}),
    sort_by: f.sortBy,
    include_deprecated: f.includeDeprecated,
  };
}

export interface TemplateDetailState {
  template: Template | null;
  status: LoadStatus;
  /** The last failure; with a template shown, it is stale (from `loadedAt`). */
  error: NormalizedError | null;
  /** A read of the template shown is running. */
  refreshing: boolean;
  /** When the template shown was read (this machine's clock); null for the list's copy. */
  loadedAt: number | null;
}

export interface TemplatesState extends LoadState {
  filters: TemplateFilters;
  templates: Template[];
  totalCount: number;
  details: Record<string, TemplateDetailState>;
  load(filters?: TemplateFilters): Promise<void>;
  loadOne(id: string): Promise<void>;
  create(request: CreateTemplateRequest): Promise<Template>;
  update(id: string, request: UpdateTemplateRequest): Promise<Template>;
  remove(id: string): Promise<void>;
  /** Every template, deprecated ones included, whatever the list's filters (the command palette). */
  listAll(): Promise<Template[]>;
}

export const useTemplates = create<TemplatesState>()((set, get) => {
  const list = createLoader<TemplatesState>(set, get);
  const remember = (t: Template) =>
    set((s) => ({
      details: { ...s.details, [t.id]: { template: t, status: 'ready', error: null, refreshing: false, loadedAt: Date.now() } },
      templates: s.templates.some((x) => x.id === t.id) ? s.templates.map((x) => (x.id === t.id ? t : x)) : s.templates,
    }));

  return {
    ...initialLoadState(),
    filters: defaultTemplateFilters(),
    templates: [],
    totalCount: 0,
    details: {},

    load: (filters = get().filters) =>
      list.run(
        async (signal) => {
          const { data } = await api('clusters.templates.list', { query: templateQuery(filters) }, { signal });
          return { templates: data.data.templates, totalCount: data.data.total_count };
        },
        { before: { filters } },
      ),

    async loadOne(id) {
      const previous = get().details[id];
      const known = previous?.template ?? get().templates.find((t) => t.id === id) ?? null;
      const loadedAt = previous?.template ? previous.loadedAt : null;
      // A template shown (read before, or the list's copy) stays while it is read again, and
      // after a failed read, stale with the error beside it.
      const shown = (patch: Partial<TemplateDetailState>): TemplateDetailState =>
        known
          ? { template: known, status: 'ready', error: previous?.error ?? null, refreshing: false, loadedAt, ...patch }
          : { template: null, status: 'loading', error: null, refreshing: false, loadedAt: null, ...patch };
      set((s) => ({ details: { ...s.details, [id]: shown(known ? { refreshing: true } : {}) } }));
      try {
        const { data } = await api('clusters.templates.get', { params: { template_id: id } });
        remember(data.data);
      } catch (error) {
        const failure = toNormalizedError(error);
        set((s) => ({ details: { ...s.details, [id]: shown(known ? { error: failure } : { status: 'error', error: failure }) } }));
      }
    },

    async create(request) {
      const { data } = await api('clusters.templates.create', { body: request });
      remember(data.data);
      void get().load();
      return data.data;
    },

    async update(id, request) {
      const { data } = await api('clusters.templates.update', { params: { template_id: id }, body: request });
      remember(data.data);
      return data.data;
    },

    async remove(id) {
      await api('clusters.templates.delete', { params: { template_id: id } });
      set((s) => {
        const { [id]: _gone, ...details } = s.details;
        return { details, templates: s.templates.filter((t) => t.id !== id), totalCount: Math.max(0, s.totalCount - 1) };
      });
    },

    async listAll() {
      const { data } = await api('clusters.templates.list', { query: { include_deprecated: true } });
      return data.data.templates;
    },
  };
});
