// JSON Lines: one JSON object per line (LF or CRLF; a UTF-8 BOM skipped; blank lines skipped with
// a warning), each line bounded (lines.ts), each object one example.
import { typeOf } from '../examples';
import { LineSplitter } from '../lines';
import type { ReadContext } from '../sink';
import { decodeLine, inMember, positionOf, type TextReader } from './text';

export function jsonlReader(ctx: ReadContext, member?: string): TextReader {
  const { sink } = ctx;
  let blank = 0;
  const splitter = new LineSplitter((line) => {
    const text = decodeLine(line, ctx, member);
    if (text === null) return;
    if (text.trim() === '') {
      blank++;
      return;
    }
    const at = positionOf(line.number, member);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      sink.fail('format', at, null, `invalid JSON: ${(e as Error).message.slice(0, 120)}`, 'invalid JSON');
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      sink.fail('format', at, null, `a JSON ${typeOf(value)}, not an object`, 'not a JSON object');
      return;
    }
    sink.example(at, value as Record<string, unknown>);
  });
  return {
    push: (chunk) => splitter.push(chunk),
    end() {
      splitter.end();
      if (blank > 0) sink.warn(inMember(`${blank} blank line(s) skipped`, member));
    },
    stopped: () => false,
  };
}
