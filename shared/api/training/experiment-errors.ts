// Error codes of experiment operations — "not shown" in 03-endpoints-training.md, Errors; chosen
// in docs/decisions.md, Training: experiments — in the account envelope, with their statuses.
import { z } from 'zod';

export const ExperimentErrorCode = z.enum([
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
export type ExperimentErrorCode = z.infer<typeof ExperimentErrorCode>;

export const EXPERIMENT_ERROR_STATUS = {
  EXPERIMENT_NOT_FOUND: 404,
  RUN_NOT_FOUND: 404,
  EXPERIMENT_ARCHIVED: 409,
  JOB_ALREADY_IN_EXPERIMENT: 409,
  RUN_LIMIT_REACHED: 409,
} as const satisfies Record<ExperimentErrorCode, number>;
