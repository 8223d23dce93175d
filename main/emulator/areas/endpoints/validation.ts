// Endpoint-area codes for some validation failures: a malformed endpoint id names nothing
// (404 ENDPOINT_NOT_FOUND), and an update value out of its range is INVALID_CONFIGURATION
// with field, value and the bound (03-endpoints-training.md, Errors). Everything else stays
// VALIDATION_ERROR.
import type { z } from 'zod';
import type { ApiError } from '../../core/errors';
import { endpointNotFound, invalidConfiguration } from './errors';

/** Top-level fields of the update body (the only body of the area that has them). */
const CONFIG_FIELDS = new Set(['workerCount', 'maxConcurrency', 'timeoutSeconds', 'autoScaling', 'environmentVariables']);

function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const p of path) v = typeof v === 'object' && v !== null ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  return v;
}

export function endpointIssueError(where: 'params' | 'query' | 'body', issue: z.core.$ZodIssue, value: unknown): ApiError | null {
  const head = issue.path[0];
  if (where === 'params' && head === 'endpointId') return endpointNotFound(at(value, ['endpointId']));
  if (where === 'body' && head === 'endpointIds' && issue.path.length === 2 && issue.code === 'invalid_format')
    return endpointNotFound(at(value, issue.path));
  if (where === 'body' && typeof head === 'string' && CONFIG_FIELDS.has(head) && (issue.code === 'too_big' || issue.code === 'too_small')) {
    const field = issue.path.map(String).join('.');
    const received = at(value, issue.path);
    // A number out of range names its bound; a string or a set too long (environment variables) too.
    const bound = issue.code === 'too_big' ? { maximum: Number(issue.maximum) } : { minimum: Number(issue.minimum) };
    const reason = issue.code === 'too_big' ? `at most ${bound.maximum}` : `at least ${bound.minimum}`;
    return invalidConfiguration(field, typeof received === 'object' ? null : received, bound, reason);
  }
  return null;
}
