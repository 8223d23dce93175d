// An endpoint's part of usage and costs (issue 21; docs/decisions.md, Endpoints: serving history
// and executions) over real HTTP, read where the usage routes read it (the context's metering and
// tallies): a stop keeps what the endpoint served, a new worker count does not re-price the
// past, executions add up over any split with the cumulative rounding, the endpoint's own
// requestsLastHour is the tally's last hour, batch-execute adds to the count and to the caller's
// member, a past span reads the same after the clock moves, and the ledger survives a restart.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from '../../../../main/emulator/areas';
import type { EmulatorContext } from '../../../../main/emulator/core/context';
import { spentUsd, type Tallied } from '../../../../main/emulator/core/metering';
import { GPU_HOURLY_PRICE } from '../../../../shared/api/clusters/common';
import { contextTap } from '../../../support/context-tap';
import { startEndpoints, type EndpointTarget } from './harness';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON
type Json = any;

/** The seeded world on a clock that all but stands still (a simulated microsecond per real second), with the context at hand. */
async function start(dataDir?: string): Promise<{ t: EndpointTarget; ctx: () => EmulatorContext }> {
  let ctx: EmulatorContext | undefined;
  const t = await startEndpoints({ speed: 1e-6, areas: [...AREAS, contextTap((c) => (ctx = c))], ...(dataDir ? { dataDir } : {}) });
  return { t, ctx: () => ctx! };
}

