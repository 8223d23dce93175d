// Parquet (03-endpoints-training.md, Dataset, format `parquet`; docs/decisions.md, Training:
// datasets — Formats: Parquet, archives, HDF5). hyparquet reads the footer and decodes the rows;
// this file declares the schema's top-level columns, checks what the footer promises against the
// bounds before a row is decoded, and hands every row to the sink as an example whose line is its
// 1-based row number, so statistics and validation are the accumulator's, as for JSONL.
// Memory: the footer (bounded), one row group's column chunks (bounded) and one batch of decoded
// rows at a time, never the whole file.
import * as zlib from 'node:zlib';
import { parquetMetadataAsync, parquetRead, parquetSchema } from 'hyparquet';
import type { AsyncBuffer, CompressionCodec, Compressors, FileMetaData, ParquetParsers, SchemaTree } from 'hyparquet';
import type { AnalysisBounds } from '../bounds';
import type { FieldType, Position, ReadContext } from '../sink';
import { SNIFF_BYTES } from '../sniff';
import type { ByteSource } from '../source';
import { foundIn } from './found';

type Decompress = (input: Uint8Array, outputLength: number) => Uint8Array;

/** A node:zlib decompressor as hyparquet calls it; the page header's size caps the output (a lying page cannot expand without bound). */
function zlibCodec(fn: (input: Uint8Array, options: { maxOutputLength: number }) => Buffer): Decompress {
  return (input, outputLength) => {
    const out = fn(input, { maxOutputLength: Math.max(1, outputLength) });
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  };
}

/**
 * Codecs beyond hyparquet's own (UNCOMPRESSED, SNAPPY), from node:zlib: GZIP, BROTLI and, where
 * this Node has it (22.15 and later), ZSTD. LZ4, LZ4_RAW and LZO have no decoder here.
 */
const COMPRESSORS: Compressors = {
  GZIP: zlibCodec(zlib.gunzipSync),
  BROTLI: zlibCodec(zlib.brotliDecompressSync),
  ...('zstdDecompressSync' in zlib ? { ZSTD: zlibCodec(zlib.zstdDecompressSync) } : {}),
};

const PARQUET_CODECS: ReadonlySet<CompressionCodec> = new Set<CompressionCodec>([
  'UNCOMPRESSED',
  'SNAPPY',
  ...(Object.keys(COMPRESSORS) as CompressionCodec[]),
]);

const isoTime = (ms: number): string => {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? String(ms) : d.toISOString();
};
const utf8 = new TextDecoder();

/** Timestamps and dates become ISO 8601 text (an example is JSON-like data; a Date is not); JSON columns are parsed, or kept as text when they do not parse. */
const PARSERS: Partial<ParquetParsers> = {
  timestampFromMilliseconds: (v) => isoTime(Number(v)),
  timestampFromMicroseconds: (v) => isoTime(Number(BigInt(v) / 1000n)),
  timestampFromNanoseconds: (v) => isoTime(Number(BigInt(v) / 1_000_000n)),
  dateFromDays: (days) => isoTime(days * 86_400_000).slice(0, 10),
  jsonFromBytes: (bytes) => {
    if (!bytes) return bytes;
    const text = utf8.decode(bytes);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  },
};

/** The type a top-level column declares (see docs/decisions.md for the table). */
function parquetFieldType(node: SchemaTree): FieldType {
  const e = node.element;
  const logical = e.logical_type?.type;
  const converted = e.converted_type;
  if (e.repetition_type === 'REPEATED') return 'array';
  if (node.children.length > 0) return logical === 'LIST' || converted === 'LIST' ? 'array' : 'object';
  if (logical === 'NULL') return 'null';
  if (logical === 'JSON' || converted === 'JSON' || logical === 'GEOMETRY' || logical === 'GEOGRAPHY') return 'object';
  if (logical === 'DATE' || converted === 'DATE' || logical === 'TIMESTAMP' || converted?.startsWith('TIMESTAMP') || e.type === 'INT96') {
    return 'string';
  }
  if (logical === 'DECIMAL' || converted === 'DECIMAL' || logical === 'FLOAT16') return 'number';
  switch (e.type) {
    case 'BOOLEAN':
      return 'boolean';
    case 'INT32':
    case 'INT64':
      return 'integer';
    case 'FLOAT':
    case 'DOUBLE':
      return 'number';
    default:
      // BYTE_ARRAY is decoded as UTF-8 text; other binary becomes base64 text (plainValue).
      return 'string';
  }
}

/** A decoded value as JSON-like data: integers beyond 2^53 as their decimal text, bytes as base64, nulls as null. */
function plainValue(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (typeof v !== 'object') return v;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (v instanceof Uint8Array) return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
  if (ArrayBuffer.isView(v)) return Array.from(v as unknown as ArrayLike<unknown>, plainValue);
  if (Array.isArray(v)) return v.map(plainValue);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plainValue(x)]));
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
const ascii = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');
const at = (line: number, member?: string): Position => (member === undefined ? { line } : { line, member });

