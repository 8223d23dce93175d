// Operations of hyperparameter tuning (03-endpoints-training.md, Hyperparameter tuning), in the
// account envelope, scope `training`; spread into the training table (operations.ts).
import { defineOperation, type DeclaredOperation } from '../operation';
import { JobIdParams } from './jobs';
import {
  CreateTuningRequest,
  DeployBestRequest,
  DeployBestResponse,
  ListTuningQuery,
  ListTuningResponse,
  StopTuningRequest,
  StopTuningResponse,
  TuneParams,
  TuningJob,
} from './tuning';

const base = { area: 'training', envelope: 'account', scope: 'training' } as const;
const read = { ...base, access: 'read' } as const;
const write = { ...base, access: 'write' } as const;
/** A malformed id names nothing (404, like an unknown one). */
const onTune = ['VALIDATION_ERROR', 'JOB_NOT_FOUND', 'TUNING_JOB_NOT_FOUND'] as const;

export const tuningOperations = {
  'training.tune.create': defineOperation({
    ...write,
    method: 'POST',
    id: 'training.tune.create',
    path: '/v2/training/jobs/:job_id/tune',
    summary: 'Start hyperparameter tuning of a training job (grid, random, Bayesian, TPE or Hyperband)',
    params: JobIdParams,
    body: CreateTuningRequest,
    response: TuningJob,
    errors: ['VALIDATION_ERROR', 'JOB_NOT_FOUND', 'INVALID_SEARCH_SPACE', 'ALGORITHM_NOT_SUPPORTED', 'INSUFFICIENT_BUDGET'],
  }),
  'training.tune.get': defineOperation({
    ...read,
    method: 'GET',
    id: 'training.tune.get',
    path: '/v2/training/jobs/:job_id/tune/:tune_id',
    summary: 'One tuning job with its trials, results, convergence analysis and recommendations',
    params: TuneParams,
    response: TuningJob,
    errors: [...onTune],
  }),
  'training.tune.list': defineOperation({
    ...read,
    method: 'GET',
    id: 'training.tune.list',
    path: '/v2/training/tune',
    summary: 'List tuning jobs (filter by status and algorithm, page)',
    query: ListTuningQuery,
    response: ListTuningResponse,
    errors: ['VALIDATION_ERROR'],
  }),
  'training.tune.stop': defineOperation({
    ...write,
    method: 'POST',
    id: 'training.tune.stop',
    path: '/v2/training/jobs/:job_id/tune/:tune_id/stop',
    summary: 'Stop a tuning job: cancel its running trials, or let them finish',
    params: TuneParams,
    body: StopTuningRequest,
    response: StopTuningResponse,
    errors: [...onTune, 'INVALID_STATE'],
  }),
  'training.tune.deploy_best': defineOperation({
    ...write,
    method: 'POST',
    id: 'training.tune.deploy_best',
    path: '/v2/training/jobs/:job_id/tune/:tune_id/deploy-best',
    summary: 'Create a training job from the best (or a chosen) trial’s parameters',
    params: TuneParams,
    body: DeployBestRequest,
    response: DeployBestResponse,
    errors: [
      ...onTune,
      'TRIAL_NOT_FOUND',
      'NO_COMPLETED_TRIALS',
      'CONFIGURATION_ERROR',
      'DATASET_NOT_FOUND',
      'DATASET_NOT_READY',
      'INSUFFICIENT_RESOURCES',
    ],
  }),
} as const satisfies Record<string, DeclaredOperation>;
