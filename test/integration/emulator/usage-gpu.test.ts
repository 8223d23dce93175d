// GPU usage and idle GPU money over real HTTP (01-accounts.md, Usage and limits: GET
// /v2/accounts/usage/gpu; the idle-GPU addition; docs/decisions.md, Usage and costs (issue 21):
// GPU usage, Idle GPU money): the billing scope and INVALID_PERIOD; each GPU type's totals are the
// sums of its days and agree with the one collecting pass over the same period; includeMetrics;
// an idle cluster's idle money within what it was paid; a higher threshold never answers less idle;
// a stop ends a cluster's paid hours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../main/emulator';
import { collect, spanUnits, total } from '../../../main/emulator/areas/accounts/usage/collect';
import { Money, round } from '../../../main/emulator/areas/accounts/usage/money';
import { bucketBounds, usageWindow } from '../../../main/emulator/areas/accounts/usage/window';
import { AREAS } from '../../../main/emulator/areas';
import type { EmulatorContext } from '../../../main/emulator/core/context';
import { spentUsd } from '../../../main/emulator/core/metering';
import { USAGE_PERIODS, type GpuUsageEntry, type IdleCluster, type UsagePeriod } from '../../../shared/api/accounts/usage';
import { contextTap } from '../../support/context-tap';
import { advanceClock, makeCall, OWNER, type Target } from './harness';

