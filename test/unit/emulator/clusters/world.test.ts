import { describe, expect, it } from 'vitest';
import { AREAS } from '../../../../main/emulator/areas';
import type { ClustersState } from '../../../../main/emulator/areas/clusters/state';
import { SecretCipher } from '../../../../main/emulator/core/secret-cipher';
import { buildWorld as buildWorldOf } from '../../../../main/emulator/world/builder';

const NOW = Date.UTC(2026, 5, 1);
const buildWorld = (seed: number, now: number, opts: typeof options) => buildWorldOf(AREAS, seed, now, opts);
const cipher = new SecretCipher(Buffer.alloc(32, 9));
const options = { sealSecret: (aad: string, v: string) => cipher.sealSeeded(aad, v) };
const areaOf = (seed: number, opts = options) => buildWorld(seed, NOW, opts).state.areas.clusters as ClustersState;

describe('seeded cluster world', () => {
  it('is deterministic from the seed (with the same secrets key) and differs for another seed', () => {
    expect(areaOf(42)).toEqual(areaOf(42));
    expect(areaOf(43).clusters[0]!.id).not.toBe(areaOf(42).clusters[0]!.id);
  });

  it('has clusters in every status, team members of the account, and seals every value', () => {
    const world = buildWorld(42, NOW, options);
    const area = world.state.areas.clusters as ClustersState;
    const members = new Set((world.state.areas.accounts as { members: Array<{ id: string }> }).members.map((m) => m.id));
    expect(area.clusters.every((c) => c.team_members.every((id) => members.has(id)))).toBe(true);
    expect(area.clusters.some((c) => c.lifecycle?.kind === 'stop') && area.clusters.some((c) => c.lifecycle?.kind === 'restart')).toBe(
      true,
    );
    expect(new Set(area.clusters.map((c) => c.status))).toEqual(new Set(['running', 'stopped', 'error', 'starting']));
    for (const c of area.clusters) for (const s of c.secrets) expect(cipher.open(`${c.id}/${s.name}`, s.sealed).length).toBeGreaterThan(0);
    expect(area.templates.filter((t) => t.is_deprecated)).toHaveLength(1);
  });

  it('adds generated clusters and secrets for benchmarks', () => {
    const area = areaOf(42, { ...options, scale: { clusters: 20, secretsPerCluster: 30 } } as typeof options);
    const bench = area.clusters.filter((c) => c.name.startsWith('bench-cluster-'));
    expect(bench).toHaveLength(20);
    expect(bench.every((c) => c.secrets.length === 30)).toBe(true);
    expect(new Set(bench[0]!.secrets.map((s) => s.name)).size).toBe(30);
  });
});
