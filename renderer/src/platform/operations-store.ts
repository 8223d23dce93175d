// Long operations the console follows (a cluster's stop or restart, later uploads and jobs):
// what the operations menu in the top bar lists, with progress, while they run and after
// they end. Features report; the shell shows. Bounded: finished entries beyond the last
// MAX_FINISHED are dropped.
import { create } from 'zustand';

type OperationState = 'running' | 'succeeded' | 'failed';

export interface TrackedOperation {
  /** Stable per run, e.g. `cluster-stop:<id>:<started_at>`. */
  id: string;
  /** What it is, in words: "Stopping llm-pretraining". */
  title: string;
  /** Where it is: "Creating snapshot · step 3 of 5". */
  detail: string;
  /** 0–100, or null when unknown. */
  percentage: number | null;
  state: OperationState;
  /** The console route that shows it (e.g. the cluster's page). */
  route: string;
  /** This machine's time (ms) it was first reported: only orders the panel, never shown as a time of the data. */
  since: number;
}

/** @internal Exported for its tests only. */
export const MAX_FINISHED = 20;

interface OperationsState {
  items: TrackedOperation[];
  /** Adds or updates one operation (by id). */
  report(operation: Omit<TrackedOperation, 'since'>): void;
  dismiss(id: string): void;
  clearFinished(): void;
}

export const useOperations = create<OperationsState>()((set) => ({
  items: [],
  report: (operation) =>
    set((s) => {
      const known = s.items.find((o) => o.id === operation.id);
      const next = { ...operation, since: known?.since ?? Date.now() };
      const items = known ? s.items.map((o) => (o.id === operation.id ? next : o)) : [next, ...s.items];
      const finished = items.filter((o) => o.state !== 'running');
      if (finished.length <= MAX_FINISHED) return { items };
      const drop = new Set(finished.slice(MAX_FINISHED).map((o) => o.id));
      return { items: items.filter((o) => !drop.has(o.id)) };
    }),
  dismiss: (id) => set((s) => ({ items: s.items.filter((o) => o.id !== id) })),
  clearFinished: () => set((s) => ({ items: s.items.filter((o) => o.state === 'running') })),
}));
