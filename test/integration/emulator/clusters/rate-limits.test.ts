// The cluster area's endpoint-specific limits (01-accounts.md, Limits: GET 1000, POST 20,
// PUT 100, DELETE 20 per hour), combined with the tier limits: the strictest wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClusters, type ClusterTarget } from './harness';

let t: ClusterTarget;
let id: string;
beforeAll(async () => {
  // Starts on an hour boundary: the whole test stays in one rate-limit window.
  t = await startClusters({ rateLimits: 'enforce', startTime: new Date('2026-06-01T00:00:00Z') });
  id = (await t.cluster('inference-api')).id;
});
afterAll(() => t.close());

describe('cluster rate limits', () => {
  it('reports the binding bucket: PUT 100 is stricter than the pro tier write limit (200)', async () => {
    const put = await t.call('PUT', `/v1/clusters/${id}/proxy`, { body: { websocket_support: true } });
    expect(put.status).toBe(200);
    expect(put.headers.get('x-ratelimit-limit')).toBe('100');
    expect(put.headers.get('x-ratelimit-remaining')).toBe('99');
    const del = await t.call('DELETE', `/v1/clusters/${id}/secrets/NOPE`);
    expect(del.headers.get('x-ratelimit-limit')).toBe('20');
  });

  it('refuses the 21st POST of the hour with 429 in the account shape, and opens a new window an hour later', async () => {
    for (let i = 0; i < 20; i++) {
      const r = await t.call('POST', `/v1/clusters/${id}/secrets`, { body: { name: `S${i}`, type: 'generic', value: 'v' } });
      expect(r.status).toBe(201);
    }
    const limited = await t.call('POST', `/v1/clusters/${id}/secrets`, { body: { name: 'S20', type: 'generic', value: 'v' } });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED', code: 429, details: { limit: 20, period: '1h', remaining: 0 } });
    expect(limited.body.meta.request_id).toBe(limited.headers.get('x-request-id'));
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('20');
    // Reads are not affected by the POST bucket.
    expect((await t.call('GET', `/v1/clusters/${id}/secrets/S0`)).status).toBe(200);
    await t.advance(3600);
    expect((await t.call('POST', `/v1/clusters/${id}/secrets`, { body: { name: 'S20', type: 'generic', value: 'v' } })).status).toBe(201);
  });
});
