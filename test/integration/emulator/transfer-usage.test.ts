// Data transfer out in the account's usage (issue 21; core/transfer.ts) over real HTTP: a log
// download, a model download and an experiment export each add their bytes to their resource's
// tally in the hour they were made, and nothing to a period that had ended; the seeded world
// has 180 days of downloads; tallies add up over any split and are in the account's spending;
// the ledger survives a restart from the data folder. Also who created what (the team
// breakdown): every metered resource of the seeded world names its creator.
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../../main/emulator';
import { AREAS } from '../../../main/emulator/areas';
import type { EmulatorContext } from '../../../main/emulator/core/context';
import { spentUsd, talliedUsd, type Tallied } from '../../../main/emulator/core/metering';
import { TRANSFER_GB_PRICE } from '../../../shared/api/clusters/common';
import { contextTap } from '../../support/context-tap';
import { advanceClock, makeCall, OWNER, type Target } from './harness';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const GB = 1e9;
const START = new Date('2026-06-01T12:20:00.000Z');

interface Running {
  url: string;
  emulator: Emulator;
  ctx: EmulatorContext;
  call: Target['call'];
  close(): Promise<void>;
}

async function start(options: EmulatorOptions = {}): Promise<Running> {
  let ctx: EmulatorContext | undefined;
  // A clock that all but stands still: only advanceClock moves it.
  const emulator = createEmulator({
    seed: 42,
    ownerKey: OWNER,
    rateLimits: 'report',
    startTime: START,
    speed: 1e-6,
    areas: [...AREAS, contextTap((c) => (ctx = c))],
    ...options,
  });
  const url = await emulator.listen(0);
  return { url, emulator, ctx: ctx!, call: makeCall(fetch, url, OWNER), close: () => emulator.close() };
}

const transfers = (ctx: EmulatorContext): Tallied[] => [...ctx.tallies()].filter((t) => t.service === 'dataTransfer');
const tallyOf = (ctx: EmulatorContext, id: string) => transfers(ctx).find((t) => t.resource.id === id);
/** GB the resource transferred within [from, to). */
const gbOf = (ctx: EmulatorContext, id: string, from: number, to: number) => {
  const [a, b] = tallyOf(ctx, id)?.cumulative([from, to]) ?? [0, 0];
  return b! - a!;
};
const hourOf = (t: number) => Math.floor(t / HOUR) * HOUR;

async function downloadLogs(t: Running, clusterId: string, query = ''): Promise<number> {
  const res = await fetch(`${t.url}/v1/clusters/${clusterId}/logs/download${query}`, { headers: { authorization: `Bearer ${OWNER}` } });
  expect(res.status).toBe(200);
  return (await res.arrayBuffer()).byteLength;
}

