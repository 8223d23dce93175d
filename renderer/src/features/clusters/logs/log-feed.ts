// The one place a log window reaches the live tail: the bridge topic `logs:tail`, whose
// upstream (the API's Server-Sent Events, resumed with Last-Event-ID) the main process keeps
// for every window that follows the same source. Entries arrive folded per animation frame,
// without the ones already delivered (subscribeLogTail: a renewed web-bridge subscription is
// replayed the relay's recent buffer).
import type { LogSourceRef, LogTailEvent, LogTailFilters, LogTailItem } from '../../../../../shared/ipc/streams';
import { subscribeLogTail } from '../../../bridge/frame-batch';

interface FeedHandlers {
  onItems(items: readonly LogTailItem[]): void;
  onStatus(status: Extract<LogTailEvent, { type: 'status' }>): void;
  /** Entries the relay dropped because this window fell behind (never held here). */
  onSkipped(count: number): void;
}

interface FeedOptions {
  filters?: LogTailFilters;
  /** Entries before now to start with. */
  backlog: number;
  /** Start at this moment (ISO) instead of with the newest lines. */
  since?: string;
  /** Resume after this event id (the newest held): no gap, no repeat. */
  after?: string;
}

/** Follows a source until the returned function is called. */
export type OpenFeed = (source: LogSourceRef, options: FeedOptions, handlers: FeedHandlers) => () => void;

export const openLogFeed: OpenFeed = (source, { filters, backlog, since, after }, handlers) =>
  subscribeLogTail({ source, filters, backlog, ...(since ? { since } : {}), ...(after ? { after } : {}) }, (frame) => {
    if (frame.dropped > 0) handlers.onSkipped(frame.dropped);
    if (frame.items.length > 0) handlers.onItems(frame.items);
    if (frame.status) handlers.onStatus(frame.status);
  });
