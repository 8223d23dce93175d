// Messages of the web-mode WebSocket transport. The Electron transport carries the same
// BridgeResult values over ipcRenderer.invoke and per-subscription event channels.
import { z } from 'zod';

export const ClientMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('invoke'), id: z.number().int().nonnegative(), channel: z.string().max(100), request: z.unknown() }),
  z.strictObject({ type: z.literal('subscribe'), id: z.number().int().nonnegative(), topic: z.string().max(100), params: z.unknown() }),
  z.strictObject({ type: z.literal('unsubscribe'), id: z.number().int().nonnegative() }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export type ServerMessage =
  { type: 'result'; id: number; result: unknown } | { type: 'event'; id: number; event: unknown } | { type: 'error'; message: string };

/** Largest WebSocket message the server accepts (bytes). */
export const MAX_MESSAGE_BYTES = 1_048_576;
