import { describe, expect, it } from 'vitest';
import { buildWorld, registerWorldContributor } from '../../../main/emulator/world/builder';
import { KEY_VALUE_RE, keyPrefix, redactKeys } from '../../../main/emulator/core/ids';

const NOW = Date.UTC(2026, 5, 1);

describe('seeded world', () => {
  it('is the same for the same seed and differs for another', () => {
    const a = buildWorld(42, NOW);
    const b = buildWorld(42, NOW);
    const c = buildWorld(43, NOW);
    expect(a).toEqual(b);
    expect(c.seededKeys.readOnly).not.toBe(a.seededKeys.readOnly);
  });

  it('has a pro account, every role, a pending invitation and keys of every kind', () => {
    const { state, seededKeys } = buildWorld(42, NOW);
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

  it('lets a later area add its resources through the registry', () => {
    registerWorldContributor({ name: 'test-area', build: (draft, rng) => (draft.state.areas['test-area'] = { n: rng.int(1, 1000) }) });
    const a = buildWorld(1, NOW);
    expect(a.state.areas['test-area']).toEqual(buildWorld(1, NOW).state.areas['test-area']);
    registerWorldContributor({ name: 'test-area', build: () => {} });
  });

  it('redacts anything shaped like a key value', () => {
    const { seededKeys } = buildWorld(1, NOW);
    const text = `path /x/${seededKeys.readWrite}/y`;
    expect(redactKeys(text)).not.toContain(seededKeys.readWrite);
    expect(redactKeys(text)).toContain(keyPrefix(seededKeys.readWrite!));
  });
});
