// Web mode: the bridge contract over one WebSocket (messages of shared/ipc/wire.ts).
// Every socket first sends the token (`hello`) and waits for `ready`. Calls made while
// (re)connecting or signed out wait; calls in flight when it closes are rejected (the server
// may or may not have run them); subscriptions are renewed on every `ready`. A socket closed
// for a wrong token is not retried: the bridge asks `onRefused` for another token to try (one
// another tab signed in with), else the state becomes 'signed-out' until signIn().
import type {
  Bridge,
  BridgeResult,
  ChannelName,
  ChannelRequest,
  ChannelResponse,
  TopicEvent,
  TopicName,
  TopicParams,
} from '../../../shared/ipc/contract';
import {
  binaryFieldOf,
  CLOSE_UNAUTHORIZED,
  encodeBinaryInvoke,
  type ClientMessage,
  type HelloMessage,
  type ServerMessage,
} from '../../../shared/ipc/wire';
import { backoffDelay } from './backoff';
import { BridgeCallError, bridgeError } from './errors';

/** WebSocket.OPEN, spelled out so the module also loads where WebSocket is not a global (unit tests). */
const SOCKET_OPEN = 1;

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'signed-out';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** On the wire: a lost socket fails it. Until then it waits in the outbox. */
  sent: boolean;
}

interface Subscription {
  topic: TopicName;
  params: unknown;
  listener: (event: never) => void;
}

export interface WebSocketBridge extends Bridge {
  readonly state: ConnectionState;
  /** Why the state is 'signed-out': no token yet, or the server refused the one given. */
  readonly signedOutReason: 'no-token' | 'refused' | null;
  onStateChange(listener: (state: ConnectionState) => void): () => void;
  /** Connects (again) with this token; waiting calls go out once the server accepts it. */
  signIn(token: string): void;
  close(): void;
}

