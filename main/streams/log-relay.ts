// The stream relay of `logs:tail` (docs/decisions.md, Stream relay): one upstream event stream
// per distinct tail of the active profile however many windows follow it. Entries are kept in
// a bounded recent buffer (replayed to a late subscriber) and handed to each subscriber in
// batches, one per tick; a subscriber whose transport is congested keeps a bounded queue whose
// oldest entries are dropped and counted. A dropped connection reconnects with backoff and
// Last-Event-ID; a refusal (4xx) or the server's `end` event ends it; the last subscriber
// leaving, or the active profile changing, closes it.
import type { NormalizedError } from '../../shared/api/errors';
import { localError } from '../../shared/api/local-errors';
import { BridgeError, type TopicFlow } from '../../shared/ipc/dispatch';
import type { LogTailEvent, LogTailItem, LogTailParams } from '../../shared/ipc/streams';
import type { SseHandlers } from './sse-parser';

/** The params as the bridge hands them over (defaults applied). */
export type TailParams = Omit<LogTailParams, 'backlog'> & { backlog: number };
type Status = Extract<LogTailEvent, { type: 'status' }>;

/** @internal Exported for its tests only. */
export interface TailUpstream {
  read(handlers: SseHandlers): Promise<void>;
  cancel(): void;
}

interface OpenedTail {
  stream: TailUpstream;
  /** Why an entry is not one (remote servers are checked), or null when it is. */
  check?: ((entry: unknown) => string | null) | null;
}

export interface RelayTiming {
  /** One batch per subscriber per tick. */
  tickMs: number;
  /** Recent entries kept per upstream, replayed to a late subscriber. */
  bufferMax: number;
  /** Most entries in one `entries` event. */
  batchMax: number;
  /** Most entries held for one congested subscriber; older ones are dropped and counted. */
  pendingMax: number;
  /** First reconnection delay when the server named none with `retry:`. */
  retryBaseMs: number;
  /** Longest reconnection delay (the delay doubles with each failed attempt up to it). */
  retryMaxMs: number;
  /** Without a byte (event or heartbeat) for this long, the connection counts as dropped. */
  idleMs: number;
}

const defaultRelayTiming: RelayTiming = {
  tickMs: 16,
  bufferMax: 1000,
  batchMax: 2000,
  pendingMax: 10_000,
  retryBaseMs: 1000,
  retryMaxMs: 30_000,
  idleMs: 45_000,
};

export interface LogRelayOptions {
  /** Opens the upstream of a tail for the active profile, resuming after `lastEventId`. Rejects with a BridgeError. */
  open(params: TailParams, lastEventId: string | undefined, signal: AbortSignal): Promise<OpenedTail>;
  activeProfileId(): string;
  timing?: Partial<RelayTiming>;
}

export interface LogRelay {
  subscribe(params: TailParams, emit: (event: LogTailEvent) => void, flow: TopicFlow): () => void;
  /** The active profile is now `profileId`: tails of another end with `profile_changed`. */
  profileChanged(profileId: string): void;
  /** Open upstreams (tests and the bench check sharing and cancellation). */
  upstreams(): number;
  close(): void;
}

/** Ids worth resuming with (what the bridge accepts as `after`). */
const RESUMABLE_ID = /^[\x21-\x7e]{1,128}$/;

/** Connection failures worth a new attempt: no answer, a timeout, a server error. A refusal is final. */
function retryable(error: NormalizedError): boolean {
  return error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT' || error.status >= 500;
}

function normalized(error: unknown): NormalizedError {
  if (error instanceof BridgeError) return error.normalized;
  return localError('INTERNAL_ERROR', 'The console hit an internal error relaying the log stream; see the application log.');
}

/** An event of the stream the console cannot use: fails the tail (as `call` fails a body it does not understand). */
class UnusableEvent extends Error {}

