// The incremental SSE parser: every field, comments, the three line ends, multi-line data,
// chunks cut at every position, and the bounds that stop a hostile server growing memory.
import { describe, expect, it } from 'vitest';
import { createSseParser, SseLimitError, type SseEvent } from '../../../main/streams/sse-parser';

function parse(chunks: string[], limits?: { maxLineLength: number; maxEventData: number }) {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const comments: string[] = [];
  const parser = createSseParser(
    { onEvent: (e) => events.push(e), onRetry: (ms) => retries.push(ms), onComment: (c) => comments.push(c) },
    limits,
  );
  for (const chunk of chunks) parser.feed(chunk);
  parser.end();
  return { events, retries, comments, lastEventId: parser.lastEventId };
}

/** Every way of cutting `text` in two, and one character at a time. */
function cuts(text: string): string[][] {
  const out: string[][] = [[...text]];
  for (let i = 0; i <= text.length; i++) out.push([text.slice(0, i), text.slice(i)]);
  return out;
}

const STREAM =
  '\uFEFFretry: 3000\n: cluster logs of cl_1\n\n' +
  'id: log_1\nevent: log\ndata: {"a":1}\n\n' +
  ': heartbeat 2026-01-01T00:00:00.000Z\n\n' +
  'id: 1700000000000-0\r\ndata: first line\r\ndata:second line\r\n\r\n' +
  'data: no id\r\rid\n' +
  'event: end\ndata: {"reason":"end_time"}\n\n';

describe('SSE parser', () => {
  it('reads ids, named and unnamed events, multi-line data, retry and comments', () => {
    const { events, retries, comments, lastEventId } = parse([STREAM]);
    expect(events).toEqual([
      { id: 'log_1', event: 'log', data: '{"a":1}' },
      { id: '1700000000000-0', event: 'message', data: 'first line\nsecond line' },
      // An id persists until another is set.
      { id: '1700000000000-0', event: 'message', data: 'no id' },
      // `id` with no value resets it.
      { id: '', event: 'end', data: '{"reason":"end_time"}' },
    ]);
    expect(retries).toEqual([3000]);
    expect(comments).toEqual(['cluster logs of cl_1', 'heartbeat 2026-01-01T00:00:00.000Z']);
    expect(lastEventId).toBe('');
  });

  it('gives the same events however the text is cut, CRLF split between chunks included', () => {
    const whole = parse([STREAM]);
    for (const chunks of cuts(STREAM)) expect(parse(chunks)).toEqual(whole);
  });

  it('follows the format on the edge cases: no dispatch without a blank line, empty data, ids with NUL, bad retry', () => {
    expect(parse(['data: unfinished']).events).toEqual([]);
    expect(parse(['event: x\n\n', 'data\n\n']).events).toEqual([{ id: '', event: 'message', data: '' }]);
    expect(parse(['data:  two spaces\n\n']).events[0]!.data).toBe(' two spaces');
    expect(parse(['id: a\u0000b\ndata: x\n\n']).events[0]!.id).toBe('');
    expect(parse(['retry: 1s\nretry: -1\nretry: 250\n\n']).retries).toEqual([250]);
    expect(parse(['data: a\nunknown: field\ndata: b\n\n']).events[0]!.data).toBe('a\nb');
    expect(parse(['data: a\n\n\n\ndata: b\n\n']).events.map((e) => e.data)).toEqual(['a', 'b']);
  });

  it('refuses a line longer than its bound, even when it never ends', () => {
    const limits = { maxLineLength: 100, maxEventData: 1000 };
    expect(() => parse([`data: ${'x'.repeat(94)}\n\n`], limits)).not.toThrow();
    expect(() => parse([`data: ${'x'.repeat(95)}\n\n`], limits)).toThrow(SseLimitError);
    const parser = createSseParser({ onEvent: () => {} }, limits);
    expect(() => {
      for (let i = 0; i < 20; i++) parser.feed('y'.repeat(10));
    }).toThrow(/a line longer than 100 characters/);
  });

  it('refuses an event whose data grows past its bound over many lines', () => {
    const limits = { maxLineLength: 100, maxEventData: 1000 };
    const line = `data: ${'z'.repeat(90)}\n`;
    expect(() => parse([line.repeat(10), '\n'], limits)).not.toThrow();
    expect(() => parse([line.repeat(11), '\n'], limits)).toThrow(/an event's data longer than 1,000 characters/);
  });
});
