// What the "search older lines" field says of its query: too long, not a regular expression
// (the endpoint search takes one; said before it is sent), or refused by the server (kept while
// the field holds that query). Null: the query can be sent, and its result shown.
import type { NormalizedError } from '../../../../../shared/api/errors';
import { LOG_QUERY_MAX_CHARS } from '../../../../../shared/api/clusters/logs';
import { LOG_LIMITS } from '../../../../../shared/api/endpoints/logs';
import { formatNumber } from '../../../lib/format';
import { regexProblem } from './line-filter';

/** A query the server refused, with its reason in words. */
export interface Refusal {
  query: string;
  message: string;
}

export function searchFieldError(kind: 'cluster' | 'endpoint', query: string, refused: Refusal | null): string | null {
  const max = kind === 'endpoint' ? LOG_LIMITS.patternMax : LOG_QUERY_MAX_CHARS;
  if (query.length > max) return `At most ${formatNumber(max)} characters`;
  const trimmed = query.trim();
  if (kind === 'endpoint' && trimmed !== '') {
    const problem = regexProblem(trimmed);
    if (problem !== null) return problem;
  }
  return refused !== null && refused.query === trimmed ? refused.message : null;
}

/** The server's reason when it refused the query itself (400 VALIDATION_ERROR on `query` or `…search.query`), for the field; else null. */
export function queryRefusal(error: NormalizedError): string | null {
  const field = error.details?.field;
  const reason = error.details?.reason;
  if (error.code !== 'VALIDATION_ERROR' || typeof field !== 'string' || typeof reason !== 'string') return null;
  if (field !== 'query' && !field.endsWith('search.query')) return null;
  return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}`;
}
