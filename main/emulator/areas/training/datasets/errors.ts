// The dataset errors (shared/api/training/errors.ts), in the account envelope.
import { ApiError, echo, unauthorized } from '../../../core/errors';
import { DATASET_LIMITS, DatasetFormat } from '../../../../../shared/api/training/datasets';

export const datasetNotFound = (datasetId: unknown) =>
  new ApiError(404, 'DATASET_NOT_FOUND', 'No dataset with this id', { datasetId: echo(datasetId) });

/** A format outside the document's list (Dataset: format). */
export const unsupportedFormat = (providedFormat: string) =>
  new ApiError(400, 'UNSUPPORTED_FORMAT', `Datasets are ${DatasetFormat.options.join(', ')}, not ${providedFormat}`, {
    providedFormat,
    supportedFormats: [...DatasetFormat.options],
  });

export const quotaExceeded = (currentUsage: number, quotaLimit: number, requestedSize: number, plan: string) =>
  new ApiError(400, 'QUOTA_EXCEEDED', `The ${plan} plan's dataset storage quota of ${quotaLimit} bytes would be exceeded`, {
    currentUsage,
    quotaLimit,
    requestedSize,
    plan,
  });

export const datasetInUse = (datasetId: string, trainingJobIds: readonly string[]) =>
  new ApiError(409, 'DATASET_IN_USE', `The dataset is used by ${trainingJobIds.length} training job(s) and cannot be deleted`, {
    datasetId,
    trainingJobIds,
    suggestion: 'Delete or wait for the training jobs that use it, then delete the dataset',
  });

export const uploadTokenMissing = () =>
  unauthorized('The upload host takes the dataset’s upload token: Authorization: Bearer <uploadToken> (not an API key)');
export const uploadTokenInvalid = () => unauthorized('Invalid upload token for this dataset');

export const uploadTokenExpired = (expiredAt: string) =>
  new ApiError(401, 'UPLOAD_TOKEN_EXPIRED', `The upload token expired at ${expiredAt}`, {
    expiredAt,
    lifetimeSeconds: DATASET_LIMITS.uploadTokenSeconds,
    suggestion: 'Create the dataset again for a new upload address and token',
  });

export const uploadTokenMismatch = (datasetId: string) =>
  new ApiError(403, 'UPLOAD_TOKEN_MISMATCH', 'This upload token belongs to another dataset', { datasetId });

export const invalidPart = (partNumber: number | null, reason: string) =>
  new ApiError(400, 'INVALID_PART', `Invalid part${partNumber === null ? '' : ` ${partNumber}`}: ${reason}`, { partNumber, reason });

export const uploadNotFound = (uploadId: unknown) =>
  new ApiError(404, 'UPLOAD_NOT_FOUND', 'No multipart upload with this id on the dataset', { uploadId: echo(uploadId) });
