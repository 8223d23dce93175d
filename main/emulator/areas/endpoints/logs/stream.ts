// Endpoint logs as Server-Sent Events (03-endpoints-training.md, Endpoint logs: "Streaming";
// docs/decisions.md, Endpoints: Logs): the backlog, then entries as the simulated clock reaches
// them, resumable by Last-Event-ID. The loop (polling, backpressure, heartbeats, stopping) is
// core/event-stream.ts's, shared with the cluster log stream.
import type { EventStream } from '../../../core/route-def';
import { lastEventIdOf, polledEventStream, sseFrame } from '../../../core/event-stream';
import { ApiError } from '../../../core/errors';
import type { EmulatorContext } from '../../../core/context';
import { RETENTION_MS, entryOf, type LogPredicate } from './query';
import { logsBetween, type LogRecord } from '../sim/logs';
import { findEndpoint, type StoredEndpoint } from '../state';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The range is read this much at a time, so catching up on a day never builds it whole. */
const READ_WINDOW_MS = 10 * 60_000;
/** Entries sent first when neither Last-Event-ID nor startTime says where to begin (as cluster logs). */
export const STREAM_BACKLOG_DEFAULT = 100;

/**
 * Endpoint log streams open now, in this process (tests check a stream stops when its client leaves).
 * @internal Exported for its tests only.
 */
export const openEndpointLogStreams = { count: 0 };

/**
 * Where a stream stands: entries after (t, n) are sent next. An entry's place is its millisecond
 * and its rank among that millisecond's entries of every level (n = -1: before them all), so an
 * id means the same entry whatever the filters.
 */
interface Cursor {
  t: number;
  n: number;
}

/** An entry's event id, `<epoch ms>-<rank>` (as Redis stream ids). */
const idOf = (c: Cursor) => `${c.t}-${c.n}`;

function cursorOf(headers: Readonly<Record<string, string | string[] | undefined>>): Cursor | null {
  const value = lastEventIdOf(headers);
  if (value === null) return null;
  const m = /^(\d{1,15})-(\d{1,6})$/.exec(value);
  if (!m)
    throw new ApiError(400, 'VALIDATION_ERROR', 'Invalid Last-Event-ID: not an event id of this stream', {
      field: 'Last-Event-ID',
      reason: 'an event id such as 1780315200123-0 (the id of the last event received)',
      value: value.slice(0, 100),
    });
  return { t: Number(m[1]), n: Number(m[2]) };
}

/** Visits the entries after `c` up to `to`, oldest first, with their place; false when `visit` stopped it. */
function walk(e: StoredEndpoint, c: Cursor, to: number, now: number, visit: (r: LogRecord, at: Cursor) => boolean): boolean {
  // Nothing is older than the retention or the endpoint: an old id starts there, not at the epoch.
  for (let lo = Math.max(c.t, now - RETENTION_MS, e.created_at); lo <= to; lo += READ_WINDOW_MS) {
    let prev = NaN;
    let n = 0;
    for (const r of logsBetween(e, lo, Math.min(lo + READ_WINDOW_MS - 1, to), now, RETENTION_MS)) {
      n = r.t === prev ? n + 1 : 0;
      prev = r.t;
      if (r.t === c.t && n <= c.n) continue;
      if (!visit(r, { t: r.t, n })) return false;
    }
  }
  return true;
}

/** Just before the oldest of the newest `limit` matching entries up to `to` within a day (hour by hour, newest first). */
function backlogStart(e: StoredEndpoint, keep: LogPredicate, limit: number, to: number, now: number): Cursor {
  let left = limit;
  for (let hi = to; hi > to - DAY; hi -= HOUR) {
    const lo = Math.max(hi - HOUR + 1, to - DAY + 1);
    const rs = logsBetween(e, lo, hi, now, RETENTION_MS);
    for (let i = rs.length - 1; i >= 0; i--) {
      if (!keep(rs[i]!) || --left > 0) continue;
      const t = rs[i]!.t;
      let n = 0;
      while (i - n - 1 >= 0 && rs[i - n - 1]!.t === t) n++;
      return { t, n: n - 1 };
    }
  }
  return { t: to - DAY + 1, n: -1 };
}

export interface StreamAsk {
  endpointId: string;
  keep: LogPredicate;
  /** From startTime (validated by the caller), else null. */
  start: number | null;
  /** endTime, or Infinity. */
  end: number;
  limit: number;
  heartbeatMs: number;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  now: number;
}

export function endpointLogStream(ctx: EmulatorContext, a: StreamAsk): EventStream {
  const resume = cursorOf(a.headers);
  // Read afresh on each turn: an update, a reset or an import may change the endpoint.
  const endpoint = () => findEndpoint(ctx.store, a.endpointId);
  let cursor: Cursor =
    resume ?? (a.start !== null ? { t: a.start, n: -1 } : backlogStart(endpoint()!, a.keep, a.limit, Math.min(a.now, a.end), a.now));
  return polledEventStream({
    title: `logs of ${a.endpointId}`,
    heartbeatMs: a.heartbeatMs,
    now: () => ctx.clock.now(),
    open: openEndpointLogStreams,
    read(max) {
      const e = endpoint();
      if (!e) return { frames: [], end: 'endpoint_not_found' };
      const now = ctx.clock.now();
      const frames: string[] = [];
      const to = Math.min(now, a.end);
      const done = walk(e, cursor, to, now, (r, at) => {
        cursor = at;
        if (a.keep(r)) frames.push(sseFrame(idOf(at), entryOf(r)));
        return frames.length < max;
      });
      // Read up to `to`: the next turn starts there, not again at a quiet endpoint's last entry.
      if (done && cursor.t < to) cursor = { t: to, n: -1 };
      return frames.length < max && now > a.end ? { frames, end: 'end_time' } : { frames };
    },
  });
}
