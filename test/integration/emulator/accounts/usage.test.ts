// Usage and costs (01-accounts.md, Usage objects; Usage and limits; docs/decisions.md, Usage and
// costs) over real HTTP: every figure adds up — a summary's total is its breakdown's and its
// detailed timeline's at every granularity, the costs route's services and breakdowns are its
// total, percentages are 100 — in UTC and in a zone whose days are not UTC days; a cluster's cost
// is what the cluster's own billing says and a job's what the job says; two reads agree; the past
// does not change when the clock moves on with a cluster stopped and a job finished.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../../main/emulator';
import { makeCall, OWNER, type Target } from '../harness';
import { loraJobBody, readyDataset } from '../training/file-emulator';

const HOUR = 3_600_000;
// Midday on a Monday; Europe/Paris leaves summer time on the Sunday four weeks later.
const START = new Date('2026-09-28T12:00:00.000Z');

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
/** Sums of amounts with two decimals, to the cent (floating sums of 0.01s drift in the last digits). */
const cents = (xs: readonly number[]) => Math.round(sum(xs.map((x) => Math.round(x * 100))));
const toCents = (x: number) => Math.round(x * 100);

describe('usage and costs (http)', () => {
  let emulator: Emulator;
  let call: Target['call'];
  const get = async (path: string) => {
    const r = await call('GET', path);
    expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(200);
    return r.body;
  };
  const advance = async (seconds: number) => {
    const r = await call('POST', '/_emulator/clock/advance', { body: { seconds } });
    expect(r.status).toBe(200);
  };

  beforeAll(async () => {
    // A clock that all but stands still: only advances move it, so reads of one moment agree.
    emulator = createEmulator({ seed: 42, ownerKey: OWNER, rateLimits: 'report', startTime: START, speed: 1e-9 });
    call = makeCall(fetch, await emulator.listen(0), OWNER);
  });
  afterAll(() => emulator.close());

  for (const timezone of ['UTC', 'Asia/Kolkata']) {
    it(`adds up: summary = breakdown = timeline at every granularity = costs, in ${timezone}`, async () => {
      for (const period of ['1d', '7d', '30d', '90d'] as const) {
        const summary = await get(`/v2/accounts/usage?period=${period}&timezone=${timezone}`);
        const total = toCents(summary.summary.totalCost);
        expect(total).toBeGreaterThan(0);
        const b = summary.breakdown;
        expect(cents([b.compute.cost, b.storage.cost, b.dataTransfer.cost, b.other.cost])).toBe(total);
        expect(sum([b.compute.percentage, b.storage.percentage, b.dataTransfer.percentage, b.other.percentage])).toBeCloseTo(100, 9);
        for (const granularity of ['hour', 'day', 'week']) {
          const d = await get(`/v2/accounts/usage/detailed?period=${period}&granularity=${granularity}&timezone=${timezone}`);
          expect(d.periodStart).toBe(summary.periodStart);
          expect(cents(d.timeline.map((e: { cost: number }) => e.cost))).toBe(total);
          expect(sum(d.timeline.map((e: { computeHours: number }) => e.computeHours))).toBeCloseTo(summary.summary.totalComputeHours, 6);
          expect(sum(d.timeline.map((e: { executions: number }) => e.executions))).toBe(summary.summary.totalEndpointExecutions);
          // Each GPU type's cost over the buckets: the compute the GPUs were billed.
          const gpuCost = d.timeline.flatMap((e: { resources: { gpu: Record<string, { cost: number }> } }) =>
            Object.values(e.resources.gpu).map((g) => g.cost),
          );
          expect(Math.abs(cents(gpuCost) - toCents(b.compute.cost))).toBeLessThanOrEqual(Object.keys(d.timeline[0].resources.gpu).length);
        }
        for (const breakdown of ['service', 'resource', 'region', 'team']) {
          const c = await get(`/v2/accounts/usage/costs?period=${period}&breakdown=${breakdown}&timezone=${timezone}`);
          expect(toCents(c.totalCost)).toBe(total);
          expect(cents(c.services.map((s: { cost: number }) => s.cost))).toBe(total);
          expect(cents(c.breakdown.items.map((s: { cost: number }) => s.cost))).toBe(total);
          expect(sum(c.breakdown.items.map((s: { percentage: number }) => s.percentage))).toBeCloseTo(100, 9);
        }
      }
    });
  }

  it("counts days in the account's time zone: a local day starts at the zone's midnight", async () => {
    const d = await get('/v2/accounts/usage/detailed?period=7d&granularity=day&timezone=Asia/Kolkata');
    expect(d.timeline).toHaveLength(7);
    // 00:00 in Kolkata (UTC+5:30) is 18:30 UTC the day before.
    for (const e of d.timeline.slice(1)) expect(e.date.slice(11, 16)).toBe('18:30');
    const utc = await get('/v2/accounts/usage/detailed?period=7d&granularity=day');
    expect(utc.timeline.slice(1).every((e: { date: string }) => e.date.slice(11, 16) === '00:00')).toBe(true);
  });

  it('converts at the written-down rates and keeps the sums in the currency', async () => {
    const usd = await get('/v2/accounts/usage/costs?period=30d');
    for (const [currency, rate] of [
      ['EUR', 0.92],
      ['JPY', 150],
    ] as const) {
      const c = await get(`/v2/accounts/usage/costs?period=30d&currency=${currency}`);
      expect(c.currency).toBe(currency);
      expect(c.exchangeRate).toBe(rate);
      expect(c.totalCost).toBeCloseTo(usd.totalCost * rate, currency === 'JPY' ? -1 : 0);
      if (currency === 'JPY') expect(Number.isInteger(c.totalCost)).toBe(true);
      const unit = currency === 'JPY' ? 1 : 100;
      expect(Math.round(sum(c.services.map((s: { cost: number }) => Math.round(s.cost * unit))))).toBe(Math.round(c.totalCost * unit));
    }
  });

  it('answers the same numbers on two reads of the same moment', async () => {
    for (const path of [
      '/v2/accounts/usage?period=90d',
      '/v2/accounts/usage/detailed?period=30d&granularity=hour',
      '/v2/accounts/usage/endpoints?period=7d',
    ]) {
      expect(await get(path)).toEqual(await get(path));
    }
  });

  it("bills a cluster's session what the cluster says, a job what the job says, and keeps the past when the clock moves on", async () => {
    // Into the next UTC day, so what follows happens within one local day ("1d").
    const clock = (await get('/_emulator/clock')).now as string;
    const midnight = Math.ceil(Date.parse(clock) / (24 * HOUR)) * 24 * HOUR;
    await advance((midnight + HOUR - Date.parse(clock)) / 1000);

    const clusters = (await get('/v1/clusters')).data.clusters as Array<{ id: string; name: string; status: string }>;
    const cluster = clusters.find((c) => c.status === 'running')!;
    const stopFirst = await call('POST', `/v1/clusters/${cluster.id}/stop`, { body: {} });
    expect(stopFirst.status, JSON.stringify(stopFirst.body)).toBe(200);
    await advance(1800);
    /** Today's compute cost of a resource (a cluster's snapshots are stored apart from its billing). */
    const costOf = async (id: string) => {
      const c = await get('/v2/accounts/usage/costs?period=1d&breakdown=resource');
      return (c.breakdown.items.find((i: { key: string }) => i.key === id)?.services.compute as number | undefined) ?? 0;
    };
    const beforeRestart = await costOf(cluster.id);
    const restarted = await call('POST', `/v1/clusters/${cluster.id}/restart`, { body: { restart_reason: 'usage test' } });
    // A stopped cluster's restart begins a new billing session.
    expect(restarted.status, JSON.stringify(restarted.body)).toBe(200);

    const datasetId = await readyDataset(call, 'support-chat-v3');
    const job = await call('POST', '/v2/training/jobs', {
      body: loraJobBody('usage-job', datasetId, 1),
    });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    await advance(2 * 3600);
    expect((await get(`/v2/training/jobs/${job.body.id}`)).status).toBe('completed');

    const c = (await get(`/v1/clusters/${cluster.id}`)).data;
    expect(Date.parse(c.cost.billing_started_at)).toBeGreaterThanOrEqual(midnight);
    expect(toCents(await costOf(cluster.id))).toBe(toCents(beforeRestart + c.cost.session_cost));
    const jobRead = await get(`/v2/training/jobs/${job.body.id}`);
    expect(await costOf(job.body.id)).toBeCloseTo(jobRead.resourceUsage.cost, 2);

    // The past, read before and after the clock moves on with a cluster stopped and the job finished.
    const past = async () => {
      const d = await get('/v2/accounts/usage/detailed?period=30d&granularity=day&resources=gpu,storage,transfer');
      return d.timeline.slice(0, -1);
    };
    const before = await past();
    const stopped = await call('POST', `/v1/clusters/${cluster.id}/stop`, { body: {} });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    await advance(24 * 3600);
    expect((await get(`/v1/clusters/${cluster.id}`)).data.status).toBe('stopped');
    const after = await get('/v2/accounts/usage/detailed?period=30d&granularity=day&resources=gpu,storage,transfer');
    // One day later the window starts a day later: the days both hold read the same.
    expect(after.timeline.slice(0, before.length - 1)).toEqual(before.slice(1));
  });

  it('states its projection: the month so far and the forecast of its rest, with an interval that holds the estimate', async () => {
    const d = await get('/v2/accounts/usage/detailed?period=30d');
    const p = d.projections;
    expect(p.confidence).toBe(0.8);
    expect(p.method).toMatch(/Least-squares line through the last 28 complete days/);
    expect(p.monthlyRange.low).toBeLessThanOrEqual(p.monthlyEstimate);
    expect(p.monthlyRange.high).toBeGreaterThan(p.monthlyEstimate);
    expect(p.forecast.length).toBeGreaterThan(0);
    for (const f of p.forecast) expect(f.low <= f.cost && f.cost <= f.high).toBe(true);
  });

  it('alerts: a cost alert crossed on the clock is triggered when it was, with the notifications it sent', async () => {
    const put = await call('PUT', '/v2/accounts/settings/billing', {
      body: {
        cost_alerts: [
          { threshold: 5000, period: 'monthly' },
          { threshold: 1, period: 'daily' },
          { threshold: 1e9, period: 'weekly' },
        ],
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await advance(3600);
    const { alerts, settings } = await get('/v2/accounts/usage/alerts');
    const daily = alerts.find((a: { id: string }) => a.id === 'alert_cost_1');
    expect(daily).toMatchObject({ type: 'cost', status: 'triggered', period: 'daily', threshold: 1 });
    expect(Date.parse(daily.triggeredAt)).toBeGreaterThanOrEqual(Date.parse(daily.periodStart));
    // The owner's email is on for cost alerts by default: the event's mail is the notification sent.
    expect(settings.emailNotifications).toBe(true);
    expect(daily.notificationsSent).toBeGreaterThanOrEqual(1);
    expect(alerts.find((a: { id: string }) => a.id === 'alert_cost_2')).toMatchObject({
      status: 'ok',
      triggeredAt: null,
      notificationsSent: 0,
    });
    // The spend the alert reads is the account's: today's cost in the daily alert is what the 1d summary says.
    const today = await get('/v2/accounts/usage?period=1d');
    expect(daily.current).toBeCloseTo(today.summary.totalCost, 1);
  });
});

describe('usage and costs: who may read it, and how often', () => {
  let emulator: Emulator;
  let call: Target['call'];
  let keys: Readonly<Record<string, string>>;
  beforeAll(async () => {
    emulator = createEmulator({ seed: 42, ownerKey: OWNER, startTime: START, speed: 1e-9 });
    call = makeCall(fetch, await emulator.listen(0), OWNER);
    keys = emulator.seededKeys;
  });
  afterAll(() => emulator.close());

  it('refuses a key without the billing scope with the scope it needs', async () => {
    for (const path of [
      '/v2/accounts/usage',
      '/v2/accounts/usage/detailed',
      '/v2/accounts/usage/costs',
      '/v2/accounts/usage/endpoints',
      '/v2/accounts/usage/alerts',
    ]) {
      const r = await call('GET', path, { key: keys.service });
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ error: 'INSUFFICIENT_PERMISSIONS', details: { requiredScope: 'billing' } });
    }
  });

  it('names the valid periods of each route with what it received', async () => {
    const summary = await call('GET', '/v2/accounts/usage?period=2y');
    expect(summary.status).toBe(400);
    expect(summary.body).toMatchObject({
      error: 'INVALID_PERIOD',
      details: { validPeriods: ['1d', '7d', '30d', '90d', '180d', '1y'], received: '2y' },
    });
    const detailed = await call('GET', '/v2/accounts/usage/detailed?period=180d');
    expect(detailed.body).toMatchObject({
      error: 'INVALID_PERIOD',
      details: { validPeriods: ['1d', '7d', '30d', '90d'], received: '180d' },
    });
    const costs = await call('GET', '/v2/accounts/usage/costs?currency=XYZ');
    expect(costs.status).toBe(400);
    expect(costs.body.error).toBe('VALIDATION_ERROR');
    const zone = await call('GET', '/v2/accounts/usage?timezone=Mars/Olympus');
    expect(zone.status).toBe(400);
  });

  it("stops the 101st usage read in an hour with the usage API's limit", async () => {
    // Its own emulator: the reads above count against the same hour.
    const fresh = createEmulator({ seed: 42, ownerKey: OWNER, startTime: START, speed: 1e-9 });
    try {
      const read = makeCall(fetch, await fresh.listen(0), OWNER);
      for (let i = 0; i < 100; i++) expect((await read('GET', '/v2/accounts/usage/alerts')).status, `read ${i + 1}`).toBe(200);
      const refused = await read('GET', '/v2/accounts/usage?period=7d');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: 'RATE_LIMIT_EXCEEDED', details: { limit: 100, period: '1h' } });
    } finally {
      await fresh.close();
    }
  });
});
