// The training job errors (shared/api/training/errors.ts), in the account envelope.
import { ApiError, echo } from '../../../core/errors';

export const jobNotFound = (jobId: unknown) => new ApiError(404, 'JOB_NOT_FOUND', 'No training job with this id', { jobId: echo(jobId) });

export const configurationError = (field: string, reason: string) =>
  new ApiError(400, 'CONFIGURATION_ERROR', `Invalid training configuration: ${field}: ${reason}`, { field, reason });

export const insufficientResources = (requestedGpuType: string, requestedWorkers: number, available: Readonly<Record<string, number>>) =>
  new ApiError(
    422,
    'INSUFFICIENT_RESOURCES',
    `${requestedWorkers} ${requestedGpuType} GPU(s) requested, ${available[requestedGpuType] ?? 0} free in the training pool`,
    {
      requestedGpuType,
      requestedWorkers,
      availableGpuTypes: Object.keys(available).filter((t) => (available[t] ?? 0) >= requestedWorkers),
      available,
    },
  );

export const datasetNotReady = (datasetId: string, status: string, reason: string) =>
  new ApiError(409, 'DATASET_NOT_READY', `The dataset is ${status}: ${reason}`, { datasetId, status });

export const checkpointNotFound = (jobId: string, checkpointId: string) =>
  new ApiError(404, 'CHECKPOINT_NOT_FOUND', 'No checkpoint with this id on the job', { jobId, checkpointId });

export const jobInvalidState = (jobId: string, status: string, allowed: readonly string[], action: string) =>
  new ApiError(409, 'INVALID_STATE', `Cannot ${action} a ${status} job (only ${allowed.join(' or ')})`, {
    jobId,
    currentStatus: status,
    allowedStatuses: allowed,
  });

/** 01-accounts.md, Limits: the plan's training jobs per day, in the 429 shape of Errors with Retry-After. */
export const dailyJobQuotaExceeded = (limit: number, plan: string, resetMs: number, now: number) => {
  const retryAfter = Math.max(1, Math.ceil((resetMs - now) / 1000));
  return new ApiError(
    429,
    'RATE_LIMIT_EXCEEDED',
    `The ${plan} plan allows ${limit} training jobs per day`,
    { limit, period: '1d', remaining: 0, resetAt: new Date(resetMs).toISOString(), retry_after: retryAfter, plan },
    { code: 429 },
    { 'retry-after': String(retryAfter) },
  );
};
