// subscribeBatched: a topic's events gathered into one array per frame, in order, nothing
// delivered after unsubscribing; foldTailFrame: a frame of log-tail events folded;
// subscribeLogTail: repeats (a renewed subscription's replay) skipped.
import { describe, expect, it } from 'vitest';
import type { LogTailEvent } from '../../../shared/ipc/streams';
import {
  foldTailFrame,
  subscribeBatched,
  subscribeLogTail,
  type FrameScheduler,
  type TailFrame,
} from '../../../renderer/src/bridge/frame-batch';

function manualFrames() {
  const waiting: Array<() => void> = [];
  const scheduler: FrameScheduler = {
    request(flush) {
      waiting.push(flush);
      return () => waiting.splice(waiting.indexOf(flush), 1);
    },
  };
  return { scheduler, waiting, frame: () => waiting.splice(0).forEach((f) => f()) };
}

describe('subscribeBatched', () => {
  it('hands over the events of each frame as one array, and nothing after unsubscribing', () => {
    const frames = manualFrames();
    let listener: ((e: unknown) => void) | null = null;
    let unsubscribed = false;
    const got: unknown[][] = [];
    const off = subscribeBatched('metrics:live', { clusterId: 'cluster_a' }, (events) => got.push(events), {
      scheduler: frames.scheduler,
      subscribe: ((_t: unknown, _p: unknown, l: (e: unknown) => void) => {
        listener = l;
        return () => (unsubscribed = true);
      }) as never,
    });
    listener!({ ok: true, snapshot: 1 });
    listener!({ ok: true, snapshot: 2 });
    expect(frames.waiting).toHaveLength(1);
    frames.frame();
    listener!({ ok: true, snapshot: 3 });
    frames.frame();
    expect(got).toEqual([
      [
        { ok: true, snapshot: 1 },
        { ok: true, snapshot: 2 },
      ],
      [{ ok: true, snapshot: 3 }],
    ]);
    listener!({ ok: true, snapshot: 4 });
    off();
    expect(unsubscribed).toBe(true);
    expect(frames.waiting).toHaveLength(0);
    expect(got).toHaveLength(2);
  });
});

describe('foldTailFrame', () => {
  it('joins the entries in order, sums what was dropped, and keeps the last status', () => {
    const item = (id: string) => ({ id, entry: { id } });
    const events: LogTailEvent[] = [
      { type: 'status', state: 'live' },
      { type: 'entries', items: [item('1'), item('2')] },
      { type: 'dropped', count: 5 },
      { type: 'entries', items: [item('8')] },
      { type: 'status', state: 'reconnecting', retryInMs: 3000 },
    ];
    expect(foldTailFrame(events)).toEqual({
      items: [item('1'), item('2'), item('8')],
      dropped: 5,
      status: { type: 'status', state: 'reconnecting', retryInMs: 3000 },
    });
  });
});

describe('subscribeLogTail', () => {
  it('skips entries it already delivered (a renewed subscription replays the buffer)', () => {
    const frames = manualFrames();
    let listener: ((e: LogTailEvent) => void) | null = null;
    const got: TailFrame[] = [];
    const off = subscribeLogTail({ source: { kind: 'cluster', id: 'cluster_a' } }, (f) => got.push(f), {
      scheduler: frames.scheduler,
      subscribe: ((_t: unknown, _p: unknown, l: (e: LogTailEvent) => void) => {
        listener = l;
        return () => {};
      }) as never,
    });
    const item = (id: string) => ({ id, entry: { id } });
    listener!({ type: 'entries', items: [item('1'), item('2')] });
    frames.frame();
    // The bridge reconnected: status, then the buffer again, then a new entry.
    listener!({ type: 'status', state: 'live' });
    listener!({ type: 'entries', items: [item('1'), item('2'), item('3')] });
    frames.frame();
    listener!({ type: 'entries', items: [item('2')] });
    frames.frame();
    expect(got).toEqual([
      { items: [item('1'), item('2')], dropped: 0, status: null },
      { items: [item('3')], dropped: 0, status: { type: 'status', state: 'live' } },
    ]);
    off();
  });
});
