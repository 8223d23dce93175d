// The training area (03-endpoints-training.md, training half): datasets with their upload host
// for now; models, training jobs, tuning and experiments join here as folders beside `datasets/`.
import { trainingOperations } from '../../../../shared/api/training/operations';
import { defineArea } from '../../core/area';
import { datasetRoutes } from './datasets/routes';
import { mountUploadHost } from './datasets/upload';
import { trainingIssueError } from './validation';
import { applyTrainingRecord, trainingRecordOf } from './records';
import { AREA, type TrainingState } from './state';
import { TrainingState as TrainingStateSchema } from './stored-schema';
import { buildTrainingWorld } from './world';

export const trainingArea = defineArea<TrainingState>({
  name: AREA,
  operations: trainingOperations,
  routes: [...datasetRoutes],
  state: {
    schema: TrainingStateSchema,
    build: buildTrainingWorld,
    // The stored JSON is the live state.
    hydrate: (stored) => stored as TrainingState,
    dehydrate: (live) => live,
    record: trainingRecordOf,
    applyRecord: applyTrainingRecord,
  },
  limits: {
    // Training row of 01-accounts.md, Limits: GET /training/* 500, PUT /training/* 50; POST
    // /training/jobs 10 is the jobs' own rule. POST, PATCH and DELETE of datasets: not shown,
    // 50 like PUT (docs/decisions.md, Training: datasets).
    byArea: { training: { GET: 500, POST: 50, PUT: 50, PATCH: 50, DELETE: 50 } },
  },
  mapIssue: trainingIssueError,
  mount: mountUploadHost,
});
