// The reads that moved from views' hooks into their feature's store (issue 17: views reach data
// through stores only) ask the API what the hooks asked, and answer what the hooks showed.
import { beforeEach, describe, expect, it } from 'vitest';
import { setBridge, type RendererBridge } from '../../../renderer/src/bridge/index';
import { useClusters } from '../../../renderer/src/features/clusters/clusters/clusters-store';
import { useEndpoints } from '../../../renderer/src/features/endpoints/endpoints-store';
import { useExperiments } from '../../../renderer/src/features/training/experiments/experiments-store';
import { useJobs } from '../../../renderer/src/features/training/jobs/jobs-store';

type Call = { op: string; input: unknown };
let calls: Call[] = [];

function fakeBridge(answer: (call: Call) => unknown): void {
  setBridge({
    mode: 'web',
    connection: { state: 'open', onStateChange: () => () => {} },
    subscribe: () => () => {},
    invoke: async (_channel: string, request: Call) => {
      calls.push({ op: request.op, input: request.input });
      return { status: 200, rateLimit: null, data: answer(request) };
    },
  } as unknown as RendererBridge);
}

describe('reads through the stores', () => {
  beforeEach(() => {
    calls = [];
  });

  it('jobs: the ready datasets, by name, a page of 100', async () => {
    fakeBridge(() => ({ datasets: [{ id: 'ds_1' }] }));
    const datasets = await useJobs.getState().readyDatasets();
    expect(datasets).toEqual([{ id: 'ds_1' }]);
    expect(calls).toEqual([
      { op: 'training.datasets.list', input: { query: { status: 'ready', limit: 100, sort: 'name', order: 'asc' } } },
    ]);
  });

  it("experiments: a comparison of runs, and a job's metrics from a step", async () => {
    fakeBridge((call) => (call.op === 'training.experiments.compare' ? { comparison: { runs: [] } } : { status: 'running', points: [] }));
    const body = { runs: ['run_a', 'run_b'], metrics: ['loss' as const] };
    expect(await useExperiments.getState().compare('exp_1', body)).toEqual({ runs: [] });
    expect(await useExperiments.getState().jobMetrics('job_1', 41, 2000)).toEqual({ status: 'running', points: [] });
    expect(calls).toEqual([
      { op: 'training.experiments.compare', input: { params: { experiment_id: 'exp_1' }, body } },
      { op: 'training.jobs.metrics', input: { params: { job_id: 'job_1' }, query: { from_step: 41, points: 2000 } } },
    ]);
  });

  it("clusters: a cluster's metrics history between two times", async () => {
    fakeBridge(() => ({ success: true, data: { data_points: [{ timestamp: 't' }] } }));
    const start = Date.parse('2026-11-27T00:00:00Z');
    const points = await useClusters.getState().metricsHistory('cl_1', { start, end: start + 60_000, interval: '1m' });
    expect(points).toEqual([{ timestamp: 't' }]);
    expect(calls).toEqual([
      {
        op: 'clusters.metrics.historical',
        input: {
          params: { cluster_id: 'cl_1' },
          query: { start_time: '2026-11-27T00:00:00.000Z', end_time: '2026-11-27T00:01:00.000Z', interval: '1m' },
        },
      },
    ]);
  });

  it("endpoints: a range's analytics from one aggregate and one search of its errors", async () => {
    const timeRange = { start: '2026-11-27T00:00:00.000Z', end: '2026-11-27T01:00:00.000Z' };
    fakeBridge((call) =>
      call.op === 'endpoints.logs.aggregate'
        ? {
            timeRange,
            aggregations: {
              by_source: [
                { source: 'a', count: 1 },
                { source: 'b', count: 3 },
              ],
              total: [{ count: 4, unique_jobs: 2, avg_duration: 1, p95_duration: 2 }],
            },
          }
        : { logs: [{ timestamp: timeRange.start, level: 'error', message: 'Model load retry 3 failed' }], total: 7 },
    );
    const analytics = await useEndpoints.getState().logAnalytics('ep_1', '1h');
    expect(calls.map((c) => c.op)).toEqual(['endpoints.logs.aggregate', 'endpoints.logs.search']);
    expect(analytics).toMatchObject({
      range: '1h',
      timeRange,
      sources: [
        { source: 'b', count: 3 },
        { source: 'a', count: 1 },
      ],
      total: { count: 4, unique_jobs: 2 },
      errorTotal: 7,
      errorsGrouped: 1,
    });
    expect(analytics.errors).toHaveLength(1);
  });
});
