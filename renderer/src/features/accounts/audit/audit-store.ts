// The audit log's state. The log may hold a million events, so it is never read whole: a load
// reads the newest page for the filters, `loadMore` the next one after the cursor (the table
// asks as it nears its end), and an export walks the pages up to EXPORT_MAX. The summary
// figures are the filters' without their type (a type narrows the list, the figures beside it
// stay whole), read once more with a one-event page when they are not known for those filters.
import { create } from 'zustand';
import type { AuditEvent, AuditResponse } from '../../../../../shared/api/accounts/audit';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { api } from '../../../bridge/api';
import { isCancelled, toNormalizedError } from '../../../bridge/errors';
import { dataGeneration } from '../../../platform/data-generation';
import { createLoader, initialLoadState, type LoadOptions, type LoadState } from '../../../platform/resource-store';
import { summaryKey, type AuditFilters } from './audit-filters';

/** Rows a page of the table reads: a few screens, one read of the accounts group each. */
const PAGE_ROWS = 200;
/**
 * The API's largest page (AuditQuery's `limit`), which an export reads by.
 * @internal Exported for its tests only.
 */
export const EXPORT_PAGE = 1000;

type Summary = AuditResponse['summary'];

interface ExportProgress {
  loaded: number;
  /** The events the export will hold (the list's total, at most EXPORT_MAX). */
  target: number;
}

export interface AuditState extends LoadState {
  /** The filters the events shown answer. */
  filters: AuditFilters | null;
  events: AuditEvent[];
  /** Events of the period that pass the filters, of which `events` are the newest. */
  total: number;
  /** The figures of the filters without their type; null until read. */
  summary: Summary | null;
  /** The data generation and summaryKey() of the filters the summary answers. */
  summaryFor: string | null;
  nextCursor: string | null;
  retentionDays: number | null;
  /** The next page is being read. */
  loadingMore: boolean;
  /** Reading the next page failed (the rows stay; "Load more" retries). */
  moreError: NormalizedError | null;
  /** An export in progress. */
  exporting: ExportProgress | null;
  load(filters: AuditFilters, options?: LoadOptions): Promise<void>;
  /** Appends the next page of the events shown; nothing when there is none or one is being read. */
  loadMore(): Promise<void>;
  /** Every event of the filters, newest first, up to `max`; null when cancelled. */
  exportEvents(filters: AuditFilters, max: number): Promise<AuditEvent[] | null>;
  cancelExport(): void;
}

let moreController: AbortController | null = null;
let exportController: AbortController | null = null;

/** The events of both, each once (a page read after new events were written may repeat the last ones). */
function appendNew(shown: readonly AuditEvent[], page: readonly AuditEvent[]): AuditEvent[] {
  const seen = new Set(shown.map((e) => e.id));
  return [...shown, ...page.filter((e) => !seen.has(e.id))];
}

export const useAudit = create<AuditState>()((set, get) => {
  const loader = createLoader<AuditState>(set, get);
  return {
    ...initialLoadState(),
    filters: null,
    events: [],
    total: 0,
    summary: null,
    summaryFor: null,
    nextCursor: null,
    retentionDays: null,
    loadingMore: false,
    moreError: null,
    exporting: null,

    load(filters, options = {}) {
      moreController?.abort();
      set({ loadingMore: false, moreError: null });
      return loader.run(
        async (signal) => {
          // Another profile or world (a new data generation) has figures of its own.
          const key = `${dataGeneration()}|${summaryKey(filters)}`;
          // With a type, the page's own summary counts that type alone: the whole one is read beside it.
          const needSummary = filters.type !== undefined && get().summaryFor !== key;
          const { type: _type, ...untyped } = filters;
          const [page, whole] = await Promise.all([
            api('permissions.audit', { query: { ...filters, limit: PAGE_ROWS } }, { signal }),
            needSummary ? api('permissions.audit', { query: { ...untyped, limit: 1 } }, { signal }) : null,
          ]);
          const { data } = page;
          const summary = filters.type === undefined ? data.summary : (whole?.data.summary ?? get().summary);
          return {
            events: data.events,
            total: data.total,
            nextCursor: data.nextCursor,
            retentionDays: data.retentionDays,
            summary,
            summaryFor: key,
          };
        },
        { ...options, before: { filters } },
      );
    },

    async loadMore() {
      const { nextCursor, filters, loadingMore, status } = get();
      if (!nextCursor || !filters || loadingMore || status !== 'ready') return;
      const controller = (moreController = new AbortController());
      set({ loadingMore: true, moreError: null });
      try {
        const { data } = await api(
          'permissions.audit',
          { query: { ...filters, limit: PAGE_ROWS, cursor: nextCursor } },
          { signal: controller.signal },
        );
        // A load of other filters (or a refresh) started meanwhile: this page is not theirs.
        if (moreController !== controller || get().filters !== filters) return;
        set((s) => ({ events: appendNew(s.events, data.events), nextCursor: data.nextCursor, total: data.total, loadingMore: false }));
      } catch (error) {
        if (isCancelled(error) || moreController !== controller) return;
        set({ loadingMore: false, moreError: toNormalizedError(error) });
      } finally {
        if (moreController === controller) moreController = null;
      }
    },

    async exportEvents(filters, max) {
      exportController?.abort();
      const controller = (exportController = new AbortController());
      const events: AuditEvent[] = [];
      let cursor: string | undefined;
      set({ exporting: { loaded: 0, target: Math.min(get().total, max) } });
      try {
        while (events.length < max) {
          const limit = Math.min(EXPORT_PAGE, max - events.length);
          const { data } = await api('permissions.audit', { query: { ...filters, limit, cursor } }, { signal: controller.signal });
          events.push(...data.events);
          set({ exporting: { loaded: events.length, target: Math.min(data.total, max) } });
          if (!data.nextCursor) break;
          cursor = data.nextCursor;
        }
        return events;
      } catch (error) {
        if (isCancelled(error)) return null;
        throw error;
      } finally {
        if (exportController === controller) {
          exportController = null;
          set({ exporting: null });
        }
      }
    },

    cancelExport() {
      exportController?.abort();
    },
  };
});
