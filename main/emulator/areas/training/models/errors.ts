// The model errors (shared/api/training/errors.ts), in the account envelope
// (docs/decisions.md, Training: models).
import { MODEL_LIMITS } from '../../../../../shared/api/training/models-actions';
import { ApiError, echo, unauthorized } from '../../../core/errors';

const iso = (ms: number) => new Date(ms).toISOString();
const gb = (bytes: number) => `${(bytes / 1e9).toFixed(1)} GB`;

export const modelNotFound = (modelId: unknown, unknownModelIds?: readonly string[]) =>
  new ApiError(404, 'MODEL_NOT_FOUND', 'No model with this id', {
    modelId: echo(modelId),
    ...(unknownModelIds ? { unknownModelIds } : {}),
  });

export const modelArchived = (modelId: string, archivedAt: number, deleteAt: number) =>
  new ApiError(409, 'MODEL_ARCHIVED', `The model is archived; restore it before changing, deploying or downloading it`, {
    modelId,
    archivedAt: iso(archivedAt),
    deleteAt: iso(deleteAt),
  });

export const versionExists = (modelId: string, version: string, trainingJobId: string | null, reason: string) =>
  new ApiError(409, 'VERSION_EXISTS', reason, { modelId, version, trainingJobId });

export const versionNotNewer = (modelId: string, version: string, latestVersion: string) =>
  new ApiError(409, 'VERSION_NOT_NEWER', `A new version must be above the latest, ${latestVersion}`, { modelId, version, latestVersion });

export const jobNotCompleted = (jobId: string, status: string) =>
  new ApiError(409, 'JOB_NOT_COMPLETED', `The training job is ${status}; a version needs a completed job`, { jobId, status });

export const modelTypeMismatch = (modelType: string, jobModelType: string, jobId: string) =>
  new ApiError(400, 'MODEL_TYPE_MISMATCH', `The job trained a ${jobModelType} model; this model is ${modelType}`, {
    modelType,
    jobModelType,
    jobId,
  });

export const modelTooLarge = (modelSize: number, trainableParameters: number, parameters: number) => {
  const max = MODEL_LIMITS.maxDeployableBytes;
  const suggestions = [
    `Quantize to 8-bit (about ${gb(modelSize / 2)}) or 4-bit (about ${gb(modelSize / 4)}) before deploying`,
    trainableParameters < parameters
      ? 'Deploy the LoRA adapter on its base model instead of merged weights'
      : `Fine-tune with LoRA: an adapter of rank 16 is well under ${gb(max)}`,
    'Distil into a smaller base model',
  ];
  return new ApiError(400, 'MODEL_TOO_LARGE', `The model is ${gb(modelSize)}; at most ${gb(max)} can be deployed`, {
    modelSize,
    maxAllowedSize: max,
    suggestions,
  });
};

export const deploymentFailed = (
  reason: string,
  requestedGpuType: string,
  requestedWorkers: number,
  available: Readonly<Record<string, number>>,
) =>
  new ApiError(400, 'DEPLOYMENT_FAILED', `Deployment failed: ${reason}`, {
    reason,
    requestedGpuType,
    requestedWorkers,
    availableGpuTypes: Object.keys(available).filter((t) => (available[t] ?? 0) >= requestedWorkers),
    available,
  });

export const downloadTokenMissing = () =>
  unauthorized('The download host takes the download token: Authorization: Bearer <downloadToken> (not an API key)');
export const downloadTokenInvalid = () => unauthorized('Invalid download token');

/** A token of another download (its own names in details): 403 like the upload host's UPLOAD_TOKEN_MISMATCH. */
export const downloadTokenMismatch = (message: string, details: Record<string, string>) =>
  new ApiError(403, 'DOWNLOAD_TOKEN_MISMATCH', message, details);

export const downloadTokenExpired = (expiredAt: number) =>
  new ApiError(401, 'DOWNLOAD_TOKEN_EXPIRED', `The download token expired at ${iso(expiredAt)}`, {
    expiredAt: iso(expiredAt),
    lifetimeSeconds: MODEL_LIMITS.downloadTokenSeconds,
    suggestion: 'Request the download again (POST /v2/training/models/{model_id}/download) for a new address and token',
  });

export const downloadNotFound = (downloadId: unknown, file?: unknown) =>
  new ApiError(
    404,
    'DOWNLOAD_NOT_FOUND',
    file === undefined ? 'No download with this id on the model' : 'No file of this name in the download',
    {
      downloadId: echo(downloadId),
      ...(file === undefined ? {} : { file: echo(file) }),
    },
  );
