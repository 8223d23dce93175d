// What the JSONL and CSV readers share: a line's text in the configured encoding (a line that is
// not is a failing example of the encoding check, and is read leniently so the rest can be
// checked), and the readers' common shape.
import type { Line } from '../lines';
import type { Position, ReadContext } from '../sink';

/** A reader fed the file's bytes in order. */
export interface TextReader {
  push(chunk: Uint8Array): void;
  end(): void;
  /** Reading cannot go on (a bound was passed): the rest of the bytes need not be fed. */
  stopped(): boolean;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8');

/** The line's text, or null when it was over the line bound (reported here). */
export function decodeLine(line: Line, ctx: ReadContext, member: string | undefined): string | null {
  const at: Position = { line: line.number, ...(member === undefined ? {} : { member }) };
  const { sink } = ctx;
  if (line.bytes === null) {
    sink.fail('format', at, null, `line longer than ${ctx.bounds.lineBytes} bytes`, 'overlong line');
    return null;
  }
  const enc = sink.config.encoding ?? 'utf-8';
  if (enc === 'latin-1') return line.bytes.toString('latin1');
  if (enc === 'ascii') {
    const i = line.bytes.findIndex((b) => b > 0x7f);
    if (i !== -1) sink.fail('encoding', at, null, `byte 0x${line.bytes[i]!.toString(16)} at column ${i + 1} is not ASCII`, 'not ASCII');
    return line.bytes.toString('latin1');
  }
  try {
    return utf8.decode(line.bytes);
  } catch {
    sink.fail('encoding', at, null, 'invalid UTF-8 byte sequence', 'invalid UTF-8');
    return lenient.decode(line.bytes);
  }
}

export const positionOf = (line: number, member: string | undefined): Position => (member === undefined ? { line } : { line, member });

export const inMember = (text: string, member: string | undefined) => (member === undefined ? text : `${text} in ${member}`);
