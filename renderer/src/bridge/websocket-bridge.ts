// Web mode: the bridge contract over one WebSocket (messages of shared/ipc/wire.ts).
// Calls made while (re)connecting wait for the socket; calls in flight when it closes are
// rejected (the server may or may not have run them); subscriptions are renewed on reconnect.
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
import type { ClientMessage, ServerMessage } from '../../../shared/ipc/wire';
import { backoffDelay } from './backoff';
import { BridgeCallError, bridgeError } from './errors';

/** WebSocket.OPEN, spelled out so the module also loads where WebSocket is not a global (unit tests). */
const SOCKET_OPEN = 1;

export type ConnectionState = 'connecting' | 'open' | 'reconnecting';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Subscription {
  topic: TopicName;
  params: unknown;
  listener: (event: never) => void;
}

interface WebSocketBridge extends Bridge {
  readonly state: ConnectionState;
  onStateChange(listener: (state: ConnectionState) => void): () => void;
  close(): void;
}

export function bridgeUrl(loc: Pick<Location, 'protocol' | 'host'>, token: string): string {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  // Without a token (a new tab of a signed-in browser) the server's cookie authenticates.
  return `${scheme}//${loc.host}/bridge${token ? `?token=${encodeURIComponent(token)}` : ''}`;
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

export function createWebSocketBridge(url: string, createSocket: (url: string) => WebSocket = (u) => new WebSocket(u)): WebSocketBridge {
  let socket: WebSocket | null = null;
  let state: ConnectionState = 'connecting';
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

  const send = (message: ClientMessage) => {
    if (socket && socket.readyState === SOCKET_OPEN) socket.send(JSON.stringify(message));
    else outbox.push(message);
  };

  const onMessage = (raw: MessageEvent) => {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(raw.data)) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'result') {
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

  const connect = () => {
    const ws = createSocket(url);
    socket = ws;
    const onOpen = () => {
      attempt = 0;
      setState('open');
      for (const [id, sub] of subscriptions)
        ws.send(JSON.stringify({ type: 'subscribe', id, topic: sub.topic, params: sub.params } satisfies ClientMessage));
      for (const m of outbox.splice(0)) ws.send(JSON.stringify(m));
    };
    // An adopted early socket may already be open.
    if (ws.readyState === SOCKET_OPEN) queueMicrotask(onOpen);
    else ws.addEventListener('open', onOpen);
    ws.addEventListener('message', onMessage);
    ws.addEventListener('close', () => {
      if (socket !== ws) return;
      socket = null;
      for (const [id, call] of pending) {
        pending.delete(id);
        call.reject(bridgeError('BRIDGE_DISCONNECTED', 'The connection to the console server was lost; try again.'));
      }
      if (closedForGood) return;
      setState('reconnecting');
      setTimeout(connect, backoffDelay(attempt++));
    });
  };

  connect();

  return {
    get state() {
      return state;
    },
    onStateChange(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    invoke<C extends ChannelName>(channel: C, request: ChannelRequest<C>): Promise<ChannelResponse<C>> {
      if (closedForGood) return Promise.reject(bridgeError('BRIDGE_CLOSED', 'The bridge is closed.'));
      const id = nextId++;
      return new Promise<ChannelResponse<C>>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
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
      socket?.close();
    },
  };
}
