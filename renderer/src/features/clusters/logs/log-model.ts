// The state of one log window outside React: its sources and their feeds' states, the ring
// buffer, the filtered view of it and the counters. Entries arrive in batches from any number
// of feeds; they are queued and taken in at most once per animation frame, merged by time
// among the lines already held, and the view is told once per frame.
import type { LogSourceRef, LogTailEvent, LogTailItem } from '../../../../../shared/ipc/streams';
import { serverNow } from '../../../platform/server-clock';
import { LineBuffer, LOG_WINDOW_CAPACITY } from './line-buffer';
import { compilePattern, makeMatcher, NO_FILTER, type Pattern, type ViewFilter } from './line-filter';
import { toLine, type LogLine } from './log-line';

export type FeedStatus = Omit<Extract<LogTailEvent, { type: 'status' }>, 'type'> & { since: number };

export interface SourceState {
  ref: LogSourceRef;
  /** The newest event id taken in from this source (where a restarted feed resumes). */
  lastId: string | undefined;
  lastTs: number;
  /**
   * The newest time this source had before the window started over at a moment (startOver):
   * its lines read again up to there are not new to the reader. -Infinity until then.
   */
  seenUntil: number;
  status: FeedStatus;
  /** The server's time when the feed first went live: lines older than it are its backlog (or a catch-up), not arrivals. */
  liveFrom?: number;
}

export interface ModelOptions {
  capacity?: number;
  /** How the model waits for the next frame (tests run frames by hand). */
  schedule?: (run: () => void) => void;
  /** This machine's clock (ms; performance.now by default): the rate's real seconds. */
  now?: () => number;
  /** The server's clock (ms): the lines' own times are on it. */
  serverNow?: () => number;
}

/**
 * The rate counts the lines that arrived over this much real time (docs/decisions.md, Log tailing windows).
 */
export const RATE_WINDOW_MS = 10_000;
/** A line this much older than its feed's going live still counts as arrived (the server clock is known to ±1.5 s). */
const LIVE_SLACK_MS = 2_000;
/**
 * The view is told of arriving lines at most this often (about 30 times a second): at
 * thousands of lines a second nobody reads a redraw per frame, and each costs a layout of the
 * rows in sight. What the reader does (filters, sources) is shown at once.
 * @internal Exported for its tests only.
 */
export const VIEW_INTERVAL_MS = 32;