/** Bytes [start, end) of the source as the ArrayBuffer hyparquet wants (a copy when the read shares a larger buffer). */
async function arrayBufferOf(source: ByteSource, start: number, end: number): Promise<ArrayBuffer> {
  const bytes = await source.read(start, end - start);
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes.buffer as ArrayBuffer;
  return bytes.slice().buffer;
}

interface BatchBuffer extends AsyncBuffer {
  /** A new batch of rows starts: ranges the last batch fetched are kept only if this one asks again. */
  nextBatch(): void;
}

/**
 * hyparquet's view of the source. Without an offset index, every batch of rows asks for its row
 * group's whole column chunks again: the ranges one batch fetched are kept for the next and
 * dropped once a batch does not ask for them, so a row group is read from the source once and
 * at most two batches' ranges are held. No one read may be longer than `largest`.
 */
function batchBuffer(source: ByteSource, largest: number): BatchBuffer {
  let current = new Map<string, Promise<ArrayBuffer>>();
  let previous = new Map<string, Promise<ArrayBuffer>>();
  return {
    byteLength: source.size,
    slice(start, end = source.size) {
      const key = `${start}:${end}`;
      let bytes = current.get(key) ?? previous.get(key);
      if (!bytes) {
        if (end - start > largest) throw new Error(`a read of ${end - start} bytes, over ${largest}: the footer's offsets are wrong`);
        bytes = arrayBufferOf(source, start, end);
      }
      current.set(key, bytes);
      return bytes;
    },
    nextBatch() {
      previous = current;
      current = new Map();
    },
  };
}

/** The footer, or null when the file was refused (not Parquet, a footer over its bound or unreadable). */
async function readFooter(source: ByteSource, ctx: ReadContext, member?: string): Promise<FileMetaData | null> {
  const head = await source.read(0, SNIFF_BYTES);
  const tail = await source.read(Math.max(0, source.size - 8), 8);
  if (source.size < 12 || ascii(head.subarray(0, 4)) !== 'PAR1' || ascii(tail.subarray(4)) !== 'PAR1') {
    const { found, words } = foundIn(head);
    ctx.sink.unreadable(found, `the bytes are ${words}, not Parquet (which starts and ends with PAR1)`, member);
    return null;
  }
  // The footer's length is the 4 bytes before the closing PAR1: checked before hyparquet reads and parses it whole.
  const footerBytes = Buffer.from(tail.buffer, tail.byteOffset, 4).readUInt32LE(0);
  const bound = ctx.bounds.parquetFooterBytes;
  if (footerBytes > bound) {
    const reason = `the footer (the file's metadata) is ${footerBytes} bytes, over the bound parquetFooterBytes (${bound})`;
    ctx.sink.fail('format', at(1, member), null, reason, 'Parquet footer over parquetFooterBytes');
    return null;
  }
  try {
    return await parquetMetadataAsync(batchBuffer(source, footerBytes + 8), { initialFetchSize: footerBytes + 8 });
  } catch (e) {
    ctx.sink.unreadable('parquet', `the Parquet footer cannot be read: ${message(e)}`, member);
    return null;
  }
}

const groupBytes = (group: FileMetaData['row_groups'][number]) =>
  group.columns.reduce((n, c) => n + Number(c.meta_data?.total_compressed_size ?? 0), 0);

/** `statistics.parquet`: what the footer says. */
function parquetStatistic(metadata: FileMetaData, tree: SchemaTree) {
  const codecs = new Set<string>();
  let uncompressed = 0;
  for (const group of metadata.row_groups) {
    for (const c of group.columns) {
      if (c.meta_data) codecs.add(c.meta_data.codec);
      uncompressed += Number(c.meta_data?.total_uncompressed_size ?? 0);
    }
  }
  return {
    rows: Number(metadata.num_rows),
    rowGroups: metadata.row_groups.length,
    columns: tree.children.length,
    createdBy: metadata.created_by ?? null,
    version: metadata.version,
    compression: [...codecs].sort(),
    compressedBytes: metadata.row_groups.reduce((n, g) => n + groupBytes(g), 0),
    uncompressedBytes: uncompressed,
  };
}

interface Refusal {
  line: number;
  column: string | null;
  reason: string;
  summary: string;
}