/** A key for params whatever the order of their keys. */
function stableKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableKey).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableKey((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

interface Subscriber {
  emit(event: LogTailEvent): void;
  flow: TopicFlow;
  pending: LogTailItem[];
  dropped: number;
}

export function createLogRelay(options: LogRelayOptions): LogRelay {
  const timing: RelayTiming = { ...defaultRelayTiming, ...options.timing };
  const upstreams = new Map<string, Upstream>();

  class Upstream {
    readonly subscribers = new Set<Subscriber>();
    /** The recent entries, oldest first (trimmed to bufferMax with some slack). */
    private buffer: LogTailItem[] = [];
    /** Entries trimmed off the buffer's front so far. */
    private trimmed = 0;
    private status: Status | null = null;
    private lastId: string | undefined;
    private controller: AbortController | null = null;
    private retryTimer: ReturnType<typeof setTimeout> | null = null;
    private idleTimer: ReturnType<typeof setTimeout> | null = null;
    private flushTimer: ReturnType<typeof setTimeout> | null = null;
    private attempt = 0;
    private serverRetryMs: number | null = null;
    private done = false;

    constructor(
      readonly key: string,
      readonly profileId: string,
      private readonly params: TailParams,
      /** The id the first connection resumes after (a subscriber's `after`), if any. */
      private readonly startAfter: string | undefined,
    ) {
      this.lastId = startAfter;
    }

    /** Where the replay of a subscriber resuming after `after` starts in the buffer, or -1 when it would leave a gap. */
    private replayFrom(after: string | undefined): number {
      const start = Math.max(0, this.buffer.length - timing.bufferMax);
      if (after === undefined) return start;
      if (after === this.startAfter && this.trimmed === 0 && start === 0) return 0;
      for (let i = this.buffer.length - 1; i >= 0 && i >= start - 1; i--) if (this.buffer[i]!.id === after) return i + 1;
      return -1;
    }

    /** True when a subscriber resuming after `id` can be served from here without a gap. */
    holds(id: string): boolean {
      return this.replayFrom(id) >= 0;
    }

    add(sub: Subscriber, after: string | undefined): void {
      this.subscribers.add(sub);
      if (this.status) sub.emit(this.status);
      const replay = this.buffer.slice(Math.max(0, this.replayFrom(after)));
      if (replay.length > 0) {
        sub.pending.push(...replay);
        this.scheduleFlush();
      }
    }

    remove(sub: Subscriber): void {
      if (!this.subscribers.delete(sub) || this.subscribers.size > 0) return;
      this.shutdown();
    }

    start(): void {
      this.setStatus({ type: 'status', state: 'connecting' });
      this.run();
    }

    /** Ends the tail for every subscriber (the profile changed): no reconnection. */
    end(reason: string): void {
      if (this.done) return;
      this.finish({ type: 'status', state: 'ended', reason });
    }

    /** No subscriber left: close the upstream and forget it. */
    shutdown(): void {
      this.done = true;
      this.stopConnection();
      if (this.flushTimer) clearTimeout(this.flushTimer);
      this.flushTimer = null;
      if (upstreams.get(this.key) === this) upstreams.delete(this.key);
    }

    private finish(status: Status): void {
      this.done = true;
      this.stopConnection();
      // The next subscriber to this tail starts a new upstream; these ones keep the last status.
      if (upstreams.get(this.key) === this) upstreams.delete(this.key);
      this.setStatus(status);
    }

    private stopConnection(): void {
      if (this.retryTimer) clearTimeout(this.retryTimer);
      if (this.idleTimer) clearTimeout(this.idleTimer);
      this.retryTimer = null;
      this.idleTimer = null;
      this.controller?.abort();
      this.controller = null;
    }

    private setStatus(status: Status): void {
      this.status = status;
      // Entries before the status stay before it.
      for (const sub of this.subscribers) {
        this.flushOne(sub, true);
        sub.emit(status);
      }
    }

    /** Connects; a defect ends the tail rather than escaping as an unhandled rejection. */
    private run(): void {
      this.connect().catch((error: unknown) => {
        if (!this.done) this.finish({ type: 'status', state: 'failed', error: normalized(error) });
      });
    }

    /** Aborts the connection once nothing (entry, comment) arrived for idleMs; `state.at` is the last arrival. */
    private watchIdle(controller: AbortController, state: { idle: boolean; at: number }): void {
      const check = () => {
        const quiet = Date.now() - state.at;
        if (quiet < timing.idleMs) {
          this.idleTimer = setTimeout(check, timing.idleMs - quiet);
          return;
        }
        state.idle = true;
        controller.abort();
      };
      this.idleTimer = setTimeout(check, timing.idleMs);
    }

    private async connect(): Promise<void> {
      this.retryTimer = null;
      if (this.done) return;
      const controller = new AbortController();
      this.controller = controller;
      let opened: OpenedTail;
      try {
        opened = await options.open(this.params, this.lastId, controller.signal);
      } catch (error) {
        if (this.done || controller.signal.aborted) return;
        return this.failedAttempt(normalized(error));
      }
      if (this.done || controller.signal.aborted) {
        opened.stream.cancel();
        return;
      }
      this.attempt = 0;
      this.setStatus({ type: 'status', state: 'live' });
      const state = { idle: false, at: Date.now() };
      let endReason: string | null = null;
      const check = opened.check ?? null;
      this.watchIdle(controller, state);
      try {
        await opened.stream.read({
          onEvent: (event) => {
            state.at = Date.now();
            if (event.event === 'end') {
              endReason = reasonOf(event.data);
              opened.stream.cancel();
              return;
            }
            if (endReason !== null || (event.event !== 'log' && event.event !== 'message')) return;
            let entry: unknown;
            try {
              entry = JSON.parse(event.data);
            } catch {
              throw new UnusableEvent('an entry is not valid JSON');
            }
            const problem = check?.(entry);
            if (problem) throw new UnusableEvent(problem);
            // A server that resumed one entry early must not repeat it.
            if (event.id !== '' && event.id === this.lastId) return;
            if (RESUMABLE_ID.test(event.id)) this.lastId = event.id;
            this.push({ id: event.id, entry });
          },
          onComment: () => {
            state.at = Date.now();
          },
          onRetry: (ms) => {
            this.serverRetryMs = ms;
          },
        });
      } catch (error) {
        if (endReason === null && !this.done && !state.idle) {
          if (error instanceof UnusableEvent) {
            controller.abort();
            const message = `The log stream sent something this console does not understand: ${error.message}.`;
            return this.finish({ type: 'status', state: 'failed', error: localError('INVALID_RESPONSE', message) });
          }
          // A broken connection is resumed; anything else (a line past its bound, a defect) is final.
          const failure = normalized(error);
          if (!retryable(failure)) return this.finish({ type: 'status', state: 'failed', error: failure });
        }
      } finally {
        if (this.idleTimer) clearTimeout(this.idleTimer);
        this.idleTimer = null;
      }
      if (this.done) return;
      if (endReason !== null) return this.finish({ type: 'status', state: 'ended', reason: endReason });
      // The body ended, broke, or went quiet: resume after the last entry.
      this.scheduleReconnect();
    }

    private failedAttempt(error: NormalizedError): void {
      if (!retryable(error)) return this.finish({ type: 'status', state: 'failed', error });
      this.scheduleReconnect();
    }

    private scheduleReconnect(): void {
      const base = this.serverRetryMs ?? timing.retryBaseMs;
      const delay = Math.min(timing.retryMaxMs, base * 2 ** Math.min(this.attempt, 16));
      this.attempt++;
      this.setStatus({ type: 'status', state: 'reconnecting', retryInMs: Math.round(delay) });
      this.retryTimer = setTimeout(() => this.run(), delay);
    }

    private push(item: LogTailItem): void {
      this.buffer.push(item);
      if (this.buffer.length > timing.bufferMax + (timing.bufferMax >> 2)) {
        const excess = this.buffer.length - timing.bufferMax;
        this.buffer.splice(0, excess);
        this.trimmed += excess;
      }
      const slack = Math.max(64, timing.pendingMax >> 2);
      for (const sub of this.subscribers) {
        sub.pending.push(item);
        if (sub.pending.length > timing.pendingMax + slack) trim(sub);
      }
      this.scheduleFlush();
    }

    private scheduleFlush(): void {
      if (this.flushTimer === null) this.flushTimer = setTimeout(() => this.flush(), timing.tickMs);
    }

    private flush(): void {
      this.flushTimer = null;
      let more = false;
      for (const sub of this.subscribers) if (this.flushOne(sub, false)) more = true;
      if (more) this.scheduleFlush();
    }

    /** Emits one batch to `sub` unless its transport is congested (`force`: a status follows). True when more waits. */
    private flushOne(sub: Subscriber, force: boolean): boolean {
      if (sub.pending.length > timing.pendingMax) trim(sub);
      if (!force && sub.flow.congested()) return sub.pending.length > 0 || sub.dropped > 0;
      if (sub.dropped > 0) {
        sub.emit({ type: 'dropped', count: sub.dropped });
        sub.dropped = 0;
      }
      while (sub.pending.length > 0) {
        const items = sub.pending.length <= timing.batchMax ? sub.pending : sub.pending.slice(0, timing.batchMax);
        sub.pending = sub.pending.length <= timing.batchMax ? [] : sub.pending.slice(timing.batchMax);
        sub.emit({ type: 'entries', items });
        if (!force) break;
      }
      return sub.pending.length > 0;
    }
  }

  function trim(sub: Subscriber): void {
    const excess = sub.pending.length - timing.pendingMax;
    if (excess <= 0) return;
    sub.pending.splice(0, excess);
    sub.dropped += excess;
  }

  return {
    subscribe(params, emit, flow) {
      const profileId = options.activeProfileId();
      const { after, ...rest } = params;
      const base: TailParams = rest;
      let key = `${profileId}\n${stableKey(base)}`;
      let upstream = upstreams.get(key);
      // A window resuming after an entry the shared upstream no longer holds gets its own, so it has no gap.
      if (upstream && after !== undefined && !upstream.holds(after)) {
        key = `${key}\nafter ${after}`;
        upstream = upstreams.get(key);
      }
      const sub: Subscriber = { emit, flow, pending: [], dropped: 0 };
      if (!upstream) {
        upstream = new Upstream(key, profileId, base, after);
        upstreams.set(key, upstream);
        upstream.add(sub, after);
        upstream.start();
      } else upstream.add(sub, after);
      const own = upstream;
      return () => own.remove(sub);
    },
    profileChanged(profileId) {
      for (const upstream of [...upstreams.values()]) if (upstream.profileId !== profileId) upstream.end('profile_changed');
    },
    upstreams: () => upstreams.size,
    close() {
      for (const upstream of [...upstreams.values()]) upstream.shutdown();
    },
  };
}

/** The `reason` of an `end` event's data, or `ended` when it has none. */
function reasonOf(data: string): string {
  try {
    const value = JSON.parse(data) as { reason?: unknown };
    if (typeof value?.reason === 'string' && value.reason.length <= 200) return value.reason;
  } catch {
    // not JSON: no reason
  }
  return 'ended';
}
