// Error codes of the endpoint area (03-endpoints-training.md, Errors), in the account envelope
// `{error, message, details}`. Statuses are in shared/api/error-codes.ts.
import { z } from 'zod';

export const EndpointErrorCode = z.enum([
  /** 400: endpoint log start time after end time, or a range over 24 h; details startTime, endTime, maxTimeRange. */
  'INVALID_TIME_RANGE',
  /** 400: an endpoint update value out of range; details field, value, maximum (and minimum). */
  'INVALID_CONFIGURATION',
  /** 404: no endpoint with this id (also a malformed id); details endpointId, suggestion. */
  'ENDPOINT_NOT_FOUND',
  /** 408: a health check outlasted its timeout; details timeout, partialResults, recommendation. */
  'HEALTH_CHECK_TIMEOUT',
  /** 409: update while requests started by batch-execute are in flight; details activeRequests, suggestion. */
  'ENDPOINT_BUSY',
  /** 413: the requested log range holds more than 10,000 entries; details requestedCount, maxAllowed, suggestion. */
  'TOO_MANY_LOGS',
]);
export type EndpointErrorCode = z.infer<typeof EndpointErrorCode>;
