// Every error code an operation can answer, with its one HTTP status: the single source the
// operation table's `errors`, the OpenAPI document and the tests' contract check read.
import { ClusterErrorCode } from './clusters/errors';
import { EndpointErrorCode } from './endpoints/errors';
import { AccountErrorCode } from './errors';
import { TrainingErrorCode } from './training/errors';

export type ApiErrorCode = AccountErrorCode | ClusterErrorCode | EndpointErrorCode | TrainingErrorCode;

/**
 * HTTP status of each code: 01-accounts.md, Errors, for the spec's codes; docs/decisions.md
 * and shared/api/clusters/errors.ts for the chosen ones. CHAOS_INJECTED has no status of its
 * own (a chaos rule names it, 503 by default).
 */
export const ERROR_STATUS = {
  INVALID_PERMISSIONS: 400,
  INVALID_PERMISSION: 400,
  INVALID_EMAIL: 400,
  VALIDATION_ERROR: 400,
  INVALID_PERIOD: 400,
  INVALID_JSON: 400,
  INVALID_IP_ADDRESS: 400,
  INVALID_RESOURCE_BOUNDS: 400,
  INVALID_TIME_RANGE: 400,
  INVALID_CONFIGURATION: 400,
  VALIDATION_FAILED: 400,
  UNSUPPORTED_FORMAT: 400,
  QUOTA_EXCEEDED: 400,
  INVALID_PART: 400,
  UPLOAD_TOKEN_EXPIRED: 401,
  UPLOAD_TOKEN_MISMATCH: 403,
  DATASET_NOT_FOUND: 404,
  UPLOAD_NOT_FOUND: 404,
  DATASET_IN_USE: 409,
  DATASET_NOT_READY: 409,
  CONFIGURATION_ERROR: 400,
  INSUFFICIENT_RESOURCES: 422,
  MODEL_NOT_FOUND: 404,
  JOB_NOT_FOUND: 404,
  CHECKPOINT_NOT_FOUND: 404,
  MODEL_TOO_LARGE: 400,
  DEPLOYMENT_FAILED: 400,
  MODEL_ARCHIVED: 409,
  VERSION_EXISTS: 409,
  VERSION_NOT_NEWER: 409,
  JOB_NOT_COMPLETED: 409,
  MODEL_TYPE_MISMATCH: 400,
  DOWNLOAD_TOKEN_EXPIRED: 401,
  DOWNLOAD_TOKEN_MISMATCH: 403,
  DOWNLOAD_NOT_FOUND: 404,
  INVALID_SEARCH_SPACE: 400,
  ALGORITHM_NOT_SUPPORTED: 400,
  INSUFFICIENT_BUDGET: 400,
  TUNING_JOB_NOT_FOUND: 404,
  TRIAL_NOT_FOUND: 404,
  NO_COMPLETED_TRIALS: 409,
  STORAGE_CANNOT_SHRINK: 400,
  UNAUTHORIZED: 401,
  INSUFFICIENT_PERMISSIONS: 403,
  IP_NOT_ALLOWED: 403,
  FORBIDDEN: 403,
  OFFICIAL_TEMPLATE_READ_ONLY: 403,
  NOT_FOUND: 404,
  KEY_NOT_FOUND: 404,
  MEMBER_NOT_FOUND: 404,
  ROLE_NOT_FOUND: 404,
  GRANT_NOT_FOUND: 404,
  SHARE_NOT_FOUND: 404,
  RESOURCE_NOT_FOUND: 404,
  INVITATION_NOT_FOUND: 404,
  DELIVERY_NOT_FOUND: 404,
  CLUSTER_NOT_FOUND: 404,
  PORT_NOT_FOUND: 404,
  SECRET_NOT_FOUND: 404,
  TEMPLATE_NOT_FOUND: 404,
  SNAPSHOT_NOT_FOUND: 404,
  ENDPOINT_NOT_FOUND: 404,
  HEALTH_CHECK_TIMEOUT: 408,
  METHOD_NOT_ALLOWED: 405,
  ROLE_NAME_EXISTS: 409,
  MEMBER_ALREADY_EXISTS: 409,
  SELF_LOCKOUT: 409,
  KEY_LIMIT_REACHED: 409,
  INVALID_STATE: 409,
  PORT_CONFLICT: 409,
  SECRET_EXISTS: 409,
  TEMPLATE_NAME_EXISTS: 409,
  GPU_UNAVAILABLE: 409,
  CUSTOM_METRIC_LIMIT: 409,
  ENDPOINT_BUSY: 409,
  TOO_MANY_LOGS: 413,
  FILE_TOO_LARGE: 413,
  PAYLOAD_TOO_LARGE: 413,
  INVALID_FILE_TYPE: 415,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  INVALID_ROLE_HIERARCHY: 422,
  CANNOT_REMOVE_OWNER: 422,
  RATE_LIMIT_EXCEEDED: 429,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  CHAOS_INJECTED: 503,
  EXPERIMENT_NOT_FOUND: 404,
  RUN_NOT_FOUND: 404,
  EXPERIMENT_ARCHIVED: 409,
  JOB_ALREADY_IN_EXPERIMENT: 409,
  RUN_LIMIT_REACHED: 409,
} as const satisfies Record<ApiErrorCode, number>;

