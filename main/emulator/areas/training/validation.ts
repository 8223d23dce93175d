// Training-area codes for some validation failures: a malformed dataset, job or model id names
// nothing (404 of its kind, like an unknown one); a format outside the document's list is
// UNSUPPORTED_FORMAT with the formats the emulator processes; anything wrong inside a job's
// `config` is CONFIGURATION_ERROR {field, reason} (03, Errors). Everything else stays VALIDATION_ERROR.
import type { z } from 'zod';
import type { ApiError } from '../../core/errors';
import { datasetNotFound, unsupportedFormat } from './datasets/errors';
import { configurationError, jobNotFound } from './jobs/errors';
import { modelNotFound } from './models/errors';
import { experimentNotFound } from './experiments/errors';

export function trainingIssueError(where: 'params' | 'query' | 'body', issue: z.core.$ZodIssue, value: unknown): ApiError | null {
  const head = issue.path[0];
  const v = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[String(head)] : undefined;
  if (where === 'params' && head === 'dataset_id') return datasetNotFound(v);
  if (where === 'params' && head === 'job_id') return jobNotFound(v);
  if (where === 'params' && head === 'model_id') return modelNotFound(v);
  if (where === 'params' && head === 'experiment_id') return experimentNotFound(v);
  if (where === 'body' && head === 'format' && issue.path.length === 1 && typeof v === 'string') return unsupportedFormat(v.slice(0, 40));
  if (where === 'body' && head === 'config') return configurationError(issue.path.map(String).join('.'), issue.message);
  return null;
}
