// Log analytics rules: the ranges within the route's 24 h ending at the server's now, the hourly
// layout of the aggregate rows, durations with units, and the most common errors grouped by
// message shape (numbers and ids normalised) with counts, first/last seen and an example.
import { describe, expect, it } from 'vitest';
import type { AggregateRow, EndpointLogEntry } from '../../../shared/api/endpoints/logs';
import { AggregateLogsRequest, LOG_LIMITS, SearchLogsRequest } from '../../../shared/api/endpoints/logs';
import {
  aggregateRequest,
  analyticsRange,
  errorSearchRequest,
  formatDuration,
  logAnalyticsOf,
} from '../../../renderer/src/features/endpoints/log-analytics';

const entry = (over: Partial<EndpointLogEntry>): EndpointLogEntry => ({
  timestamp: '2026-06-01T11:00:00.000Z',
  level: 'error',
  message: 'boom',
  jobId: null,
  requestId: null,
  source: 'api_handler',
  metadata: {},
  duration: null,
  memoryUsage: '1GB',
  gpuUtilization: 0,
  ...over,
});

type TimeRange = { start: string; end: string };

/** The analytics of a range whose aggregate holds these rows, and whose error search found these lines. */
const analytics = (timeRange: TimeRange, aggregations: Record<string, AggregateRow[]>, logs: EndpointLogEntry[] = []) =>
  logAnalyticsOf(
    '24h',
    { timeRange, aggregations },
    { logs: logs.map((l) => ({ ...l, endpointId: 'ep_abc123' })), total: logs.length, returned: logs.length, timeRange },
  );
const RANGE: TimeRange = { start: '2026-06-01T09:30:00.000Z', end: '2026-06-01T12:00:00.000Z' };
// The aggregations' names, as the request asks for them: levels by hour, then requests and durations by hour.
const [LEVELS_BY_HOUR, BY_HOUR] = aggregateRequest('ep_abc123', RANGE).aggregations.map((a) => a.name);
/** The hours the analytics lay a range's figures over. */
const hoursOf = (timeRange: TimeRange) => analytics(timeRange, {}).hourly.hours;
/** The hourly figures of an aggregate with these rows. */
const hourlyFigures = (timeRange: TimeRange, levelRows: AggregateRow[], hourRows: AggregateRow[]) =>
  analytics(timeRange, { [LEVELS_BY_HOUR!]: levelRows, [BY_HOUR!]: hourRows }).hourly;
/** The common errors of these lines. */
const groupErrors = (entries: EndpointLogEntry[]) => analytics(RANGE, {}, entries).errors;
/** The shape a message is grouped by: that of its group, as the only error line. */
const messageShape = (message: string) => groupErrors([entry({ message })])[0]!.shape;

