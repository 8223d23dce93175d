// The account envelope's error factory (01-accounts.md, Errors): one function per code,
// named as the wire names it. Handlers throw these; the error handler writes them.
import type { ClusterErrorCode } from '../../../shared/api/clusters/errors';
import type { ApiErrorCode } from '../../../shared/api/error-codes';
import type { AccountErrorCode } from '../../../shared/api/errors';
import { redactKeys } from './ids';

/** What an error echoes of a string the caller sent, at most (characters). */
const ECHO_MAX_CHARS = 200;
/** How many values of a list an error echoes, at most. */
const ECHO_MAX_ITEMS = 20;

/**
 * A value the caller sent, as an error may echo it: values, never structures (an array or
 * object becomes "[array]"/"[object]", so a deep body cannot blow up the answer), strings cut
 * to ECHO_MAX_CHARS, and anything shaped like a key value redacted.
 */
export function echo(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return redactKeys(value).slice(0, ECHO_MAX_CHARS);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return Array.isArray(value) ? '[array]' : `[${typeof value}]`;
}

/** A list the caller sent, echoed value by value, at most ECHO_MAX_ITEMS of them. */
const echoList = (values: readonly unknown[]): Array<ReturnType<typeof echo>> => values.slice(0, ECHO_MAX_ITEMS).map(echo);

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Top-level members some shapes carry: numeric `code`, `required_permission`, `retry_after`. */
    readonly extra?: Record<string, unknown>,
    /** Response headers of this refusal beyond the pipeline's (e.g. Retry-After of a quota an area keeps). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): Record<string, unknown> {
    const body: Record<string, unknown> = { error: this.code, message: this.message };
    if (this.details) body.details = this.details;
    if (this.extra) Object.assign(body, this.extra);
    return body;
  }
}

export const unauthorized = (message = 'A valid API key is required: Authorization: Bearer <API_KEY>') =>
  new ApiError(401, 'UNAUTHORIZED', message, undefined, { code: 401 });

export const forbidden = (requiredPermission: string) =>
  new ApiError(403, 'FORBIDDEN', `This key lacks the ${requiredPermission} permission`, undefined, {
    code: 403,
    required_permission: requiredPermission,
  });

export const insufficientPermissions = (
  details: Record<string, unknown>,
  message = 'This key lacks the permission or scope this request needs',
) => new ApiError(403, 'INSUFFICIENT_PERMISSIONS', message, details, { code: 403 });

/** The account's IP allow-list is on and does not include the request's address (docs/decisions.md, Settings). */
export const ipNotAllowed = (yourAddress: string) =>
  new ApiError(
    403,
    'IP_NOT_ALLOWED',
    `Requests from ${yourAddress} are not allowed: the account's IP allow-list does not include it`,
    {
      yourAddress,
    },
    { code: 403 },
  );

/** A settings change whose allow-list would refuse the caller's own address, without allow_lockout (docs/decisions.md, Settings). */
export const selfLockout = (yourAddress: string, ipWhitelist: readonly string[]) =>
  new ApiError(
    409,
    'SELF_LOCKOUT',
    `This allow-list would refuse your own address ${yourAddress}: add it, or send allow_lockout: true if you mean it`,
    { yourAddress, ip_whitelist: ipWhitelist },
  );

export const invalidPermissions = (details: { field: string; invalidPermissions: unknown[]; validPermissions: readonly string[] }) =>
  new ApiError(400, 'INVALID_PERMISSIONS', `Invalid ${details.field}`, {
    ...details,
    invalidPermissions: echoList(details.invalidPermissions),
  });

export const invalidPeriod = (validPeriods: readonly string[], received: unknown) =>
  new ApiError(400, 'INVALID_PERIOD', 'Unsupported period', { validPeriods, received: echo(received) });

export const validationError = (field: string, reason: string) =>
  new ApiError(400, 'VALIDATION_ERROR', `Invalid ${field}: ${reason}`, { field, reason });

