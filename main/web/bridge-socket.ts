// One WebSocket of web mode: the bridge contract over the messages of shared/ipc/wire.ts.
// The first message must be the token (`hello`); until then nothing is read, and a socket
// without it is closed. After it, every message is validated; a bad one gets an error
// answer, never a crash or a close.
import type { WebSocket } from 'ws';
import {
  dispatch,
  invalidRequest,
  subscribeTopic,
  type ChannelHandlers,
  type TopicFlow,
  type TopicSources,
} from '../../shared/ipc/dispatch';
import { CLOSE_UNAUTHORIZED, HELLO_TIMEOUT_MS, type ServerMessage } from '../../shared/ipc/wire';
import { ClientMessage, decodeBinaryInvoke, HelloMessage } from '../../shared/ipc/wire-checks';
import { tokensEqual } from './access-token';

/** Bounds what one page can hold open; the app uses a handful. */
const MAX_SUBSCRIPTIONS_PER_SOCKET = 256;
/**
 * Bytes queued on a socket above which it counts as congested: streaming topics (log tails)
 * then hold their entries back, bounded, instead of queueing them here without limit.
 * @internal Exported for its tests only.
 */
export const SOCKET_HIGH_WATER_BYTES = 1 << 20;

export interface BridgeServices {
  handlers: ChannelHandlers;
  topics: TopicSources;
}

const NOT_JSON = Symbol('not JSON');

/** The id of a message that failed validation, when it has a usable one. */
function idOf(raw: unknown): number | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const id = (raw as { id?: unknown }).id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : null;
}

export interface BridgeAccess {
  /** The token the first message must carry. */
  token: string;
  /** How long a socket may stay open without it. */
  helloTimeoutMs?: number;
}

export function serveBridge(
  socket: WebSocket,
  services: BridgeServices,
  access: BridgeAccess,
  onDefect: (channel: string, error: unknown) => void,
): void {
  const subscriptions = new Map<number, () => void>();
  let signedIn = false;
  const refuseSocket = () => socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized: the first message must carry the token');
  const helloTimer = setTimeout(refuseSocket, access.helloTimeoutMs ?? HELLO_TIMEOUT_MS);

  const send = (message: ServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const flow: TopicFlow = { congested: () => socket.bufferedAmount > SOCKET_HIGH_WATER_BYTES };
  const refuse = (id: number, message: string) =>
    send({ type: 'result', id, result: { ok: false, error: invalidRequest(message).normalized } });

  const handle = (raw: unknown) => {
    const parsed = ClientMessage.safeParse(raw);
    if (!parsed.success) {
      const id = idOf(raw);
      const type = (raw as { type?: unknown } | null)?.type;
      // An invoke or subscribe with a readable id gets its answer, so the caller is not left waiting.
      if (id !== null && (type === 'invoke' || type === 'subscribe')) refuse(id, 'Malformed bridge message');
      else send({ type: 'error', message: 'Malformed bridge message' });
      return;
    }
    const message = parsed.data;
    if (message.type === 'invoke') {
      void dispatch(services.handlers, message.channel, message.request, (error) => onDefect(message.channel, error)).then((result) =>
        send({ type: 'result', id: message.id, result }),
      );
    } else if (message.type === 'subscribe') {
      if (subscriptions.has(message.id)) return refuse(message.id, `Subscription ${message.id} already exists`);
      if (subscriptions.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) return refuse(message.id, 'Too many subscriptions on one connection');
      const id = message.id;
      const started = subscribeTopic(services.topics, message.topic, message.params, (event) => send({ type: 'event', id, event }), flow);
      if (started.ok) subscriptions.set(id, started.unsubscribe);
      else send({ type: 'result', id, result: { ok: false, error: started.error } });
    } else {
      subscriptions.get(message.id)?.();
      subscriptions.delete(message.id);
    }
  };

  /** A binary message: an invoke carrying bytes (shared/ipc/wire.ts, encodeBinaryInvoke). */
  const handleBinary = (data: unknown) => {
    const frame = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data as Buffer[]) : Buffer.from(data as ArrayBuffer);
    const decoded = decodeBinaryInvoke(frame);
    if (!decoded) return send({ type: 'error', message: 'Malformed binary bridge message' });
    const { id, channel } = decoded.header;
    void dispatch(services.handlers, channel, decoded.request, (error) => onDefect(channel, error)).then((result) =>
      send({ type: 'result', id, result }),
    );
  };

  /** The first message: the right token opens the bridge; anything else closes the socket. */
  const greet = (raw: unknown) => {
    const hello = HelloMessage.safeParse(raw);
    if (!hello.success || !tokensEqual(hello.data.token, access.token)) return refuseSocket();
    clearTimeout(helloTimer);
    signedIn = true;
    send({ type: 'ready' });
  };

  socket.on('message', (data, isBinary) => {
    let raw: unknown = NOT_JSON;
    if (!isBinary) {
      try {
        raw = JSON.parse(data.toString());
      } catch {
        // stays NOT_JSON
      }
    }
    // Before the token, anything but a valid hello closes the socket (a second close is a no-op).
    if (!signedIn) return greet(raw);
    if (isBinary) return handleBinary(data);
    if (raw === NOT_JSON) return send({ type: 'error', message: 'Malformed bridge message: not JSON' });
    handle(raw);
  });

  socket.on('close', () => {
    clearTimeout(helloTimer);
    for (const unsubscribe of subscriptions.values()) unsubscribe();
    subscriptions.clear();
  });
  // A socket error is followed by close; nothing to add, but an unhandled 'error' would crash.
  socket.on('error', () => {});
}
