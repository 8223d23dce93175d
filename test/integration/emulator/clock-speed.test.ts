// `PUT /_emulator/clock {speed}` over real HTTP (the CLI): bounded, validated with the usual
// envelope, simulated now continuous across a change, and the time of the change kept in the
// data folder across a restart.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_MAX_MS, CLOCK_SPEED_MAX } from '../../../shared/api/emulator-admin';
import { checkedFetch, OWNER, startCli, type CliProcess } from './harness';

const headers = { authorization: `Bearer ${OWNER}`, 'content-type': 'application/json' };
let dataDir: string;
let cli: CliProcess;

async function call(method: string, path: string, body?: unknown) {
  const r = await checkedFetch(`${cli.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
}
const clockNow = async () => Date.parse((await call('GET', '/_emulator/clock')).body.now);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gpc-clock-speed-'));
  cli = await startCli(['--port', '0', '--owner-key', OWNER, '--data', dataDir]);
});
afterAll(async () => {
  await cli?.stop();
});

describe('PUT /_emulator/clock', () => {
  it('changes the speed without moving simulated now, then runs at the new speed', async () => {
    const realBefore = Date.now();
    const before = await clockNow();
    const set = await call('PUT', '/_emulator/clock', { speed: 600 });
    const realElapsed = Date.now() - realBefore;
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ speed: 600, offsetSeconds: 0 });
    // Between the two reads the clock ran at its old speed (1): never backwards, and no jump. A
    // speed applied to the time since start would jump by (600 − 1) × the server's age, minutes;
    // the exact continuity is test/unit/emulator/clock.test.ts's, on an injected real clock (a
    // loaded CI machine can hold a request for a while, so the bound here is loose).
    const atChange = Date.parse(set.body.now);
    expect(atChange).toBeGreaterThanOrEqual(before);
    expect(atChange - before).toBeLessThanOrEqual(realElapsed + 10_000);

    await sleep(50);
    // At least 50 real ms passed between the two reads on the server: 30 simulated seconds at 600×.
    expect((await clockNow()) - atChange).toBeGreaterThanOrEqual(50 * 600);
    expect((await call('GET', '/_emulator/clock')).body.speed).toBe(600);

    // An advance adds to the running clock; the speed stays.
    const advanced = await call('POST', '/_emulator/clock/advance', { seconds: 3600 });
    expect(advanced.body).toMatchObject({ speed: 600, offsetSeconds: 3600 });
    const slow = await call('PUT', '/_emulator/clock', { speed: 1 });
    expect(slow.body).toMatchObject({ speed: 1, offsetSeconds: 3600 });
    expect(Date.parse(slow.body.now)).toBeGreaterThanOrEqual(Date.parse(advanced.body.now));
  });

  it('refuses what is not a speed above 0 and at most a million, with the validation envelope, and changes nothing', async () => {
    await call('PUT', '/_emulator/clock', { speed: 10 });
    for (const body of [{ speed: 0 }, { speed: -1 }, { speed: 'fast' }, { speed: CLOCK_SPEED_MAX + 1 }, { speed: null }, {}]) {
      const bad = await call('PUT', '/_emulator/clock', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body).toMatchObject({ error: 'VALIDATION_ERROR', details: { field: 'speed' } });
    }
    const extra = await call('PUT', '/_emulator/clock', { speed: 2, seconds: 60 });
    expect(extra.status).toBe(400);
    expect(extra.body).toMatchObject({ error: 'VALIDATION_ERROR', details: { field: 'seconds' } });
    expect((await call('GET', '/_emulator/clock')).body.speed).toBe(10);
    expect((await call('PUT', '/_emulator/clock', { speed: CLOCK_SPEED_MAX })).body.speed).toBe(CLOCK_SPEED_MAX);
    expect((await call('PUT', '/_emulator/clock', { speed: 0.5 })).body.speed).toBe(0.5);
  });

  it('needs the owner key', async () => {
    const r = await checkedFetch(`${cli.url}/_emulator/clock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ speed: 2 }),
    });
    expect(r.status).toBe(401);
  });

  it('keeps the clock within 9000-01-01 at any speed, and resumes from the bound, not past it', async () => {
    const snapshot = (await call('GET', '/_emulator/snapshot')).body;
    expect((await call('POST', '/_emulator/snapshot', { ...snapshot, clock: { now: CLOCK_MAX_MS - 1000 } })).status).toBe(200);
    await call('PUT', '/_emulator/clock', { speed: CLOCK_SPEED_MAX });
    await sleep(20); // 20,000 simulated seconds: past the bound if nothing held it
    expect(await clockNow()).toBe(CLOCK_MAX_MS);
    const slow = await call('PUT', '/_emulator/clock', { speed: 1 });
    expect(Date.parse(slow.body.now)).toBe(CLOCK_MAX_MS);
    expect(await clockNow()).toBe(CLOCK_MAX_MS);
    expect((await call('GET', '/v2/accounts/api-keys')).status).toBe(200);
  });

  it('keeps simulated now from the speed change across a restart; the speed is the start option again', async () => {
    // A fresh data folder: the previous test left the clock at its bound.
    await cli.stop();
    dataDir = await mkdtemp(join(tmpdir(), 'gpc-clock-speed-'));
    cli = await startCli(['--port', '0', '--owner-key', OWNER, '--data', dataDir]);
    await call('PUT', '/_emulator/clock', { speed: 100_000 });
    await sleep(50);
    const changed = await call('PUT', '/_emulator/clock', { speed: 1 });
    const atChange = Date.parse(changed.body.now);
    expect(atChange - Date.now()).toBeGreaterThan(50 * 100_000 - 60_000);
    expect(await cli.stop()).toBe(0);
    cli = await startCli(['--port', '0', '--owner-key', OWNER, '--data', dataDir]);
    const after = (await call('GET', '/_emulator/clock')).body;
    expect(Date.parse(after.now)).toBeGreaterThanOrEqual(atChange);
    expect(after.speed).toBe(1);
  });
});