/**
 * Authentication, permission and rate-limit refusals of the pipeline (01-accounts.md, Authentication and Limits).
 * @internal Exported for its tests only.
 */
export const AUTH_ERRORS = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'INSUFFICIENT_PERMISSIONS',
  'IP_NOT_ALLOWED',
  'RATE_LIMIT_EXCEEDED',
  'RATE_LIMITED',
] as const satisfies readonly AccountErrorCode[];

/**
 * What every operation can answer besides its own `errors`: the auth refusals above, and the
 * pipeline's route, body and defect errors (docs/decisions.md, Order of checks).
 * @internal Exported for its tests only.
 */
export const COMMON_ERRORS = [
  ...AUTH_ERRORS,
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL_ERROR',
] as const satisfies readonly AccountErrorCode[];

const KNOWN = new Set<string>([
  ...AccountErrorCode.options,
  ...ClusterErrorCode.options,
  ...EndpointErrorCode.options,
  ...TrainingErrorCode.options,
]);
/** @internal Exported for its tests only. */
export function isApiErrorCode(code: unknown): code is ApiErrorCode {
  return typeof code === 'string' && KNOWN.has(code);
}

/** The body an error comes in: an envelope of 01-accounts.md or 02-clusters.md, or the account shape a cluster route's pipeline refusals keep. */
export type ErrorShape = 'account' | 'cluster' | 'accountWithRequestId';

/**
 * Every code an operation can answer (the common ones and its own), each with the shapes its
 * body may take. On a cluster route the pipeline's 401/403/429 keep the account shape plus
 * meta.request_id; a handler's own refusal (e.g. INSUFFICIENT_PERMISSIONS for secret values)
 * and every other failure is in the cluster envelope (main/emulator/core/pipeline.ts, sendError).
 */
export function errorShapesOf(op: { envelope: 'account' | 'cluster'; errors?: readonly ApiErrorCode[] }): Map<ApiErrorCode, ErrorShape[]> {
  const own = new Set<ApiErrorCode>(op.errors ?? []);
  const shapes = new Map<ApiErrorCode, ErrorShape[]>();
  for (const code of [...COMMON_ERRORS, ...own]) {
    if (shapes.has(code)) continue;
    if (op.envelope === 'account') shapes.set(code, ['account']);
    else if ((AUTH_ERRORS as readonly string[]).includes(code))
      shapes.set(code, own.has(code) ? ['accountWithRequestId', 'cluster'] : ['accountWithRequestId']);
    else shapes.set(code, ['cluster']);
  }
  return shapes;
}
