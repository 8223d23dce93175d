// The audit's failures of the clock and the data folder (issue "Safe to leave running", 2, 4, 6):
// a catastrophic chaos pattern, a clock moved past the range of a date, stray temporaries.
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator } from '../../../../main/emulator';
import { CLOCK_MAX_MS } from '../../../../shared/api/emulator-admin';
import { inProcess, OWNER } from '../harness';

const targets: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(targets.splice(0).map((t) => t.close()));
});

function start(options: { dataDir?: string } = {}) {
  const t = inProcess(options);
  targets.push(t);
  return t;
}

describe('chaos rules', () => {
  it('take a catastrophic route pattern without freezing: every route, health included, still answers', async () => {
    const t = start();
    const route = `/${'*'.repeat(20)}Z`;
    expect((await t.call('PUT', '/_emulator/chaos', { body: { rules: [{ route, errorRate: 1 }] } })).status).toBe(200);
    expect((await t.call('GET', `/v2/accounts/api-keys/${'a'.repeat(900)}/usage`)).body.error).toBe('KEY_NOT_FOUND');
    expect((await t.call('GET', '/_emulator/health')).status).toBe(200);
    const verify = `/**/${'*'.repeat(20)}y`;
    expect((await t.call('PUT', '/_emulator/chaos', { body: { rules: [{ route: verify, errorRate: 1 }] } })).status).toBe(200);
    expect((await t.call('GET', '/v2/auth/verify')).body).toMatchObject({ error: 'CHAOS_INJECTED' });
    expect((await t.call('GET', '/v2/auth/rate-limits')).status).toBe(200);
  });
});

describe('the simulated clock', () => {
  it('refuses to be advanced past 9000-01-01 and keeps answering', async () => {
    const t = start();
    const before = (await t.call('GET', '/_emulator/clock')).body.now;
    // One year at a time (the per-call bound) up to near the limit would take ~7,000 calls: import a late clock instead.
    const snapshot = (await t.call('GET', '/_emulator/snapshot')).body;
    const late = await t.call('POST', '/_emulator/snapshot', { body: { ...snapshot, clock: { now: CLOCK_MAX_MS - 1000 } } });
    expect(late.status).toBe(200);
    const past = await t.call('POST', '/_emulator/clock/advance', { body: { seconds: 2 } });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ error: 'VALIDATION_ERROR', details: { field: 'seconds' } });
    expect(past.body.details.reason).toMatch(/cannot pass 9000-01-01/);
    expect(Date.parse((await t.call('GET', '/_emulator/clock')).body.now)).toBeLessThanOrEqual(CLOCK_MAX_MS);
    expect(Date.parse((await t.call('GET', '/_emulator/clock')).body.now)).toBeGreaterThan(Date.parse(before));
    expect((await t.call('GET', '/v2/accounts/api-keys')).status).toBe(200);
    expect((await t.call('POST', '/_emulator/reset')).status).toBe(200);
  });

  it('refuses a snapshot whose clock is past the bound, on import and on load, and keeps the previous state', async () => {
    const t = start();
    const snapshot = (await t.call('GET', '/_emulator/snapshot')).body;
    for (const now of [8.64e15 + 1, CLOCK_MAX_MS + 1]) {
      const r = await t.call('POST', '/_emulator/snapshot', { body: { ...snapshot, clock: { now } } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: 'VALIDATION_ERROR' });
    }
    expect((await t.call('GET', '/v2/accounts/api-keys')).status).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'emu-clock-'));
    await writeFile(join(dir, 'emulator-state.json'), JSON.stringify({ ...snapshot, clock: { now: CLOCK_MAX_MS + 1 } }));
    expect(() => createEmulator({ dataDir: dir, ownerKey: OWNER })).toThrow(/clock\.now/);
  });
});

describe('the data folder', () => {
  it('loses the temporaries a crash left behind at the next start', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emu-tmp-'));
    const first = start({ dataDir: dir });
    await first.call('POST', '/v2/accounts/api-keys', { body: { name: 'kept', permissions: ['read'], scopes: ['clusters'] } });
    await first.close();
    for (let i = 0; i < 5; i++) await writeFile(join(dir, `emulator-state.json.tmp-${9000 + i}-1`), '{"half');
    await writeFile(join(dir, 'notes.txt'), 'mine');
    const second = start({ dataDir: dir });
    expect((await readdir(dir)).sort()).toEqual(expect.arrayContaining(['emulator-state.json', 'notes.txt']));
    expect((await readdir(dir)).filter((n) => n.includes('.tmp-'))).toEqual([]);
    expect((await second.call('GET', '/v2/accounts/api-keys')).body.apiKeys.map((k: { name: string }) => k.name)).toContain('kept');
  });
});
