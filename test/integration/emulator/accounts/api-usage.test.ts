// API usage analytics (01-accounts.md, Usage and limits: GET /v2/analytics/api-usage; docs/decisions.md,
// API usage analytics) over real HTTP: a fresh CLI answers known requests, and the analytics count
// exactly those, per route template, status class and key; periods on the simulated clock; the
// boost's limits before and after; the figures across a restart on the same data folder.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, keyIdOf, makeCall, OWNER, overHttp, startCli, type Reply, type Target } from '../harness';

type Route = {
  kind: string;
  method: string | null;
  path: string | null;
  operationId: string | null;
  requests: number;
  byStatus: Record<string, number>;
};

const routeOf = (r: Reply, method: string | null, path: string | null): Route | undefined =>
  (r.body.routes as Route[]).find((x) => x.method === method && x.path === path);

const statuses = (byStatus: Record<string, number>) => ({ '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, ...byStatus });

describe('GET /v2/analytics/api-usage', () => {
  let t: Target;
  beforeAll(async () => {
    t = await overHttp();
  }, 60_000);
  afterAll(() => t.close());

  it('counts exactly the requests answered, per route template, status class and key', async () => {
    for (let i = 0; i < 3; i++) expect((await t.call('GET', '/v2/accounts/api-keys')).status).toBe(200);
    expect((await t.call('GET', '/v2/accounts/api-keys', { key: null })).status).toBe(401);
    for (const id of ['usr_nope1', 'usr_nope2']) expect((await t.call('GET', `/v2/accounts/team/members/${id}`)).status).toBe(404);
    expect((await t.call('GET', '/v2/no-such/route')).status).toBe(404);
    for (let i = 0; i < 2; i++) expect((await t.call('GET', '/v2/auth/verify', { key: t.keys.readOnly })).status).toBe(200);

    const r = await t.call('GET', '/v2/analytics/api-usage?period=24h');
    expect(r.status).toBe(200);
    expect(r.body.period).toBe('24h');
    expect(r.body.granularity).toBe('hour');
    expect(r.body.totals).toMatchObject({ requests: 9, byStatus: statuses({ '2xx': 5, '4xx': 4 }), errorRate: 0.4444 });
    expect(r.body.routes).toHaveLength(4);
    expect(routeOf(r, 'GET', '/v2/accounts/api-keys')).toMatchObject({
      kind: 'route',
      operationId: 'apiKeys.list',
      requests: 4,
      byStatus: statuses({ '2xx': 3, '4xx': 1 }),
    });
    // The template, never the ids requested.
    expect(routeOf(r, 'GET', '/v2/accounts/team/members/:user_id')).toMatchObject({ requests: 2, byStatus: statuses({ '4xx': 2 }) });
    expect(JSON.stringify(r.body)).not.toContain('usr_nope');
    expect(JSON.stringify(r.body)).not.toContain('no-such');
    expect(routeOf(r, 'GET', null)).toMatchObject({ kind: 'unmatched', operationId: null, requests: 1, byStatus: statuses({ '4xx': 1 }) });
    expect(routeOf(r, 'GET', '/v2/auth/verify')).toMatchObject({ requests: 2, byStatus: statuses({ '2xx': 2 }) });

    expect(r.body.keys).toEqual([
      { kind: 'key', keyId: keyIdOf(OWNER), name: expect.any(String), requests: 6, errorRate: 0.5 },
      { kind: 'key', keyId: keyIdOf(t.keys.readOnly!), name: 'Dashboard (read-only)', requests: 2, errorRate: 0 },
      { kind: 'anonymous', keyId: null, name: null, requests: 1, errorRate: 1 },
    ]);
    expect(JSON.stringify(r.body)).not.toContain(t.keys.readOnly);

    expect(r.body.timeline).toHaveLength(24);
    expect(r.body.timeline.reduce((n: number, p: { requests: number }) => n + p.requests, 0)).toBe(9);
    expect(Date.parse(r.body.periodEnd) - Date.parse(r.body.periodStart)).toBeLessThanOrEqual(24 * 3_600_000);

    for (const row of [r.body.totals, ...r.body.routes]) {
      const { p50, p95, p99 } = row.latencyMs;
      expect(p50).toBeGreaterThan(0);
      expect(p50).toBeLessThanOrEqual(p95);
      expect(p95).toBeLessThanOrEqual(p99);
    }

    // The read itself is counted once answered, against the usage API's hourly 100.
    expect(r.headers.get('x-ratelimit-resource')).toBe('usage-api');
    const again = await t.call('GET', '/v2/analytics/api-usage');
    expect(routeOf(again, 'GET', '/v2/analytics/api-usage')).toMatchObject({ operationId: 'analytics.apiUsage', requests: 1 });
    expect(again.body.totals.requests).toBe(10);
  });

  it('answers 400 INVALID_PERIOD with the valid periods and what was received', async () => {
    const r = await t.call('GET', '/v2/analytics/api-usage?period=1y');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: 'INVALID_PERIOD',
      message: expect.any(String),
      details: { validPeriods: ['24h', '7d', '30d'], received: '1y' },
    });
  });

  it('refuses a key without the accounts scope (403) and a request without a key (401)', async () => {
    const r = await t.call('GET', '/v2/analytics/api-usage', { key: t.keys.service });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('INSUFFICIENT_PERMISSIONS');
    expect(r.body.details).toMatchObject({ requiredScope: 'accounts' });
    expect((await t.call('GET', '/v2/analytics/api-usage', { key: null })).status).toBe(401);
  });

  it('answers an admin’s key, and refuses a developer’s: reading accounts is the owner’s and admins’', async () => {
    expect((await t.call('GET', '/v2/analytics/api-usage', { key: t.keys.admin })).status).toBe(200);
    const r = await t.call('GET', '/v2/analytics/api-usage', { key: t.keys.developer });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('INSUFFICIENT_PERMISSIONS');
  });

  it('cuts periods on the simulated clock: hours for 24h and 7d, UTC days for 30d', async () => {
    const before = (await t.call('GET', '/v2/analytics/api-usage?period=7d')).body;
    await advanceClock(t.call, 2 * 86_400);
    const day = (await t.call('GET', '/v2/analytics/api-usage?period=24h')).body;
    // Two simulated days later, the last 24 hours hold nothing (the advance is counted when it began).
    expect(day.totals).toMatchObject({ requests: 0, latencyMs: null });
    expect(day.routes).toEqual([]);
    const week = (await t.call('GET', '/v2/analytics/api-usage?period=7d')).body;
    expect(week.timeline).toHaveLength(168);
    // The week holds what it held, the read of it, the advance and the 24h read.
    expect(week.totals.requests).toBe(before.totals.requests + 3);
    expect(routeOf({ body: week } as Reply, 'POST', '/_emulator/clock/advance')).toMatchObject({ operationId: null, requests: 1 });
    const month = (await t.call('GET', '/v2/analytics/api-usage?period=30d')).body;
    expect(month.granularity).toBe('day');
    expect(month.timeline).toHaveLength(30);
    expect(month.timeline.every((p: { start: string }) => p.start.endsWith('T00:00:00.000Z'))).toBe(true);
    expect(month.totals.requests).toBe(week.totals.requests + 1);
    expect(month.timeline.reduce((n: number, p: { requests: number }) => n + p.requests, 0)).toBe(month.totals.requests);
  });

  it('shows the limits a boost raised from (base_limits) in the rate-limit status', async () => {
    const boost = await t.call('POST', '/v2/auth/temporary-boost', { body: { multiplier: 2, duration: '2h', reason: 'load test' } });
    expect(boost.status).toBe(201);
    const r = await t.call('GET', '/v2/auth/rate-limits');
    const { base_limits: base } = r.body.boost;
    expect(r.body.limits.read_operations.limit).toBe(Math.floor(base.read_operations * 2));
    expect(boost.body.boost.limits).toEqual({
      read_operations: Math.floor(base.read_operations * 2),
      write_operations: Math.floor(base.write_operations * 2),
      ai_services: Math.floor(base.ai_services * 2),
    });
  });
});

