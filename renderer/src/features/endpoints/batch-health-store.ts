// "Check all": the health of every endpoint of the account through `POST /v2/endpoints/health/batch`,
// in batches of the route's maximum, one after the other so the progress says how far it got.
// A new run cancels the one in flight; a profile switch drops what was shown.
import { create } from 'zustand';
import type { HealthCheckDepth } from '../../../../shared/api/endpoints/health';
import type { NormalizedError } from '../../../../shared/api/errors';
import { api } from '../../bridge/api';
import { isCancelled, toNormalizedError } from '../../bridge/errors';
import { batchesOf, healthRows, mergeBatches, type BatchHealth, type HealthRow } from './batch-health';
import { useEndpoints } from './endpoints-store';

export interface BatchHealthState {
  /** The panel is shown (a run was asked for and not dismissed). */
  open: boolean;
  depth: HealthCheckDepth;
  running: boolean;
  /** Endpoints checked so far of those asked, while running. */
  progress: { done: number; total: number } | null;
  result: BatchHealth | null;
  rows: HealthRow[];
  error: NormalizedError | null;
  run(depth?: HealthCheckDepth): Promise<void>;
  close(): void;
  reset(): void;
}

let controller: AbortController | null = null;

export const useBatchHealth = create<BatchHealthState>()((set, get) => ({
  open: false,
  depth: 'detailed',
  running: false,
  progress: null,
  result: null,
  rows: [],
  error: null,

  async run(depth = get().depth) {
    controller?.abort();
    const own = new AbortController();
    controller = own;
    set({ open: true, depth, running: true, error: null, progress: null });
    try {
      // The account's endpoints as of now: one created since the list was read is checked too.
      await useEndpoints.getState().load(null, { quiet: true });
      if (own.signal.aborted) return;
      const list = useEndpoints.getState();
      if (list.endpoints.length === 0 && list.error) {
        set({ running: false, error: list.error });
        return;
      }
      const ids = list.endpoints.map((e) => e.id);
      if (ids.length === 0) {
        set({ running: false, progress: null, result: mergeBatches([]), rows: [] });
        return;
      }
      const answers: BatchHealth[] = [];
      set({ progress: { done: 0, total: ids.length } });
      for (const endpointIds of batchesOf(ids)) {
        const { data } = await api('endpoints.healthBatch', { body: { endpointIds, check: depth } }, { signal: own.signal });
        answers.push(data);
        set({ progress: { done: answers.reduce((n, a) => n + a.summary.total, 0), total: ids.length } });
      }
      const result = mergeBatches(answers);
      set({ running: false, progress: null, result, rows: healthRows(result, ids) });
    } catch (error) {
      if (own.signal.aborted || isCancelled(error)) return;
      set({ running: false, progress: null, error: toNormalizedError(error) });
    } finally {
      if (controller === own) controller = null;
    }
  },

  close() {
    controller?.abort();
    set({ open: false, running: false, progress: null });
  },

  reset() {
    controller?.abort();
    set({ open: false, running: false, progress: null, result: null, rows: [], error: null });
  },
}));
