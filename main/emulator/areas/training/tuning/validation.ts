// Tuning codes for validation failures: a malformed tuning id names nothing (404), and a search
// space of the wrong shape is INVALID_SEARCH_SPACE {parameter, reason} (03, Errors).
import type { z } from 'zod';
import type { ApiError } from '../../../core/errors';
import { invalidSearchSpace, tuningJobNotFound } from './errors';

export function tuningIssueError(where: 'params' | 'query' | 'body', issue: z.core.$ZodIssue, value: unknown): ApiError | null {
  const head = issue.path[0];
  const v = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (where === 'params' && head === 'tune_id') return tuningJobNotFound(v.tune_id, v.job_id);
  if (where === 'body' && head === 'search_space') {
    const parameter = issue.path.length > 1 ? String(issue.path[1]) : null;
    const field = issue.path.slice(2).map(String).join('.');
    return invalidSearchSpace(parameter, field ? `${field}: ${issue.message}` : issue.message);
  }
  return null;
}
