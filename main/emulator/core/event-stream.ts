// The loop behind every log stream (docs/decisions.md, Logs: GET /logs/stream; Endpoints: Logs):
// the area says what is new after its cursor; this writes it as Server-Sent Events frames,
// polls the simulated clock, waits for a slow client to drain, sends heartbeats, and stops once
// (client gone, stream ended, emulator closing) leaving no timer behind.
import { EventStream, type StreamSink } from './route-def';

/** How often (real ms) a stream looks for entries the clock has reached. */
const STREAM_POLL_MS = 200;
/** Frames written per turn before yielding to other requests. */
const STREAM_BATCH = 2000;

/** One entry's frame: `id`, the `event` name when it has one (none: EventSource's `message`), the JSON `data`, a blank line. */
export const sseFrame = (id: string, data: unknown, event?: string) =>
  `id: ${id}\n${event === undefined ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`;

/** The Last-Event-ID header as sent (the last one when repeated), or null when absent or blank. */
export function lastEventIdOf(headers: Readonly<Record<string, string | string[] | undefined>>): string | null {
  const raw = headers['last-event-id'];
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  return value === undefined || value.trim() === '' ? null : value.trim();
}

/** What one turn found: frames in order, and, when the stream is over, why (sent as `event: end`). */
interface StreamTurn {
  frames: string[];
  end?: string;
}

export interface PolledStream {
  /** A comment after `retry:` naming what is streamed. */
  title: string;
  /**
   * The next frames after the area's cursor, at most `max` (the area moves its cursor). `end` only
   * when nothing more will come; a turn that returns `max` frames is followed by another at once.
   */
  read(max: number): StreamTurn;
  /** Real ms without a write before a heartbeat comment. */
  heartbeatMs: number;
  /** Simulated now, shown in heartbeats. */
  now(): number;
  /** Streams open now (tests check a stream stops when its client leaves). */
  open: { count: number };
}

export function polledEventStream(p: PolledStream): EventStream {
  return new EventStream((sink: StreamSink) => {
    let waiting = false;
    let stopped = false;
    let lastWrite = Date.now();
    let soon: NodeJS.Immediate | null = null;
    const write = (chunk: string) => {
      lastWrite = Date.now();
      if (!sink.write(chunk)) {
        waiting = true;
        sink.onDrain(() => {
          waiting = false;
          tick();
        });
      }
    };
    const tick = () => {
      soon = null;
      if (stopped || waiting) return;
      const turn = p.read(STREAM_BATCH);
      // One write per turn: frames are joined, so a client catching up costs one chunk per batch.
      if (turn.frames.length) write(turn.frames.join(''));
      if (turn.end !== undefined) {
        write(`event: end\ndata: ${JSON.stringify({ reason: turn.end })}\n\n`);
        return sink.end();
      }
      if (turn.frames.length >= STREAM_BATCH) {
        if (!waiting) soon = setImmediate(tick);
        return;
      }
      if (Date.now() - lastWrite >= p.heartbeatMs) write(`: heartbeat ${new Date(p.now()).toISOString()}\n\n`);
    };
    write(`retry: 3000\n: ${p.title}\n\n`);
    const timer = setInterval(tick, STREAM_POLL_MS);
    p.open.count++;
    tick();
    return () => {
      if (!stopped) p.open.count--;
      stopped = true;
      clearInterval(timer);
      if (soon) clearImmediate(soon);
    };
  });
}
