// What the three log routes share: the time range rule, filters compiled once (regular
// expressions by RE2: linear time, so a user's pattern never hangs the emulator), and the
// entry's wire shape (docs/decisions.md, Endpoints: logs).
import { RE2JS } from 're2js';
import { LOG_LIMITS, type EndpointLogEntry, type LogFilters } from '../../../../../shared/api/endpoints/logs';
import { validationError } from '../../../core/errors';
import { invalidTimeRange } from '../errors';
import { LEVEL_RANK, type LogRecord } from '../sim/logs';
import { iso } from '../endpoint/view';

export const RETENTION_MS = LOG_LIMITS.retentionDays * 86_400_000;
const HOUR = 3_600_000;

/** The range asked for: `end` defaults to now, `start` to an hour before `end`; at most 24 h, start not after end. */
export function timeRangeOf(startTime: string | undefined, endTime: string | undefined, now: number): { start: number; end: number } {
  const end = endTime === undefined ? now : Date.parse(endTime);
  const start = startTime === undefined ? end - HOUR : Date.parse(startTime);
  if (start > end) throw invalidTimeRange(iso(start), iso(end), 'the start time is after the end time');
  if (end - start > LOG_LIMITS.maxRangeMs)
    throw invalidTimeRange(iso(start), iso(end), `the range is longer than ${LOG_LIMITS.maxTimeRange}`);
  return { start, end };
}

/** A user's pattern compiled by RE2, or 400 VALIDATION_ERROR on `field`. */
export function compilePattern(pattern: string, field: string, caseSensitive = true): RE2JS {
  try {
    return RE2JS.compile(pattern, caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
  } catch (e) {
    throw validationError(field, `not a valid regular expression (RE2 syntax): ${(e as Error).message.slice(0, 160)}`);
  }
}

export type LogPredicate = (r: LogRecord) => boolean;

/** The filters of search and aggregate as one test; `field` prefixes the names errors give. */
export function compileFilters(f: Omit<LogFilters, 'timeRange'>, field: string): LogPredicate {
  const tests: LogPredicate[] = [];
  if (f.levels) {
    const levels = new Set(f.levels);
    tests.push((r) => levels.has(r.level));
  }
  if (f.sources) {
    const sources = new Set<string>(f.sources);
    tests.push((r) => sources.has(r.source));
  }
  if (f.search) {
    const re = compilePattern(f.search.query, `${field}.search.query`, f.search.caseSensitive);
    tests.push((r) => re.test(r.message));
  }
  for (const [key, cond] of Object.entries(f.metadata ?? {})) {
    if ('$gt' in cond) {
      const gt = cond.$gt;
      tests.push((r) => typeof r.metadata[key] === 'number' && (r.metadata[key] as number) > gt);
    } else {
      const re = compilePattern(cond.$regex, `${field}.metadata.${key}.$regex`);
      tests.push((r) => {
        const v = r.metadata[key];
        return (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') && re.test(String(v));
      });
    }
  }
  return (r) => tests.every((t) => t(r));
}

export const atLeast = (level: keyof typeof LEVEL_RANK): LogPredicate => {
  const min = LEVEL_RANK[level];
  return (r) => LEVEL_RANK[r.level] >= min;
};

export function entryOf(r: LogRecord): EndpointLogEntry {
  const { t, ...rest } = r;
  return { timestamp: iso(t), ...rest, metadata: { ...rest.metadata } };
}
