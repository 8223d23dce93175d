// Error codes of the training area (03-endpoints-training.md, Errors), in the account envelope
// `{error, message, details}`; statuses in shared/api/error-codes.ts. The codes after
// DATASET_NOT_FOUND are the emulator's own choices (docs/decisions.md, Training: datasets).
import { z } from 'zod';
import { TuningErrorCode } from './tuning-errors';

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
  ...TuningErrorCode.options,
]);
export type TrainingErrorCode = z.infer<typeof TrainingErrorCode>;
