// Messages of the web-mode WebSocket transport. The Electron transport carries the same
// BridgeResult values over ipcRenderer.invoke and per-subscription event channels. What the
// renderer needs here carries no schema library (issue 23: the first screen's JavaScript); the
// server's checks of what clients send are wire-checks.ts.
/** What a client sends (the server checks each with wire-checks.ts). */
export type ClientMessage =
  | { type: 'invoke'; id: number; channel: string; request: unknown }
  | { type: 'subscribe'; id: number; topic: string; params: unknown }
  | { type: 'unsubscribe'; id: number };

/** The first message on every socket, and only then: the web-mode token (wire-checks.ts, HelloMessage). */
export interface HelloMessage {
  type: 'hello';
  token: string;
}

/** The JSON header of a binary invoke (encodeBinaryInvoke). */
export interface BinaryInvokeHeader {
  type: 'invoke';
  id: number;
  channel: string;
  request: Record<string, unknown>;
  binaryField: string;
}

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
 * them back under that name before the channel's schema sees the request (the header's schema
 * and reading a frame back are the server's: wire-checks.ts). The header is at most this many bytes.
 */
export const HEADER_MAX_BYTES = 16 * 1024;

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

/** The top-level field of a request holding bytes, if any (at most one is sent as binary). */
export function binaryFieldOf(request: unknown): string | null {
  if (typeof request !== 'object' || request === null) return null;
  for (const [key, value] of Object.entries(request)) if (value instanceof Uint8Array) return key;
  return null;
}
