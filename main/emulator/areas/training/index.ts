// The training area (03-endpoints-training.md, training half): datasets with their upload host,
// training jobs, and the models completed jobs register with their download host; tuning and experiments join here as
// folders beside `datasets/`, `jobs/` and `models/`.
import { trainingOperations } from '../../../../shared/api/training/operations';
import { defineArea } from '../../core/area';
import { trainingHappenings } from './events';
import { trainingMetering } from './metering';
import { datasetRoutes } from './datasets/routes';
import { jobRoutes } from './jobs/routes';
import { modelRoutes } from './models/routes';
import { tuningRoutes } from './tuning/routes';
import { settleTunings } from './tuning/settle';
import { experimentRoutes } from './experiments/routes';
import { mountObjectStoreHost } from './experiments/export';
import { mountUploadHost } from './datasets/upload';
import { mountDownloadHost } from './models/download-host';
import { trainingIssueError } from './validation';
import { applyTrainingRecord, trainingRecordOf } from './records';
import { AREA, trainingState, type TrainingState } from './state';
import { TrainingState as TrainingStateSchema } from './stored-schema';
import { buildTrainingWorld } from './world';
import { trainingResourceOf } from './resource-of';
import { trainingTallies } from './transfer';

export const trainingArea = defineArea<TrainingState>({
  name: AREA,
  operations: trainingOperations,
  routes: [...datasetRoutes, ...jobRoutes, ...modelRoutes, ...tuningRoutes, ...experimentRoutes],
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
    // /training/jobs 10 is the jobs' own rule. Other POSTs, PATCH and DELETE: not shown,
    // 50 like PUT (docs/decisions.md, Training: datasets; Training: jobs).
    byGroup: { training: { GET: 500, POST: 50, PUT: 50, PATCH: 50, DELETE: 50 } },
    rules: [
      {
        name: 'training-job-creation',
        limit: 10,
        matches: (op) => op.id === 'training.jobs.create' || op.id === 'training.tune.deploy_best',
      },
    ],
  },
  mapIssue: trainingIssueError,
  resourceOf: trainingResourceOf,
  happenings: trainingHappenings,
  metering: trainingMetering,
  tallies: trainingTallies,
  // A tuning job's suggestions are the costly part of the clock's work: settled in slices (issue 23).
  settle: (store, now, deadline) => settleTunings(trainingState(store), store, now, undefined, deadline),
  createdResources: (state) =>
    (state as TrainingState).jobs.flatMap((j) =>
      j.created_by ? [{ type: 'training_job' as const, id: j.id, name: j.name, createdBy: j.created_by, createdAt: j.created_at }] : [],
    ),
  // The dataset upload host (/_uploads), the model download host (/_downloads) and the
  // experiments' object store (/_object-store).
  mount: (app, ctx) => {
    mountUploadHost(app, ctx);
    mountDownloadHost(app, ctx);
    mountObjectStoreHost(app, ctx);
  },
});