const HOUR = 3_600_000;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('GPU usage and idle GPU money (http)', () => {
  let emulator: Emulator;
  let ctx: EmulatorContext;
  let call: Target['call'];
  const gpu = async (query: string) => {
    const r = await call('GET', `/v2/accounts/usage/gpu${query}`);
    expect(r.status).toBe(200);
    return r.body as { periodStart: string; periodEnd: string; timezone: string; currency: string; gpuUsage: GpuUsageEntry[] };
  };
  const idle = async (query: string) => {
    const r = await call('GET', `/v2/accounts/usage/idle-gpus${query}`);
    expect(r.status).toBe(200);
    return r.body as { periodStart: string; periodEnd: string; totalIdleCost: number; totalIdleHours: number; clusters: IdleCluster[] };
  };

  beforeAll(async () => {
    // A clock that all but stands still (a simulated microsecond per real second): the figures read
    // over HTTP are of the same moment as the collecting pass run beside them.
    // A fixed start: the figures compared are of one known moment, not of whenever the test runs;
    // early in a UTC day, so the clock's advances below stay within it (a 7-day window keeps its start).
    emulator = createEmulator({
      seed: 42,
      ownerKey: OWNER,
      speed: 1e-6,
      startTime: new Date('2026-11-27T03:20:00.000Z'),
      areas: [...AREAS, contextTap((c) => (ctx = c))],
    });
    call = makeCall(fetch, await emulator.listen(0), OWNER);
  });
  afterAll(() => emulator.close());

  it('needs the billing scope, and answers INVALID_PERIOD with the valid periods and what was sent', async () => {
    const keys = emulator.seededKeys;
    for (const path of ['/v2/accounts/usage/gpu', '/v2/accounts/usage/idle-gpus']) {
      // The service key reads clusters and endpoints, not billing.
      const denied = await call('GET', path, { key: keys.service });
      expect(denied.status).toBe(403);
      expect(denied.body).toMatchObject({ error: 'INSUFFICIENT_PERMISSIONS', details: { requiredScope: 'billing' } });
      expect((await call('GET', path, { key: keys.readOnly })).status).toBe(200);

      const bad = await call('GET', `${path}?period=2w`);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: 'INVALID_PERIOD', details: { validPeriods: [...USAGE_PERIODS], received: '2w' } });
    }
    const threshold = await call('GET', '/v2/accounts/usage/idle-gpus?threshold=90');
    expect(threshold.status).toBe(400);
    expect(threshold.body.error).toBe('VALIDATION_ERROR');
  });

  it.each([
    ['7d', ''],
    ['30d', '&timezone=Asia/Kolkata'],
    ['90d', '&timezone=America/New_York'],
  ] as Array<[UsagePeriod, string]>)(
    "%s%s: each GPU type's totals are the sums of its days, and agree with the collecting pass",
    async (period, tz) => {
      const body = await gpu(`?period=${period}${tz}`);
      expect(body.gpuUsage.length).toBeGreaterThan(1);
      const money = new Money(body.currency as 'USD');
      const days = bucketBounds(usageWindow(period, Date.parse(body.periodEnd), body.timezone), 'day');
      expect(new Date(days[0]!).toISOString()).toBe(body.periodStart);
      const collected = collect(ctx, days);
      // The types that ran in the period (collect's series also carry what ran before it).
      const ran = [...collected.byGpu].filter(([, g]) => total(g.hours) > 0).map(([type]) => type);
      expect(body.gpuUsage.map((g) => g.gpuType).sort()).toEqual(ran.sort());
      for (const g of body.gpuUsage) {
        expect(g.usage).toHaveLength(days.length - 1);
        expect(g.usage.map((d) => Date.parse(d.date))).toEqual(days.slice(0, -1));
        expect(round(sum(g.usage.map((d) => d.cost)))).toBe(g.totalCost);
        expect(round(sum(g.usage.map((d) => d.hours)))).toBe(g.totalHours);
        const c = collected.byGpu.get(g.gpuType)!;
        // The span's figures as every usage read rounds them: on the running totals (money.ts).
        expect(g.totalCost).toBe(money.amount(spanUnits(c.usd, (v) => money.units(v))));
        expect(g.totalHours).toBe(spanUnits(c.hours, (v) => Math.round(v * 100)) / 100);
        expect(g.totalHours).toBeCloseTo(total(c.hours), 1);
        // Every type ran some session; a day with GPU-hours had one.
        expect(g.sessions).toBeGreaterThan(0);
        expect(g.averageSessionDuration).toBeGreaterThan(0);
        for (const d of g.usage) if (d.hours > 0) expect(d.sessions).toBeGreaterThan(0);
        expect(g.performance).toBeUndefined();
      }
      // Utilisation where clusters measured it; none for a type only endpoints or jobs ran.
      const measured = body.gpuUsage.filter((g) => g.averageUtilization !== null);
      expect(measured.length).toBeGreaterThan(0);
      for (const g of measured) {
        expect(g.peakUtilization!).toBeGreaterThanOrEqual(g.averageUtilization!);
        const days = g.usage.filter((d) => d.utilization !== null).map((d) => d.utilization!);
        expect(Math.max(...days)).toBeLessThanOrEqual(g.peakUtilization! + 0.1);
      }
    },
  );

  it("a running cluster's last complete hours read as its metrics route shows them", async () => {
    const clusters = (await call('GET', '/v1/clusters')).body.data.clusters as Array<{ id: string; status: string }>;
    const running = clusters.filter((c) => c.status === 'running');
    expect(running.length).toBeGreaterThan(2);
    const now = Date.parse((await call('GET', '/_emulator/clock')).body.now);
    // The hours of a 1d period in UTC: whole UTC hours from midnight (the week's, just after it),
    // the last one the current hour.
    const hours = bucketBounds(usageWindow(now % 86_400_000 < 3 * HOUR ? '7d' : '1d', now, 'UTC'), 'hour');
    const activity = [...ctx.gpuActivity(hours)];
    let compared = 0;
    for (const c of running) {
      const a = activity.find((x) => x.resource.id === c.id)!;
      // The two hours before the current one: complete, so the route's mean is of all 60 minutes
      // (the current hour's few samples carry more sampling error than the point allowed here).
      for (const h of [hours.length - 4, hours.length - 3]) {
        const k = Array.from(a.hours).indexOf(h);
        const q = `start_time=${new Date(hours[h]!).toISOString()}&end_time=${new Date(hours[h + 1]!).toISOString()}&interval=1h`;
        const r = await call('GET', `/v1/clusters/${c.id}/metrics/historical?${q}`);
        expect(r.status).toBe(200);
        const point = r.body.data.data_points[0];
        // The route's hour is the mean of its minute samples; the hour's integral is within a point of
        // it (a cluster up for part of the hour is billed for all of its time: skipped).
        if (k < 0 || !point || point.samples < 60 || a.gpuHours[k]! < a.gpus - 1e-9) continue;
        const perGpu = Object.values(point.gpu.utilization as Record<string, number>);
        expect(Math.abs(a.utilization[k]! - sum(perGpu) / perGpu.length)).toBeLessThan(1);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(2);
  });

  it('adds memory, temperature and efficiency with includeMetrics=true', async () => {
    const plain = await gpu('?period=30d');
    const withMetrics = await gpu('?period=30d&includeMetrics=true');
    expect(withMetrics.gpuUsage.map(({ performance: _, ...g }) => g)).toEqual(plain.gpuUsage);
    for (const g of withMetrics.gpuUsage) {
      expect(g.performance).toBeDefined();
      if (g.averageUtilization === null)
        expect(g.performance).toEqual({ averageMemoryUsage: null, averageTemperature: null, efficiency: null });
      else {
        expect(g.performance!.averageMemoryUsage!).toBeGreaterThan(0);
        expect(g.performance!.averageTemperature!).toBeGreaterThan(20);
        expect(g.performance!.averageTemperature!).toBeLessThan(95);
        expect(g.performance!.efficiency!).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("prices an idle cluster's idle GPU-hours within what it was paid, and a higher threshold never answers less", async () => {
    const body = await idle('?period=30d');
    const start = Date.parse(body.periodStart);
    const end = Date.parse(body.periodEnd);
    // The seeded notebook: an interactive workload on its first GPU, the others left idle.
    const notebook = body.clusters.find((c) => c.name === 'notebook-sandbox')!;
    expect(notebook).toBeDefined();
    const paidUsd = spentUsd(
      [...ctx.metering()].filter((m) => m.resource.id === notebook.clusterId && m.service === 'compute'),
      start,
      end,
    );
    expect(notebook.idleCost).toBeGreaterThan(0);
    expect(notebook.idleCost).toBeLessThanOrEqual(round(paidUsd));
    expect(notebook.idleHours).toBeGreaterThan(0);
    expect(notebook.idleHours).toBeLessThanOrEqual(notebook.paidHours);
    expect(notebook.idleShare).toBeCloseTo((100 * notebook.idleHours) / notebook.paidHours, 1);
    const longest = notebook.longestIdle!;
    expect(Date.parse(longest.end) - Date.parse(longest.start)).toBeGreaterThanOrEqual(HOUR);
    expect(Date.parse(longest.start)).toBeGreaterThanOrEqual(start);
    expect(body.totalIdleCost).toBe(round(sum(body.clusters.map((c) => c.idleCost))));
    expect(body.totalIdleHours).toBe(round(sum(body.clusters.map((c) => c.idleHours))));
    // Sorted by the money.
    const costs = body.clusters.map((c) => c.idleCost);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));

    let before: Awaited<ReturnType<typeof idle>> | null = null;
    for (const threshold of [1, 5, 10, 25, 50]) {
      const now = await idle(`?period=30d&threshold=${threshold}`);
      if (before) {
        expect(now.totalIdleHours).toBeGreaterThanOrEqual(before.totalIdleHours);
        expect(now.totalIdleCost).toBeGreaterThanOrEqual(before.totalIdleCost);
        for (const c of before.clusters) {
          const same = now.clusters.find((x) => x.clusterId === c.clusterId)!;
          expect(same.idleHours).toBeGreaterThanOrEqual(c.idleHours);
          expect(same.paidHours).toBe(c.paidHours);
        }
      }
      before = now;
    }
    // At 50 % the training and serving clusters stay busy: not every cluster is idle.
    const clusters = (await call('GET', '/v1/clusters')).body.data.clusters as unknown[];
    expect(before!.clusters.length).toBeLessThan(clusters.length);
  });

  it("a stopped idle cluster's paid hours end with its billing; it keeps the idle hours it had", async () => {
    const first = (await idle('?period=7d')).clusters.find((c) => c.name === 'notebook-sandbox')!;
    expect(first.status).toBe('running');
    const stop = await call('POST', `/v1/clusters/${first.clusterId}/stop`, { body: {} });
    expect(stop.status).toBeLessThan(300);
    await advanceClock(call, 6 * 3600);
    const after = (await idle('?period=7d')).clusters.find((c) => c.clusterId === first.clusterId)!;
    expect(after.status).toBe('stopped');
    // Billing stopped when the stop began, so its paid hours grew by at most the first read's last part-hour.
    expect(after.paidHours).toBeLessThanOrEqual(first.paidHours + 0.01);
    await advanceClock(call, 3 * 3600);
    const later = (await idle('?period=7d')).clusters.find((c) => c.clusterId === first.clusterId)!;
    expect(later.paidHours).toBe(after.paidHours);
    expect(later.idleCost).toBe(after.idleCost);
  });
});
