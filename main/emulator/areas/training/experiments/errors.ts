// The experiment errors (their codes in shared/api/training/errors.ts), in the account envelope.
import { ApiError, echo, invalidState, validationError } from '../../../core/errors';

export const experimentNotFound = (experimentId: unknown) =>
  new ApiError(404, 'EXPERIMENT_NOT_FOUND', 'No experiment with this id', { experimentId: echo(experimentId) });

export const runNotFound = (experimentId: string, runId: string) =>
  new ApiError(404, 'RUN_NOT_FOUND', 'No run with this id in the experiment', { experimentId, runId });

export const experimentArchived = (experimentId: string, archivedAt: string) =>
  new ApiError(409, 'EXPERIMENT_ARCHIVED', 'The experiment is archived: it can be read, compared, exported and cloned, not changed', {
    experimentId,
    archivedAt,
  });

export const jobAlreadyInExperiment = (experimentId: string, trainingJobId: string, runId: string) =>
  new ApiError(409, 'JOB_ALREADY_IN_EXPERIMENT', 'The training job already has a run in this experiment', {
    experimentId,
    trainingJobId,
    runId,
  });

export const runLimitReached = (experimentId: string, limit: number) =>
  new ApiError(409, 'RUN_LIMIT_REACHED', `An experiment holds at most ${limit} runs`, { experimentId, limit });

export const experimentInvalidState = (experimentId: string, status: string, allowed: readonly string[], action: string) =>
  invalidState(
    { experimentId, currentStatus: status, allowedStatuses: allowed },
    `Cannot ${action} a ${status} experiment (only ${allowed.join(' or ')})`,
  );

export const unsupportedExportFormat = (providedFormat: string, supportedFormats: readonly string[]) =>
  new ApiError(400, 'UNSUPPORTED_FORMAT', `Experiments export as ${supportedFormats.join(', ')}, not ${providedFormat}`, {
    providedFormat,
    supportedFormats,
  });

/** An export path the object store cannot take, on the request's field (docs/decisions.md, Training: experiments — export). */
export const objectPathRefused = (reason: string) => validationError('destination.path', reason);
