// Experiments area state: the list (up to the API's page of 100, filtered by status and tags on
// the server), and per experiment its record with runs, statistics and insights. Every change
// (PATCH, run added, archive) replaces the record with the API's answer.
import { create } from 'zustand';
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { InputOf, OutputOf } from '../../../../../shared/api/operations';
import type { Experiment, ExperimentStatus, Run } from '../../../../../shared/api/training/experiments';
import { api } from '../../../bridge/api';
import { toNormalizedError } from '../../../bridge/errors';
import { createLoader, initialLoadState, type LoadState, type LoadStatus } from '../../../platform/resource-store';

export type ExperimentListItem = OutputOf<'training.experiments.list'>['experiments'][number];
export type CreateExperiment = NonNullable<InputOf<'training.experiments.create'>['body']>;
type UpdateExperiment = NonNullable<InputOf<'training.experiments.update'>['body']>;
export type CloneExperiment = NonNullable<InputOf<'training.experiments.clone'>['body']>;
type ArchiveExperiment = NonNullable<InputOf<'training.experiments.archive'>['body']>;
export type CreateRun = NonNullable<InputOf<'training.experiments.runs.create'>['body']>;
type RunJob = OutputOf<'training.jobs.list'>['jobs'][number];
export type ExportExperiment = NonNullable<InputOf<'training.experiments.export'>['body']>;
type CompareRequest = NonNullable<InputOf<'training.experiments.compare'>['body']>;
export type Comparison = OutputOf<'training.experiments.compare'>['comparison'];
type JobMetrics = OutputOf<'training.jobs.metrics'>;
type CreateJobBody = InputOf<'training.jobs.create'>['body'];

/** A run to replicate: new jobs of its job's configuration (same dataset, GPU, workers), each a run of the experiment. */
export interface ReplicateSource {
  runId: string;
  runName: string;
  trainingJobId: string;
  tags: string[];
  /** New replicates of it. */
  count: number;
  /** The seed number of the first new one in its name (`<run> · seed k`): the group's replicates so far + 1. */
  firstSeed: number;
}

export interface ReplicatePlan {
  jobs: number;
  /** The source jobs' estimated cost (USD) × the replicates of each. */
  estimatedCost: number;
}

interface ListFilters {
  status: ExperimentStatus | '';
  tags: string[];
}

export interface ExperimentDetailState {
  experiment: Experiment | null;
  status: LoadStatus;
  error: NormalizedError | null;
  refreshing: boolean;
  loadedAt: number | null;
}

export interface ExperimentsState extends LoadState {
  experiments: ExperimentListItem[];
  total: number;
  filters: ListFilters;
  details: Record<string, ExperimentDetailState>;
  load(filters?: ListFilters, options?: { quiet?: boolean }): Promise<void>;
  ensureLoaded(): Promise<void>;
  loadOne(id: string, options?: { quiet?: boolean }): Promise<void>;
  create(request: CreateExperiment): Promise<Experiment>;
  update(id: string, request: UpdateExperiment): Promise<Experiment>;
  addRun(id: string, request: CreateRun): Promise<Run>;
  clone(id: string, request: CloneExperiment): Promise<Experiment>;
  archive(id: string, request: ArchiveExperiment): Promise<void>;
  /** The account's training jobs a run can name (newest first, the API's page of 100). */
  runJobs(signal?: AbortSignal): Promise<RunJob[]>;
  /** A comparison of the experiment's runs (POST …/compare). */
  compare(id: string, request: CompareRequest, signal?: AbortSignal): Promise<Comparison>;
  /** A training job's metrics from a step on, `points` at most (bucket means past that). */
  jobMetrics(jobId: string, fromStep: number, points: number, signal?: AbortSignal): Promise<JobMetrics>;
  /** What adding these replicates would start: jobs and estimated cost. */
  replicatePlan(sources: readonly ReplicateSource[], signal?: AbortSignal): Promise<ReplicatePlan>;
  /**
   * Creates each replicate job (its source job's request again: a new job is a new seed) and adds
   * it as a run, one after another; `onRun` hears of each run added, so those added before an
   * error are known. Throws the first error.
   */
  addReplicates(
    experimentId: string,
    sources: readonly ReplicateSource[],
    onRun: (run: Run, done: number, total: number) => void,
  ): Promise<Run[]>;
}

/** `<run> · seed k`, within a job name's 100 characters. */
function replicateName(runName: string, seed: number): string {
  const suffix = ` · seed ${seed}`;
  return runName.length + suffix.length > 100 ? `${runName.slice(0, 99 - suffix.length)}…${suffix}` : `${runName}${suffix}`;
}

const emptyDetail = (): ExperimentDetailState => ({ experiment: null, status: 'loading', error: null, refreshing: false, loadedAt: null });

/** The list row of a full record (what the list shows changes with it at once). */
function listItemOf(e: Experiment): ExperimentListItem {
  const { runs, insights: _insights, ...rest } = e;
  return { ...rest, runCount: runs.length };
}