describe('API usage analytics across a restart', () => {
  it('answers the same figures after the emulator is started again on its data folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gpc-api-usage-'));
    const first = await startCli(['--port', '0', '--data', dir, '--owner-key', OWNER]);
    const call1 = makeCall((r) => fetch(r), first.url, OWNER);
    for (let i = 0; i < 3; i++) expect((await call1('GET', '/v2/accounts/team/members')).status).toBe(200);
    expect((await call1('GET', '/v2/accounts/team/members/usr_gone')).status).toBe(404);
    const before = await call1('GET', '/v2/analytics/api-usage');
    expect(await first.stop()).toBe(0);

    const second = await startCli(['--port', '0', '--data', dir, '--owner-key', OWNER]);
    try {
      const after = await makeCall((r) => fetch(r), second.url, OWNER)('GET', '/v2/analytics/api-usage');
      expect(routeOf(after, 'GET', '/v2/accounts/team/members')).toEqual(routeOf(before, 'GET', '/v2/accounts/team/members'));
      expect(routeOf(after, 'GET', '/v2/accounts/team/members/:user_id')).toMatchObject({ requests: 1, byStatus: statuses({ '4xx': 1 }) });
      // Everything before, and the read that answered it.
      expect(after.body.totals.requests).toBe(before.body.totals.requests + 1);
    } finally {
      await second.stop();
    }
  }, 60_000);
});
