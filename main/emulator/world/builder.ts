// The one world builder: each area, in the order of the area list, adds its part of the
// seeded world. Deterministic from the seed: each area draws from its own stream.
import type { WorldState } from '../../../shared/api/emulator-admin';
import type { AreaModule, Directory, WorldDraft, WorldOptions } from '../core/area';
import { Rng } from '../core/rng';

/** The team, from the area that provides it, over the draft's state as built so far. */
function draftDirectory(areas: readonly AreaModule[], state: Record<string, unknown>): () => Directory {
  const provider = areas.find((a) => a.directory);
  return () => {
    if (!provider || !Object.hasOwn(state, provider.name))
      throw new Error('no area provides the team directory before the areas that read it');
    return provider.directory!(state[provider.name]);
  };
}

function buildArea(area: AreaModule, draft: WorldDraft): void {
  draft.areas[area.name] = area.state.build(draft, Rng.derive(draft.seed, `area:${area.name}`));
}

export function buildWorld(
  areas: readonly AreaModule[],
  seed: number,
  now: number,
  options: WorldOptions = {},
): { state: WorldState; seededKeys: Record<string, string> } {
  const state: Record<string, unknown> = {};
  const draft: WorldDraft = { seed, now, options, areas: state, seededKeys: {}, directory: draftDirectory(areas, state) };
  for (const area of areas) buildArea(area, draft);
  return { state: { areas: state }, seededKeys: draft.seededKeys };
}

/**
 * Migration of snapshots written before an area existed: each area the state lacks gets its
 * seeded part for `seed`, built over the snapshot's own state (its team, its owner) as of
 * `now`. Mutates `state`; returns the names of the areas added.
 */
export function seedMissingAreas(
  areas: readonly AreaModule[],
  state: WorldState,
  seed: number,
  now: number,
  options: WorldOptions = {},
): string[] {
  const added: string[] = [];
  const draft: WorldDraft = { seed, now, options, areas: state.areas, seededKeys: {}, directory: draftDirectory(areas, state.areas) };
  for (const area of areas) {
    if (Object.hasOwn(state.areas, area.name)) continue;
    buildArea(area, draft);
    added.push(area.name);
  }
  return added;
}