describe('log analytics', () => {
  it('ends each range at the server now, in whole seconds, never over 24 h', () => {
    const now = Date.parse('2026-06-01T12:34:56.789Z');
    expect(analyticsRange('6h', now)).toEqual({ start: '2026-06-01T06:34:56.000Z', end: '2026-06-01T12:34:56.000Z' });
    const day = analyticsRange('24h', now);
    expect(Date.parse(day.end) - Date.parse(day.start)).toBe(LOG_LIMITS.maxRangeMs);
  });

  it('asks for levels by hour, requests and durations by hour, sources and totals in one valid request', () => {
    const body = aggregateRequest('ep_abc123', analyticsRange('1h', Date.parse('2026-06-01T12:00:00Z')));
    expect(AggregateLogsRequest.safeParse(body).success).toBe(true);
    expect(body.aggregations.map((a) => a.groupBy)).toEqual([['hour', 'level'], ['hour'], ['source'], []]);
    expect(body.aggregations[3]!.metrics).toEqual(['count', 'unique_jobs', 'avg_duration', 'p95_duration']);
    const search = errorSearchRequest('ep_abc123', body.timeRange);
    expect(SearchLogsRequest.safeParse(search).success).toBe(true);
    expect(search.filters.levels).toEqual(['error', 'fatal']);
  });

  it('lays the rows over every hour of the range, zeros and gaps where none came', () => {
    const range = { start: '2026-06-01T09:30:00.000Z', end: '2026-06-01T12:00:00.000Z' };
    expect(hoursOf(range).map((h) => new Date(h).toISOString())).toEqual([
      '2026-06-01T09:00:00.000Z',
      '2026-06-01T10:00:00.000Z',
      '2026-06-01T11:00:00.000Z',
    ]);
    const f = hourlyFigures(
      range,
      [
        { hour: '2026-06-01T09:00:00.000Z', level: 'info', count: 5 },
        { hour: '2026-06-01T11:00:00.000Z', level: 'error', count: 2 },
        { hour: '2026-06-01T11:00:00.000Z', level: 'info', count: 7 },
      ],
      [{ hour: '2026-06-01T11:00:00.000Z', unique_jobs: 6, avg_duration: 0.5, p95_duration: 1.2 }],
    );
    expect(f.levels.info).toEqual([5, 0, 7]);
    expect(f.levels.error).toEqual([0, 0, 2]);
    expect(f.levels.fatal).toEqual([0, 0, 0]);
    expect(f.jobs).toEqual([0, 0, 6]);
    expect(f.p95Duration).toEqual([null, null, 1.2]);
  });

  it('writes durations with their unit', () => {
    expect(formatDuration(0.329)).toBe('329 ms');
    expect(formatDuration(7.47)).toBe('7.47 s');
    expect(formatDuration(240)).toBe('4m 00s');
    expect(formatDuration(null)).toBe('—');
  });

  it('normalises numbers, ids and addresses in a message', () => {
    expect(messageShape('Model load retry 362 failed: CUDA out of memory')).toBe('Model load retry <n> failed: CUDA out of memory');
    expect(messageShape('Worker worker_2 unreachable; requests rerouted')).toBe('Worker worker_<n> unreachable; requests rerouted');
    expect(messageShape('job job_h3a025ucv8ms failed on req_xxv3h8qrp9f5')).toBe('job job_<id> failed on req_<id>');
    expect(messageShape('trace 3f2b9c1e-8a4d-4c1b-9e2f-0a1b2c3d4e5f at 10.0.0.12:8080')).toBe('trace <uuid> at <ip>');
    expect(messageShape('object_store read timed out after 5000 ms')).toBe('object_store read timed out after <n> ms');
    expect(messageShape('Request validation failed: input.prompt is required')).toBe('Request validation failed: input.prompt is required');
  });

  it('groups error and fatal lines by shape, most frequent first, with first/last seen and an example with its stack trace', () => {
    const groups = groupErrors([
      entry({ timestamp: '2026-06-01T11:05:00.000Z', message: 'Model load retry 2 failed', stackTrace: ['OOM', '  at load'] }),
      entry({ timestamp: '2026-06-01T11:10:00.000Z', message: 'Model load retry 3 failed', level: 'fatal', source: 'model_loader' }),
      entry({ timestamp: '2026-06-01T11:00:00.000Z', message: 'Model load retry 1 failed', stackTrace: ['OOM'] }),
      entry({ timestamp: '2026-06-01T11:20:00.000Z', message: 'Upstream worker unavailable (502)' }),
      entry({ timestamp: '2026-06-01T11:30:00.000Z', message: 'Just a warning', level: 'warn' }),
    ]);
    expect(groups.map((g) => [g.shape, g.count])).toEqual([
      ['Model load retry <n> failed', 3],
      ['Upstream worker unavailable (<n>)', 1],
    ]);
    const [first] = groups;
    expect(first!.firstSeen).toBe('2026-06-01T11:00:00.000Z');
    expect(first!.lastSeen).toBe('2026-06-01T11:10:00.000Z');
    expect(first!.levels).toEqual(['error', 'fatal']);
    expect(first!.sources).toEqual(['api_handler', 'model_loader']);
    // The newest line that has a stack trace, not the newest line.
    expect(first!.example.message).toBe('Model load retry 2 failed');
  });
});
