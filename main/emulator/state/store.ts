// The in-memory state: one live slice per area (its own shape, e.g. keys indexed by hash),
// loaded from and saved to the stored JSON that snapshots hold. The store knows areas only
// through their AreaState; each area reads its slice through its own typed accessor.
// Changes are named: a handler touches the records it changed (`touch`), which the
// write-ahead log commits before the answer (state/persister.ts); whole-state changes (load,
// reset, import) and usage counters go to full snapshots.
import type { WorldState } from '../../../shared/api/emulator-admin';
import type { AreaModule } from '../core/area';

/** 'state': the whole state changed (load, reset, import); 'usage': usage counters; 'clock': the simulated clock was moved. */
export type ChangeKind = 'state' | 'usage' | 'clock';

/** Where changes go to be kept (the persister of a data folder). */
export interface StoreSink {
  touched(area: string, id: string): void;
  changed(kind: ChangeKind): void;
}

/**
 * Told of a change: the record a handler touched, or nothing when the whole state changed (load,
 * reset, import), so a cache derived from a few records can keep itself when others change.
 */
type StateListener = (area?: string, id?: string) => void;

export class Store {
  private readonly slices = new Map<string, unknown>();
  private readonly byName = new Map<string, AreaModule>();
  private readonly stateListeners: Array<StateListener> = [];
  /** Moves on every change but usage counters: lets views and caches tell what did not change. */
  version = 0;
  /**
   * Moves on every change that must be durable before its answer (touched records, whole-state
   * changes, the clock): the request pipeline commits when it moved during a request.
   */
  touches = 0;
  /** Set by the emulator when it has a data folder; null in memory. */
  sink: StoreSink | null = null;

  constructor(
    private readonly areas: readonly AreaModule[],
    state: WorldState,
  ) {
    for (const area of areas) this.byName.set(area.name, area);
    this.load(state);
  }

  /** Replaces every slice; the state must hold every area (the snapshot loader seeds missing ones). */
  load(state: WorldState): void {
    const copy = structuredClone(state.areas);
    this.slices.clear();
    for (const area of this.areas) this.slices.set(area.name, area.state.hydrate(copy[area.name]));
    this.changed('state');
  }

  /**
   * The stored JSON of every area: a private copy, or (`copy` false) one that shares objects
   * with the live state, for a caller that only reads it at once (the persister's snapshot,
   * which the schema check copies anyway).
   */
  toState(copy = true): WorldState {
    const areas: Record<string, unknown> = {};
    for (const area of this.areas) areas[area.name] = area.state.dehydrate(this.slices.get(area.name));
    return { areas: copy ? structuredClone(areas) : areas };
  }

  /** An area's live slice; areas wrap this in a typed accessor of their own. */
  slice<T>(area: string): T {
    if (!this.slices.has(area)) throw new Error(`no area named ${area} in the store`);
    return this.slices.get(area) as T;
  }

  /** One record of an area as stored JSON now (undefined: gone); the persister reads it at commit. */
  recordOf(area: string, id: string): unknown {
    const module = this.byName.get(area);
    if (!module) throw new Error(`no area named ${area} in the store`);
    return module.state.record(this.slices.get(area), id);
  }

  /** A handler changed (created, updated or removed) one record of an area. */
  touch(area: string, id: string): void {
    this.version++;
    this.touches++;
    for (const listener of this.stateListeners) listener(area, id);
    this.sink?.touched(area, id);
  }

  changed(kind: ChangeKind): void {
    if (kind !== 'usage') this.touches++;
    if (kind === 'state') {
      this.version++;
      for (const listener of this.stateListeners) listener();
    }
    this.sink?.changed(kind);
  }

  /** Runs on every change but usage counters and the clock (e.g. to drop caches derived from the state). */
  onStateChange(listener: StateListener): void {
    this.stateListeners.push(listener);
  }
}
