// The tuning errors (their codes in shared/api/training/errors.ts), in the account envelope.
import { ApiError, echo } from '../../../core/errors';

export const invalidSearchSpace = (parameter: string | null, reason: string) =>
  new ApiError(400, 'INVALID_SEARCH_SPACE', `Invalid search space${parameter === null ? '' : ` at ${parameter}`}: ${reason}`, {
    parameter,
    reason,
  });

export const algorithmNotSupported = (algorithm: string, unsupportedParameterTypes: readonly string[]) =>
  new ApiError(
    400,
    'ALGORITHM_NOT_SUPPORTED',
    `${algorithm} search cannot take ${unsupportedParameterTypes.join(' or ')} parameters (it enumerates values: use choice or int_uniform, or another algorithm)`,
    { algorithm, unsupportedParameterTypes },
  );

export const insufficientBudget = (details: {
  requestedTrials: number;
  estimatedCost: number;
  estimatedGpuHours: number;
  availableBudget: { max_cost: number | null; max_gpu_hours: number | null };
  affordableTrials: number;
}) =>
  new ApiError(
    400,
    'INSUFFICIENT_BUDGET',
    `${details.requestedTrials} trials are estimated at $${details.estimatedCost} (${details.estimatedGpuHours} GPU-hours), more than the budget; it covers about ${details.affordableTrials}`,
    details,
  );

export const tuningJobNotFound = (tuneId: unknown, jobId: unknown) =>
  new ApiError(404, 'TUNING_JOB_NOT_FOUND', 'No tuning job with this id on this training job', {
    tuneId: echo(tuneId),
    jobId: echo(jobId),
  });

export const trialNotFound = (tuneId: string, trialId: string) =>
  new ApiError(404, 'TRIAL_NOT_FOUND', 'No trial with this id in the tuning job', { tuneId, trialId });

export const noCompletedTrials = (tuneId: string, status: string) =>
  new ApiError(409, 'NO_COMPLETED_TRIALS', 'No trial of this tuning job has completed yet: there are no best parameters to deploy', {
    tuneId,
    status,
  });

export const tuningInvalidState = (tuneId: string, status: string, stopping = false) =>
  new ApiError(
    409,
    'INVALID_STATE',
    stopping
      ? 'The tuning job is already stopping: its running trials are finishing'
      : `Cannot stop a ${status} tuning job (only pending or running)`,
    { tuneId, currentStatus: status, allowedStatuses: ['pending', 'running'], ...(stopping ? { stopRequested: true } : {}) },
  );
