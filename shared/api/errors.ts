// The two error envelopes of the spec (01-accounts.md, Errors; 02-clusters.md) and the
// one normalised error the renderer sees, whichever envelope the server used.
import { z } from 'zod';

/** Error codes of 01-accounts.md, Errors, plus the ones this project chose where the spec is silent (docs/decisions.md). */
export const AccountErrorCode = z.enum([
  'INVALID_PERMISSIONS',
  'INVALID_PERMISSION',
  'INVALID_EMAIL',
  'VALIDATION_ERROR',
  'INVALID_PERIOD',
  'UNAUTHORIZED',
  'INSUFFICIENT_PERMISSIONS',
  'FORBIDDEN',
  'KEY_NOT_FOUND',
  'MEMBER_NOT_FOUND',
  'ROLE_NAME_EXISTS',
  'MEMBER_ALREADY_EXISTS',
  'SELF_LOCKOUT',
  // the account's IP allow-list refused the request's address (docs/decisions.md, Settings)
  'IP_NOT_ALLOWED',
  'FILE_TOO_LARGE',
  'INVALID_FILE_TYPE',
  'INVALID_ROLE_HIERARCHY',
  'CANNOT_REMOVE_OWNER',
  'RATE_LIMIT_EXCEEDED',
  'RATE_LIMITED',
  // chosen (docs/decisions.md)
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  'KEY_LIMIT_REACHED',
  'INVITATION_NOT_FOUND',
  'DELIVERY_NOT_FOUND',
  'INVALID_STATE',
  // custom roles, grants and shares (docs/decisions.md, Permissions and roles: custom roles, grants and shares)
  'ROLE_NOT_FOUND',
  'GRANT_NOT_FOUND',
  'SHARE_NOT_FOUND',
  'RESOURCE_NOT_FOUND',
  'CHAOS_INJECTED',
  'INTERNAL_ERROR',
]);
export type AccountErrorCode = z.infer<typeof AccountErrorCode>;

export const ErrorDetails = z.record(z.string(), z.unknown());
export type ErrorDetails = z.infer<typeof ErrorDetails>;

/**
 * Account, endpoint and training areas: `{error, message, details}`. The 401, 403 and
 * 429 shapes also carry a numeric `code`; FORBIDDEN carries `required_permission`,
 * RATE_LIMITED carries `retry_after`.
 */
export const AccountErrorBody = z.looseObject({
  error: z.string().min(1),
  message: z.string(),
  details: ErrorDetails.optional(),
  code: z.number().int().optional(),
  required_permission: z.string().optional(),
  retry_after: z.number().optional(),
});
export type AccountErrorBody = z.infer<typeof AccountErrorBody>;

/** Cluster area: `{success: false, error: {code, message, details}}`. */
export const ClusterErrorBody = z.looseObject({
  success: z.literal(false),
  error: z.looseObject({
    code: z.string().min(1),
    message: z.string(),
    details: ErrorDetails.optional(),
  }),
  meta: z.looseObject({ request_id: z.string() }).optional(),
});
export type ClusterErrorBody = z.infer<typeof ClusterErrorBody>;

/**
 * A cluster route's authentication, permission and rate-limit refusals from the pipeline:
 * the account shape plus `meta.request_id` (02-clusters.md, Errors: they "follow Document 1";
 * docs/decisions.md, Clusters: error envelope).
 * @internal Exported for its tests only.
 */
export const AccountErrorBodyWithRequestId = AccountErrorBody.extend({
  meta: z.looseObject({ request_id: z.string() }),
});
export type AccountErrorBodyWithRequestId = z.infer<typeof AccountErrorBodyWithRequestId>;

export const Envelope = z.enum(['account', 'cluster']);
export type Envelope = z.infer<typeof Envelope>;

/** Where a failure came from, when it did not come from the API itself (codes: local-errors.ts). */
export const LocalErrorKind = z.enum([
  'network',
  'timeout',
  'cancelled',
  'invalid_response',
  'bridge',
  'keychain',
  'profile',
  'invalid_request',
]);

/**
 * The one error type the renderer handles. `status` is the HTTP status, or 0 for a
 * failure before any response (network, timeout, cancelled, bridge).
 */
export const NormalizedError = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: ErrorDetails.default({}),
  source: z.union([Envelope, LocalErrorKind]),
  retryAfter: z.number().optional(),
  requestId: z.string().optional(),
  /**
   * The call that failed, set by the renderer's bridge (renderer/src/bridge/api.ts), so a 403
   * can be explained ("Why?", issue 19): the operation id and its path parameters only, which
   * name resources and hold no secret; never the body or the query.
   */
  request: z.object({ op: z.string(), params: z.record(z.string(), z.string()) }).optional(),
});
export type NormalizedError = z.infer<typeof NormalizedError>;

/** Reads either envelope (or anything else) into a NormalizedError. */
export function normalizeErrorBody(status: number, body: unknown, retryAfterHeader?: string | null): NormalizedError {
  const retryAfter = retryAfterHeader != null && retryAfterHeader !== '' ? Number(retryAfterHeader) : undefined;
  const cluster = ClusterErrorBody.safeParse(body);
  if (cluster.success) {
    return {
      status,
      code: cluster.data.error.code,
      message: cluster.data.error.message,
      details: cluster.data.error.details ?? {},
      source: 'cluster',
      retryAfter,
      requestId: cluster.data.meta?.request_id,
    };
  }
  const account = AccountErrorBody.safeParse(body);
  if (account.success) {
    const details: ErrorDetails = { ...(account.data.details ?? {}) };
    if (account.data.required_permission) details.required_permission = account.data.required_permission;
    return {
      status,
      code: account.data.error,
      message: account.data.message,
      details,
      source: 'account',
      retryAfter: retryAfter ?? account.data.retry_after,
    };
  }
  return {
    status,
    code: `HTTP_${status}`,
    message: `The server answered ${status} without a recognised error body.`,
    details: {},
    source: 'account',
    retryAfter,
  };
}
