// Operations of experiments and runs (03-endpoints-training.md, Experiments), in the account
// envelope with scope `training`; spread into the training table (operations.ts). Error codes
// are chosen in docs/decisions.md, Training: experiments.
import { defineOperation, type DeclaredOperation } from '../operation';
import {
  ArchiveExperimentRequest,
  ArchiveExperimentResponse,
  CloneExperimentRequest,
  CompareExperimentRequest,
  CompareExperimentResponse,
  CreateExperimentRequest,
  CreateRunRequest,
  Experiment,
  ExperimentIdParams,
  ExportExperimentRequest,
  ExportExperimentResponse,
  ListExperimentsQuery,
  ListExperimentsResponse,
  Run,
  UpdateExperimentRequest,
} from './experiments';

const base = { area: 'training', envelope: 'account', scope: 'training' } as const;
const read = { ...base, access: 'read' } as const;
const write = { ...base, access: 'write' } as const;
/** A malformed id names no experiment (404, like an unknown one). */
const onExperiment = ['VALIDATION_ERROR', 'EXPERIMENT_NOT_FOUND'] as const;
const PATH = '/v2/training/experiments';

export const experimentOperations = {
  'training.experiments.create': defineOperation({
    ...write,
    method: 'POST',
    id: 'training.experiments.create',
    path: PATH,
    summary: 'Create an experiment (active, no runs yet)',
    body: CreateExperimentRequest,
    response: Experiment,
    errors: ['VALIDATION_ERROR'],
  }),
  'training.experiments.list': defineOperation({
    ...read,
    method: 'GET',
    id: 'training.experiments.list',
    path: PATH,
    summary: 'List experiments (filter by status and tags, sort, page)',
    query: ListExperimentsQuery,
    response: ListExperimentsResponse,
    errors: ['VALIDATION_ERROR'],
  }),
  'training.experiments.get': defineOperation({
    ...read,
    method: 'GET',
    id: 'training.experiments.get',
    path: `${PATH}/:experiment_id`,
    summary: 'One experiment with its runs (following their training jobs), statistics and insights',
    params: ExperimentIdParams,
    response: Experiment,
    errors: [...onExperiment],
  }),
  'training.experiments.update': defineOperation({
    ...write,
    method: 'PATCH',
    id: 'training.experiments.update',
    path: `${PATH}/:experiment_id`,
    summary: 'Change name, description, conclusion, tags or metadata, or complete an active experiment',
    params: ExperimentIdParams,
    body: UpdateExperimentRequest,
    response: Experiment,
    errors: [...onExperiment, 'EXPERIMENT_ARCHIVED', 'INVALID_STATE'],
  }),
  'training.experiments.archive': defineOperation({
    ...write,
    method: 'POST',
    id: 'training.experiments.archive',
    path: `${PATH}/:experiment_id/archive`,
    summary: 'Archive an experiment (its exports removed unless preserve_artifacts)',
    params: ExperimentIdParams,
    body: ArchiveExperimentRequest,
    response: ArchiveExperimentResponse,
    errors: [...onExperiment, 'EXPERIMENT_ARCHIVED'],
  }),
  'training.experiments.clone': defineOperation({
    ...write,
    method: 'POST',
    id: 'training.experiments.clone',
    path: `${PATH}/:experiment_id/clone`,
    summary: 'A new active experiment from this one, with modifications and optionally its runs',
    params: ExperimentIdParams,
    body: CloneExperimentRequest,
    response: Experiment,
    errors: [...onExperiment],
  }),
  'training.experiments.export': defineOperation({
    ...write,
    method: 'POST',
    id: 'training.experiments.export',
    path: `${PATH}/:experiment_id/export`,
    summary: 'Write the runs as CSV to the object store; answers a download address and token',
    params: ExperimentIdParams,
    body: ExportExperimentRequest,
    response: ExportExperimentResponse,
    errors: [...onExperiment, 'UNSUPPORTED_FORMAT', 'QUOTA_EXCEEDED'],
  }),
  'training.experiments.runs.create': defineOperation({
    ...write,
    method: 'POST',
    id: 'training.experiments.runs.create',
    path: `${PATH}/:experiment_id/runs`,
    summary: 'Add a run linked to a training job (its metrics follow the job)',
    params: ExperimentIdParams,
    body: CreateRunRequest,
    response: Run,
    errors: [...onExperiment, 'JOB_NOT_FOUND', 'EXPERIMENT_ARCHIVED', 'INVALID_STATE', 'JOB_ALREADY_IN_EXPERIMENT', 'RUN_LIMIT_REACHED'],
  }),
  'training.experiments.compare': defineOperation({
    ...read,
    method: 'POST',
    id: 'training.experiments.compare',
    path: `${PATH}/:experiment_id/compare`,
    summary: 'Rank runs, test their differences (Welch, Mann–Whitney, corrected), correlate parameters, find the pareto frontier',
    params: ExperimentIdParams,
    body: CompareExperimentRequest,
    response: CompareExperimentResponse,
    errors: [...onExperiment, 'RUN_NOT_FOUND'],
  }),
} as const satisfies Record<string, DeclaredOperation>;
