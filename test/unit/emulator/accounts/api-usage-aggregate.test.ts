// The API usage aggregate's bounds and percentiles (docs/decisions.md, API usage analytics).
import { describe, expect, it } from 'vitest';
import {
  ApiUsageLog,
  HOUR_MS,
  LATENCY_BUCKETS,
  latencyBucket,
  OTHER_LABEL,
  percentile,
  RETENTION_HOURS,
  ROWS_PER_HOUR_MAX,
} from '../../../../main/emulator/areas/accounts/api-usage/aggregate';

const T0 = Date.UTC(2026, 10, 1);

describe('API usage aggregate', () => {
  it('reads a percentile within 9.1% of the true latency across the range', () => {
    for (const ms of [0.013, 0.2, 1, 7.5, 42, 900, 12_345, 100_000]) {
      const hist = new Uint32Array(LATENCY_BUCKETS);
      hist[latencyBucket(ms)] = 1;
      expect(Math.abs(percentile(hist, 1, 0.5) - ms) / ms).toBeLessThanOrEqual(0.0906);
    }
  });

  it('orders p50 ≤ p95 ≤ p99 and ranks by count', () => {
    const log = new ApiUsageLog();
    for (let i = 1; i <= 100; i++) log.record(T0, 'GET /a', 200, i, 'key_1');
    const row = [...log.between(T0, T0 + 1)][0]?.[1];
    const [p50, p95, p99] = [0.5, 0.95, 0.99].map((q) => percentile(row!.hist, row!.count, q));
    expect(p50).toBeGreaterThan(45);
    expect(p50).toBeLessThan(55);
    expect(p95).toBeGreaterThan(p50!);
    expect(p99).toBeGreaterThanOrEqual(p95!);
  });

  it('folds rows past the hour bound into the hour’s other row of the same status class, keeping the total', () => {
    const log = new ApiUsageLog();
    const n = ROWS_PER_HOUR_MAX + 50;
    for (let i = 0; i < n; i++) log.record(T0, `GET /r${i}`, i % 2 === 0 ? 200 : 404, 1, `key_${i}`);
    const rows = [...log.between(T0, T0 + HOUR_MS)].map(([, r]) => r);
    expect(rows.reduce((s, r) => s + r.count, 0)).toBe(n);
    const other = rows.filter((r) => r.label === OTHER_LABEL);
    expect(other.map((r) => r.cls).sort()).toEqual([0, 2]);
    expect(rows.length).toBeLessThanOrEqual(ROWS_PER_HOUR_MAX + 4);
  });

  it('keeps 31 days of hours and survives its stored form', () => {
    const log = new ApiUsageLog();
    log.record(T0, 'GET /old', 200, 1, null);
    log.record(T0 + (RETENTION_HOURS - 1) * HOUR_MS, 'GET /kept', 500, 3, 'key_1');
    expect([...log.between(0, Infinity)]).toHaveLength(2);
    log.record(T0 + RETENTION_HOURS * HOUR_MS, 'GET /new', 301, 2, 'key_1');
    expect([...log.between(0, Infinity)].map(([, r]) => r.label)).toEqual(['GET /kept', 'GET /new']);
    const copy = ApiUsageLog.fromStored(JSON.parse(JSON.stringify(log.toStored())));
    expect(copy.toStored()).toEqual(log.toStored());
  });
});
