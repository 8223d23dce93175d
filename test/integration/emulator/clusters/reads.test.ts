// GET /v1/clusters and /v1/clusters/{id}: every seeded status, filters, metrics, 404s, the
// `starting` → `running` transition in simulated time, and what every response carries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterResponse, ListClustersResponse } from '../../../../shared/api/clusters/cluster';
import { ClusterStatus } from '../../../../shared/api/clusters/common';
import { errorOf, startClusters, type ClusterTarget } from './harness';

let t: ClusterTarget;
beforeAll(async () => (t = await startClusters()));
afterAll(() => t.close());

describe('cluster reads', () => {
  it('lists clusters in every status the document names, in the documented shape', async () => {
    const r = await t.call('GET', '/v1/clusters');
    expect(r.status).toBe(200);
    const body = ListClustersResponse.parse(r.body);
    expect(new Set(body.data.clusters.map((c) => c.status))).toEqual(new Set(ClusterStatus.options));
    expect(new Set(body.data.clusters.map((c) => c.gpu.type)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(body.data.clusters.map((c) => c.gpu.count)).size).toBeGreaterThanOrEqual(3);
    expect(body.meta.request_id).toBe(r.headers.get('x-request-id'));
    expect(r.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    const running = body.data.clusters.find((c) => c.status === 'running')!;
    expect(running.uptime_seconds).toBeGreaterThan(0);
    expect(running.project_info.team_members.every((id) => id.startsWith('usr_'))).toBe(true);
    expect(running.network.port_mappings[0]!.url).toBe(`${running.network.proxy_url}:${running.network.port_mappings[0]!.external_port}`);
    expect(body.data.clusters.some((c) => c.storage.snapshots.length > 0)).toBe(true);
    expect(body.data.clusters.every((c) => c.metrics === undefined)).toBe(true);
    // Transitional clusters carry their progress; settled ones do not.
    for (const c of body.data.clusters) expect(c.lifecycle !== undefined).toBe(c.status === 'stopping' || c.status === 'restarting');
  });

  it('filters by status and project, and adds metrics on request', async () => {
    const stopped = await t.call('GET', '/v1/clusters?status=stopped');
    expect(stopped.body.data.clusters.map((c: { status: string }) => c.status)).toEqual(['stopped']);
    const research = await t.call('GET', '/v1/clusters?project_id=proj_research');
    expect(research.body.data.clusters.length).toBeGreaterThan(1);
    expect(research.body.data.clusters.every((c: { project_id: string }) => c.project_id === 'proj_research')).toBe(true);
    const withMetrics = ListClustersResponse.parse((await t.call('GET', '/v1/clusters?include_metrics=true')).body);
    for (const c of withMetrics.data.clusters) {
      expect(c.metrics!.current.gpu_utilization).toBeGreaterThanOrEqual(0);
      if (c.status === 'stopped') expect(c.metrics!.current.gpu_utilization).toBe(0);
      if (c.status === 'running') expect(c.metrics!.current.gpu_utilization).toBeGreaterThan(0);
    }
    const bad = await t.call('GET', '/v1/clusters?status=paused');
    expect(errorOf(bad)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: { field: 'status' } });
    expect(bad.body.success).toBe(false);
    expect(bad.body.meta.request_id).toMatch(/^req_/);
  });

  it('reads one cluster, and answers CLUSTER_NOT_FOUND for unknown and malformed ids', async () => {
    const first = await t.cluster('inference-api');
    const r = await t.call('GET', `/v1/clusters/${first.id}`);
    expect(ClusterResponse.parse(r.body).data.id).toBe(first.id);
    expect(errorOf(await t.call('GET', '/v1/clusters/cluster_doesNotExist'))).toMatchObject({
      status: 404,
      code: 'CLUSTER_NOT_FOUND',
      details: { cluster_id: 'cluster_doesNotExist' },
    });
    expect(errorOf(await t.call('GET', '/v1/clusters/not-a-cluster-id'))).toMatchObject({ status: 404, code: 'CLUSTER_NOT_FOUND' });
  });

  it('brings a starting cluster up after three minutes of simulated time', async () => {
    const starting = await t.cluster('ci-smoke-tests');
    expect(starting.status).toBe('starting');
    expect(starting.uptime_seconds).toBe(0);
    await t.advance(180);
    const after = (await t.call('GET', `/v1/clusters/${starting.id}`)).body.data;
    expect(after.status).toBe('running');
    expect(after.uptime_seconds).toBeGreaterThan(0);
  });
});

describe('cluster envelope and the pipeline', () => {
  it('keeps 401/403 in the account shape with a request id, and X-RateLimit headers', async () => {
    const none = await t.call('GET', '/v1/clusters', { key: null });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: 'UNAUTHORIZED', code: 401 });
    expect(none.body.meta.request_id).toBe(none.headers.get('x-request-id'));
    expect(none.headers.get('x-ratelimit-window')).toBe('3600');
    // The execute key has no clusters scope; the read-only key lacks write.
    const scope = await t.call('GET', '/v1/clusters', { key: t.keys.execute });
    expect(scope.body).toMatchObject({ error: 'INSUFFICIENT_PERMISSIONS', code: 403, details: { requiredScope: 'clusters' } });
    const c = await t.cluster('llm-pretraining');
    const write = await t.call('POST', `/v1/clusters/${c.id}/stop`, { key: t.keys.readOnly, body: {} });
    expect(write.body).toMatchObject({ error: 'FORBIDDEN', code: 403, required_permission: 'clusters:write' });
    expect(write.body.meta.request_id).toMatch(/^req_/);
  });

  it('answers body and route errors under /v1/clusters in the cluster envelope', async () => {
    const c = await t.cluster('llm-pretraining');
    const json = await t.call('POST', `/v1/clusters/${c.id}/stop`, { raw: '{"force":' });
    expect(errorOf(json)).toMatchObject({ status: 400, code: 'INVALID_JSON' });
    const unknown = await t.call('GET', `/v1/clusters/${c.id}/nothing-here`);
    expect(errorOf(unknown)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const method = await t.call('PATCH', `/v1/clusters/${c.id}/proxy`, { body: {} });
    expect(errorOf(method)).toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED' });
    const extra = await t.call('PUT', `/v1/clusters/${c.id}/proxy`, { body: { bogus: 1 } });
    expect(errorOf(extra)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: { field: 'bogus' } });
  });
});