export function bridgeUrl(loc: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${loc.host}/bridge`;
}

function isBridgeResult(value: unknown): value is BridgeResult<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean';
}

/** The socket public/boot-socket.js opened before the bundle loaded, taken once if it is for this URL. */
export function adoptEarlySocket(url: string): WebSocket | null {
  const holder = window as unknown as { __gpcEarlySocket?: { url: string; socket: WebSocket } };
  const early = holder.__gpcEarlySocket;
  delete holder.__gpcEarlySocket;
  // CONNECTING (0) or OPEN (1); a closing or closed one is of no use.
  return early && early.url === url && early.socket.readyState <= SOCKET_OPEN ? early.socket : null;
}

/** JSON, or for an invoke carrying bytes (a dataset upload's chunk) one binary message with them as they are. */
function encode(message: ClientMessage): string | Uint8Array<ArrayBuffer> {
  const field = message.type === 'invoke' ? binaryFieldOf(message.request) : null;
  if (message.type !== 'invoke' || field === null) return JSON.stringify(message);
  const { [field]: bytes, ...rest } = message.request as Record<string, unknown>;
  return encodeBinaryInvoke(
    { type: 'invoke', id: message.id, channel: message.channel, request: rest, binaryField: field },
    bytes as Uint8Array,
  ) as Uint8Array<ArrayBuffer>;
}

/** What the bridge tells its token store (bridge/token.ts), and asks it. */
export interface TokenHooks {
  /** The server accepted this token (its `ready`). */
  onAccepted?(token: string): void;
  /** The server refused this token: another one to try at once, or null to sign out. */
  onRefused?(token: string): string | null;
}

export function createWebSocketBridge(
  url: string,
  token: string | null,
  createSocket: (url: string) => WebSocket = (u) => new WebSocket(u),
  hooks: TokenHooks = {},
): WebSocketBridge {
  /** The socket once the server accepted the token; null while connecting or closed. */
  let socket: WebSocket | null = null;
  let current: WebSocket | null = null;
  let state: ConnectionState = token ? 'connecting' : 'signed-out';
  let signedOutReason: WebSocketBridge['signedOutReason'] = token ? null : 'no-token';
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let nextId = 1;
  let closedForGood = false;
  const pending = new Map<number, Pending>();
  const outbox: ClientMessage[] = [];
  const subscriptions = new Map<number, Subscription>();
  const stateListeners = new Set<(s: ConnectionState) => void>();

  const setState = (next: ConnectionState) => {
    if (state === next) return;
    state = next;
    for (const l of stateListeners) l(next);
  };

  const transmit = (ws: WebSocket, message: ClientMessage) => {
    ws.send(encode(message));
    if (message.type === 'invoke') {
      const call = pending.get(message.id);
      if (call) call.sent = true;
    }
  };

  const send = (message: ClientMessage) => {
    if (socket && socket.readyState === SOCKET_OPEN) transmit(socket, message);
    else outbox.push(message);
  };

  /** The server accepted the token: renew every subscription, then send what waited. */
  const onReady = (ws: WebSocket) => {
    socket = ws;
    attempt = 0;
    if (token) hooks.onAccepted?.(token);
    setState('open');
    for (const [id, sub] of subscriptions)
      ws.send(JSON.stringify({ type: 'subscribe', id, topic: sub.topic, params: sub.params } satisfies ClientMessage));
    for (const m of outbox.splice(0)) transmit(ws, m);
  };

  const onMessage = (ws: WebSocket, raw: MessageEvent) => {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(raw.data)) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'ready') {
      if (socket === null) onReady(ws);
    } else if (message.type === 'result') {
      const call = pending.get(message.id);
      if (call) {
        pending.delete(message.id);
        if (isBridgeResult(message.result)) {
          if (message.result.ok) call.resolve(message.result.value);
          else call.reject(new BridgeCallError(message.result.error));
        } else call.resolve(message.result);
        return;
      }
      // A failed subscribe answers with a result carrying an error: drop the subscription.
      if (subscriptions.has(message.id) && isBridgeResult(message.result) && !message.result.ok) {
        console.warn(`Subscription to ${subscriptions.get(message.id)?.topic} refused: ${message.result.error.message}`);
        subscriptions.delete(message.id);
      }
    } else if (message.type === 'event') {
      const sub = subscriptions.get(message.id);
      if (sub) (sub.listener as (e: unknown) => void)(message.event);
    } else if (message.type === 'error') {
      console.warn(`Bridge: ${message.message}`);
    }
  };

  /** Forgets the socket; calls sent on it cannot be answered any more. */
  const drop = () => {
    const ws = current;
    current = null;
    socket = null;
    for (const [id, call] of pending) {
      if (!call.sent) continue;
      pending.delete(id);
      call.reject(bridgeError('BRIDGE_DISCONNECTED', 'The connection to the console server was lost; try again.'));
    }
    return ws;
  };

  const connect = () => {
    timer = null;
    if (!token || closedForGood) return;
    const hello: HelloMessage = { type: 'hello', token };
    const ws = createSocket(url);
    current = ws;
    const onOpen = () => ws.send(JSON.stringify(hello));
    // An adopted early socket may already be open; nothing arrives before our hello.
    if (ws.readyState === SOCKET_OPEN) onOpen();
    else ws.addEventListener('open', onOpen);
    ws.addEventListener('message', (event) => {
      if (current === ws) onMessage(ws, event);
    });
    ws.addEventListener('close', (event) => {
      if (current !== ws) return;
      drop();
      if (closedForGood) return;
      if (event.code === CLOSE_UNAUTHORIZED) {
        // Retrying the same token cannot help (the server was restarted with a new one); another
        // tab may have signed in with the new one.
        const next = token ? (hooks.onRefused?.(token) ?? null) : null;
        if (next && next !== token) {
          token = next;
          connect();
          return;
        }
        signedOutReason = 'refused';
        setState('signed-out');
        return;
      }
      setState('reconnecting');
      timer = setTimeout(connect, backoffDelay(attempt++));
    });
  };

  connect();

  return {
    get state() {
      return state;
    },
    get signedOutReason() {
      return state === 'signed-out' ? signedOutReason : null;
    },
    signIn(next) {
      token = next;
      signedOutReason = null;
      if (timer) clearTimeout(timer);
      drop()?.close();
      setState('connecting');
      connect();
    },
    onStateChange(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    invoke<C extends ChannelName>(channel: C, request: ChannelRequest<C>): Promise<ChannelResponse<C>> {
      if (closedForGood) return Promise.reject(bridgeError('BRIDGE_CLOSED', 'The bridge is closed.'));
      const id = nextId++;
      return new Promise<ChannelResponse<C>>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject, sent: false });
        send({ type: 'invoke', id, channel, request });
      });
    },
    subscribe<T extends TopicName>(topic: T, params: TopicParams<T>, listener: (event: TopicEvent<T>) => void) {
      const id = nextId++;
      subscriptions.set(id, { topic, params, listener: listener as (e: never) => void });
      // Not queued when closed: every open (first or reconnect) subscribes all live subscriptions.
      if (socket && socket.readyState === SOCKET_OPEN) send({ type: 'subscribe', id, topic, params });
      return () => {
        if (!subscriptions.delete(id)) return;
        if (socket && socket.readyState === SOCKET_OPEN) send({ type: 'unsubscribe', id });
      };
    },
    close() {
      closedForGood = true;
      if (timer) clearTimeout(timer);
      current?.close();
    },
  };
}
