// The one world-builder: the accounts world first (account, team, keys), then every
// registered contributor adds its area's resources. Deterministic from the seed.
import type { WorldState } from '../../../shared/api/emulator-admin';
import { Rng } from '../core/rng';
import { buildAccountsWorld } from './accounts';

/** Extra generated resources for benchmarks (EmulatorOptions.scale). */
export interface WorldScale {
  clusters?: number;
  secretsPerCluster?: number;
}

/** What some areas need beyond the seed: the scale, and how to seal secret values (never stored in plain text). */
export interface WorldOptions {
  scale?: WorldScale;
  sealSecret?: (aad: string, plaintext: string) => string;
}

export interface WorldDraft {
  seed: number;
  options: WorldOptions;
  /** Simulated now at build time (ms). */
  now: number;
  state: WorldState;
  /** Plain values of seeded keys, by name; never stored in the state. */
  seededKeys: Record<string, string>;
}

export interface WorldContributor {
  /** The area's name; also its key under `state.areas`. */
  name: string;
  build(draft: WorldDraft, rng: Rng): void;
}

const contributors = new Map<string, WorldContributor>();

/** Later areas call this once at import; a contributor of the same name replaces the old one. */
export function registerWorldContributor(contributor: WorldContributor): void {
  contributors.set(contributor.name, contributor);
}

export function buildWorld(seed: number, now: number, options: WorldOptions = {}): { state: WorldState; seededKeys: Record<string, string> } {
  const draft = { ...buildAccountsWorld(seed, now), options };
  for (const c of contributors.values()) c.build(draft, Rng.derive(seed, `area:${c.name}`));
  return { state: draft.state, seededKeys: draft.seededKeys };
}

/**
 * Migration of snapshots written before an area existed: each registered area the state lacks
 * gets its seeded part for `seed`, built over the snapshot's own accounts state (its team, its
 * owner) as of `now`. Mutates `state`; returns the names of the areas added.
 */
export function seedMissingAreas(state: WorldState, seed: number, now: number, options: WorldOptions = {}): string[] {
  const added: string[] = [];
  for (const c of contributors.values()) {
    if (Object.hasOwn(state.areas, c.name)) continue;
    c.build({ seed, options, now, state, seededKeys: {} }, Rng.derive(seed, `area:${c.name}`));
    added.push(c.name);
  }
  return added;
}