describe('data transfer (http)', () => {
  let t: Running;
  const now = async () => Date.parse((await t.call('GET', '/_emulator/clock')).body.now);
  const clusterNamed = async (name: string): Promise<string> =>
    ((await t.call('GET', '/v1/clusters')).body.data.clusters as Array<{ id: string; name: string }>).find((c) => c.name === name)!.id;

  beforeAll(async () => {
    t = await start();
  });
  afterAll(() => t.close());

  it('has 180 days of seeded downloads, a few GB a week, priced per GB', async () => {
    const at = await now();
    const all = transfers(t.ctx);
    expect(new Set(all.map((x) => x.resource.type))).toEqual(new Set(['cluster', 'model']));
    for (const x of all) expect(x).toMatchObject({ unit: 'gb', usdPerUnit: TRANSFER_GB_PRICE });
    const gb = (from: number, to: number) => all.reduce((n, x) => n + x.cumulative([from, to])[1]! - x.cumulative([from, to])[0]!, 0);
    // Nothing before the 180 days, something in their first month (the oldest seeded cluster is 162 days old).
    expect(gb(-Infinity, at - 180 * DAY)).toBe(0);
    expect(gb(at - 180 * DAY, at - 150 * DAY)).toBeGreaterThan(0);
    for (let week = 1; week <= 4; week++) {
      const weekly = gb(at - week * 7 * DAY, at - (week - 1) * 7 * DAY);
      expect(weekly).toBeGreaterThan(0.5);
      expect(weekly).toBeLessThan(10);
    }
    // The same from a second read: deterministic, and in the account's spending.
    expect(gb(at - 30 * DAY, at)).toBe(gb(at - 30 * DAY, at));
  });

  it("adds a log download's bytes to its cluster in the hour it was made, and not to a period that has ended", async () => {
    const id = await clusterNamed('inference-api');
    const before = await now();
    const hour = hourOf(before);
    const ended = gbOf(t.ctx, id, before - DAY, before);
    const [hourBefore, inHourBefore] = [gbOf(t.ctx, id, hour - HOUR, hour), gbOf(t.ctx, id, hour, hour + HOUR)];
    const bytes = (await downloadLogs(t, id)) + (await downloadLogs(t, id, '?compression=gzip'));
    expect(bytes).toBeGreaterThan(1000);
    expect(hourOf(await now())).toBe(hour);
    // The hour of the simulated time holds it; a period that had ended reads the same, the hour before too.
    expect(gbOf(t.ctx, id, hour, hour + HOUR) - inHourBefore).toBeCloseTo(bytes / GB, 12);
    expect(gbOf(t.ctx, id, before - DAY, before)).toBe(ended);
    expect(gbOf(t.ctx, id, hour - HOUR, hour)).toBe(hourBefore);
    // Once the hour has ended, so as the clock moves on.
    await advanceClock(t.call, 2 * 3600);
    expect(gbOf(t.ctx, id, hour, hour + HOUR) - inHourBefore).toBeCloseTo(bytes / GB, 12);
    // With the cluster's region and creator, for the region and team breakdowns.
    expect(tallyOf(t.ctx, id)!.resource).toMatchObject({
      type: 'cluster',
      name: 'inference-api',
      region: 'us-west-2',
      gpuType: 'A100_80GB',
    });
    expect(tallyOf(t.ctx, id)!.resource.createdBy).toMatch(/^usr_/);
  });

  it("adds a model download's size, counted as its address is issued", async () => {
    const models = (await t.call('GET', '/v2/training/models')).body.models as Array<{ id: string }>;
    const id = models[0]!.id;
    const at = await now();
    const before = gbOf(t.ctx, id, hourOf(at), hourOf(at) + HOUR);
    const zip = await t.call('POST', `/v2/training/models/${id}/download`, { body: { compression: 'zip' } });
    const one = await t.call('POST', `/v2/training/models/${id}/download`, { body: { compression: 'none', files: ['config.json'] } });
    expect([zip.status, one.status]).toEqual([201, 201]);
    expect(gbOf(t.ctx, id, hourOf(at), hourOf(at) + HOUR) - before).toBeCloseTo((zip.body.size + one.body.size) / GB, 12);
    expect(tallyOf(t.ctx, id)!.resource).toMatchObject({ type: 'model', id });
    expect(tallyOf(t.ctx, id)!.resource.createdBy).toMatch(/^usr_/);
  });

  it("adds an experiment export's CSV bytes to the experiment", async () => {
    const exps = (await t.call('GET', '/v2/training/experiments')).body.experiments as Array<{ id: string; name: string }>;
    const e = exps[0]!;
    const at = await now();
    const before = gbOf(t.ctx, e.id, hourOf(at), hourOf(at) + HOUR);
    const x = await t.call('POST', `/v2/training/experiments/${e.id}/export`, { body: { include: ['metrics'] } });
    expect(x.status).toBe(201);
    expect(x.body.size).toBeGreaterThan(0);
    expect(gbOf(t.ctx, e.id, hourOf(at), hourOf(at) + HOUR) - before).toBeCloseTo(x.body.size / GB, 12);
    expect(tallyOf(t.ctx, e.id)!.resource).toMatchObject({ type: 'experiment', id: e.id, name: e.name });
  });

  it('sums in one sweep what it sums time by time, adds up over any split, and is in the spending', async () => {
    const at = await now();
    const times = [at - 170 * DAY, at - 90 * DAY - 1234, at - 7 * DAY, at - HOUR / 2, at, at + DAY];
    for (const x of transfers(t.ctx)) {
      const swept = x.cumulative(times);
      expect(swept).toEqual(times.map((time) => x.cumulative([time])[0]));
      for (let i = 1; i < swept.length; i++) expect(swept[i]!).toBeGreaterThanOrEqual(swept[i - 1]!);
    }
    const [a, b, c] = [at - 90 * DAY, at - 13.5 * DAY, at];
    const usd = (from: number, to: number) => talliedUsd(transfers(t.ctx), from, to);
    expect(usd(a, c)).toBeGreaterThan(0);
    expect(usd(a, b) + usd(b, c)).toBeCloseTo(usd(a, c), 9);
    // The spending is the metered stretches and the priced tallies: transfer at its price per GB.
    const gb = transfers(t.ctx).reduce((n, x) => n + gbOf(t.ctx, x.resource.id, a, c), 0);
    expect(usd(a, c)).toBeCloseTo(gb * TRANSFER_GB_PRICE, 9);
    expect(t.ctx.spending(a, c) - spentUsd(t.ctx.metering(), a, c)).toBeCloseTo(talliedUsd(t.ctx.tallies(), a, c), 6);
    expect(t.ctx.spending(a, c) - spentUsd(t.ctx.metering(), a, c)).toBeGreaterThanOrEqual(usd(a, c) - 1e-6);
  });

  it('names the creator of every seeded resource it meters, and of a dataset a member uploads', async () => {
    for (const m of t.ctx.metering()) expect(m.resource.createdBy, `${m.resource.type} ${m.resource.name}`).toMatch(/^usr_/);
    for (const m of t.ctx.metering()) if (m.resource.type === 'cluster') expect(m.resource.region).toBeTruthy();
    const owner = ((await t.call('GET', '/v2/accounts/team/members')).body.members as Array<{ id: string; role: string }>).find(
      (m) => m.role === 'owner',
    )!;
    const d = await t.call('POST', '/v2/training/datasets', { body: { name: 'transfer-creator', type: 'text', format: 'jsonl' } });
    expect(d.status).toBe(201);
    const put = await fetch(d.body.uploadUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${d.body.uploadToken}`, 'content-type': 'application/octet-stream' },
      body: '{"prompt":"a","completion":"b"}\n{"prompt":"c","completion":"d"}\n',
    });
    expect(put.status).toBe(200);
    const stored = [...t.ctx.metering()].filter((m) => m.resource.id === d.body.id);
    expect(stored.length).toBe(1);
    expect(stored[0]!.resource.createdBy).toBe(owner.id);
  });
});

describe('data transfer across a restart', () => {
  it('keeps the ledger in the data folder: replayed from the write-ahead log, and in the snapshot written at close', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gpc-transfer-'));
    const copy = `${dir}-copy`;
    const times = (at: number) => [at - 180 * DAY, at - DAY, at + HOUR, at + DAY];
    const sumsOf = (ctx: EmulatorContext, at: number) => transfers(ctx).map((x) => [x.resource.id, ...x.cumulative(times(at))]);
    try {
      const first = await start({ dataDir: dir });
      let at: number;
      let sums: unknown;
      try {
        const clusters = (await first.call('GET', '/v1/clusters')).body.data.clusters as Array<{ id: string }>;
        await downloadLogs(first, clusters[0]!.id);
        const model = ((await first.call('GET', '/v2/training/models')).body.models as Array<{ id: string }>)[0]!;
        expect((await first.call('POST', `/v2/training/models/${model.id}/download`, { body: {} })).status).toBe(201);
        at = Date.parse((await first.call('GET', '/_emulator/clock')).body.now);
        sums = sumsOf(first.ctx, at);
        // The folder as it is while the emulator runs (answered writes are in its log), without its lock.
        await cp(dir, copy, { recursive: true, filter: (src) => !src.endsWith('console.lock') });
        expect(await readFile(join(copy, 'emulator-wal.jsonl'), 'utf8')).toContain('"transfer:');
        const replayed = await start({ dataDir: copy });
        try {
          expect(sumsOf(replayed.ctx, at)).toEqual(sums);
        } finally {
          await replayed.close();
        }
      } finally {
        await first.close();
      }
      const second = await start({ dataDir: dir });
      try {
        expect(sumsOf(second.ctx, at)).toEqual(sums);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(copy, { recursive: true, force: true });
    }
  });
});
