// The one place a log window reaches the live tail: the bridge topic `logs:tail`, whose
// upstream (the API's Server-Sent Events, resumed with Last-Event-ID) the main process keeps
// for every window that follows the same source. Entries arrive in batches.
import type { LogSourceRef, LogTailEvent, LogTailFilters, LogTailItem } from '../../../../shared/ipc/streams';
import { getBridge } from '../../bridge';

export interface FeedHandlers {
  onItems(items: readonly LogTailItem[]): void;
  onStatus(status: Extract<LogTailEvent, { type: 'status' }>): void;
}

export interface FeedOptions {
  filters?: LogTailFilters;
  /** Entries before now to start with. */
  backlog: number;
  /** Resume after this event id (the newest held): no gap, no repeat. */
  after?: string;
}

/** Follows a source until the returned function is called. */
export type OpenFeed = (source: LogSourceRef, options: FeedOptions, handlers: FeedHandlers) => () => void;

export const openLogFeed: OpenFeed = (source, { filters, backlog, after }, handlers) =>
  getBridge().subscribe('logs:tail', { source, filters, backlog, ...(after ? { after } : {}) }, (event) => {
    if (event.type === 'entries') handlers.onItems(event.items);
    else handlers.onStatus(event);
  });