export const useExperiments = create<ExperimentsState>()((set, get) => {
  const list = createLoader<ExperimentsState>(set, get);
  const reads = new Map<string, number>();
  const patchDetail = (id: string, patch: Partial<ExperimentDetailState>) =>
    set((s) => ({ details: { ...s.details, [id]: { ...(s.details[id] ?? emptyDetail()), ...patch } } }));
  const remember = (e: Experiment) => {
    reads.set(e.id, (reads.get(e.id) ?? 0) + 1);
    patchDetail(e.id, { experiment: e, status: 'ready', error: null, refreshing: false, loadedAt: Date.now() });
    set((s) => {
      const item = listItemOf(e);
      const known = s.experiments.some((x) => x.id === e.id);
      return { experiments: known ? s.experiments.map((x) => (x.id === e.id ? item : x)) : [item, ...s.experiments] };
    });
  };

  return {
    ...initialLoadState(),
    experiments: [],
    total: 0,
    filters: { status: '', tags: [] },
    details: {},

    load: (filters = get().filters, options = {}) => {
      return list.run(
        async (signal) => {
          const query: InputOf<'training.experiments.list'>['query'] = { limit: 100, sort: 'updated_at', order: 'desc' };
          if (filters.status) query.status = filters.status;
          if (filters.tags.length > 0) query.tags = filters.tags.join(',') as never;
          const { data } = await api('training.experiments.list', { query }, { signal });
          return { experiments: data.experiments, total: data.pagination.total };
        },
        { quiet: options.quiet, before: { filters } },
      );
    },

    ensureLoaded: () => list.ensureLoaded(() => get().load()),

    async loadOne(id, options = {}) {
      const previous = get().details[id];
      if (previous?.experiment) patchDetail(id, { refreshing: !options.quiet });
      else patchDetail(id, { status: 'loading', error: null });
      const seq = (reads.get(id) ?? 0) + 1;
      reads.set(id, seq);
      try {
        const { data } = await api('training.experiments.get', { params: { experiment_id: id } });
        if (reads.get(id) !== seq) return;
        remember(data);
      } catch (e) {
        if (reads.get(id) !== seq) return;
        const error = toNormalizedError(e);
        patchDetail(id, previous?.experiment ? { error, refreshing: false } : { status: 'error', error, refreshing: false });
      }
    },

    async create(request) {
      const { data } = await api('training.experiments.create', { body: request });
      remember(data);
      set((s) => ({ total: s.total + 1 }));
      return data;
    },

    async update(id, request) {
      const { data } = await api('training.experiments.update', { params: { experiment_id: id }, body: request });
      remember(data);
      return data;
    },

    async addRun(id, request) {
      const { data } = await api('training.experiments.runs.create', { params: { experiment_id: id }, body: request });
      await get().loadOne(id, { quiet: true });
      return data;
    },

    async clone(id, request) {
      const { data } = await api('training.experiments.clone', { params: { experiment_id: id }, body: request });
      remember(data);
      set((s) => ({ total: s.total + 1 }));
      return data;
    },

    async archive(id, request) {
      await api('training.experiments.archive', { params: { experiment_id: id }, body: request });
      await get().loadOne(id, { quiet: true });
    },

    async runJobs(signal) {
      const { data } = await api('training.jobs.list', { query: { limit: 100, sort: 'created_at', order: 'desc' } }, { signal });
      return data.jobs;
    },

    async compare(id, request, signal) {
      const { data } = await api('training.experiments.compare', { params: { experiment_id: id }, body: request }, { signal });
      return data.comparison;
    },

    async jobMetrics(jobId, fromStep, points, signal) {
      const { data } = await api(
        'training.jobs.metrics',
        { params: { job_id: jobId }, query: { from_step: fromStep, points } },
        { signal },
      );
      return data;
    },

    async replicatePlan(sources, signal) {
      let jobs = 0;
      let estimatedCost = 0;
      for (const s of sources) {
        const { data } = await api('training.jobs.get', { params: { job_id: s.trainingJobId } }, { signal });
        jobs += s.count;
        estimatedCost += s.count * data.estimatedCost.total;
      }
      return { jobs, estimatedCost };
    },

    async addReplicates(experimentId, sources, onRun) {
      const total = sources.reduce((n, s) => n + s.count, 0);
      const added: Run[] = [];
      for (const s of sources) {
        const { data: job } = await api('training.jobs.get', { params: { job_id: s.trainingJobId } });
        for (let k = 0; k < s.count; k++) {
          const name = replicateName(s.runName, s.firstSeed + k);
          const { data: created } = await api('training.jobs.create', {
            body: {
              name,
              modelType: job.modelType,
              datasetId: job.datasetId,
              config: job.config as CreateJobBody['config'],
              ...(job.description === null ? {} : { description: job.description }),
              tags: job.tags,
              gpuType: job.gpuType,
              maxWorkers: job.maxWorkers,
              priority: job.priority,
            },
          });
          const run = await get().addRun(experimentId, { trainingJobId: created.id, name, tags: s.tags });
          added.push(run);
          onRun(run, added.length, total);
        }
      }
      return added;
    },
  };
});
