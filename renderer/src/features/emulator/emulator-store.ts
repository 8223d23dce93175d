// The emulator control room's data, one small store per panel (each with its own load state):
// the clock, the chaos rules, the request journal and the world (health; reset and snapshots).
// They reach the emulator only through its explicit `emulator:*` bridge channels.
import { create } from 'zustand';
import type { z } from 'zod';
import type {
  ChaosRule,
  ClockResponse,
  EmulatorSnapshot,
  HealthResponse,
  ResetResponse,
  SnapshotImportResponse,
} from '../../../../shared/api/emulator-admin';
import { JOURNAL_MAX } from '../../../../shared/api/emulator-admin';
import { getBridge } from '../../bridge';
import { nextDataGeneration } from '../../platform/data-generation';
import { createLoader, initialLoadState, type LoadOptions, type LoadState } from '../../platform/resource-store';
import { journalRows, type JournalRow } from './journal-filter';

export type ClockInfo = z.infer<typeof ClockResponse>;
type Health = z.infer<typeof HealthResponse>;
type ResetAnswer = z.infer<typeof ResetResponse>;
type ImportAnswer = z.infer<typeof SnapshotImportResponse>;

interface ClockState extends LoadState {
  clock: ClockInfo | null;
  /** Real time (ms) the clock was read at: the view runs it forward from there. */
  readAt: number;
  load(options?: LoadOptions): Promise<void>;
  advance(seconds: number): Promise<ClockInfo>;
  setSpeed(speed: number): Promise<ClockInfo>;
}

export const useEmulatorClock = create<ClockState>()((set, get) => {
  const loader = createLoader<ClockState>(set, get);
  const keep = (clock: ClockInfo) => {
    loader.abort(); // an older read in flight must not overwrite this answer
    set({ clock, readAt: Date.now(), status: 'ready', error: null });
    return clock;
  };
  return {
    ...initialLoadState(),
    clock: null,
    readAt: 0,
    load: (options) => loader.run(async () => ({ clock: await getBridge().invoke('emulator:clock', {}), readAt: Date.now() }), options),
    advance: async (seconds) => {
      // The server's clock jumped: main tells every window (platform/clock-jumps.ts), whose live views follow.
      return keep(await getBridge().invoke('emulator:advanceClock', { seconds }));
    },
    setSpeed: async (speed) => keep(await getBridge().invoke('emulator:setClockSpeed', { speed })),
  };
});

interface ChaosState extends LoadState {
  rules: ChaosRule[];
  seed: number | null;
  load(options?: LoadOptions): Promise<void>;
  /** Replaces the whole list (the route's only write). */
  save(rules: ChaosRule[]): Promise<void>;
}

export const useChaosRules = create<ChaosState>()((set, get) => {
  const loader = createLoader<ChaosState>(set, get);
  return {
    ...initialLoadState(),
    rules: [],
    seed: null,
    load: (options) => loader.run(async () => await getBridge().invoke('emulator:chaos', {}), options),
    async save(rules) {
      const seed = get().seed;
      const answer = await getBridge().invoke('emulator:setChaos', { rules, ...(seed === null ? {} : { seed }) });
      loader.abort();
      set({ ...answer, status: 'ready', error: null });
    },
  };
});

interface JournalState extends LoadState {
  rows: JournalRow[];
  total: number;
  paused: boolean;
  load(options?: LoadOptions): Promise<void>;
  setPaused(paused: boolean): void;
}

export const useJournal = create<JournalState>()((set, get) => {
  const loader = createLoader<JournalState>(set, get);
  return {
    ...initialLoadState(),
    rows: [],
    total: 0,
    paused: false,
    load: (options) =>
      loader.run(async () => {
        const { entries, total } = await getBridge().invoke('emulator:journal', { limit: JOURNAL_MAX });
        return { rows: journalRows(entries, total), total };
      }, options),
    setPaused: (paused) => set({ paused }),
  };
});

interface WorldState extends LoadState {
  health: Health | null;
  load(options?: LoadOptions): Promise<void>;
  reset(): Promise<ResetAnswer>;
  exportSnapshot(): Promise<EmulatorSnapshot>;
  importSnapshot(snapshot: EmulatorSnapshot): Promise<ImportAnswer>;
}

/** After the world was replaced: every panel reads again, and the other areas' lists will too. */
function afterReplace(): void {
  nextDataGeneration();
  // A snapshot brings its own clock (a reset, the seed's): main tells every window of the jump.
  void useEmulatorClock.getState().load({ quiet: true });
  void useChaosRules.getState().load({ quiet: true });
  void useJournal.getState().load({ quiet: true });
  void useEmulatorWorld.getState().load({ quiet: true });
}

export const useEmulatorWorld = create<WorldState>()((set, get) => {
  const loader = createLoader<WorldState>(set, get);
  return {
    ...initialLoadState(),
    health: null,
    load: (options) => loader.run(async () => ({ health: await getBridge().invoke('emulator:health', {}) }), options),
    async reset() {
      const answer = await getBridge().invoke('emulator:reset', {});
      afterReplace();
      return answer;
    },
    exportSnapshot: () => getBridge().invoke('emulator:exportSnapshot', {}),
    async importSnapshot(snapshot) {
      const answer = await getBridge().invoke('emulator:importSnapshot', snapshot);
      afterReplace();
      return answer;
    },
  };
});

/** Every panel's first read (and a re-read after a profile switch). */
export function loadAll(options?: LoadOptions): void {
  void useEmulatorClock.getState().load(options);
  void useChaosRules.getState().load(options);
  void useJournal.getState().load(options);
  void useEmulatorWorld.getState().load(options);
}