export const keyNotFound = (keyId: unknown) => new ApiError(404, 'KEY_NOT_FOUND', 'No API key with this id', { keyId: echo(keyId) });

export const memberNotFound = (userId: unknown) =>
  new ApiError(404, 'MEMBER_NOT_FOUND', 'No team member with this id', { userId: echo(userId) });

/** An unknown permission or scope name in a role or grant (01-accounts.md, Errors); `*` is not a custom role's to hold. */
export const invalidPermission = (
  details:
    | { field: 'permissions'; invalidPermissions: unknown[]; validPermissions: readonly string[] }
    | { field: 'scopes'; invalidScopes: unknown[]; validScopes: readonly string[] },
) =>
  new ApiError(
    400,
    'INVALID_PERMISSION',
    `Invalid ${details.field}`,
    details.field === 'permissions'
      ? { ...details, invalidPermissions: echoList(details.invalidPermissions) }
      : { ...details, invalidScopes: echoList(details.invalidScopes) },
  );

export const roleNameExists = (roleName: string, existingRoleId: string) =>
  new ApiError(409, 'ROLE_NAME_EXISTS', `A role named ${roleName} already exists`, { roleName, existingRoleId });

export const invalidRoleHierarchy = (parentRole: unknown, childRole: string, reason: string) =>
  new ApiError(422, 'INVALID_ROLE_HIERARCHY', `${childRole} cannot inherit from ${echo(parentRole)}: ${reason}`, {
    parentRole: echo(parentRole),
    childRole,
    reason,
  });

export const roleNotFound = (roleId: unknown) => new ApiError(404, 'ROLE_NOT_FOUND', 'No role with this id', { roleId: echo(roleId) });

export const grantNotFound = (grantId: unknown) =>
  new ApiError(404, 'GRANT_NOT_FOUND', 'No permission grant with this id', { grantId: echo(grantId) });

export const shareNotFound = (shareId: unknown) =>
  new ApiError(404, 'SHARE_NOT_FOUND', 'No resource share with this id', { shareId: echo(shareId) });

export const resourceNotFound = (resourceId: unknown) =>
  new ApiError(404, 'RESOURCE_NOT_FOUND', 'No resource with this id in any area', { resourceId: echo(resourceId) });

/** Some of the user ids a request names are not members (or have been removed). */
export const membersNotFound = (userIds: readonly unknown[]) =>
  new ApiError(404, 'MEMBER_NOT_FOUND', `No team member with ${userIds.length === 1 ? 'this id' : 'these ids'}`, {
    userId: echo(userIds[0]),
    userIds: echoList(userIds),
  });
export const invitationNotFound = (invitationId: unknown) =>
  new ApiError(404, 'INVITATION_NOT_FOUND', 'No invitation with this id', { invitationId: echo(invitationId) });

export const deliveryNotFound = (deliveryId: unknown) =>
  new ApiError(404, 'DELIVERY_NOT_FOUND', 'No delivery with this id in the log', { deliveryId: echo(deliveryId) });

export const invalidEmail = (field: string, value: unknown) =>
  new ApiError(400, 'INVALID_EMAIL', 'Not a valid email address', { field, value: echo(value) });

export const memberAlreadyExists = (email: string, currentRole: string) =>
  new ApiError(409, 'MEMBER_ALREADY_EXISTS', 'This address already belongs to a team member', { email, currentRole });

export const cannotRemoveOwner = (userId: string, role: string) =>
  new ApiError(422, 'CANNOT_REMOVE_OWNER', 'The owner cannot be removed', { userId, role });

export const keyLimitReached = (maxApiKeys: number, activeKeys: number) =>
  new ApiError(409, 'KEY_LIMIT_REACHED', `The account allows at most ${maxApiKeys} active API keys`, { maxApiKeys, activeKeys });

export const invalidState = (details: Record<string, unknown>, message = 'The resource is not in a state that allows this') =>
  new ApiError(409, 'INVALID_STATE', message, details);

