// Tuning area state: the list of tuning jobs (filtered by status and algorithm on the server),
// per tuning job its full record with every trial (read again every few seconds while it runs:
// the emulator computes trials from its clock when read, so one GET brings all that changed),
// and the training jobs a new tuning job can start from.
import { create } from 'zustand';
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { InputOf, OutputOf } from '../../../../../shared/api/operations';
import { api } from '../../../bridge/api';
import { toNormalizedError } from '../../../bridge/errors';
import { createLoader, initialLoadState, type LoadState, type LoadStatus } from '../../../platform/resource-store';

export type TuningJob = OutputOf<'training.tune.get'>;
export type TuningListItem = OutputOf<'training.tune.list'>['tuningJobs'][number];
export type Trial = TuningJob['trials'][number];
type TrainingJobItem = OutputOf<'training.jobs.list'>['jobs'][number];
type CreateTuningBody = InputOf<'training.tune.create'>['body'];
type StopTuningBody = InputOf<'training.tune.stop'>['body'];
type StopTuningResult = OutputOf<'training.tune.stop'>;
export type DeployBestBody = InputOf<'training.tune.deploy_best'>['body'];
export type DeployBestResult = OutputOf<'training.tune.deploy_best'>;

interface TuningFilters {
  status: string;
  algorithm: string;
}

export interface TuningDetailState {
  job: TuningJob | null;
  status: LoadStatus;
  error: NormalizedError | null;
  refreshing: boolean;
  loadedAt: number | null;
}

interface JobsState {
  jobs: TrainingJobItem[];
  status: LoadStatus;
  error: NormalizedError | null;
}

export interface TuningState extends LoadState {
  tuningJobs: TuningListItem[];
  /** Tuning jobs of the account beyond the pages read (more than MAX_PAGES × 100). */
  total: number;
  filters: TuningFilters;
  details: Record<string, TuningDetailState>;
  /** Training jobs to start from (the start dialog's picker), read when it opens. */
  trainingJobs: JobsState;
  load(filters?: TuningFilters, options?: { quiet?: boolean }): Promise<void>;
  ensureLoaded(): Promise<void>;
  loadOne(jobId: string, tuneId: string): Promise<void>;
  loadTrainingJobs(): Promise<void>;
  create(jobId: string, body: CreateTuningBody): Promise<TuningJob>;
  stop(jobId: string, tuneId: string, body: StopTuningBody): Promise<StopTuningResult>;
  deployBest(jobId: string, tuneId: string, body: DeployBestBody): Promise<DeployBestResult>;
}

const PAGE = 100;
const MAX_PAGES = 10;
const NO_FILTERS: TuningFilters = { status: '', algorithm: '' };

const emptyDetail = (): TuningDetailState => ({ job: null, status: 'loading', error: null, refreshing: false, loadedAt: null });

export const useTuning = create<TuningState>()((set, get) => {
  const list = createLoader<TuningState>(set, get);
  const reads = new Map<string, number>();
  const patchDetail = (id: string, patch: Partial<TuningDetailState>) =>
    set((s) => ({ details: { ...s.details, [id]: { ...(s.details[id] ?? emptyDetail()), ...patch } } }));

  return {
    ...initialLoadState(),
    tuningJobs: [],
    total: 0,
    filters: NO_FILTERS,
    details: {},
    trainingJobs: { jobs: [], status: 'idle', error: null },

    load: (filters = get().filters, options) =>
      list.run(
        async (signal) => {
          const query = {
            limit: PAGE,
            ...(filters.status ? { status: filters.status as TuningListItem['status'] } : {}),
            ...(filters.algorithm ? { algorithm: filters.algorithm as TuningListItem['algorithm'] } : {}),
          };
          const rows: TuningListItem[] = [];
          let total = 0;
          for (let page = 0; page < MAX_PAGES; page++) {
            const { data } = await api('training.tune.list', { query: { ...query, offset: page * PAGE } }, { signal });
            rows.push(...data.tuningJobs);
            total = data.pagination.total;
            if (!data.pagination.hasMore) break;
          }
          return { tuningJobs: rows, total };
        },
        { ...options, before: { filters } },
      ),

    ensureLoaded: () => list.ensureLoaded(() => get().load()),

    async loadOne(jobId, tuneId) {
      const known = get().details[tuneId]?.job ?? null;
      patchDetail(tuneId, known ? { refreshing: true } : { status: 'loading', error: null });
      const seq = (reads.get(tuneId) ?? 0) + 1;
      reads.set(tuneId, seq);
      try {
        const { data } = await api('training.tune.get', { params: { job_id: jobId, tune_id: tuneId } });
        if (reads.get(tuneId) !== seq) return;
        patchDetail(tuneId, { job: data, status: 'ready', error: null, refreshing: false, loadedAt: Date.now() });
        // The list row follows what the detail shows.
        set((s) => ({ tuningJobs: s.tuningJobs.map((t) => (t.id === tuneId ? { ...t, ...listPart(data) } : t)) }));
      } catch (e) {
        if (reads.get(tuneId) !== seq) return;
        const error = toNormalizedError(e);
        patchDetail(tuneId, known ? { error, refreshing: false } : { status: 'error', error, refreshing: false });
      }
    },

    async loadTrainingJobs() {
      set((s) => ({ trainingJobs: { ...s.trainingJobs, status: s.trainingJobs.jobs.length ? 'ready' : 'loading', error: null } }));
      try {
        const { data } = await api('training.jobs.list', { query: { limit: 100, sort: 'created_at', order: 'desc' } });
        set({ trainingJobs: { jobs: data.jobs, status: 'ready', error: null } });
      } catch (e) {
        set((s) => ({
          trainingJobs: { ...s.trainingJobs, status: s.trainingJobs.jobs.length ? 'ready' : 'error', error: toNormalizedError(e) },
        }));
      }
    },

    async create(jobId, body) {
      const { data } = await api('training.tune.create', { params: { job_id: jobId }, body });
      patchDetail(data.id, { job: data, status: 'ready', error: null, refreshing: false, loadedAt: Date.now() });
      void get().load(get().filters, { quiet: true });
      return data;
    },

    async stop(jobId, tuneId, body) {
      const { data } = await api('training.tune.stop', { params: { job_id: jobId, tune_id: tuneId }, body });
      await get().loadOne(jobId, tuneId);
      return data;
    },

    async deployBest(jobId, tuneId, body) {
      const { data } = await api('training.tune.deploy_best', { params: { job_id: jobId, tune_id: tuneId }, body });
      return data;
    },
  };
});

/** The list item's fields of a full tuning job. */
function listPart(job: TuningJob): Partial<TuningListItem> {
  const { trials: _trials, searchSpace: _space, ...rest } = job;
  return rest;
}
