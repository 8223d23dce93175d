// Reads an endpoint's log analytics for a range: one `logs/aggregate` (levels by hour, requests
// and durations by hour, sources, totals) and one `logs/search` of the range's error and fatal
// lines, together. A new range or a reload cancels the read in flight; a reload keeps what is
// shown until the answer comes (a failed one leaves it, stale, with the error).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AggregateRow, EndpointLogEntry } from '../../../../shared/api/endpoints/logs';
import type { NormalizedError } from '../../../../shared/api/errors';
import { api } from '../../bridge/api';
import { isCancelled, toNormalizedError } from '../../bridge/errors';
import { serverNow } from '../../platform/server-clock';
import {
  AGG,
  aggregateRequest,
  analyticsRange,
  errorSearchRequest,
  groupErrors,
  hourlyFigures,
  type AnalyticsRangeId,
  type ErrorGroup,
  type HourlyFigures,
} from './log-analytics';

export interface LogAnalytics {
  range: AnalyticsRangeId;
  timeRange: { start: string; end: string };
  hourly: HourlyFigures;
  sources: AggregateRow[];
  total: AggregateRow;
  errors: ErrorGroup[];
  /** Error and fatal lines in the range, and how many of them were grouped (the route's limit). */
  errorTotal: number;
  errorsGrouped: number;
}

export interface LogAnalyticsState {
  data: LogAnalytics | null;
  loading: boolean;
  error: NormalizedError | null;
  /** This machine's time of the last answer shown (for "showing what was loaded at"). */
  loadedAt: number | null;
  reload(): void;
}

export function useLogAnalytics(endpointId: string, range: AnalyticsRangeId): LogAnalyticsState {
  const [state, setState] = useState<Omit<LogAnalyticsState, 'reload'>>({ data: null, loading: true, error: null, loadedAt: null });
  const [seq, setSeq] = useState(0);
  const shownRange = useRef<AnalyticsRangeId | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    // Another range never shows the old one's figures while it loads.
    const sameRange = shownRange.current === range;
    setState((s) => ({ ...s, data: sameRange ? s.data : null, loading: true }));
    const timeRange = analyticsRange(range, serverNow());
    void (async () => {
      try {
        const [aggregate, search] = await Promise.all([
          api('endpoints.logs.aggregate', { body: aggregateRequest(endpointId, timeRange) }, { signal }),
          api('endpoints.logs.search', { body: errorSearchRequest(endpointId, timeRange) }, { signal }),
        ]);
        const a = aggregate.data.aggregations;
        const logs: EndpointLogEntry[] = search.data.logs;
        shownRange.current = range;
        setState({
          data: {
            range,
            timeRange: aggregate.data.timeRange,
            hourly: hourlyFigures(aggregate.data.timeRange, a[AGG.levelsByHour] ?? [], a[AGG.byHour] ?? []),
            sources: [...(a[AGG.bySource] ?? [])].sort((x, y) => (y.count ?? 0) - (x.count ?? 0)),
            total: a[AGG.total]?.[0] ?? { count: 0, unique_jobs: 0, avg_duration: null, p95_duration: null },
            errors: groupErrors(logs),
            errorTotal: search.data.total,
            errorsGrouped: logs.length,
          },
          loading: false,
          error: null,
          loadedAt: Date.now(),
        });
      } catch (error) {
        if (signal.aborted || isCancelled(error)) return;
        setState((s) => ({ ...s, loading: false, error: toNormalizedError(error) }));
      }
    })();
    return () => controller.abort();
  }, [endpointId, range, seq]);

  const reload = useCallback(() => setSeq((n) => n + 1), []);
  return { ...state, reload };
}
