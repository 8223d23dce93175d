// "Check all" rules: route-sized batches, answers merged, one row per endpoint worst first with
// the checks that fail and the timeout that stopped a check, and the strip's counts.
import { describe, expect, it } from 'vitest';
import type { HealthReport } from '../../../shared/api/endpoints/health';
import {
  batchesOf,
  countRows,
  emptySummary,
  healthRows,
  mergeBatches,
  needsAttention,
  summaryParts,
  type BatchHealth,
} from '../../../renderer/src/features/endpoints/batch-health';

const report = (endpointId: string, status: HealthReport['status'], checks: Partial<HealthReport['checks']> = {}): HealthReport => ({
  endpointId,
  status,
  readiness: status === 'healthy' || status === 'degraded' ? 'ready' : 'not_ready',
  lastChecked: '2026-06-01T12:00:00.000Z',
  responseTime: 120,
  uptime: '1h 0m 0s',
  version: 'v1.0.0',
  check: 'detailed',
  checks: {
    api: { status: 'healthy', responseTime: 10, lastError: null },
    model: { status: 'healthy', loadTime: 100, memoryUsage: '10GB', lastInference: null, warnings: [] },
    ...checks,
  },
  issues: [],
  recoveryActions: [],
});

const batch = (reports: HealthReport[], errors: BatchHealth['errors'] = [], checkedAt = '2026-06-01T12:00:00.000Z'): BatchHealth => {
  const summary = emptySummary();
  summary.total = reports.length + errors.length;
  for (const r of reports) summary[r.status] += 1;
  summary.timedOut = errors.length;
  return { reports, errors, summary, checkedAt };
};

/** The failing checks of a report with these checks, as its row names them. */
const failingChecks = (checks: HealthReport['checks']) => healthRows(batch([{ ...report('ep', 'healthy'), checks }]), [])[0]!.failingChecks;

describe('batch health', () => {
  it('splits ids into batches of the route maximum, in order', () => {
    const ids = Array.from({ length: 250 }, (_, i) => `ep_${i}`);
    const batches = batchesOf(ids);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(batches.flat()).toEqual(ids);
    expect(batchesOf([])).toEqual([]);
  });

  it('merges answers: reports and errors joined, summaries added, the latest check time', () => {
    const a = batch([report('ep_a', 'healthy'), report('ep_b', 'degraded')], [], '2026-06-01T12:00:00.000Z');
    const b = batch([report('ep_c', 'error')], [], '2026-06-01T12:00:05.000Z');
    const merged = mergeBatches([a, b]);
    expect(merged.reports.map((r) => r.endpointId)).toEqual(['ep_a', 'ep_b', 'ep_c']);
    expect(merged.summary).toMatchObject({ total: 3, healthy: 1, degraded: 1, error: 1, unhealthy: 0 });
    expect(merged.checkedAt).toBe('2026-06-01T12:00:05.000Z');
  });

  it('names the failing checks with what they say, leaving unknown ones out', () => {
    const checks = report('ep_x', 'unhealthy', {
      api: { status: 'unhealthy', responseTime: 900, lastError: 'Upstream worker unavailable (502)' },
      model: { status: 'degraded', loadTime: 100, memoryUsage: '9GB', lastInference: null, warnings: ['KV cache evictions'] },
      dependencies: {
        status: 'unhealthy',
        services: [
          { name: 'object_store', status: 'unhealthy', responseTime: null, error: 'timed out after 5000 ms' },
          { name: 'cache', status: 'healthy', responseTime: 3, error: null },
        ],
      },
    }).checks;
    expect(failingChecks(checks)).toEqual([
      { name: 'API', status: 'unhealthy', detail: 'Upstream worker unavailable (502)' },
      { name: 'Model', status: 'degraded', detail: 'KV cache evictions' },
      { name: 'Dependencies', status: 'unhealthy', detail: 'object_store unhealthy: timed out after 5000 ms' },
    ]);
    expect(failingChecks(report('ep_s', 'stopped', { api: { status: 'unknown', responseTime: 0, lastError: null } }).checks)).toEqual([]);
  });

  it('lists every endpoint worst first, a timed-out check with what did not finish', () => {
    const timedOut: BatchHealth['errors'][number] = {
      endpointId: 'ep_t',
      error: 'HEALTH_CHECK_TIMEOUT',
      message: 'The health check took longer than 10 s',
      details: {
        timeout: 10,
        partialResults: { pendingChecks: ['inference'], checks: { model: { status: 'degraded', warnings: ['slow'] } } },
      },
    };
    const answer = batch(
      [
        report('ep_h', 'healthy'),
        report('ep_s', 'stopped'),
        report('ep_d', 'degraded'),
        report('ep_e', 'error'),
        report('ep_u', 'unhealthy'),
      ],
      [timedOut],
    );
    const order = ['ep_h', 'ep_s', 'ep_d', 'ep_e', 'ep_u', 'ep_t'];
    const rows = healthRows(answer, order);
    expect(rows.map((r) => [r.endpointId, r.status])).toEqual([
      ['ep_e', 'error'],
      ['ep_u', 'unhealthy'],
      ['ep_t', 'timed out'],
      ['ep_d', 'degraded'],
      ['ep_s', 'stopped'],
      ['ep_h', 'healthy'],
    ]);
    const t = rows.find((r) => r.endpointId === 'ep_t')!;
    expect(t.failure).toEqual({ message: 'The health check took longer than 10 s', pending: ['Inference'] });
    expect(t.failingChecks).toEqual([{ name: 'Model', status: 'degraded', detail: 'slow' }]);
    expect(needsAttention(rows)).toBe(4);
    // Each endpoint counted once, the timed-out one under timedOut only.
    expect(countRows(rows)).toEqual({ total: 6, healthy: 1, degraded: 1, unhealthy: 1, starting: 0, stopped: 1, error: 1, timedOut: 1 });
  });

  it('gives the strip its non-zero counts in reading order', () => {
    const summary = { ...emptySummary(), total: 7, healthy: 2, degraded: 1, unhealthy: 1, starting: 1, stopped: 1, error: 1, timedOut: 0 };
    expect(summaryParts(summary).map((p) => `${p.count} ${p.label}`)).toEqual([
      '2 healthy',
      '1 degraded',
      '1 unhealthy',
      '1 in error',
      '1 starting',
      '1 stopped',
    ]);
  });
});
