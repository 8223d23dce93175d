// Error codes of the training area (03-endpoints-training.md, Errors): datasets, jobs, models,
// tuning and experiments, in the account envelope `{error, message, details}`; statuses in
// shared/api/error-codes.ts. The dataset codes after DATASET_NOT_FOUND are the emulator's own
// choices (docs/decisions.md, Training: datasets); later ones say "03, Errors" or "chosen".
import { z } from 'zod';

export const TrainingErrorCode = z.enum([
  /** 400: dataset validation failed; details field, reason, examples (failing examples with line numbers). */
  'VALIDATION_FAILED',
  /** 400: dataset file format unsupported; details providedFormat, supportedFormats. */
  'UNSUPPORTED_FORMAT',
  /** 400: plan storage quota exceeded; details currentUsage, quotaLimit, requestedSize (bytes). */
  'QUOTA_EXCEEDED',
  /** 404: no dataset with this id; details datasetId. */
  'DATASET_NOT_FOUND',
  /** 409: the dataset is used by a training job and cannot be deleted; details datasetId, trainingJobIds. */
  'DATASET_IN_USE',
  /** 401: the upload token's lifetime has passed; details expiredAt. */
  'UPLOAD_TOKEN_EXPIRED',
  /** 403: the upload token is another dataset's; details datasetId. */
  'UPLOAD_TOKEN_MISMATCH',
  /** 400: a multipart part or the complete list does not match the upload; details partNumber, reason. */
  'INVALID_PART',
  /** 404: no multipart upload with this id on the dataset; details uploadId. */
  'UPLOAD_NOT_FOUND',
  // Training jobs (docs/decisions.md, Training: jobs).
  /** 400: invalid training config; details field, reason (03, Errors). */
  'CONFIGURATION_ERROR',
  /** 422: the GPU type has too few GPUs free for the job; details requestedGpuType, requestedWorkers, availableGpuTypes, available (03, Errors). */
  'INSUFFICIENT_RESOURCES',
  /** 404: no model with this id; details modelId (03, Errors). */
  'MODEL_NOT_FOUND',
  /** 404: no training job with this id; details jobId (chosen). */
  'JOB_NOT_FOUND',
  /** 404: no checkpoint with this id on the job; details jobId, checkpointId (chosen). */
  'CHECKPOINT_NOT_FOUND',
  /** 409: the dataset is not ready for training; details datasetId, status (chosen). */
  'DATASET_NOT_READY',
  // Models (docs/decisions.md, Training: models).
  /** 400: the model exceeds the deployable size; details modelSize, maxAllowedSize (bytes), suggestions (03, Errors). */
  'MODEL_TOO_LARGE',
  /** 400: no capacity for the deployment; details reason, availableGpuTypes, requestedGpuType, requestedWorkers, available (03, Errors). */
  'DEPLOYMENT_FAILED',
  /** 409: the model is archived (restore it first); details modelId, archivedAt, deleteAt (chosen). */
  'MODEL_ARCHIVED',
  /** 409: the model already has this version, or the job is already one of its versions; details modelId, version, trainingJobId (chosen). */
  'VERSION_EXISTS',
  /** 409: a new version must be above the latest; details modelId, version, latestVersion (chosen). */
  'VERSION_NOT_NEWER',
  /** 409: a version needs a completed training job; details jobId, status (chosen). */
  'JOB_NOT_COMPLETED',
  /** 400: the job trained another type of model; details modelType, jobModelType, jobId (chosen). */
  'MODEL_TYPE_MISMATCH',
  /** 401: the download token's lifetime has passed; details expiredAt, lifetimeSeconds (chosen). */
  'DOWNLOAD_TOKEN_EXPIRED',
  /** 403: the download token is another download's (a model download's, or an experiment export's); details name what it is for (chosen). */
  'DOWNLOAD_TOKEN_MISMATCH',
  /** 404: no download with this id on the model, or no such file in it; details downloadId, file (chosen). */
  'DOWNLOAD_NOT_FOUND',
  // Hyperparameter tuning (docs/decisions.md, Training: tuning).
  /** 400: the search space is invalid; details parameter, reason (03, Errors). */
  'INVALID_SEARCH_SPACE',
  /** 400: the algorithm cannot take a parameter type (grid with a continuous one); details algorithm, unsupportedParameterTypes (03, Errors). */
  'ALGORITHM_NOT_SUPPORTED',
  /** 400: the budget cannot cover the requested trials; details requestedTrials, estimatedCost, availableBudget (03, Errors). */
  'INSUFFICIENT_BUDGET',
  /** 404: no tuning job with this id on the training job; details tuneId, jobId (chosen). */
  'TUNING_JOB_NOT_FOUND',
  /** 404: no trial with this id in the tuning job; details tuneId, trialId (chosen). */
  'TRIAL_NOT_FOUND',
  /** 409: deploy-best before any trial completed; details tuneId, status (chosen). */
  'NO_COMPLETED_TRIALS',
  // Experiments and runs: not shown in 03, Errors (docs/decisions.md, Training: experiments).
  /** 404: no experiment with this id; details experimentId. */
  'EXPERIMENT_NOT_FOUND',
  /** 404: a run id names no run of the experiment; details experimentId, runId. */
  'RUN_NOT_FOUND',
  /** 409: a write to an archived experiment; details experimentId, archivedAt. */
  'EXPERIMENT_ARCHIVED',
  /** 409: the training job already has a run in the experiment; details experimentId, trainingJobId, runId. */
  'JOB_ALREADY_IN_EXPERIMENT',
  /** 409: the experiment holds the most runs it may; details experimentId, limit. */
  'RUN_LIMIT_REACHED',
]);
export type TrainingErrorCode = z.infer<typeof TrainingErrorCode>;
