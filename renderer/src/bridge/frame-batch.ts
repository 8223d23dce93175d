// Subscriptions delivered once per animation frame: a topic's events are gathered and handed
// to the consumer as one array per frame (the stream relay already batches per ~16 ms in
// main; this keeps a window that receives from several subscriptions, or a burst, to one
// render per frame). While the page is hidden, frames do not run: a timer flushes instead,
// so nothing piles up unbounded.
import type { TopicEvent, TopicName, TopicParams } from '../../../shared/ipc/contract';
import type { LogTailEvent, LogTailItem } from '../../../shared/ipc/streams';
import { getBridge } from './index';

/** Flush interval while the page is hidden (browsers throttle timers there anyway). */
const HIDDEN_FLUSH_MS = 250;

export interface FrameScheduler {
  request(flush: () => void): () => void;
}

const defaultScheduler: FrameScheduler = {
  request(flush) {
    const hidden = typeof document !== 'undefined' && document.hidden;
    if (!hidden && typeof requestAnimationFrame === 'function') {
      const handle = requestAnimationFrame(() => flush());
      return () => cancelAnimationFrame(handle);
    }
    const timer = setTimeout(flush, hidden ? HIDDEN_FLUSH_MS : 16);
    return () => clearTimeout(timer);
  },
};

type Subscribe = <T extends TopicName>(topic: T, params: TopicParams<T>, listener: (event: TopicEvent<T>) => void) => () => void;

/** Subscribes to `topic`; `onFrame` gets the events of each frame, in order, at most once a frame. */
export function subscribeBatched<T extends TopicName>(
  topic: T,
  params: TopicParams<T>,
  onFrame: (events: Array<TopicEvent<T>>) => void,
  options: { subscribe?: Subscribe; scheduler?: FrameScheduler } = {},
): () => void {
  const subscribe: Subscribe = options.subscribe ?? ((t, p, l) => getBridge().subscribe(t, p, l));
  const scheduler = options.scheduler ?? defaultScheduler;
  let queue: Array<TopicEvent<T>> = [];
  let cancelFrame: (() => void) | null = null;
  let closed = false;
  const flush = () => {
    cancelFrame = null;
    if (closed || queue.length === 0) return;
    const events = queue;
    queue = [];
    onFrame(events);
  };
  const unsubscribe = subscribe(topic, params, (event) => {
    if (closed) return;
    queue.push(event);
    cancelFrame ??= scheduler.request(flush);
  });
  return () => {
    closed = true;
    cancelFrame?.();
    cancelFrame = null;
    queue = [];
    unsubscribe();
  };
}

/** One frame of a log tail folded together: its entries in order, entries dropped, and the last status. */
export interface TailFrame {
  items: LogTailItem[];
  /** Entries the relay dropped for this window before some of `items` (it fell behind). */
  dropped: number;
  status: Extract<LogTailEvent, { type: 'status' }> | null;
}

/** @internal Exported for its tests only. */
export function foldTailFrame(events: readonly LogTailEvent[]): TailFrame {
  const frame: TailFrame = { items: [], dropped: 0, status: null };
  for (const event of events) {
    if (event.type === 'entries') {
      if (frame.items.length === 0) frame.items = event.items.slice();
      else for (const item of event.items) frame.items.push(item);
    } else if (event.type === 'dropped') frame.dropped += event.count;
    else frame.status = event;
  }
  return frame;
}

/** Ids remembered to skip repeats: twice the relay's replay buffer (1,000 entries). */
const RECENT_IDS = 2048;

/**
 * A log tail, one folded frame per animation frame. Entries already delivered are skipped: the
 * web bridge renews its subscriptions after a reconnect, and the relay then replays its recent
 * buffer to the renewed one (docs/decisions.md, Stream relay).
 */
export function subscribeLogTail(
  params: TopicParams<'logs:tail'>,
  onFrame: (frame: TailFrame) => void,
  options: { subscribe?: Subscribe; scheduler?: FrameScheduler } = {},
): () => void {
  const recent = new Set<string>();
  return subscribeBatched(
    'logs:tail',
    params,
    (events) => {
      const frame = foldTailFrame(events);
      frame.items = frame.items.filter((item) => {
        if (item.id !== '' && recent.has(item.id)) return false;
        recent.add(item.id);
        // A Set iterates in insertion order: the first is the oldest.
        if (recent.size > RECENT_IDS) recent.delete(recent.values().next().value as string);
        return true;
      });
      if (frame.items.length > 0 || frame.dropped > 0 || frame.status) onFrame(frame);
    },
    options,
  );
}