describe('endpoint usage (http)', () => {
  let t: EndpointTarget;
  let ctx: () => EmulatorContext;
  const now = async () => Date.parse((await t.call('GET', '/_emulator/clock')).body.now);
  const tally = (id: string): Tallied => [...ctx().tallies()].find((x) => x.resource.id === id)!;
  const metered = (id: string) => [...ctx().metering()].filter((m) => m.resource.id === id);
  /** Whole executions within [from, to), as usage cuts them: rounded cumulative amounts. */
  const executions = (id: string, from: number, to: number) => {
    const [a, b] = tally(id).cumulative([from, to]) as [number, number];
    return Math.round(b) - Math.round(a);
  };

  beforeAll(async () => {
    ({ t, ctx } = await start());
  });
  afterAll(() => t.close());

  it('seeds months of serving at changing worker counts, with stops, and callers among the team', async () => {
    const at = await now();
    for (const name of ['llama3-70b-chat', 'whisper-transcribe', 'starcoder-nightly', 'vit-classifier']) {
      const { id } = await t.endpoint(name);
      const stretches = metered(id);
      // Back to the endpoint's creation, 150 to 180 days ago.
      expect(Math.min(...stretches.map((m) => m.start)), name).toBeLessThan(at - 150 * DAY);
      expect(Math.min(...stretches.map((m) => m.start)), name).toBeGreaterThanOrEqual(at - 180 * DAY);
      expect(new Set(stretches.map((m) => m.gpus)).size, name).toBeGreaterThan(1);
      // Stopped between sessions: some stretch does not begin where the one before ended.
      expect(
        stretches.some((m, i) => i > 0 && m.start !== stretches[i - 1]!.end),
        name,
      ).toBe(true);
      expect(executions(id, at - 180 * DAY, at), name).toBeGreaterThan(0);
      const users = tally(id).byUser!(at - 180 * DAY, at);
      expect(users.size, name).toBeGreaterThanOrEqual(1);
      expect(users.size, name).toBeLessThanOrEqual(3);
      const sum = [...users.values()].reduce((a, b) => a + b, 0);
      const [a, b] = tally(id).cumulative([at - 180 * DAY, at]) as [number, number];
      expect(sum / (b - a), name).toBeCloseTo(1, 9);
    }
    // A stopped endpoint is billed nothing now, and was billed before it stopped.
    const { id } = await t.endpoint('starcoder-nightly');
    expect(metered(id).every((m) => m.end !== null && m.end <= at)).toBe(true);
    expect(spentUsd(metered(id), at - 180 * DAY, at)).toBeGreaterThan(0);
  });

  it('adds up over any split of a span with the cumulative rounding, the same whatever times a read asks', async () => {
    const at = await now();
    for (const e of (await t.call('GET', '/v2/endpoints')).body.endpoints as Json[]) {
      const [a, c] = [at - 30 * DAY, at];
      for (const b of [a + 1, a + 7.3 * DAY, at - HOUR - 1]) {
        expect(executions(e.id, a, b) + executions(e.id, b, c), e.name).toBe(executions(e.id, a, c));
        const [x, y, z] = tally(e.id).cumulative([a, b, c]);
        expect([x, z], e.name).toEqual(tally(e.id).cumulative([a, c]));
        expect(y, e.name).toBe(tally(e.id).cumulative([b])[0]);
      }
      // Non-decreasing over the hours of the month.
      const hours = tally(e.id).cumulative(Array.from({ length: 30 * 24 + 1 }, (_, i) => a + i * HOUR));
      for (let i = 1; i < hours.length; i++) expect(hours[i]!, e.name).toBeGreaterThanOrEqual(hours[i - 1]!);
      expect(tally(e.id)).toMatchObject({ service: 'compute', unit: 'executions', usdPerUnit: 0 });
    }
  });

  it("answers the endpoint's requestsLastHour with the tally over the last hour", async () => {
    const at = await now();
    const list = (await t.call('GET', '/v2/endpoints')).body.endpoints as Json[];
    expect(list.some((e) => e.metrics.requestsLastHour > 0)).toBe(true);
    for (const e of list) {
      expect(e.metrics.requestsLastHour, e.name).toBe(executions(e.id, at - HOUR, at));
      const health = (await t.call('GET', `/v2/endpoints/${e.id}/health?check=detailed`)).body;
      if (health.metrics) expect(health.metrics.requestsLastHour, e.name).toBe(e.metrics.requestsLastHour);
    }
  });

  it('counts batch-execute in the endpoint executions and in the executions of the member whose key made them', async () => {
    const { id } = await t.endpoint('sdxl-image-gen');
    const at = await now();
    const caller = ctx().authority.authenticate(`Bearer ${t.keys.execute}`, at);
    if (!('createdBy' in caller)) throw new Error('the seeded execute key does not authenticate');
    const hour = Math.floor(at / HOUR) * HOUR;
    const before = { count: executions(id, at - DAY, at + 1), mine: tally(id).byUser!(hour, hour + HOUR).get(caller.createdBy) ?? 0 };
    const r = await t.call('POST', '/v2/endpoints/batch-execute', {
      key: t.keys.execute,
      body: { requests: Array.from({ length: 5 }, (_, i) => ({ endpoint_id: id, input: { prompt: `a lighthouse ${i}` } })) },
    });
    expect(r.body.accepted).toBe(5);
    expect(executions(id, at - DAY, at + 1)).toBe(before.count + 5);
    expect(tally(id).byUser!(hour, hour + HOUR).get(caller.createdBy)).toBeCloseTo(before.mine + 5, 6);
    // The endpoint's own figure counts them too.
    const read = (await t.call('GET', `/v2/endpoints/${id}`)).body;
    expect(read.metrics.requestsLastHour).toBe(executions(id, at - HOUR, at));
  });

  it('keeps the past at its old worker count when the worker count changes, and bills the new count from then', async () => {
    const { id, configuration } = await t.endpoint('llama3-70b-chat');
    const at = await now();
    const span = [at - 20 * DAY, at] as const;
    const before = { usd: spentUsd(metered(id), ...span), executions: executions(id, ...span) };
    const workers = configuration.workerCount + 2;
    expect((await t.call('PUT', `/v2/endpoints/${id}`, { body: { workerCount: workers } })).status).toBe(200);
    expect(spentUsd(metered(id), ...span)).toBeCloseTo(before.usd, 6);
    expect(executions(id, ...span)).toBe(before.executions);
    const later = await t.advance(3600);
    expect(spentUsd(metered(id), later - HOUR, later)).toBeCloseTo(workers * GPU_HOURLY_PRICE.A100_80GB, 6);
    expect(spentUsd(metered(id), ...span)).toBeCloseTo(before.usd, 6);
    expect(executions(id, ...span)).toBe(before.executions);
  });

  it('answers a past span the same after the clock moves on', async () => {
    const at = await now();
    const [from, to] = [at - 40 * DAY, at - DAY];
    const read = () =>
      [...ctx().tallies()]
        .filter((x) => x.unit === 'executions')
        .map((x) => ({
          id: x.resource.id,
          amount: x.cumulative([from, to]),
          users: [...x.byUser!(from, to)].sort(),
          latency: x.meanLatencyMs!(from, to),
          success: x.successRate!(from, to),
          usd: spentUsd(metered(x.resource.id), from, to),
        }));
    const first = read();
    expect(first.some((x) => x.latency > 0 && x.success < 100 && x.success > 50)).toBe(true);
    await t.advance(2 * 86_400);
    expect(read()).toEqual(first);
  });
});

