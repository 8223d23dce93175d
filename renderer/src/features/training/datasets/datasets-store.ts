// Datasets state (03-endpoints-training.md, Datasets): the list, read with the type and status
// filters of the list operation (server-side, the first 100), and each dataset's record with
// its validation report, schema, statistics and versions.
import { create } from 'zustand';
import type { Dataset, DatasetStatus, DatasetType } from '../../../../../shared/api/training/datasets';
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { InputOf, OutputOf } from '../../../../../shared/api/operations';
import { api } from '../../../bridge/api';
import { toNormalizedError } from '../../../bridge/errors';
import { createLoader, initialLoadState, type LoadState, type LoadStatus } from '../../../platform/resource-store';

export type DatasetListItem = OutputOf<'training.datasets.list'>['datasets'][number];
export type DatasetPatch = NonNullable<InputOf<'training.datasets.update'>['body']>;

interface DatasetFilters {
  type: DatasetType | '';
  status: DatasetStatus | '';
}

/** The list reads this many (the operation's most); more are counted, not shown. */
export const DATASET_PAGE = 100;

export interface DatasetDetailState {
  dataset: Dataset | null;
  status: LoadStatus;
  error: NormalizedError | null;
  refreshing: boolean;
  loadedAt: number | null;
}

export interface DatasetsState extends LoadState {
  filters: DatasetFilters;
  datasets: DatasetListItem[];
  total: number;
  details: Record<string, DatasetDetailState>;
  load(filters?: DatasetFilters, options?: { quiet?: boolean }): Promise<void>;
  ensureLoaded(): Promise<void>;
  loadOne(id: string): Promise<void>;
  update(id: string, patch: DatasetPatch): Promise<Dataset>;
  remove(id: string): Promise<void>;
}

const emptyDetail = (): DatasetDetailState => ({ dataset: null, status: 'loading', error: null, refreshing: false, loadedAt: null });

/** A record as a list row (after a read or a change, so the list agrees with the detail). */
const asListItem = (d: Dataset): DatasetListItem => ({
  id: d.id,
  name: d.name,
  type: d.type,
  format: d.format,
  status: d.status,
  size: { bytes: d.size.bytes, examples: d.size.examples },
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

export const useDatasets = create<DatasetsState>()((set, get) => {
  const list = createLoader<DatasetsState>(set, get);
  const reads = new Map<string, number>();
  const patchDetail = (id: string, patch: Partial<DatasetDetailState>) =>
    set((s) => ({ details: { ...s.details, [id]: { ...(s.details[id] ?? emptyDetail()), ...patch } } }));
  const remember = (d: Dataset) => {
    patchDetail(d.id, { dataset: d, status: 'ready', error: null, refreshing: false, loadedAt: Date.now() });
    set((s) => ({ datasets: s.datasets.map((x) => (x.id === d.id ? asListItem(d) : x)) }));
  };

  return {
    ...initialLoadState(),
    filters: { type: '', status: '' },
    datasets: [],
    total: 0,
    details: {},

    load: (filters = get().filters, options) =>
      list.run(
        async (signal) => {
          const query = {
            limit: DATASET_PAGE,
            ...(filters.type ? { type: filters.type } : {}),
            ...(filters.status ? { status: filters.status } : {}),
          };
          const { data } = await api('training.datasets.list', { query }, { signal });
          return { datasets: data.datasets, total: data.pagination.total };
        },
        { before: { filters }, ...options },
      ),

    ensureLoaded: () => list.ensureLoaded(() => get().load()),

    async loadOne(id) {
      const known = get().details[id]?.dataset ?? null;
      patchDetail(id, known ? { refreshing: true } : { status: 'loading', error: null });
      const seq = (reads.get(id) ?? 0) + 1;
      reads.set(id, seq);
      try {
        const { data } = await api('training.datasets.get', { params: { dataset_id: id } });
        if (reads.get(id) === seq) remember(data);
      } catch (error) {
        if (reads.get(id) !== seq) return;
        const failure = toNormalizedError(error);
        patchDetail(id, known ? { error: failure, refreshing: false } : { status: 'error', error: failure, refreshing: false });
      }
    },

    async update(id, patch) {
      const { data } = await api('training.datasets.update', { params: { dataset_id: id }, body: patch });
      reads.set(id, (reads.get(id) ?? 0) + 1);
      remember(data);
      return data;
    },

    async remove(id) {
      await api('training.datasets.delete', { params: { dataset_id: id } });
      set((s) => {
        const { [id]: _gone, ...details } = s.details;
        return { details, datasets: s.datasets.filter((d) => d.id !== id), total: Math.max(0, s.total - 1) };
      });
    },
  };
});
