// The model errors (shared/api/training/errors.ts), in the account envelope.
import { ApiError, echo } from '../../../core/errors';

export const modelNotFound = (modelId: unknown) =>
  new ApiError(404, 'MODEL_NOT_FOUND', 'No model with this id', { modelId: echo(modelId) });
