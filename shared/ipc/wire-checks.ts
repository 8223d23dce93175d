// The server's checks of what web-mode clients send over the WebSocket (wire.ts holds the
// constants, types and encoding both sides use; the renderer never loads this file).
import { z } from 'zod';
import * as wire from './wire';

export const ClientMessage: z.ZodType<wire.ClientMessage> = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('invoke'), id: z.number().int().nonnegative(), channel: z.string().max(100), request: z.unknown() }),
  z.strictObject({ type: z.literal('subscribe'), id: z.number().int().nonnegative(), topic: z.string().max(100), params: z.unknown() }),
  z.strictObject({ type: z.literal('unsubscribe'), id: z.number().int().nonnegative() }),
]);

/**
 * The first message on every socket, and only then: the web-mode token. Nothing else is
 * read before it, and a socket that does not send the right one within HELLO_TIMEOUT_MS is
 * closed with CLOSE_UNAUTHORIZED (main/web/bridge-socket.ts).
 */
export const HelloMessage: z.ZodType<wire.HelloMessage> = z.strictObject({ type: z.literal('hello'), token: z.string().max(256) });

/** The JSON header of a binary invoke (wire.ts, encodeBinaryInvoke). */
const BinaryInvokeHeader: z.ZodType<wire.BinaryInvokeHeader> = z.strictObject({
  type: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  channel: z.string().max(100),
  request: z.record(z.string(), z.unknown()),
  binaryField: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/),
});

/** The invoke of a binary message with its bytes put back into the request (a view, not a copy); null when malformed. */
export function decodeBinaryInvoke(frame: Uint8Array): { header: wire.BinaryInvokeHeader; request: Record<string, unknown> } | null {
  if (frame.byteLength < 4) return null;
  const length = new DataView(frame.buffer, frame.byteOffset, frame.byteLength).getUint32(0);
  if (length > wire.HEADER_MAX_BYTES || 4 + length > frame.byteLength) return null;
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
