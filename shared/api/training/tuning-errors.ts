// Error codes of hyperparameter tuning (03-endpoints-training.md, Errors; docs/decisions.md,
// Training: tuning), spread into the training area's codes, with their HTTP statuses.
import { z } from 'zod';

export const TuningErrorCode = z.enum([
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
]);
export type TuningErrorCode = z.infer<typeof TuningErrorCode>;

export const TUNING_ERROR_STATUS = {
  INVALID_SEARCH_SPACE: 400,
  ALGORITHM_NOT_SUPPORTED: 400,
  INSUFFICIENT_BUDGET: 400,
  TUNING_JOB_NOT_FOUND: 404,
  TRIAL_NOT_FOUND: 404,
  NO_COMPLETED_TRIALS: 409,
} as const satisfies Record<TuningErrorCode, number>;
