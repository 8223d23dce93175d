// What a deleted dataset or model had stored stays in the account's metering (issue 21: a past
// period reads the same after a resource goes), over real HTTP: a dataset is stored until it is
// deleted, an archived model until its retention ends — whenever a read deletes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../main/emulator';
import { AREAS } from '../../../main/emulator/areas';
import type { EmulatorContext } from '../../../main/emulator/core/context';
import { spentUsd, type Metered } from '../../../main/emulator/core/metering';
import { STORAGE_GB_HOURLY_PRICE } from '../../../shared/api/clusters/common';
import { contextTap } from '../../support/context-tap';
import { advanceClock, makeCall, OWNER, type Target } from './harness';

const HOUR = 3_600_000;
const DAY = 86_400_000;

describe('storage of deleted datasets and models (http)', () => {
  let emulator: Emulator;
  let ctx: EmulatorContext;
  let call: Target['call'];
  const now = async () => Date.parse((await call('GET', '/_emulator/clock')).body.now);
  const storageOf = (id: string): Metered[] => [...ctx.metering()].filter((m) => m.resource.id === id && m.service === 'storage');

  beforeAll(async () => {
    emulator = createEmulator({
      seed: 42,
      ownerKey: OWNER,
      rateLimits: 'report',
      startTime: new Date('2026-06-01T12:00:00.000Z'),
      speed: 1e-6,
      areas: [...AREAS, contextTap((c) => (ctx = c))],
    });
    call = makeCall(fetch, await emulator.listen(0), OWNER);
  });
  afterAll(() => emulator.close());

  it('bills a deleted dataset what it stored until it was deleted, and the same after', async () => {
    const d = (await call('POST', '/v2/training/datasets', { body: { name: 'stored-then-deleted', type: 'text', format: 'jsonl' } })).body;
    const put = await fetch(d.uploadUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${d.uploadToken}`, 'content-type': 'application/octet-stream' },
      body: '{"prompt":"a","completion":"b"}\n'.repeat(50),
    });
    expect(put.status).toBe(200);
    const from = await now();
    await advanceClock(call, 3 * 3600);
    const deletedAt = await now();
    const before = spentUsd(storageOf(d.id), from - DAY, deletedAt);
    expect(before).toBeGreaterThan(0);
    expect((await call('DELETE', `/v2/training/datasets/${d.id}`)).status).toBe(200);
    await advanceClock(call, 3 * 3600);
    const after = storageOf(d.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ end: deletedAt, resource: { type: 'dataset', name: 'stored-then-deleted' } });
    expect(after[0]!.resource.createdBy).toMatch(/^usr_/);
    expect(spentUsd(after, from - DAY, deletedAt)).toBeCloseTo(before, 12);
    expect(spentUsd(after, deletedAt, await now())).toBe(0);
  });

  it('bills an archived model until its retention ends, read the same before and after it is deleted', async () => {
    const model = ((await call('GET', '/v2/training/models')).body.models as Array<{ id: string; size: { bytes: number } }>)[0]!;
    const archived = await call('POST', `/v2/training/models/${model.id}/archive`, { body: { retention_period: '1d' } });
    expect(archived.status).toBe(200);
    const deleteAt = Date.parse(archived.body.deleteAt);
    const span = [deleteAt - DAY, deleteAt + DAY] as const;
    const whileArchived = spentUsd(storageOf(model.id), ...span);
    const gb = storageOf(model.id).reduce((n, m) => n + m.gb, 0);
    expect(whileArchived).toBeCloseTo(gb * 24 * STORAGE_GB_HOURLY_PRICE, 9);
    await advanceClock(call, 2 * 86_400);
    // A read deletes it, a day after its retention ended.
    expect((await call('GET', `/v2/training/models/${model.id}`)).status).toBe(404);
    const kept = storageOf(model.id);
    expect(kept.length).toBeGreaterThan(0);
    for (const m of kept) expect(m.end).toBe(deleteAt);
    expect(spentUsd(kept, ...span)).toBeCloseTo(whileArchived, 12);
    expect(spentUsd(kept, deleteAt, deleteAt + HOUR)).toBe(0);
  });
});
