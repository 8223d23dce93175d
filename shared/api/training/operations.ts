// Operations of the training area (03-endpoints-training.md, Datasets), in the account envelope.
// The upload host's routes ({upload_url}) take an upload token, not an API key, and are not in
// this table (docs/decisions.md, Training: datasets).
import { defineOperation, type DeclaredOperation } from '../operation';
import {
  CreateDatasetRequest,
  CreateDatasetResponse,
  Dataset,
  DatasetIdParams,
  DeleteDatasetResponse,
  ListDatasetsQuery,
  ListDatasetsResponse,
  UpdateDatasetRequest,
} from './datasets';

const base = { area: 'training', envelope: 'account', scope: 'training' } as const;
const read = { ...base, access: 'read' } as const;
const write = { ...base, access: 'write' } as const;
/** A malformed id names no dataset (404, like an unknown one). */
const onDataset = ['VALIDATION_ERROR', 'DATASET_NOT_FOUND'] as const;

export const trainingOperations = {
  'training.datasets.create': defineOperation({
    ...write,
    method: 'POST',
    id: 'training.datasets.create',
    path: '/v2/training/datasets',
    summary: 'Create a dataset; answers the upload address and token',
    body: CreateDatasetRequest,
    response: CreateDatasetResponse,
    errors: ['VALIDATION_ERROR', 'UNSUPPORTED_FORMAT', 'QUOTA_EXCEEDED'],
  }),
  'training.datasets.list': defineOperation({
    ...read,
    method: 'GET',
    id: 'training.datasets.list',
    path: '/v2/training/datasets',
    summary: 'List datasets (filter by type and status, sort, page)',
    query: ListDatasetsQuery,
    response: ListDatasetsResponse,
    errors: ['VALIDATION_ERROR'],
  }),
  'training.datasets.get': defineOperation({
    ...read,
    method: 'GET',
    id: 'training.datasets.get',
    path: '/v2/training/datasets/:dataset_id',
    summary: 'One dataset with its schema, statistics, validation report and versions',
    params: DatasetIdParams,
    response: Dataset,
    errors: [...onDataset],
  }),
  'training.datasets.update': defineOperation({
    ...write,
    method: 'PATCH',
    id: 'training.datasets.update',
    path: '/v2/training/datasets/:dataset_id',
    summary: 'Change a dataset’s name, description, tags or metadata',
    params: DatasetIdParams,
    body: UpdateDatasetRequest,
    response: Dataset,
    errors: [...onDataset],
  }),
  'training.datasets.delete': defineOperation({
    ...write,
    method: 'DELETE',
    id: 'training.datasets.delete',
    path: '/v2/training/datasets/:dataset_id',
    summary: 'Delete a dataset and its data (refused while a training job uses it)',
    params: DatasetIdParams,
    response: DeleteDatasetResponse,
    errors: [...onDataset, 'DATASET_IN_USE'],
  }),
} as const satisfies Record<string, DeclaredOperation>;
