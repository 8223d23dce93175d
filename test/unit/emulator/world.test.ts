import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AREAS } from '../../../main/emulator/areas';
import type { AccountsState } from '../../../main/emulator/areas/accounts/stored-schema';
import { defineArea } from '../../../main/emulator/core/area';
import { KEY_VALUE_RE, keyPrefix, redactKeys } from '../../../main/emulator/core/ids';
import { buildWorld as buildWorldOf } from '../../../main/emulator/world/builder';

const NOW = Date.UTC(2026, 5, 1);
const buildWorld = (seed: number, now: number, areas = AREAS) => buildWorldOf(areas, seed, now);

describe('seeded world', () => {
  it('is the same for the same seed and differs for another', () => {
    const a = buildWorld(42, NOW);
    const b = buildWorld(42, NOW);
    const c = buildWorld(43, NOW);
    expect(a).toEqual(b);
    expect(c.seededKeys.readOnly).not.toBe(a.seededKeys.readOnly);
  });

  it('has a pro account, every role, a pending invitation and keys of every kind', () => {
    const { state: world, seededKeys } = buildWorld(42, NOW);
    const state = world.areas.accounts as AccountsState;
    expect(state.account.plan).toBe('pro');
    expect(new Set(state.members.map((m) => m.role))).toEqual(new Set(['owner', 'admin', 'developer', 'viewer']));
    expect(state.invitations).toHaveLength(1);
    expect(state.members.find((m) => m.id === state.invitations[0]!.userId)!.status).toBe('pending');
    expect(Object.keys(seededKeys)).toEqual(expect.arrayContaining(['readOnly', 'readWrite', 'execute', 'expired', 'revoked']));
    for (const value of Object.values(seededKeys)) expect(value).toMatch(KEY_VALUE_RE);
    const byName = Object.fromEntries(state.keys.map((k) => [k.name, k]));
    expect(Object.values(byName).some((k) => k.status === 'revoked')).toBe(true);
    expect(Object.values(byName).some((k) => k.expiresAt !== null && k.expiresAt < NOW)).toBe(true);
    const readOnly = state.keys.find((k) => k.prefix === keyPrefix(seededKeys.readOnly!))!;
    expect(readOnly.permissions).toEqual(['read']);
    expect(readOnly.usageCount).toBeGreaterThan(0);
    expect(state.usage[readOnly.id]!.hours.length).toBeGreaterThan(0);
  });

  it('lets a later area add its resources, reading the team of the areas before it, without changing theirs', () => {
    const testArea = defineArea({
      name: 'test-area',
      operations: {},
      routes: [],
      state: {
        schema: z.object({ n: z.number(), owner: z.string() }),
        build: (draft, rng) => ({ n: rng.int(1, 1000), owner: draft.directory().organization().ownerId }),
        hydrate: (stored) => stored,
        dehydrate: (live) => live,
        record: () => undefined,
        applyRecord: () => {},
      },
      limits: { byGroup: {} },
    });
    const a = buildWorld(1, NOW, [...AREAS, testArea]);
    expect(a.state.areas['test-area']).toEqual(buildWorld(1, NOW, [...AREAS, testArea]).state.areas['test-area']);
    expect(a.state.areas['test-area']).toMatchObject({ owner: (a.state.areas.accounts as AccountsState).account.ownerId });
    expect(a.state.areas.clusters).toEqual(buildWorld(1, NOW).state.areas.clusters);
  });

  it('redacts anything shaped like a key value', () => {
    const { seededKeys } = buildWorld(1, NOW);
    const text = `path /x/${seededKeys.readWrite}/y`;
    expect(redactKeys(text)).not.toContain(seededKeys.readWrite);
    expect(redactKeys(text)).toContain(keyPrefix(seededKeys.readWrite!));
  });
});
