import { describe, expect, it } from 'vitest';
import { detailLines, formatDuration, formatLocalTime, type DetailFormat } from '../../../renderer/src/components/error-details';

/** One detail as detailLines writes it: the only line of details holding just that one. */
const detailLine = (key: string, value: unknown, format: DetailFormat) => detailLines({ [key]: value }, format)[0];

// A fixed zone, so "local time" is the same wherever the test runs.
const format = { now: Date.parse('2026-11-25T10:00:00Z'), timeZone: 'Europe/Berlin' };

describe('formatDuration', () => {
  it.each([
    [42, '42 s'],
    [60, '1 min'],
    [1065, '17 min 45 s'],
    [7200, '2 h'],
    [7260, '2 h 1 min'],
    [90_000, '1 d 1 h'],
  ])('%i s → %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));
});

describe('formatLocalTime', () => {
  it('shows a time today without its date, in local time', () => {
    expect(formatLocalTime('2026-11-25T13:00:00Z', format)).toBe('14:00');
  });
  it('adds the date on another day', () => {
    expect(formatLocalTime('2026-11-26T13:00:00Z', format)).toBe('Nov 26, 2026, 14:00');
  });
});

describe('error details in words, with units and local time', () => {
  const cases: Array<[string, unknown, [string, string]]> = [
    ['retry_after', 1065, ['Retry after', '17 min 45 s']],
    ['retryAfter', 30, ['Retry after', '30 s']],
    ['resetAt', '2026-11-25T13:00:00.000Z', ['Resets at', '14:00']],
    ['current_storage_gb', 500, ['Current storage', '500 GB']],
    ['requested_storage_gb', 1024, ['Requested storage', '1,024 GB']],
    ['grace_period_minutes', 5, ['Grace period', '5 min']],
    ['timeout_seconds', 90, ['Timeout', '1 min 30 s']],
    ['latency_ms', 250, ['Latency', '250 ms']],
    ['estimated_completion_time', '2026-11-25T09:30:00Z', ['Estimated completion time', '10:30']],
    ['field', 'update_configuration.memory_gb', ['Field', 'Memory']],
    ['field', 'body.gpu_count', ['Field', 'GPU count']],
    ['reason', 'Too big: expected number to be <=1024', ['Reason', 'At most 1,024']],
    ['cluster_id', 'cluster_abc', ['Cluster ID', 'cluster_abc']],
    ['allowed_states', ['running', 'stopped'], ['Allowed states', 'running, stopped']],
    ['limit', 1000, ['Limit', '1,000']],
  ];
  it.each(cases)('%s', (key, value, line) => expect(detailLine(key, value, format)).toEqual(line));

  it('reads zod-style issues as field lines in words', () => {
    expect(detailLines({ issues: [{ path: 'body.memory_gb', message: 'Too small: expected number to be >=1' }] }, format)).toEqual([
      ['Memory', '1 or more'],
    ]);
  });
});
