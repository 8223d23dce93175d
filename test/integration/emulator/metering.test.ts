// The account's metering (core/metering.ts; issue 21's foundation) against what each resource
// says it cost, over real HTTP: a cluster's session cost and a training job's cost are sums of
// the same stretches; any span split in two adds up; a past span reads the same after the clock
// moves on, a cluster stops and a job is stopped; the seeded world has months of history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../main/emulator';
import { AREAS } from '../../../main/emulator/areas';
import type { EmulatorContext } from '../../../main/emulator/core/context';
import { spentUsd, type Metered } from '../../../main/emulator/core/metering';
import { STORAGE_GB_HOURLY_PRICE } from '../../../shared/api/clusters/common';
import { contextTap } from '../../support/context-tap';
import { advanceClock, makeCall, OWNER, type Target } from './harness';

const DAY = 86_400_000;

describe('metering (http)', () => {
  let emulator: Emulator;
  let ctx: EmulatorContext;
  let call: Target['call'];
  const now = async () => Date.parse((await call('GET', '/_emulator/clock')).body.now);
  const of = (id: string, service?: Metered['service']): Metered[] =>
    [...ctx.metering()].filter((m) => m.resource.id === id && (service === undefined || m.service === service));

  beforeAll(async () => {
    // A clock that all but stands still (a simulated microsecond per real second): a resource's
    // figures read over HTTP are of the same moment as the metering read beside them.
    emulator = createEmulator({ seed: 42, ownerKey: OWNER, speed: 1e-6, areas: [...AREAS, contextTap((c) => (ctx = c))] });
    call = makeCall(fetch, await emulator.listen(0), OWNER);
  });
  afterAll(() => emulator.close());

  it("bills each cluster's session what the cluster itself says, and keeps months of earlier sessions", async () => {
    const t = await now();
    const clusters = (await call('GET', '/v1/clusters')).body.data.clusters as Array<{ id: string }>;
    let earlier = 0;
    for (const { id } of clusters) {
      const c = (await call('GET', `/v1/clusters/${id}`)).body.data;
      const start = Date.parse(c.cost.billing_started_at);
      const end = c.cost.billing_stopped_at ? Date.parse(c.cost.billing_stopped_at) : t;
      // Its billing (compute): its snapshots are stored apart, not in its rate.
      expect(Math.round(spentUsd(of(id, 'compute'), start, end) * 100) / 100).toBe(c.cost.session_cost);
      earlier += spentUsd(of(id, 'compute'), t - 180 * DAY, start);
    }
    expect(earlier).toBeGreaterThan(0);
    // Some cluster was billed more than 90 days ago: the longest period has history to show.
    const oldest = Math.min(...[...ctx.metering()].map((m) => m.start));
    expect(oldest).toBeLessThan(t - 90 * DAY);
  });

  it("bills each training job what the job's own usage says", async () => {
    const jobs = (await call('GET', '/v2/training/jobs?limit=100')).body.jobs as Array<{ id: string }>;
    expect(jobs.length).toBeGreaterThan(0);
    const t = await now();
    for (const { id } of jobs) {
      const job = (await call('GET', `/v2/training/jobs/${id}`)).body;
      expect(spentUsd(of(id), -Infinity, t)).toBeCloseTo(job.resourceUsage.cost, 5);
    }
  });

  it("bills what is stored by the GB-hour from when it was made: a dataset's and a model's versions, a cluster's snapshots", async () => {
    const t = await now();
    // A dataset stored for more than the day read below.
    const datasets = (await call('GET', '/v2/training/datasets?limit=100')).body.datasets as Array<{ id: string; createdAt: string }>;
    const stored = datasets.find((d) => of(d.id).length > 0 && of(d.id).every((m) => m.start < t - DAY))!;
    const stretches = of(stored.id);
    for (const m of stretches) expect(m).toMatchObject({ service: 'storage', gpus: 0, end: null });
    // A day of a dataset's bytes costs GB × 24 h × the one storage price.
    const gb = stretches.reduce((sum, m) => sum + m.gb, 0);
    expect(spentUsd(stretches, t - 86_400_000, t)).toBeCloseTo(gb * 24 * STORAGE_GB_HOURLY_PRICE, 9);
    const kinds = new Set([...ctx.metering()].filter((m) => m.service === 'storage').map((m) => m.resource.type));
    expect([...kinds].sort()).toEqual(['cluster', 'dataset', 'model']);
  });

  it('adds up over any split of a span, and a past span reads the same after the world moves on', async () => {
    const t = await now();
    const [from, to] = [t - 30 * DAY, t];
    const whole = ctx.spending(from, to);
    expect(whole).toBeGreaterThan(0);
    for (const cut of [from + 1, from + 7.3 * DAY, t - 3_600_001]) {
      expect(ctx.spending(from, cut) + ctx.spending(cut, to)).toBeCloseTo(whole, 6);
    }
    // A cluster stopped, a job stopped, a day passes: the past span is what it was.
    const running = ((await call('GET', '/v1/clusters?status=running')).body.data.clusters as Array<{ id: string }>)[0]!;
    expect((await call('POST', `/v1/clusters/${running.id}/stop`, { body: {} })).status).toBeLessThan(300);
    const jobs = (await call('GET', '/v2/training/jobs?status=running')).body.jobs as Array<{ id: string }>;
    expect(jobs.length).toBeGreaterThan(0);
    expect((await call('POST', `/v2/training/jobs/${jobs[0]!.id}/stop`, { body: {} })).status).toBeLessThan(300);
    await advanceClock(call, 86_400);
    expect(ctx.spending(from, to)).toBeCloseTo(whole, 6);
    // And the day that passed adds to the bill.
    expect(ctx.spending(to, to + DAY)).toBeGreaterThan(0);
  });
});