export const rateLimitExceeded = (limit: number, resetAt: string, retryAfter: number) =>
  new ApiError(
    429,
    'RATE_LIMIT_EXCEEDED',
    `Rate limit of ${limit} requests per hour exceeded`,
    {
      limit,
      period: '1h',
      remaining: 0,
      resetAt,
      retry_after: retryAfter,
    },
    { code: 429 },
  );

export const rateLimited = (retryAfter: number) =>
  new ApiError(429, 'RATE_LIMITED', "This key's own rate limit is exceeded", undefined, { code: 429, retry_after: retryAfter });

export const notFound = (path: string) => new ApiError(404, 'NOT_FOUND', 'No such route', { path: echo(path) });

export const methodNotAllowed = (method: string, allowed: readonly string[]) =>
  new ApiError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed here`, { method, allowed });

export const headersTooLarge = (maxBytes: number) =>
  new ApiError(431, 'HEADERS_TOO_LARGE', `The request headers are larger than ${maxBytes} bytes`, { maxBytes });

export const invalidJson = (reason: string) => new ApiError(400, 'INVALID_JSON', 'The body is not valid JSON', { reason });

export const payloadTooLarge = (maxBytes: number) =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', `The body is larger than ${maxBytes} bytes`, { maxBytes });

export const unsupportedMediaType = (received: string, allowedTypes: readonly string[] = ['application/json']) =>
  new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `Bodies must be ${allowedTypes.join(' or ')}`, {
    allowedTypes,
    receivedType: received,
  });

/** An avatar over its size bound (01-accounts.md, Errors): `receivedSize` is at least what was read when the bound was crossed. */
export const fileTooLarge = (maxSize: number, receivedSize: number) =>
  new ApiError(413, 'FILE_TOO_LARGE', `The file is larger than ${maxSize} bytes`, { maxSize, receivedSize });

/** A file whose content is none of the allowed types (its name and declared type are not looked at). */
export const invalidFileType = (allowedTypes: readonly string[], receivedType: string) =>
  new ApiError(415, 'INVALID_FILE_TYPE', `The file is not ${allowedTypes.join(', ')} (its content is ${receivedType})`, {
    allowedTypes,
    receivedType,
  });

export const chaosInjected = (status: number, code: AccountErrorCode, route: string) =>
  new ApiError(status, code, 'Injected by an emulator chaos rule', { chaos: true, route });

export const internalError = () => new ApiError(500, 'INTERNAL_ERROR', 'The emulator hit an internal error');

/**
 * The cluster envelope's error (02-clusters.md, Errors): `{success: false, error: {code,
 * message, details}, meta: {request_id}}`. Area-specific factories (CLUSTER_NOT_FOUND, …)
 * live in areas/clusters/errors.ts; account-shaped errors raised on a cluster route are
 * converted with `toClusterError` (docs/decisions.md, Clusters: error envelope).
 */
export class ClusterApiError extends ApiError {
  constructor(status: number, code: ApiErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(status, code, message, details);
    this.name = 'ClusterApiError';
  }

  override body(requestId = ''): Record<string, unknown> {
    return {
      success: false,
      error: { code: this.code, message: this.message, details: this.details ?? {} },
      meta: { request_id: requestId },
    };
  }
}

export const clusterError = (status: number, code: ClusterErrorCode, message: string, details: Record<string, unknown> = {}) =>
  new ClusterApiError(status, code, message, details);

/** The same failure in the cluster envelope; a top-level `retry_after` or `required_permission` moves into details. */
export function toClusterError(error: ApiError): ClusterApiError {
  if (error instanceof ClusterApiError) return error;
  const details: Record<string, unknown> = { ...(error.details ?? {}) };
  for (const [k, v] of Object.entries(error.extra ?? {})) if (k !== 'code') details[k] = v;
  return new ClusterApiError(error.status, error.code, error.message, details);
}
