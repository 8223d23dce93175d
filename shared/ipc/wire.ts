// Messages of the web-mode WebSocket transport. The Electron transport carries the same
// BridgeResult values over ipcRenderer.invoke and per-subscription event channels.
import { z } from 'zod';

export const ClientMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('invoke'), id: z.number().int().nonnegative(), channel: z.string().max(100), request: z.unknown() }),
  z.strictObject({ type: z.literal('subscribe'), id: z.number().int().nonnegative(), topic: z.string().max(100), params: z.unknown() }),
  z.strictObject({ type: z.literal('unsubscribe'), id: z.number().int().nonnegative() }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/**
 * The first message on every socket, and only then: the web-mode token. Nothing else is
 * read before it, and a socket that does not send the right one within HELLO_TIMEOUT_MS is
 * closed with CLOSE_UNAUTHORIZED (main/web/bridge-socket.ts).
 */
export const HelloMessage = z.strictObject({ type: z.literal('hello'), token: z.string().max(256) });
export type HelloMessage = z.infer<typeof HelloMessage>;
export const HELLO_TIMEOUT_MS = 10_000;
/** WebSocket close code (application range 4000–4999) for a missing or wrong token: sign in again, do not retry. */
export const CLOSE_UNAUTHORIZED = 4401;

export type ServerMessage =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'event'; id: number; event: unknown }
  | { type: 'error'; message: string };

/** Largest WebSocket message the server accepts (bytes). */
export const MAX_MESSAGE_BYTES = 1_048_576;
