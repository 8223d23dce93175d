// Each area's stored state checked against its schema whenever a snapshot comes in (import
// and load from disk). `WorldState.areas` in shared/ is opaque (`unknown` per area) because
// the schemas live beside their areas (AreaModule.state.schema).
import type { AreaModule } from '../core/area';

export interface AreaIssue {
  /** Path from the snapshot's root, e.g. `state.areas.clusters.clusters.0.ports.1.external_port`. */
  field: string;
  reason: string;
}

/**
 * Checks every area the snapshot has and puts the parsed value in its place; the first issue,
 * or null. An absent area is not an issue: the caller seeds it (world/builder.ts). A name no
 * area has is an issue: nothing would check or keep it.
 */
export function checkAreas(areas: readonly AreaModule[], stored: Record<string, unknown>): AreaIssue | null {
  for (const name of Object.keys(stored)) {
    if (!areas.some((a) => a.name === name))
      return { field: `state.areas.${name.slice(0, 100)}`, reason: `no such area (known: ${areas.map((a) => a.name).join(', ')})` };
  }
  for (const area of areas) {
    if (!Object.hasOwn(stored, area.name)) continue;
    const parsed = area.state.schema.safeParse(stored[area.name]);
    if (parsed.success) {
      stored[area.name] = parsed.data;
      continue;
    }
    const issue = parsed.error.issues[0];
    return {
      field: ['state', 'areas', area.name, ...(issue?.path ?? []).map(String)].join('.'),
      reason: issue?.message ?? 'invalid',
    };
  }
  return null;
}
