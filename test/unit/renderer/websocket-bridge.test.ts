import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BridgeCallError } from '../../../renderer/src/bridge/errors';
import { createWebSocketBridge } from '../../../renderer/src/bridge/websocket-bridge';

/** Just enough of a browser WebSocket for the bridge: events, send, readyState. */
class FakeSocket extends EventTarget {
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  receive(message: unknown) {
    this.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify(message) }));
  }
  /** Opens and lets the server accept the token. */
  accept() {
    this.open();
    this.receive({ type: 'ready' });
  }
  close(code = 1006) {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code }));
  }
}

const TOKEN = 'tab-token-0123456789';
const HELLO = { type: 'hello', token: TOKEN };
let sockets: FakeSocket[];
const connect = (token: string | null = TOKEN) =>
  createWebSocketBridge('ws://test/bridge', token, () => {
    const s = new FakeSocket();
    sockets.push(s);
    return s as unknown as WebSocket;
  });

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('createWebSocketBridge', () => {
  it('sends the token first, queues calls until the server accepts it, and resolves them with the result value', async () => {
    const bridge = connect();
    const call = bridge.invoke('profiles:list', {});
    expect(sockets[0]!.sent).toEqual([]);
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([HELLO]);
    expect(bridge.state).toBe('connecting');
    sockets[0]!.receive({ type: 'ready' });
    expect(sockets[0]!.sent).toEqual([HELLO, { type: 'invoke', id: 1, channel: 'profiles:list', request: {} }]);
    sockets[0]!.receive({ type: 'result', id: 1, result: { ok: true, value: { profiles: [], activeId: 'local' } } });
    await expect(call).resolves.toEqual({ profiles: [], activeId: 'local' });
    expect(bridge.state).toBe('open');
  });

  it('throws a BridgeCallError carrying the NormalizedError', async () => {
    const bridge = connect();
    sockets[0]!.accept();
    const call = bridge.invoke('api:call', { op: 'apiKeys.list', input: {} });
    const error = {
      status: 403,
      code: 'INSUFFICIENT_PERMISSIONS',
      message: 'no',
      details: { requiredScope: 'accounts' },
      source: 'account',
    };
    sockets[0]!.receive({ type: 'result', id: 1, result: { ok: false, error } });
    const thrown = await call.catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(BridgeCallError);
    expect((thrown as BridgeCallError).normalized).toEqual(error);
  });

  it('rejects calls in flight when the socket closes, then reconnects and renews subscriptions', async () => {
    const bridge = connect();
    const events: unknown[] = [];
    bridge.subscribe('profiles:changed', {}, (e) => events.push(e));
    sockets[0]!.accept();
    expect(sockets[0]!.sent[1]).toMatchObject({ type: 'subscribe', topic: 'profiles:changed' });
    const subId = sockets[0]!.sent[1]!.id;
    const call = bridge.invoke('app:info', {});
    sockets[0]!.close();
    await expect(call).rejects.toMatchObject({ normalized: { code: 'BRIDGE_DISCONNECTED', source: 'bridge' } });
    expect(bridge.state).toBe('reconnecting');

    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(2);
    sockets[1]!.accept();
    expect(sockets[1]!.sent).toEqual([HELLO, { type: 'subscribe', id: subId, topic: 'profiles:changed', params: {} }]);
    sockets[1]!.receive({ type: 'event', id: subId, event: { profiles: [], activeId: 'x' } });
    expect(events).toEqual([{ profiles: [], activeId: 'x' }]);
  });

  it('unsubscribes on the server and stops delivering events', () => {
    const bridge = connect();
    const events: unknown[] = [];
    sockets[0]!.accept();
    const stop = bridge.subscribe('gateway:rateLimit', {}, (e) => events.push(e));
    const id = sockets[0]!.sent[1]!.id;
    stop();
    expect(sockets[0]!.sent[2]).toEqual({ type: 'unsubscribe', id });
    sockets[0]!.receive({ type: 'event', id, event: { limit: 1 } });
    expect(events).toEqual([]);
  });

  it('without a token, is signed out and opens no socket; signIn connects and sends what waited', async () => {
    const bridge = connect(null);
    expect(bridge.state).toBe('signed-out');
    expect(bridge.signedOutReason).toBe('no-token');
    expect(sockets).toHaveLength(0);
    const call = bridge.invoke('app:info', {});
    bridge.signIn('pasted-token-0123456789');
    expect(bridge.state).toBe('connecting');
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ type: 'hello', token: 'pasted-token-0123456789' }]);
    sockets[0]!.receive({ type: 'ready' });
    expect(sockets[0]!.sent[1]).toMatchObject({ type: 'invoke', channel: 'app:info' });
    sockets[0]!.receive({ type: 'result', id: 1, result: { ok: true, value: { mode: 'web' } } });
    await expect(call).resolves.toEqual({ mode: 'web' });
  });

  it('a refused token signs out without retrying, keeps waiting calls, and a new token brings them through', async () => {
    const bridge = connect();
    const call = bridge.invoke('app:info', {});
    sockets[0]!.open();
    sockets[0]!.close(4401);
    expect(bridge.state).toBe('signed-out');
    expect(bridge.signedOutReason).toBe('refused');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    bridge.signIn('the-new-token-0123456789');
    sockets[1]!.accept();
    expect(sockets[1]!.sent[1]).toMatchObject({ type: 'invoke', id: 1, channel: 'app:info' });
    sockets[1]!.receive({ type: 'result', id: 1, result: { ok: true, value: 42 } });
    await expect(call).resolves.toBe(42);
  });

  it('a refused token makes way for the one another tab signed in with, and an accepted one is reported', () => {
    const accepted: string[] = [];
    const refused: string[] = [];
    const bridge = createWebSocketBridge(
      'ws://test/bridge',
      'token-of-an-earlier-run-0123',
      () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s as unknown as WebSocket;
      },
      {
        onAccepted: (t) => void accepted.push(t),
        onRefused: (t) => {
          refused.push(t);
          return refused.length === 1 ? TOKEN : null;
        },
      },
    );
    sockets[0]!.open();
    sockets[0]!.close(4401);
    // At once, with the other token: no sign-in screen in between.
    expect(sockets).toHaveLength(2);
    expect(bridge.state).toBe('connecting');
    sockets[1]!.accept();
    expect(sockets[1]!.sent[0]).toEqual(HELLO);
    expect(accepted).toEqual([TOKEN]);
    expect(bridge.state).toBe('open');
    // Refused again with nothing else to try: signed out, not retried.
    sockets[1]!.close(1006);
    vi.advanceTimersByTime(15_000);
    sockets[2]!.open();
    sockets[2]!.close(4401);
    expect(refused).toEqual(['token-of-an-earlier-run-0123', TOKEN]);
    expect(bridge.state).toBe('signed-out');
    expect(bridge.signedOutReason).toBe('refused');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(3);
  });

  it('does not reconnect after close()', () => {
    const bridge = connect();
    sockets[0]!.accept();
    bridge.close();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});
