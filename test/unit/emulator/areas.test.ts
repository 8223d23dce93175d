// The area list is the emulator's one source (core/area.ts): these checks fail when an area
// leaves a piece out — an operation without a route or a rate-limit class, a route outside the
// table, state without a schema — instead of the piece being silently missing.
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../../main/emulator/areas';
import { createEmulator } from '../../../main/emulator';
import { emulatorAdminOperations } from '../../../shared/api/emulator-admin';
import { operations } from '../../../shared/api/operations';
import { Store } from '../../../main/emulator/state/store';
import { buildWorld } from '../../../main/emulator/world/builder';
import { validateSnapshot } from '../../../main/emulator/state/snapshot';

const NOW = Date.UTC(2026, 5, 1);

describe('the area list', () => {
  it('serves every operation of the table exactly once, each from the area that declares it', () => {
    const served = new Map<string, string>();
    for (const area of AREAS) {
      const routeIds = area.routes.map((r) => r.op.id);
      expect(new Set(routeIds).size, `${area.name}: an operation with two routes`).toBe(routeIds.length);
      expect([...routeIds].sort(), `${area.name}: routes and operations differ`).toEqual(Object.keys(area.operations).sort());
      for (const id of routeIds) {
        expect(served.has(id), `${id} is served by ${served.get(id)} and ${area.name}`).toBe(false);
        served.set(id, area.name);
      }
    }
    const apiIds = Object.keys(operations).filter((id) => !(id in emulatorAdminOperations));
    expect([...served.keys()].sort()).toEqual(apiIds.sort());
  });

  it('gives every operation a rate-limit class: the row of its limit group, with its method, or tier-only by choice', () => {
    for (const area of AREAS) {
      for (const op of Object.values(area.operations)) {
        const row = area.limits.byGroup[op.limitGroup];
        expect(row, `${op.id}: no rate-limit row for group ${op.limitGroup} in ${area.name}`).toBeDefined();
        if (row !== 'tier-only') expect(row![op.method], `${op.id}: no ${op.method} limit in the ${op.limitGroup} row`).toBeGreaterThan(0);
      }
    }
  });

  it('has a stored schema that accepts what each area seeds and keeps, and names no area twice', () => {
    expect(new Set(AREAS.map((a) => a.name)).size).toBe(AREAS.length);
    const world = buildWorld(AREAS, 42, NOW);
    expect(Object.keys(world.state.areas).sort()).toEqual(AREAS.map((a) => a.name).sort());
    const store = new Store(AREAS, world.state);
    const kept = store.toState();
    for (const area of AREAS) {
      const parsed = area.state.schema.safeParse(kept.areas[area.name]);
      expect(parsed.success, `${area.name}: ${parsed.error?.issues[0]?.path.join('.')} ${parsed.error?.issues[0]?.message}`).toBe(true);
    }
    expect(() => store.slice('no-such-area')).toThrow(/no area named/);
  });

  it('exports snapshots its own loader accepts, after writes in every area', async () => {
    const emulator = createEmulator({ seed: 42 });
    const call = (method: string, path: string, body?: unknown) =>
      emulator.fetch(
        new Request(`http://emulator${path}`, {
          method,
          headers: { authorization: `Bearer ${emulator.ownerKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        }),
      );
    expect((await call('POST', '/v2/accounts/api-keys', { name: 'area check', permissions: ['read'], scopes: ['clusters'] })).status).toBe(
      201,
    );
    const clusters = (await (await call('GET', '/v1/clusters')).json()) as { data: { clusters: Array<{ id: string }> } };
    const id = clusters.data.clusters[0]!.id;
    expect((await call('POST', `/v1/clusters/${id}/secrets`, { name: 'AREA_CHECK', value: 'v', type: 'api_key' })).status).toBe(201);
    const snapshot = await (await call('GET', '/_emulator/snapshot')).json();
    expect(() => validateSnapshot(AREAS, snapshot, 'the export')).not.toThrow();
    await emulator.close();
  });
});
