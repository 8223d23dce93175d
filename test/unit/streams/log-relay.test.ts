// The stream relay's rules with a scripted upstream: one upstream however many subscribers,
// the late subscriber's replay, batching, the drop policy of a congested subscriber,
// cancellation with the last subscriber, reconnection with Last-Event-ID after a drop or a
// quiet connection, no
// retry after a refusal, the server's `end`, a profile change, and `after`.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NormalizedError } from '../../../shared/api/errors';
import { cancelledError, localError } from '../../../shared/api/local-errors';
import { BridgeError, freeFlow, type TopicFlow } from '../../../shared/ipc/dispatch';
import type { LogTailEvent } from '../../../shared/ipc/streams';
import { createLogRelay, type LogRelay, type RelayTiming, type TailParams, type TailUpstream } from '../../../main/streams/log-relay';
import type { SseHandlers } from '../../../main/streams/sse-parser';

class FakeStream implements TailUpstream {
  handlers: SseHandlers | null = null;
  cancelled = false;
  private settle: { resolve: () => void; reject: (e: unknown) => void } | null = null;
  read(handlers: SseHandlers): Promise<void> {
    this.handlers = handlers;
    return new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }
  cancel(): void {
    this.cancelled = true;
    this.settle?.reject(new BridgeError(cancelledError()));
  }
  /** One event as the parser hands it over; a handler's throw fails the read, as in the parser. */
  event(id: string, data: string, event = 'log'): void {
    try {
      this.handlers!.onEvent({ id, event, data });
    } catch (error) {
      this.settle?.reject(error);
    }
  }
  entries(...ids: string[]): void {
    for (const id of ids) this.event(id, JSON.stringify({ id, message: `line ${id}` }));
  }
  drop(): void {
    this.settle?.reject(new BridgeError(localError('NETWORK_ERROR', 'Could not reach the server.')));
  }
}

interface Opened {
  params: TailParams;
  lastEventId: string | undefined;
  signal: AbortSignal;
  stream: FakeStream;
}

const TIMING: Partial<RelayTiming> = { tickMs: 1, retryBaseMs: 2, retryMaxMs: 10, idleMs: 60_000 };
const PARAMS: TailParams = { source: { kind: 'cluster', id: 'cluster_a' }, backlog: 100 };

let relay: LogRelay | null = null;
afterEach(() => relay?.close());

function setup(options: { timing?: Partial<RelayTiming>; refuse?: NormalizedError[]; check?: (entry: unknown) => string | null } = {}) {
  const opened: Opened[] = [];
  const refusals = [...(options.refuse ?? [])];
  let profile = 'p1';
  relay = createLogRelay({
    activeProfileId: () => profile,
    timing: { ...TIMING, ...options.timing },
    async open(params, lastEventId, signal) {
      const refusal = refusals.shift();
      if (refusal) throw new BridgeError(refusal);
      const stream = new FakeStream();
      // As the gateway's reader: aborting the signal closes the stream.
      signal.addEventListener('abort', () => stream.cancel(), { once: true });
      opened.push({ params, lastEventId, signal, stream });
      return { stream, check: options.check ?? null };
    },
  });
  const r = relay;
  const subscribe = (params: TailParams = PARAMS, flow: TopicFlow = freeFlow) => {
    const events: LogTailEvent[] = [];
    const off = r.subscribe(params, (e) => events.push(e), flow);
    const ids = () => events.flatMap((e) => (e.type === 'entries' ? e.items.map((i) => i.id) : []));
    const states = () => events.flatMap((e) => (e.type === 'status' ? [e.state] : []));
    return { events, off, ids, states };
  };
  return { relay: r, opened, subscribe, setProfile: (p: string) => (profile = p) };
}

const live = (opened: Opened[], n = 1) => vi.waitFor(() => expect(opened.length).toBeGreaterThanOrEqual(n));

