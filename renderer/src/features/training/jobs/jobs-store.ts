// Training jobs state (03-endpoints-training.md, Training jobs): the list, read with the status
// and model-type filters of the list operation (the newest 100), and the actions on a job
// (create, stop, resume). A job's own page follows it through the `training:job` stream
// (use-job-live.ts), not through this store.
import { create } from 'zustand';
import type { InputOf, OutputOf } from '../../../../../shared/api/operations';
import type { JobStatus, ModelType } from '../../../../../shared/api/training/jobs';
import { api } from '../../../bridge/api';
import { createLoader, initialLoadState, type LoadState } from '../../../platform/resource-store';

export type JobListItem = OutputOf<'training.jobs.list'>['jobs'][number];
type CreateJobBody = InputOf<'training.jobs.create'>['body'];
export type ReadyDataset = OutputOf<'training.datasets.list'>['datasets'][number];

interface JobFilters {
  status: JobStatus | '';
  modelType: ModelType | '';
}

export const JOB_PAGE = 100;

export interface JobsState extends LoadState {
  filters: JobFilters;
  jobs: JobListItem[];
  total: number;
  load(filters?: JobFilters, options?: { quiet?: boolean }): Promise<void>;
  ensureLoaded(): Promise<void>;
  create(body: CreateJobBody): Promise<OutputOf<'training.jobs.create'>>;
  stop(id: string, body: { saveCheckpoint: boolean; reason?: string }): Promise<OutputOf<'training.jobs.stop'>>;
  resume(id: string, checkpointId?: string): Promise<OutputOf<'training.jobs.resume'>>;
  /** The datasets a job can train on (status ready, by name; the API's page of 100). */
  readyDatasets(signal?: AbortSignal): Promise<ReadyDataset[]>;
}

export const useJobs = create<JobsState>()((set, get) => {
  const list = createLoader<JobsState>(set, get);
  const reloadQuietly = () => void get().load(undefined, { quiet: true });
  return {
    ...initialLoadState(),
    filters: { status: '', modelType: '' },
    jobs: [],
    total: 0,

    load: (filters = get().filters, options) =>
      list.run(
        async (signal) => {
          const query = {
            limit: JOB_PAGE,
            ...(filters.status ? { status: filters.status } : {}),
            ...(filters.modelType ? { modelType: filters.modelType } : {}),
          };
          const { data } = await api('training.jobs.list', { query }, { signal });
          return { jobs: data.jobs, total: data.pagination.total };
        },
        { before: { filters }, ...options },
      ),

    ensureLoaded: () => list.ensureLoaded(() => get().load()),

    async create(body) {
      const { data } = await api('training.jobs.create', { body });
      reloadQuietly();
      return data;
    },

    async stop(id, body) {
      const { data } = await api('training.jobs.stop', { params: { job_id: id }, body });
      reloadQuietly();
      return data;
    },

    async resume(id, checkpointId) {
      const { data } = await api('training.jobs.resume', { params: { job_id: id }, body: checkpointId ? { checkpointId } : {} });
      reloadQuietly();
      return data;
    },

    async readyDatasets(signal) {
      const query = { status: 'ready', limit: 100, sort: 'name', order: 'asc' } as const;
      const { data } = await api('training.datasets.list', { query }, { signal });
      return data.datasets;
    },
  };
});