/** Why the rows cannot be read within the bounds (a codec with no decoder, a chunk or row group too large), found from the footer alone; null when they can. */
function parquetRefusal(metadata: FileMetaData, bounds: AnalysisBounds): Refusal | null {
  let row = 0;
  for (const [g, group] of metadata.row_groups.entries()) {
    for (const chunk of group.columns) {
      const meta = chunk.meta_data;
      if (!meta) continue; // hyparquet names it when it reads the group
      const column = meta.path_in_schema.join('.');
      if (!PARQUET_CODECS.has(meta.codec)) {
        const reason = `column ${column} is compressed with ${meta.codec}; the analysis decodes ${[...PARQUET_CODECS].join(', ')}`;
        return { line: row + 1, column, reason, summary: `Parquet codec ${meta.codec} not supported` };
      }
      const bytes = Number(meta.total_compressed_size);
      if (bytes > bounds.parquetColumnChunkBytes) {
        const reason = `column ${column} has a ${bytes}-byte chunk in row group ${g + 1}, over the bound parquetColumnChunkBytes (${bounds.parquetColumnChunkBytes})`;
        return { line: row + 1, column, reason, summary: 'Parquet column chunk over parquetColumnChunkBytes' };
      }
    }
    const bytes = groupBytes(group);
    if (bytes > bounds.parquetRowGroupBytes) {
      const reason = `row group ${g + 1} is ${bytes} bytes, over the bound parquetRowGroupBytes (${bounds.parquetRowGroupBytes})`;
      return { line: row + 1, column: null, reason, summary: 'Parquet row group over parquetRowGroupBytes' };
    }
    row += Number(group.num_rows);
  }
  return null;
}

/** Declares the top-level columns; false (after a failing check) when there are more than the bound allows. */
function declareColumns(tree: SchemaTree, ctx: ReadContext, member?: string): boolean {
  const bound = ctx.bounds.columns;
  if (tree.children.length > bound) {
    const reason = `the schema has ${tree.children.length} columns, over the bound columns (${bound})`;
    ctx.sink.fail('format', at(1, member), null, reason, 'too many Parquet columns');
    return false;
  }
  for (const node of tree.children) {
    ctx.sink.declareField(node.element.name, parquetFieldType(node), node.element.repetition_type === 'OPTIONAL');
  }
  return true;
}

/** Every row, in batches of `parquetBatchRows` within each row group, to the sink; a batch that cannot be decoded fails the format check at its first row and ends the read. */
async function readRows(source: ByteSource, metadata: FileMetaData, ctx: ReadContext, member?: string): Promise<void> {
  const { parquetBatchRows: batch, parquetColumnChunkBytes } = ctx.bounds;
  const file = batchBuffer(source, Math.max(parquetColumnChunkBytes, 2 * 1024 * 1024));
  let groupStart = 0;
  let bytesDone = 0;
  for (const group of metadata.row_groups) {
    const rows = Number(group.num_rows);
    const bytes = groupBytes(group);
    for (let start = groupStart; start < groupStart + rows; start += batch) {
      const end = Math.min(groupStart + rows, start + batch);
      file.nextBatch();
      let decoded: Record<string, unknown>[] = [];
      try {
        await parquetRead({
          file,
          metadata,
          rowStart: start,
          rowEnd: end,
          rowFormat: 'object',
          compressors: COMPRESSORS,
          parsers: PARSERS,
          // With an offset index only the pages holding the batch's rows are fetched.
          useOffsetIndex: true,
          onComplete: (r) => (decoded = r),
        });
      } catch (e) {
        const reason = `rows ${start + 1}–${end} cannot be decoded: ${message(e)}`;
        ctx.sink.fail('format', at(start + 1, member), null, reason, 'undecodable Parquet rows');
        return;
      }
      decoded.forEach((row, i) => ctx.sink.example(at(start + i + 1, member), plainValue(row) as Record<string, unknown>));
      ctx.progress(Math.round(bytesDone + (bytes * (end - groupStart)) / rows));
    }
    file.nextBatch();
    file.nextBatch(); // the next row group shares no range with this one
    groupStart += rows;
    bytesDone += bytes;
  }
}

/**
 * Reads a Parquet file (or an archive's Parquet member, named by `member`): its columns are
 * declared, its rows are examples, `statistics.parquet` describes the footer of a file (a member
 * is described by its entry in `statistics.members`). A file that is not
 * Parquet is `unreadable`; one the bounds or the codecs refuse fails the format check.
 */
export async function readParquet(source: ByteSource, ctx: ReadContext, member?: string): Promise<void> {
  const metadata = await readFooter(source, ctx, member);
  if (!metadata) return;
  const tree = parquetSchema(metadata);
  if (member === undefined) ctx.sink.statistic('parquet', parquetStatistic(metadata, tree));
  if (!declareColumns(tree, ctx, member)) return;
  const refusal = parquetRefusal(metadata, ctx.bounds);
  if (refusal) {
    ctx.sink.fail('format', at(refusal.line, member), refusal.column, refusal.reason, refusal.summary);
    return;
  }
  await readRows(source, metadata, ctx, member);
}