/** Index of the first line at or after `from` whose time is after `ts` (lines are in time order). */
function firstAfter(buffer: LineBuffer<LogLine>, ts: number): number {
  let lo = buffer.start;
  let hi = buffer.endPos;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (buffer.at(mid)!.ts <= ts) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Two time-ordered lists as one; on equal times `a` (the lines held) comes first. */
function mergeByTime(a: readonly LogLine[], b: readonly LogLine[]): LogLine[] {
  const out = new Array<LogLine>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = b[j]!.ts < a[i]!.ts ? b[j++]! : a[i++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

export class LogModel {
  readonly buffer: LineBuffer<LogLine>;
  sources: SourceState[] = [];
  filter: ViewFilter = NO_FILTER;
  pattern: Pattern = compilePattern('');
  /** Changes once per frame with news; what React watches. */
  version = 0;
  /**
   * Lines that passed the filter as they arrived, ever (the "new lines" counter counts from it),
   * but for those read again after a start-over up to where their source had been.
   */
  matchedTotal = 0;
  /** Bumped when the view was rebuilt (filter change, late lines merged in): positions moved. */
  layout = 0;

  private visible: number[] = [];
  private head = 0;
  private pending: LogLine[] = [];
  private scheduled = false;
  private listeners = new Set<() => void>();
  private arrivals: { at: number; n: number }[] = [];
  /** When (this machine's clock) the first feed went live: the rate's window starts no earlier. */
  private countingSince: number | null = null;
  private readonly schedule: (run: () => void) => void;
  private readonly now: () => number;
  private readonly serverNow: () => number;
  private lastTold = -Infinity;
  private matcher: (line: LogLine) => boolean = makeMatcher(NO_FILTER, compilePattern(''));

  constructor(options: ModelOptions = {}) {
    this.buffer = new LineBuffer<LogLine>(options.capacity ?? LOG_WINDOW_CAPACITY);
    this.schedule = options.schedule ?? ((run) => requestAnimationFrame(run));
    this.now = options.now ?? (() => performance.now());
    this.serverNow = options.serverNow ?? serverNow;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /** Replaces the source list, keeping the state of sources that stay; lines of removed ones go. */
  setSources(refs: readonly LogSourceRef[]): void {
    const key = (r: LogSourceRef) => `${r.kind}:${r.id}`;
    const old = new Map(this.sources.map((s, i) => [key(s.ref), { s, i }]));
    const next = refs.map(
      (ref) =>
        old.get(key(ref))?.s ?? {
          ref,
          lastId: undefined,
          lastTs: 0,
          seenUntil: -Infinity,
          status: { state: 'connecting' as const, since: this.now() },
        },
    );
    const remap = refs.map((ref) => old.get(key(ref))?.i ?? -1);
    const changed = remap.length !== this.sources.length || remap.some((from, to) => from !== to);
    this.sources = next;
    if (!changed) return;
    // Lines keep their source by index: rebuild the buffer with the new indexes.
    const toNew = new Map(remap.map((from, to) => [from, to]));
    const kept: LogLine[] = [];
    for (let p = this.buffer.start; p < this.buffer.endPos; p++) {
      const line = this.buffer.at(p)!;
      const to = toNew.get(line.src);
      if (to !== undefined) kept.push(to === line.src ? line : { ...line, src: to });
    }
    this.pending = this.pending.flatMap((l) => (toNew.has(l.src) ? [{ ...l, src: toNew.get(l.src)! }] : []));
    this.buffer.clear();
    for (const line of kept) this.buffer.push(line);
    this.rebuild();
  }

  ingest(src: number, items: readonly LogTailItem[]): void {
    const source = this.sources[src];
    if (!source || items.length === 0) return;
    for (const item of items) {
      const line = toLine(src, source.ref.kind, item.id, item.entry, source.lastTs);
      source.lastTs = line.ts;
      this.pending.push(line);
    }
    source.lastId = items[items.length - 1]!.id;
    this.requestFrame();
  }

  /**
   * Lets go of every line held, for the feeds to start again at a moment older than the oldest
   * line held (a link to that moment). The lines read again up to the newest each source had
   * do not count as new (`matchedTotal`): the reader saw them come.
   */
  startOver(): void {
    for (const source of this.sources) {
      source.seenUntil = Math.max(source.seenUntil, source.lastTs);
      source.lastId = undefined;
      source.lastTs = 0;
    }
    this.pending = [];
    this.buffer.clear();
    this.rebuild();
  }

  /** Lines the relay skipped because this window fell behind: never held, so counted apart from the buffer's drops. */
  skipped = 0;

  skip(count: number): void {
    this.skipped += count;
    this.requestFrame();
  }

  setStatus(src: number, event: Extract<LogTailEvent, { type: 'status' }>): void {
    const source = this.sources[src];
    if (!source) return;
    const { type: _type, ...status } = event;
    source.status = { ...status, since: this.now() };
    if (status.state === 'live' && source.liveFrom === undefined) {
      source.liveFrom = this.serverNow();
      this.countingSince ??= this.now();
    }
    this.requestFrame();
  }

  setFilter(filter: ViewFilter): void {
    this.filter = filter;
    this.rebuild();
  }

  /**
   * Sets the pattern. A bad one shows no line (the field says why): the lines of the last good
   * pattern never stay on screen as if they matched what the field now holds.
   */
  setPattern(input: string): Pattern {
    const pattern = compilePattern(input);
    this.pattern = pattern;
    this.rebuild();
    return pattern;
  }

  get visibleCount(): number {
    return this.visible.length - this.head;
  }

  /** The buffer position of the i-th line shown. */
  positionAt(i: number): number {
    return this.visible[this.head + i]!;
  }

  lineAt(i: number): LogLine | undefined {
    return this.buffer.at(this.visible[this.head + i]!);
  }

  /** Index in the view of the line at a buffer position, or -1 when it is not shown. */
  indexOfPosition(pos: number): number {
    let lo = this.head;
    let hi = this.visible.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.visible[mid]! < pos) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.visible.length && this.visible[lo] === pos ? lo - this.head : -1;
  }

  /** The index in the view of the first line shown at or after `ts` (lines are in time order); visibleCount when none is. */
  indexAtTime(ts: number): number {
    let lo = this.head;
    let hi = this.visible.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.buffer.at(this.visible[mid]!)!.ts < ts) lo = mid + 1;
      else hi = mid;
    }
    return lo - this.head;
  }

  /**
   * Lines that arrived per real second over the last RATE_WINDOW_MS (or since the first feed
   * went live, when that is less; at least a second), a feed's backlog and catch-up left out:
   * they were written before the window was open. Null before any feed is live.
   */
  rate(): number | null {
    if (this.countingSince === null) return null;
    const now = this.now();
    const recent = this.arrivals.filter((a) => now - a.at <= RATE_WINDOW_MS);
    this.arrivals = recent;
    const n = recent.reduce((sum, a) => sum + a.n, 0);
    const span = Math.max(1000, Math.min(RATE_WINDOW_MS, now - this.countingSince));
    return (n * 1000) / span;
  }

  /** Takes in what arrived since the last frame and tells the view; the scheduler calls it. */
  flush = (): void => {
    this.scheduled = false;
    if (this.pending.length > 0) this.take(this.pending);
    this.pending = [];
    if (this.now() - this.lastTold < VIEW_INTERVAL_MS) this.requestFrame();
    else this.notify();
  };

  /** Every line of the view, oldest first (the download). */
  *visibleLines(): Generator<LogLine> {
    for (let i = this.head; i < this.visible.length; i++) yield this.buffer.at(this.visible[i]!)!;
  }

  private take(batch: LogLine[]): void {
    // Sources interleave: order the batch, then merge it in among the newest lines held if
    // some of it is older than they are (a source that was late, or its backlog).
    batch.sort((a, b) => a.ts - b.ts);
    let arrived = 0;
    for (const line of batch) {
      const liveFrom = this.sources[line.src]?.liveFrom;
      if (liveFrom !== undefined && line.ts >= liveFrom - LIVE_SLACK_MS) arrived++;
    }
    if (arrived > 0) this.arrivals.push({ at: this.now(), n: arrived });
    const last = this.buffer.last;
    if (last !== undefined && batch[0]!.ts < last.ts) {
      const from = firstAfter(this.buffer, batch[0]!.ts);
      this.buffer.rewriteTail(from, mergeByTime(this.buffer.tailFrom(from), batch));
      const before = this.matchedTotal;
      this.rebuild();
      // The lines merged in are new to the reader wherever they landed.
      let fresh = 0;
      for (const line of batch) if (this.matcher(line) && this.isNew(line)) fresh++;
      this.matchedTotal = before + fresh;
      return;
    }
    const from = this.buffer.endPos;
    for (const line of batch) this.buffer.push(line);
    for (let p = Math.max(from, this.buffer.start); p < this.buffer.endPos; p++) {
      const line = this.buffer.at(p)!;
      if (this.matcher(line)) {
        this.visible.push(p);
        if (this.isNew(line)) this.matchedTotal++;
      }
    }
    this.dropGone();
  }

  /** Not a line read again after a start-over, up to where its source had been. */
  private isNew(line: LogLine): boolean {
    return line.ts > (this.sources[line.src]?.seenUntil ?? -Infinity);
  }

  /** Forgets view entries of lines the buffer let go (and compacts the index now and then). */
  private dropGone(): void {
    const start = this.buffer.start;
    while (this.head < this.visible.length && this.visible[this.head]! < start) this.head++;
    if (this.head > 4096 && this.head * 2 > this.visible.length) {
      this.visible = this.visible.slice(this.head);
      this.head = 0;
    }
  }

  private rebuild(): void {
    this.matcher = makeMatcher(this.filter, this.pattern);
    const visible: number[] = [];
    for (let p = this.buffer.start; p < this.buffer.endPos; p++) if (this.matcher(this.buffer.at(p)!)) visible.push(p);
    this.visible = visible;
    this.head = 0;
    this.layout++;
    this.notify();
  }

  private requestFrame(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(this.flush);
  }

  private notify(): void {
    this.lastTold = this.now();
    this.version++;
    for (const listener of this.listeners) listener();
  }
}
