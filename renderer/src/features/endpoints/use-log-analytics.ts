// Reads an endpoint's log analytics for a range (the store's logAnalytics). A new range or a
// reload cancels the read in flight; another range never shows the old one's figures while it
// loads, and a reload keeps what is shown until the answer comes (a failed one leaves it,
// stale, with the error).
import type { NormalizedError } from '../../../../shared/api/errors';
import { useLoaded } from '../../platform/use-loaded';
import { useEndpoints } from './endpoints-store';
import type { AnalyticsRangeId, LogAnalytics } from './log-analytics';

export type { LogAnalytics };

export interface LogAnalyticsState {
  data: LogAnalytics | null;
  loading: boolean;
  error: NormalizedError | null;
  /** This machine's time of the last answer shown (for "showing what was loaded at"). */
  loadedAt: number | null;
  reload(): void;
}

export function useLogAnalytics(endpointId: string, range: AnalyticsRangeId): LogAnalyticsState {
  const { data, loading, error, loadedAt, reload } = useLoaded(JSON.stringify([endpointId, range]), (signal) =>
    useEndpoints.getState().logAnalytics(endpointId, range, signal),
  );
  return { data, loading, error, loadedAt, reload };
}
