// Training-area codes for some validation failures: a malformed dataset id names nothing
// (404 DATASET_NOT_FOUND, like an unknown one); a format outside the document's list is
// UNSUPPORTED_FORMAT with the formats the emulator processes. Everything else stays VALIDATION_ERROR.
import type { z } from 'zod';
import type { ApiError } from '../../core/errors';
import { datasetNotFound, unsupportedFormat } from './datasets/errors';

export function trainingIssueError(where: 'params' | 'query' | 'body', issue: z.core.$ZodIssue, value: unknown): ApiError | null {
  const head = issue.path[0];
  const v = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[String(head)] : undefined;
  if (where === 'params' && head === 'dataset_id') return datasetNotFound(v);
  if (where === 'body' && head === 'format' && issue.path.length === 1 && typeof v === 'string') return unsupportedFormat(v.slice(0, 40));
  return null;
}
