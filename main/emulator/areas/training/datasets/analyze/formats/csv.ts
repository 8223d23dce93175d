// CSV (RFC 4180): the first record is the header; cells typed empty → null, integer, number,
// true/false → boolean, else text. Records are parsed by csv-parse. Before a record reaches it,
// a scan of each line's quotes finds where the record ends (a quoted field may hold line
// breaks), so a record is bounded (ANALYSIS_BOUNDS.recordBytes: a quote never closed cannot
// swallow the file) and a malformed record costs only itself (csv-parse's stream resynchronises
// badly after an error). Whole records go to csv-parse's synchronous parser in batches (one call
// per record costs seven times more); a batch it refuses is parsed again record by record to name
// the records at fault.
import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { LineSplitter } from '../lines';
import type { Position, ReadContext } from '../sink';
import { decodeLine, inMember, positionOf, type TextReader } from './text';

/** A CSV cell's value: empty is null, then integer, number, boolean, else the text. */
function csvValue(cell: string): unknown {
  if (cell === '') return null;
  if (/^-?\d{1,15}$/.test(cell)) return Number(cell);
  if (/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(cell)) return Number(cell);
  const lower = cell.toLowerCase();
  if (lower === 'true' || lower === 'false') return lower === 'true';
  return cell;
}

/** Where a line leaves the record: inside a quoted field (the record goes on) or not. */
class QuoteScan {
  inQuotes = false;
  private fieldStart = true;

  /** Scans one line; true when the record is still open at its end. */
  line(text: string): boolean {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.inQuotes) {
        if (c === 34 /* " */) {
          if (text.charCodeAt(i + 1) === 34) i++;
          else this.inQuotes = false;
        }
      } else if (c === 44 /* , */) this.fieldStart = true;
      else if (c === 34 && this.fieldStart) this.inQuotes = true;
      else this.fieldStart = false;
    }
    this.fieldStart = true;
    return this.inQuotes;
  }
}

/** csv-parse's codes in the report's words. */
function problemOf(e: CsvError): string {
  switch (e.code) {
    case 'INVALID_OPENING_QUOTE':
      return 'a quote inside an unquoted field';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'text after a closing quote';
    default:
      return e.message.slice(0, 160);
  }
}

/** Records parsed per call, and the characters of a batch. */
const BATCH_RECORDS = 1000;
const BATCH_CHARS = 256 * 1024;
const OPTIONS = { relax_column_count: true, record_delimiter: '\n' } as const;

/** The fields of one record, or why csv-parse refused it. */
function parseOne(text: string): string[] | string {
  try {
    const rows = parse(`${text}\n`, OPTIONS) as string[][];
    return rows.length === 1 ? rows[0]! : 'not one CSV record';
  } catch (e) {
    return e instanceof CsvError ? problemOf(e) : String(e).slice(0, 160);
  }
}

export function csvReader(ctx: ReadContext, member?: string): TextReader {
  const { sink, bounds } = ctx;
  let header: string[] | null = null;
  /** The record being gathered: its first line, its lines so far. */
  let start = 0;
  let record: string[] = [];
  let recordChars = 0;
  let stopped = false;
  const scan = new QuoteScan();
  /** Whole records waiting for csv-parse, with the lines they start on. */
  let batch: string[] = [];
  let starts: number[] = [];
  let batchChars = 0;

  const onHeader = (fields: string[], at: Position) => {
    if (fields.length > bounds.columns) {
      sink.fail('format', at, null, `${fields.length} columns, more than ${bounds.columns}`, 'too many columns');
      stopped = true;
      return;
    }
    header = fields.map((f) => f.trim());
    const seen = new Set<string>();
    for (const name of header) {
      if (name === '' || seen.has(name))
        sink.fail('format', at, name, name === '' ? 'empty column name' : 'duplicate column name', 'bad header');
      seen.add(name);
    }
    for (const f of sink.config.required_fields ?? [])
      if (!seen.has(f)) sink.fail('required_fields', at, f, 'required column missing from the header', `column ${f} missing`);
  };

  const onFields = (fields: string[] | string, line: number) => {
    const at = positionOf(line, member);
    if (typeof fields === 'string') return sink.fail('format', at, null, fields, 'malformed CSV');
    if (header === null) return onHeader(fields, at);
    if (fields.length !== header.length)
      return sink.fail('format', at, null, `${fields.length} fields, the header has ${header.length}`, 'wrong field count');
    const row: Record<string, unknown> = {};
    header.forEach((name, i) => (row[name] = csvValue(fields[i]!)));
    sink.example(at, row);
  };

  const flush = () => {
    if (batch.length === 0) return;
    let rows: string[][] | null = null;
    try {
      rows = parse(`${batch.join('\n')}\n`, OPTIONS) as string[][];
    } catch {
      rows = null;
    }
    if (rows !== null && rows.length === batch.length) rows.forEach((fields, i) => !stopped && onFields(fields, starts[i]!));
    else batch.forEach((text, i) => !stopped && onFields(parseOne(text), starts[i]!));
    batch = [];
    starts = [];
    batchChars = 0;
  };

  const onRecord = (text: string) => {
    batch.push(text);
    starts.push(start);
    batchChars += text.length;
    // The header decides how every row is read: it goes through alone, first.
    if (header === null || batch.length >= BATCH_RECORDS || batchChars >= BATCH_CHARS) flush();
  };
  const splitter = new LineSplitter((line) => {
    if (stopped) return;
    const text = decodeLine(line, ctx, member);
    if (text === null) {
      // A line over the bound cannot be part of a record we can read; inside a quoted field the
      // rest of the file cannot be placed in records either.
      if (scan.inQuotes) stop(line.number);
      return;
    }
    if (!scan.inQuotes) {
      if (text === '') return; // a blank line between records is no record
      start = line.number;
    }
    const open = scan.line(text);
    record.push(text);
    recordChars += text.length + 1;
    if (open) {
      if (recordChars > bounds.recordBytes) stop(line.number);
      return;
    }
    const whole = record.length === 1 ? record[0]! : record.join('\n');
    record = [];
    recordChars = 0;
    onRecord(whole);
  });

  /** A quoted field open past the record bound: nothing after it can be read as records. */
  function stop(lineNumber: number) {
    flush();
    sink.fail(
      'format',
      positionOf(start, member),
      null,
      `a record longer than ${bounds.recordBytes} bytes (a quoted field opened here is still open at line ${lineNumber}); the rest of the file is not read`,
      `a quoted field opened on line ${start} is not closed within ${bounds.recordBytes} bytes`,
    );
    sink.warn(inMember(`CSV reading stopped at line ${lineNumber}: a quoted field opened on line ${start} is not closed`, member));
    stopped = true;
    record = [];
  }

  return {
    push(chunk) {
      if (!stopped) splitter.push(chunk);
    },
    end() {
      if (!stopped) splitter.end();
      flush();
      if (!stopped && scan.inQuotes)
        sink.fail('format', positionOf(start, member), null, 'quoted field not closed before the end of the file', 'malformed CSV');
    },
    stopped: () => stopped,
  };
}
