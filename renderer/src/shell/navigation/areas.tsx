// The areas of the console: one per feature of the registry, in its order. Each page loads
// lazily, so the shell's initial JavaScript stays small.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Profile } from '../../../../shared/ipc/contract';
import { features, type Feature } from '../../features/registry';

export interface Area extends Omit<Feature, 'page' | 'prefetch'> {
  /** Starts fetching the area's code and first data (idempotent), while the shell starts. */
  preload(): Promise<unknown>;
  component: LazyExoticComponent<ComponentType>;
}

function toArea(feature: Feature): Area {
  const { page, prefetch, ...rest } = feature;
  // The first data request leaves alongside the page's code, not after it, whether the area is
  // opened at start (preload) or later (the lazy component's first load).
  const load = () => {
    void prefetch?.();
    return page();
  };
  const area: Area = { ...rest, preload: load, component: lazy(load) };
  // A feature's commands may be a getter read when the palette opens (commands for the open
  // resource); spreading would have read it once, at start.
  Object.defineProperty(area, 'commands', { get: () => feature.commands, enumerable: true });
  return area;
}

export const areas: Area[] = features.map(toArea);

export const defaultArea = areas[0]!;

/** Whether the area is offered with this active profile (null: not known yet). */
export function areaOffered(area: Area, profile: Pick<Profile, 'kind'> | null): boolean {
  return !area.profileKinds || (profile !== null && area.profileKinds.includes(profile.kind));
}

export function areaForPath(path: string): Area | undefined {
  return areas.find((a) => path === a.path || path.startsWith(`${a.path}/`));
}
