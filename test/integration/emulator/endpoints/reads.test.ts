// GET /v2/endpoints and /v2/endpoints/{id} (03-endpoints-training.md, Endpoint configuration):
// the seeded endpoints in every health state, traffic that follows the clock, 404s and keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startEndpoints, type EndpointTarget } from './harness';

let t: EndpointTarget;
beforeAll(async () => {
  t = await startEndpoints();
});
afterAll(() => t.close());

describe('endpoint reads', () => {
  it('lists the seeded endpoints, one or more in every health state', async () => {
    const r = await t.call('GET', '/v2/endpoints');
    expect(r.status).toBe(200);
    const byStatus = new Map<string, string[]>();
    for (const e of r.body.endpoints) byStatus.set(e.status, [...(byStatus.get(e.status) ?? []), e.name]);
    expect([...byStatus.keys()].sort()).toEqual(['degraded', 'error', 'healthy', 'starting', 'stopped', 'unhealthy']);
    for (const e of r.body.endpoints) {
      expect(e.id).toMatch(/^ep_[A-Za-z0-9]+$/);
      expect(e.url).toBe(`/v2/${e.id}/runsync`);
    }
  });

  it('reads one endpoint, with its configuration and readiness', async () => {
    const llama = await t.endpoint('llama3-70b-chat');
    const r = await t.call('GET', `/v2/endpoints/${llama.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: llama.id, name: 'llama3-70b-chat', status: 'healthy', readiness: 'ready', rollout: null });
    expect(r.body.configuration).toMatchObject({ workerCount: 4, maxConcurrency: 8, autoScaling: { enabled: true } });
  });

  it('drives metrics from the simulated traffic: busy endpoints serve, stopped ones do not, and the day moves the rate', async () => {
    const llama = await t.endpoint('llama3-70b-chat');
    const stopped = await t.endpoint('starcoder-nightly');
    const unhealthy = await t.endpoint('bge-embeddings');
    expect(llama.metrics.requestsLastHour).toBeGreaterThan(1000);
    expect(llama.activeRequests).toBeGreaterThan(0);
    expect(stopped.metrics).toEqual({ requestsLastHour: 0, averageLatency: 0, errorRate: 0, successRate: 100 });
    expect(unhealthy.metrics.errorRate).toBeGreaterThan(15);
    // The same moment reads the same figures; twelve hours later the daily curve is elsewhere.
    expect((await t.endpoint('llama3-70b-chat')).metrics).toEqual(llama.metrics);
    await t.advance(12 * 3600);
    const later = await t.endpoint('llama3-70b-chat');
    expect(later.metrics.requestsLastHour).not.toBe(llama.metrics.requestsLastHour);
  });

  it('answers ENDPOINT_NOT_FOUND for an unknown or malformed id', async () => {
    for (const id of ['ep_doesNotExist', 'not-an-id']) {
      const r = await t.call('GET', `/v2/endpoints/${id}`);
      expect(errorOf(r)).toMatchObject({ status: 404, code: 'ENDPOINT_NOT_FOUND', details: { endpointId: id } });
      expect(r.body.details.suggestion).toMatch(/GET \/v2\/endpoints/);
    }
  });

  it('needs the endpoints scope', async () => {
    expect((await t.call('GET', '/v2/endpoints', { key: t.keys.readOnly })).status).toBe(200);
    const created = await t.call('POST', '/v2/accounts/api-keys', {
      body: { name: 'clusters only', permissions: ['read'], scopes: ['clusters'] },
    });
    const r = await t.call('GET', '/v2/endpoints', { key: created.body.key });
    expect(errorOf(r)).toMatchObject({ status: 403, code: 'INSUFFICIENT_PERMISSIONS', details: { requiredScope: 'endpoints' } });
  });
});