describe('the log relay', () => {
  it('opens one upstream for two subscribers of the same tail, and hands both every entry', async () => {
    const { relay: r, opened, subscribe } = setup();
    const a = subscribe();
    const b = subscribe({ ...PARAMS });
    await live(opened);
    expect(r.upstreams()).toBe(1);
    opened[0]!.stream.entries('1', '2', '3');
    await vi.waitFor(() => expect(b.ids()).toEqual(['1', '2', '3']));
    expect(a.ids()).toEqual(['1', '2', '3']);
    expect(a.states()).toEqual(['connecting', 'live']);
    // Another tail (other filters) is another upstream.
    subscribe({ ...PARAMS, filters: { kind: 'cluster', level: ['error'] } });
    await live(opened, 2);
    expect(r.upstreams()).toBe(2);
    expect(opened.map((o) => o.params.filters?.kind)).toEqual([undefined, 'cluster']);
  });

  it('delivers entries that arrive together as one batch, at most batchMax a batch', async () => {
    const { opened, subscribe } = setup({ timing: { batchMax: 4 } });
    const a = subscribe();
    await live(opened);
    opened[0]!.stream.entries(...Array.from({ length: 10 }, (_, i) => String(i)));
    await vi.waitFor(() => expect(a.ids()).toHaveLength(10));
    const batches = a.events.filter((e) => e.type === 'entries').map((e) => (e.type === 'entries' ? e.items.length : 0));
    expect(batches).toEqual([4, 4, 2]);
  });

  it('replays the recent buffer (bounded) to a late subscriber, then live entries', async () => {
    const { opened, subscribe } = setup({ timing: { bufferMax: 3 } });
    subscribe();
    await live(opened);
    opened[0]!.stream.entries('1', '2', '3', '4', '5');
    const late = subscribe();
    await vi.waitFor(() => expect(late.ids()).toEqual(['3', '4', '5']));
    expect(late.states()).toEqual(['live']);
    opened[0]!.stream.entries('6');
    await vi.waitFor(() => expect(late.ids()).toEqual(['3', '4', '5', '6']));
  });

  it('holds at most pendingMax entries for a congested subscriber, drops the oldest and says how many', async () => {
    const { opened, subscribe } = setup({ timing: { pendingMax: 5 } });
    let congested = true;
    const slow = subscribe(PARAMS, { congested: () => congested });
    const fast = subscribe();
    await live(opened);
    // In groups no larger than the bound, so a subscriber that keeps up loses nothing.
    for (let group = 0; group < 20; group++) {
      opened[0]!.stream.entries(...Array.from({ length: 5 }, (_, i) => String(group * 5 + i)));
      await vi.waitFor(() => expect(fast.ids()).toHaveLength(group * 5 + 5), { interval: 1 });
    }
    expect(slow.ids()).toEqual([]);
    congested = false;
    await vi.waitFor(() => expect(slow.ids()).toHaveLength(5));
    expect(slow.events.filter((e) => e.type !== 'status')).toEqual([
      { type: 'dropped', count: 95 },
      { type: 'entries', items: ['95', '96', '97', '98', '99'].map((id) => ({ id, entry: { id, message: `line ${id}` } })) },
    ]);
  });

  it('closes the upstream when the last subscriber leaves', async () => {
    const { relay: r, opened, subscribe } = setup();
    const a = subscribe();
    const b = subscribe();
    await live(opened);
    a.off();
    expect(opened[0]!.signal.aborted).toBe(false);
    b.off();
    expect(opened[0]!.signal.aborted).toBe(true);
    expect(r.upstreams()).toBe(0);
    // A new subscriber opens a new upstream.
    subscribe();
    await live(opened, 2);
    expect(opened[1]!.lastEventId).toBeUndefined();
  });

  it('reconnects after a drop with Last-Event-ID of the last entry, without repeating it', async () => {
    const { opened, subscribe } = setup();
    const a = subscribe();
    await live(opened);
    opened[0]!.stream.entries('1', '2');
    opened[0]!.stream.event('', '{}', 'ping'); // other named events are not entries
    opened[0]!.stream.drop();
    await live(opened, 2);
    expect(opened[1]!.lastEventId).toBe('2');
    // A server that resumes one entry early does not repeat it.
    opened[1]!.stream.entries('2', '3');
    opened[1]!.stream.event('4', JSON.stringify({ id: '4' }), 'message');
    await vi.waitFor(() => expect(a.ids()).toEqual(['1', '2', '3', '4']));
    expect(a.states()).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    const reconnecting = a.events.find((e) => e.type === 'status' && e.state === 'reconnecting');
    expect(reconnecting).toMatchObject({ retryInMs: 2 });
  });

  it('counts a connection quiet for idleMs (no entry, no heartbeat) as dropped, and resumes it', async () => {
    // Simulated time: a loaded machine must not make the connection look quiet before its entry arrives
    // (vi.waitFor moves fake timers on as it polls).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { opened, subscribe } = setup({ timing: { idleMs: 40 } });
      const a = subscribe();
      await live(opened);
      opened[0]!.stream.entries('1');
      opened[0]!.stream.handlers!.onComment!('heartbeat');
      expect(opened[0]!.signal.aborted).toBe(false);
      await live(opened, 2);
      expect(opened[0]!.signal.aborted).toBe(true);
      expect(opened[1]!.lastEventId).toBe('1');
      expect(a.states()).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps trying while the server cannot be reached, with a growing delay', async () => {
    const network = localError('NETWORK_ERROR', 'Could not reach the server.');
    const { opened, subscribe } = setup({ refuse: [network, network, network] });
    const a = subscribe();
    await live(opened);
    const delays = a.events.flatMap((e) => (e.type === 'status' && e.state === 'reconnecting' ? [e.retryInMs] : []));
    expect(delays).toEqual([2, 4, 8]);
    expect(a.states().at(-1)).toBe('live');
  });

  it('fails without retrying when the server refuses (404)', async () => {
    const notFound: NormalizedError = {
      status: 404,
      code: 'CLUSTER_NOT_FOUND',
      message: 'Cluster not found',
      details: {},
      source: 'cluster',
    };
    const { relay: r, opened, subscribe } = setup({ refuse: [notFound] });
    const a = subscribe();
    await vi.waitFor(() => expect(a.states()).toEqual(['connecting', 'failed']));
    expect(a.events.at(-1)).toMatchObject({ type: 'status', state: 'failed', error: { code: 'CLUSTER_NOT_FOUND' } });
    expect(opened).toHaveLength(0);
    expect(r.upstreams()).toBe(0);
  });

  it("ends with the server's reason on `end`, and does not reconnect", async () => {
    const { relay: r, opened, subscribe } = setup();
    const a = subscribe();
    await live(opened);
    opened[0]!.stream.entries('1');
    opened[0]!.stream.event('', '{"reason":"cluster_not_found"}', 'end');
    await vi.waitFor(() => expect(a.states().at(-1)).toBe('ended'));
    expect(a.events.at(-1)).toEqual({ type: 'status', state: 'ended', reason: 'cluster_not_found' });
    // The entry came before the end.
    expect(a.ids()).toEqual(['1']);
    expect(r.upstreams()).toBe(0);
    expect(opened).toHaveLength(1);
  });

  it('fails a tail whose server sends an entry that is not one', async () => {
    const { opened, subscribe } = setup({ check: (entry) => ((entry as { id?: unknown }).id ? null : 'id is missing') });
    const a = subscribe();
    await live(opened);
    opened[0]!.stream.event('9', 'not json');
    await vi.waitFor(() => expect(a.states().at(-1)).toBe('failed'));
    expect(a.events.at(-1)).toMatchObject({ error: { code: 'INVALID_RESPONSE', message: expect.stringContaining('not valid JSON') } });
    const b = subscribe();
    await live(opened, 2);
    opened[1]!.stream.event('9', '{"message":"x"}');
    await vi.waitFor(() => expect(b.states().at(-1)).toBe('failed'));
    expect(b.events.at(-1)).toMatchObject({ error: { message: expect.stringContaining('id is missing') } });
  });

  it('ends the tails of a profile that is no longer active', async () => {
    const { relay: r, opened, subscribe, setProfile } = setup();
    const a = subscribe();
    await live(opened);
    setProfile('p2');
    r.profileChanged('p2');
    expect(a.events.at(-1)).toEqual({ type: 'status', state: 'ended', reason: 'profile_changed' });
    expect(opened[0]!.signal.aborted).toBe(true);
    expect(r.upstreams()).toBe(0);
  });

  it('resumes a subscriber after its `after`: from the buffer when it holds it, else with an upstream of its own', async () => {
    const { relay: r, opened, subscribe } = setup({ timing: { bufferMax: 3 } });
    subscribe();
    await live(opened);
    opened[0]!.stream.entries('1', '2', '3', '4', '5');
    const held = subscribe({ ...PARAMS, after: '4' });
    await vi.waitFor(() => expect(held.ids()).toEqual(['5']));
    expect(r.upstreams()).toBe(1);
    const older = subscribe({ ...PARAMS, after: '1' });
    await live(opened, 2);
    expect(opened[1]!.lastEventId).toBe('1');
    expect(r.upstreams()).toBe(2);
    opened[1]!.stream.entries('2');
    await vi.waitFor(() => expect(older.ids()).toEqual(['2']));
  });
});