describe('a stopped endpoint keeps what it served; the ledger survives a restart', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gpc-endpoint-usage-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('bills and counts the serving before the stop, nothing after it, and keeps both and the API executions across a restart', async () => {
    let { t, ctx } = await start(dir);
    const tally = (id: string) => [...ctx().tallies()].find((x) => x.resource.id === id)!;
    const metered = (id: string) => [...ctx().metering()].filter((m) => m.resource.id === id);
    const models = (await t.call('GET', '/v2/training/models')).body.models as Json[];
    const model = models.find((m) => m.metadata.source === 'training')!;
    const deployed = await t.call('POST', `/v2/training/models/${model.id}/deploy`, {
      body: { name: 'usage-prod', gpuType: 'a100', workers: 2, scaling: { minWorkers: 2, maxWorkers: 2, targetUtilization: 0.6 } },
    });
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(201);
    const id = deployed.body.deployment.id as string;
    const created = Date.parse(deployed.body.deployment.createdAt);
    // Half past an hour: the API's execution counts from the hour's start, before the stop.
    await t.advance(12.5 * 3600);
    const before = tally(id).cumulative([created, Date.parse((await t.call('GET', '/_emulator/clock')).body.now)])[1]!;
    const ran = await t.call('POST', '/v2/endpoints/batch-execute', { body: { requests: [{ endpoint_id: id, input: { q: 'hi' } }] } });
    expect(ran.body.accepted).toBe(1);
    expect((await t.call('POST', `/v2/training/models/${model.id}/archive`, { body: { reason: 'replaced' } })).status).toBe(200);
    const stopped = Date.parse((await t.call('GET', '/_emulator/clock')).body.now);
    const usd = spentUsd(metered(id), created, stopped);
    const [c0, c1] = tally(id).cumulative([created, stopped]) as [number, number];
    // About 12.5 hours on 2 workers, and the traffic of those hours (the one the deploying member sends) with the API's execution.
    expect(usd).toBeGreaterThan(12 * 2 * GPU_HOURLY_PRICE.A100_80GB);
    expect(usd).toBeLessThan(12.5 * 2 * GPU_HOURLY_PRICE.A100_80GB);
    expect(c1 - c0).toBeGreaterThan(1000);
    expect(c1 - before).toBeCloseTo(1, 1);
    expect([...tally(id).byUser!(created, stopped).keys()].length).toBeGreaterThanOrEqual(1);

    await t.advance(6 * 3600);
    const after = Date.parse((await t.call('GET', '/_emulator/clock')).body.now);
    expect(spentUsd(metered(id), created, after)).toBeCloseTo(usd, 9);
    expect(tally(id).cumulative([created, stopped, after])).toEqual([c0, c1, c1]);

    // Restarted from the data folder (the write-ahead log): the same history and the same count.
    await t.close();
    ({ t, ctx } = await start(dir));
    expect(spentUsd(metered(id), created, after)).toBeCloseTo(usd, 9);
    expect(tally(id).cumulative([created, stopped, after])).toEqual([c0, c1, c1]);
    await t.close();
  });
});
