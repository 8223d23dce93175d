// The body of an event-stream answer, read as it arrives: bytes decoded as UTF-8 (a character
// split between chunks included) and fed to the SSE parser. Reading ends when the server ends
// the body; a dropped connection, a bound the parser refuses, or the caller's abort reject
// with a BridgeError, so the relay can tell a drop (reconnect) from a refusal (give up).
import type { RateLimitInfo } from '../../shared/api/accounts/api-keys';
import { cancelledError } from '../../shared/api/local-errors';
import { BridgeError } from '../../shared/ipc/dispatch';
import { createSseParser, defaultSseLimits, SseLimitError, type SseHandlers, type SseLimits } from '../streams/sse-parser';
import { networkFailure, notUnderstoodFailure } from './call-failures';

export interface StreamOptions {
  /** Sent as the Last-Event-ID header: the server resumes after that event. */
  lastEventId?: string;
  /** Aborting it closes the stream (before or after it opened). */
  signal?: AbortSignal;
}

export interface EventStreamReader {
  status: number;
  rateLimit: RateLimitInfo | null;
  /** The server's clock when it answered (`Date` header), in ms. */
  serverTime: number | null;
  /**
   * Reads the events until the server ends the body (resolves), or rejects with a BridgeError:
   * NETWORK_ERROR when the connection broke, INVALID_RESPONSE when a line or an event passed
   * its bound, CANCELLED when the signal aborted. Called once.
   */
  read(handlers: SseHandlers, limits?: SseLimits): Promise<void>;
  /** Closes the stream (the server sees the client leave). */
  cancel(): void;
}

interface Meta {
  status: number;
  rateLimit: RateLimitInfo | null;
  serverTime: number | null;
  where: string;
  signal: AbortSignal;
}

export function readEventStream(body: ReadableStream<Uint8Array>, meta: Meta): EventStreamReader {
  const reader = body.getReader();
  let cancelled = false;
  const cancel = () => {
    if (cancelled) return;
    cancelled = true;
    reader.cancel().catch(() => {});
  };
  meta.signal.addEventListener('abort', cancel, { once: true });
  return {
    status: meta.status,
    rateLimit: meta.rateLimit,
    serverTime: meta.serverTime,
    cancel,
    async read(handlers, limits = defaultSseLimits) {
      const parser = createSseParser(handlers, limits);
      const decoder = new TextDecoder();
      try {
        for (;;) {
          let chunk: ReadableStreamReadResult<Uint8Array>;
          try {
            chunk = await reader.read();
          } catch (error) {
            throw new BridgeError(meta.signal.aborted || cancelled ? cancelledError() : networkFailure(meta.where, error));
          }
          if (chunk.done) break;
          try {
            parser.feed(decoder.decode(chunk.value, { stream: true }));
          } catch (error) {
            if (!(error instanceof SseLimitError)) throw error;
            cancel();
            throw new BridgeError(
              notUnderstoodFailure(
                meta.where,
                meta.status,
                error.message.replace(/^The event stream sent /, 'it sent ').replace(/\.$/, ''),
              ),
            );
          }
        }
        if (cancelled || meta.signal.aborted) throw new BridgeError(cancelledError());
        parser.feed(decoder.decode());
        parser.end();
      } finally {
        meta.signal.removeEventListener('abort', cancel);
      }
    },
  };
}
