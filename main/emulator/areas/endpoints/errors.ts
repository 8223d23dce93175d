// The endpoint area's errors (shared/api/endpoints/errors.ts), in the account envelope.
import { ApiError, echo } from '../../core/errors';

export const endpointNotFound = (endpointId: unknown) =>
  new ApiError(404, 'ENDPOINT_NOT_FOUND', 'No endpoint with this id', {
    endpointId: echo(endpointId),
    suggestion: 'List the endpoints with GET /v2/endpoints and use one of their ids',
  });

export const invalidConfiguration = (field: string, value: unknown, bound: { maximum?: number; minimum?: number }, reason: string) =>
  new ApiError(400, 'INVALID_CONFIGURATION', `Invalid ${field}: ${reason}`, { field, value: echo(value), ...bound, reason });

export const endpointBusy = (activeRequests: number, freeAt: string) =>
  new ApiError(409, 'ENDPOINT_BUSY', `${activeRequests} batch request(s) are executing on this endpoint`, {
    activeRequests,
    retryAt: freeAt,
    suggestion: `Retry after ${freeAt}, when the batch-execute requests in flight have finished`,
  });

export const healthCheckTimeout = (timeout: number, partialResults: Record<string, unknown>) =>
  new ApiError(408, 'HEALTH_CHECK_TIMEOUT', `The health check took longer than ${timeout} s`, {
    timeout,
    partialResults,
    recommendation:
      timeout < 30
        ? 'Retry with a longer timeout (at most 30 seconds), or use check=detailed'
        : 'Use check=detailed; the deep checks cannot complete',
  });

export const invalidTimeRange = (startTime: string, endTime: string, reason: string) =>
  new ApiError(400, 'INVALID_TIME_RANGE', `Invalid time range: ${reason}`, { startTime, endTime, maxTimeRange: '24h', reason });

export const tooManyLogs = (requestedCount: number, maxAllowed: number) =>
  new ApiError(413, 'TOO_MANY_LOGS', `The range holds ${requestedCount} matching entries, more than ${maxAllowed}`, {
    requestedCount,
    maxAllowed,
    suggestion: 'Narrow the time range or the filters, or page through with limit and offset',
  });
