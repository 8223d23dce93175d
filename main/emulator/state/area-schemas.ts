// The stored shape of each area that has one, checked whenever a snapshot comes in (import
// and load from disk). `WorldState.areas` in shared/ is opaque (`unknown` per area) because
// these schemas live beside their areas in main/; an area listed here is checked here.
import type { z } from 'zod';
import { ClustersState } from '../areas/clusters/stored-schema';

export const AREA_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  clusters: ClustersState,
};

export interface AreaIssue {
  /** Path from the snapshot's root, e.g. `state.areas.clusters.clusters.0.ports.1.external_port`. */
  field: string;
  reason: string;
}

/**
 * Checks every listed area the snapshot has and puts the parsed value in its place; the first
 * issue, or null. An absent area is not an issue: the caller seeds it (world/builder.ts).
 */
export function checkAreas(areas: Record<string, unknown>): AreaIssue | null {
  for (const [name, schema] of Object.entries(AREA_SCHEMAS)) {
    if (!Object.hasOwn(areas, name)) continue;
    const parsed = schema.safeParse(areas[name]);
    if (parsed.success) {
      areas[name] = parsed.data;
      continue;
    }
    const issue = parsed.error.issues[0];
    return {
      field: ['state', 'areas', name, ...(issue?.path ?? []).map(String)].join('.'),
      reason: issue?.message ?? 'invalid',
    };
  }
  return null;
}
