// The in-memory state: one live slice per area (its own shape, e.g. keys indexed by hash),
// loaded from and saved to the stored JSON that snapshots hold. The store knows areas only
// through their AreaState; each area reads its slice through its own typed accessor.
import type { WorldState } from '../../../shared/api/emulator-admin';
import type { AreaModule } from '../core/area';

export type ChangeKind = 'state' | 'usage';

export class Store {
  private readonly slices = new Map<string, unknown>();
  private readonly stateListeners: Array<() => void> = [];
  /** Moves on every change but usage counters: lets views and caches tell what did not change. */
  version = 0;

  constructor(
    private readonly areas: readonly AreaModule[],
    state: WorldState,
    private readonly onChange: (kind: ChangeKind) => void = () => {},
  ) {
    this.load(state);
  }

  /** Replaces every slice; the state must hold every area (the snapshot loader seeds missing ones). */
  load(state: WorldState): void {
    const copy = structuredClone(state.areas);
    this.slices.clear();
    for (const area of this.areas) this.slices.set(area.name, area.state.hydrate(copy[area.name]));
    this.changed('state');
  }

  toState(): WorldState {
    const areas: Record<string, unknown> = {};
    for (const area of this.areas) areas[area.name] = area.state.dehydrate(this.slices.get(area.name));
    return { areas: structuredClone(areas) };
  }

  /** An area's live slice; areas wrap this in a typed accessor of their own. */
  slice<T>(area: string): T {
    if (!this.slices.has(area)) throw new Error(`no area named ${area} in the store`);
    return this.slices.get(area) as T;
  }

  changed(kind: ChangeKind): void {
    if (kind === 'state') {
      this.version++;
      for (const listener of this.stateListeners) listener();
    }
    this.onChange(kind);
  }

  /** Runs on every change but usage counters (e.g. to drop caches derived from the state). */
  onStateChange(listener: () => void): void {
    this.stateListeners.push(listener);
  }
}
