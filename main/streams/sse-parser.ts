// An incremental Server-Sent Events parser (the WHATWG "event stream interpretation"): text is
// fed in chunks cut anywhere (inside a field, between CR and LF), lines end with CRLF, LF or
// CR, and each blank line dispatches the event gathered so far. A line or an event's data
// longer than its bound is an error, so a server that never ends a line cannot grow memory.
// No package of node_modules does this (eventsource-parser is not a dependency), and the
// format is small enough to own (docs/decisions.md, Stream relay).

/** @internal Exported for its tests only. */
export interface SseEvent {
  /** The last event id seen (ids persist across events, as EventSource keeps them). */
  id: string;
  /** `message` when the event has no `event:` field. */
  event: string;
  data: string;
}

export interface SseHandlers {
  onEvent(event: SseEvent): void;
  /** A `retry:` field (whole milliseconds). */
  onRetry?(ms: number): void;
  /** A comment line (`: heartbeat …`), without its colon and one leading space. */
  onComment?(text: string): void;
}

export interface SseLimits {
  /** Longest line, in characters (a field with its value). */
  maxLineLength: number;
  /** Most data characters in one event. */
  maxEventData: number;
}

export const defaultSseLimits: SseLimits = { maxLineLength: 1 << 20, maxEventData: 4 << 20 };

export class SseLimitError extends Error {
  constructor(what: string, limit: number) {
    super(`The event stream sent ${what} longer than ${limit.toLocaleString('en-US')} characters.`);
    this.name = 'SseLimitError';
  }
}

export interface SseParser {
  /** Parses a chunk; throws SseLimitError when a bound is passed (the stream should be dropped). */
  feed(chunk: string): void;
  /** The stream ended: an event not ended by a blank line is discarded, as the format says. */
  end(): void;
  /** The last event id seen, '' when none (what a reconnection sends as Last-Event-ID). */
  readonly lastEventId: string;
}

export function createSseParser(handlers: SseHandlers, limits: SseLimits = defaultSseLimits): SseParser {
  /** The unfinished line carried over from the last chunk. */
  let partial = '';
  /** The last chunk ended with CR: a LF starting the next one belongs to that line end. */
  let skipLf = false;
  let first = true;
  let data: string[] = [];
  let dataLength = 0;
  let eventType = '';
  let lastEventId = '';

  const dispatch = () => {
    if (data.length === 0) {
      eventType = '';
      return;
    }
    const event: SseEvent = { id: lastEventId, event: eventType || 'message', data: data.join('\n') };
    data = [];
    dataLength = 0;
    eventType = '';
    handlers.onEvent(event);
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.charCodeAt(0) === 0x3a /* : */) {
      handlers.onComment?.(text.slice(text.charCodeAt(1) === 0x20 ? 2 : 1));
      return;
    }
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.charCodeAt(0) === 0x20) value = value.slice(1);
    switch (field) {
      case 'data':
        dataLength += value.length + 1;
        if (dataLength > limits.maxEventData) throw new SseLimitError("an event's data", limits.maxEventData);
        data.push(value);
        break;
      case 'event':
        eventType = value;
        break;
      case 'id':
        if (!value.includes('\u0000')) lastEventId = value;
        break;
      case 'retry':
        if (/^\d{1,9}$/.test(value)) handlers.onRetry?.(Number(value));
        break;
      default:
      // Unknown fields are ignored.
    }
  };

  return {
    feed(chunk) {
      let text = chunk;
      if (first && text.length > 0) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      let start = 0;
      if (skipLf && text.charCodeAt(0) === 0x0a) start = 1;
      skipLf = false;
      for (let i = start; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c !== 0x0a && c !== 0x0d) continue;
        const piece = text.slice(start, i);
        const full = partial === '' ? piece : partial + piece;
        partial = '';
        if (full.length > limits.maxLineLength) throw new SseLimitError('a line', limits.maxLineLength);
        if (c === 0x0d) {
          if (i + 1 === text.length) skipLf = true;
          else if (text.charCodeAt(i + 1) === 0x0a) i++;
        }
        start = i + 1;
        line(full);
      }
      if (start < text.length) {
        partial += text.slice(start);
        if (partial.length > limits.maxLineLength) throw new SseLimitError('a line', limits.maxLineLength);
      }
    },
    end() {
      partial = '';
      data = [];
      dataLength = 0;
      eventType = '';
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}
