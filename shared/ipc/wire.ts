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

/**
 * An invoke whose request carries bytes (a dataset upload's chunk) goes as one binary message
 * instead of JSON (where a byte array would be a list of numbers, or base64 a third larger):
 * a 4-byte big-endian length, that many bytes of the invoke message as JSON — its `request`
 * without the bytes, and `binaryField` naming where they go — then the bytes. The server puts
 * them back under that name before the channel's schema sees the request.
 */
export const BinaryInvokeHeader = z.strictObject({
  type: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  channel: z.string().max(100),
  request: z.record(z.string(), z.unknown()),
  binaryField: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/),
});
export type BinaryInvokeHeader = z.infer<typeof BinaryInvokeHeader>;
const HEADER_MAX_BYTES = 16 * 1024;

/** JSON in ASCII (every other character escaped), so its bytes are its char codes: no text codec needed where `shared/` runs. */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function encodeBinaryInvoke(header: BinaryInvokeHeader, bytes: Uint8Array): Uint8Array {
  const text = asciiJson(header);
  const json = Uint8Array.from(text, (c) => c.charCodeAt(0));
  const frame = new Uint8Array(4 + json.byteLength + bytes.byteLength);
  new DataView(frame.buffer).setUint32(0, json.byteLength);
  frame.set(json, 4);
  frame.set(bytes, 4 + json.byteLength);
  return frame;
}

/** The invoke of a binary message with its bytes put back into the request (a view, not a copy); null when malformed. */
export function decodeBinaryInvoke(frame: Uint8Array): { header: BinaryInvokeHeader; request: Record<string, unknown> } | null {
  if (frame.byteLength < 4) return null;
  const length = new DataView(frame.buffer, frame.byteOffset, frame.byteLength).getUint32(0);
  if (length > HEADER_MAX_BYTES || 4 + length > frame.byteLength) return null;
  let raw: unknown;
  try {
    const header = frame.subarray(4, 4 + length);
    if (header.some((b) => b > 0x7e)) return null;
    raw = JSON.parse(String.fromCharCode(...header));
  } catch {
    return null;
  }
  const parsed = BinaryInvokeHeader.safeParse(raw);
  if (!parsed.success) return null;
  const bytes = new Uint8Array(frame.buffer, frame.byteOffset + 4 + length, frame.byteLength - 4 - length);
  return { header: parsed.data, request: { ...parsed.data.request, [parsed.data.binaryField]: bytes } };
}

/** The top-level field of a request holding bytes, if any (at most one is sent as binary). */
export function binaryFieldOf(request: unknown): string | null {
  if (typeof request !== 'object' || request === null) return null;
  for (const [key, value] of Object.entries(request)) if (value instanceof Uint8Array) return key;
  return null;
}
