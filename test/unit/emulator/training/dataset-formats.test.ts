// The readers of Parquet, archives (zip, tar, tar.gz) and HDF5 (docs/decisions.md, Training:
// datasets — Formats: Parquet, archives, HDF5), each fed to a sink that records what it is told,
// and the byte source they read through. Every fixture is written here, by the libraries that
// write those formats (hyparquet-writer, yazl, tar-stream, h5wasm): no binary is committed.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createGzip, gzipSync } from 'node:zlib';
import h5wasm, { type Group } from 'h5wasm/node';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { pack as tarPack } from 'tar-stream';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetValidationConfig } from '../../../../shared/api/training/datasets';
import { ANALYSIS_BOUNDS, type AnalysisBounds } from '../../../../main/emulator/areas/training/datasets/analyze/bounds';
import type {
  CheckName,
  ExampleSink,
  FieldType,
  MemberSummary,
  Position,
  ReadContext,
} from '../../../../main/emulator/areas/training/datasets/analyze/sink';
import { bufferSource, fileSource, type ByteSource } from '../../../../main/emulator/areas/training/datasets/analyze/source';
import { ExampleAccumulator } from '../../../../main/emulator/areas/training/datasets/analyze/examples';
import { readParquet } from '../../../../main/emulator/areas/training/datasets/analyze/formats/parquet';
import { exampleCount, readHdf5 } from '../../../../main/emulator/areas/training/datasets/analyze/formats/hdf5';
import { memberKind, readArchive } from '../../../../main/emulator/areas/training/datasets/analyze/formats/archive';

interface Failure {
  check: CheckName;
  at: Position;
  field: string | null;
  reason: string;
  summary: string;
}

/**
 * A sink that keeps every call and hands it on to `next` when there is one (the accumulator, for
 * what it computes from the calls: required_fields on each example, the report).
 */
class RecordingSink implements ExampleSink {
  readonly examples: Array<{ at: Position; row: Record<string, unknown> }> = [];
  readonly failures: Failure[] = [];
  readonly unreadables: Array<{ found: string; reason: string; member?: string }> = [];
  readonly warnings: string[] = [];
  readonly fields: Array<{ name: string; type: FieldType; nullable: boolean }> = [];
  readonly members: MemberSummary[] = [];
  readonly statistics: Record<string, unknown> = {};
  counted = 0;
  constructor(
    readonly config: DatasetValidationConfig = {},
    private readonly next?: ExampleSink,
  ) {}
  example(at: Position, row: Record<string, unknown>) {
    this.examples.push({ at, row });
    this.next?.example(at, row);
  }
  fail(check: CheckName, at: Position, field: string | null, reason: string, summary: string) {
    this.failures.push({ check, at, field, reason, summary });
    this.next?.fail(check, at, field, reason, summary);
  }
  unreadable(found: string, reason: string, member?: string) {
    this.unreadables.push(member === undefined ? { found, reason } : { found, reason, member });
    this.next?.unreadable(found, reason, member);
  }
  warn(message: string) {
    this.warnings.push(message);
    this.next?.warn(message);
  }
  declareField(name: string, type: FieldType, nullable: boolean) {
    this.fields.push({ name, type, nullable });
    this.next?.declareField(name, type, nullable);
  }
  countExamples(n: number) {
    this.counted += n;
    this.next?.countExamples(n);
  }
  member(m: MemberSummary) {
    this.members.push(m);
    this.next?.member(m);
  }
  statistic(key: string, value: unknown) {
    this.statistics[key] = value;
    this.next?.statistic(key, value);
  }
}

/** A recording sink in front of the accumulator. */
function accumulating(format: string, config: DatasetValidationConfig = {}) {
  const accumulator = new ExampleAccumulator(format, config);
  return { sink: new RecordingSink(config, accumulator), accumulator };
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'gpc-formats-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** A read context over the scratch folder, with some bounds made small enough to reach in a test. */
function context(sink: RecordingSink, bounds: Partial<Record<keyof AnalysisBounds, number>> = {}): ReadContext & { progressed: number[] } {
  const progressed: number[] = [];
  return { sink, bounds: { ...ANALYSIS_BOUNDS, ...bounds } as AnalysisBounds, scratch, progress: (n) => progressed.push(n), progressed };
}

/** A source over `bytes` cut into pieces of `piece` bytes (a multipart upload's parts), counting the bytes read. */
function piecesOf(bytes: Uint8Array, piece = 1000): ByteSource & { bytesRead: () => number } {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += piece) chunks.push(bytes.subarray(i, i + piece));
  const inner = bufferSource(chunks);
  let read = 0;
  return {
    size: inner.size,
    async read(offset, length) {
      const out = await inner.read(offset, length);
      read += out.length;
      return out;
    },
    stream: (start, chunkBytes) => inner.stream(start, chunkBytes),
    close: () => inner.close(),
    bytesRead: () => read,
  };
}

describe('byte source', () => {
  const bytes = Uint8Array.from({ length: 2500 }, (_, i) => i % 251);

  it('reads across piece boundaries, short only at the end', async () => {
    const s = bufferSource([bytes.subarray(0, 7), bytes.subarray(7, 8), bytes.subarray(8, 1000), bytes.subarray(1000)]);
    expect(s.size).toBe(2500);
    expect(Array.from(await s.read(5, 10))).toEqual(Array.from(bytes.subarray(5, 15)));
    expect(Array.from(await s.read(0, 2500))).toEqual(Array.from(bytes));
    expect((await s.read(2495, 100)).length).toBe(5);
    expect((await s.read(3000, 10)).length).toBe(0);
  });

  it('streams in chunks from any start, over files on disk', async () => {
    const paths = [join(scratch, 'part-1'), join(scratch, 'part-2'), join(scratch, 'part-3')];
    await writeFile(paths[0]!, bytes.subarray(0, 999));
    await writeFile(paths[1]!, bytes.subarray(999, 1001));
    await writeFile(paths[2]!, bytes.subarray(1001));
    const s = await fileSource(paths);
    try {
      expect(s.path).toBeUndefined(); // several parts: no one file holds it all
      expect(Array.from(await s.read(990, 20))).toEqual(Array.from(bytes.subarray(990, 1010)));
      const chunks: Uint8Array[] = [];
      for await (const c of s.stream(10, 700)) chunks.push(c);
      expect(chunks.map((c) => c.length)).toEqual([700, 700, 700, 390]);
      expect(Array.from(Buffer.concat(chunks))).toEqual(Array.from(bytes.subarray(10)));
    } finally {
      await s.close();
    }
    const one = await fileSource([paths[0]!]);
    expect(one.path).toBe(paths[0]);
    await one.close();
  });
});

const parquet = (columnData: Parameters<typeof parquetWriteBuffer>[0]['columnData'], options: Record<string, unknown> = {}) =>
  new Uint8Array(parquetWriteBuffer({ columnData, ...options }));

describe('Parquet', () => {
  it('declares the columns, feeds every row with its row number, and describes the footer', async () => {
    const columnData = [
      { name: 'id', data: [1, 2, 3] },
      { name: 'big', data: [1n, 2n ** 60n, null] },
      { name: 'score', data: [0.5, 1.5, null] },
      { name: 'text', data: ['a', null, 'c'] },
      { name: 'ok', data: [true, false, true] },
      { name: 'at', data: [new Date(0), new Date(86_400_000), null] },
      { name: 'tags', data: [['x'], [], ['y', 'z']] },
      { name: 'pair', data: [{ a: 1 }, { a: 2 }, null] },
      { name: 'meta', data: [{ k: 1 }, { k: 2 }, null] },
    ];
    const schema = [
      { name: 'root', num_children: columnData.length },
      { name: 'id', type: 'INT32', repetition_type: 'REQUIRED' },
      { name: 'big', type: 'INT64', repetition_type: 'OPTIONAL' },
      { name: 'score', type: 'DOUBLE', repetition_type: 'OPTIONAL' },
      { name: 'text', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
      { name: 'ok', type: 'BOOLEAN', repetition_type: 'REQUIRED' },
      { name: 'at', type: 'INT64', converted_type: 'TIMESTAMP_MILLIS', repetition_type: 'OPTIONAL' },
      { name: 'tags', converted_type: 'LIST', repetition_type: 'OPTIONAL', num_children: 1 },
      { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
      { name: 'element', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
      { name: 'pair', repetition_type: 'OPTIONAL', num_children: 1 },
      { name: 'a', type: 'INT32', repetition_type: 'OPTIONAL' },
      { name: 'meta', type: 'BYTE_ARRAY', converted_type: 'JSON', repetition_type: 'OPTIONAL' },
    ];
    const file = parquet(columnData, { schema, rowGroupSize: 2 });
    const sink = new RecordingSink();
    const ctx = context(sink);
    await readParquet(piecesOf(file, 333), ctx);
    expect(sink.unreadables).toEqual([]);
    expect(sink.failures).toEqual([]);
    expect(sink.fields).toEqual([
      { name: 'id', type: 'integer', nullable: false },
      { name: 'big', type: 'integer', nullable: true },
      { name: 'score', type: 'number', nullable: true },
      { name: 'text', type: 'string', nullable: true },
      { name: 'ok', type: 'boolean', nullable: false },
      { name: 'at', type: 'string', nullable: true },
      { name: 'tags', type: 'array', nullable: true },
      { name: 'pair', type: 'object', nullable: true },
      { name: 'meta', type: 'object', nullable: true },
    ]);
    expect(sink.examples.map((e) => e.at.line)).toEqual([1, 2, 3]);
    expect(sink.examples[1]!.row).toEqual({
      id: 2,
      big: (2n ** 60n).toString(), // beyond 2^53: its decimal text
      score: 1.5,
      text: null,
      ok: false,
      at: '1970-01-02T00:00:00.000Z',
      tags: [],
      pair: { a: 2 },
      meta: { k: 2 },
    });
    expect(sink.statistics.parquet).toMatchObject({ rows: 3, rowGroups: 2, columns: 9, createdBy: 'hyparquet', compression: ['SNAPPY'] });
    expect(ctx.progressed.at(-1)).toBeGreaterThan(0);
  });

  it('reads a row group in batches, and a null in a required field fails at its row', async () => {
    const n = 2500;
    const file = parquet(
      [
        { name: 'id', data: Array.from({ length: n }, (_, i) => i), type: 'INT32', nullable: false, offsetIndex: false },
        {
          name: 'prompt',
          data: Array.from({ length: n }, (_, i) => (i === 1733 ? null : `prompt ${i}`)),
          type: 'STRING',
          offsetIndex: false,
        },
      ],
      { rowGroupSize: n, pageSize: 4096 },
    );
    const { sink, accumulator } = accumulating('parquet', { required_fields: ['prompt'] });
    const source = piecesOf(file, 4096);
    await readParquet(source, context(sink, { parquetBatchRows: 300 }));
    // Nine batches ask for the same column chunks: they are read from the source once.
    expect(source.bytesRead()).toBeLessThan(file.length * 1.2);
    expect(sink.examples).toHaveLength(n);
    expect(sink.examples.every((e, i) => e.at.line === i + 1 && e.row.id === i)).toBe(true);
    const { report, schema, examples } = accumulator.result(file.length);
    expect(examples).toBe(n);
    expect(schema.fields).toEqual([
      { name: 'id', type: 'integer', nullable: false },
      { name: 'prompt', type: 'string', nullable: true },
    ]);
    expect(report.failingExamples).toEqual([{ line: 1734, field: 'prompt', reason: 'required field is empty' }]);
  });

  it('decodes GZIP pages through node:zlib and refuses a codec it has no decoder for, naming it', async () => {
    const gzip = parquet([{ name: 'text', data: ['hello', 'world'], type: 'STRING' }], {
      codec: 'GZIP',
      compressors: { GZIP: (b: Uint8Array) => new Uint8Array(gzipSync(b)) },
    });
    const sink = new RecordingSink();
    await readParquet(bufferSource([gzip]), context(sink));
    expect(sink.examples.map((e) => e.row.text)).toEqual(['hello', 'world']);
    expect(sink.statistics.parquet).toMatchObject({ compression: ['GZIP'] });

    // Any bytes will do for the pages: the codec is refused from the footer before a page is read.
    const lz4 = parquet([{ name: 'text', data: ['hello', 'world'], type: 'STRING' }], {
      codec: 'LZ4',
      compressors: { LZ4: (b: Uint8Array) => b },
    });
    const refused = new RecordingSink();
    await readParquet(bufferSource([lz4]), context(refused));
    expect(refused.examples).toEqual([]);
    expect(refused.failures).toEqual([
      expect.objectContaining({ check: 'format', at: { line: 1 }, field: 'text', reason: expect.stringContaining('compressed with LZ4') }),
    ]);
  });

  it('refuses a column chunk over its bound, naming the bound and the column, before reading rows', async () => {
    const file = parquet([
      { name: 'id', data: [1, 2], type: 'INT32' },
      // Digits of distinct numbers: text snappy cannot shrink below the bound.
      { name: 'body', data: [0, 1].map((k) => Array.from({ length: 800 }, (_, i) => (i * 7919 + k) % 10007).join(' ')), type: 'STRING' },
    ]);
    const source = piecesOf(file);
    const sink = new RecordingSink();
    await readParquet(source, context(sink, { parquetColumnChunkBytes: 1024 }));
    expect(sink.examples).toEqual([]);
    expect(sink.failures).toEqual([
      expect.objectContaining({
        check: 'format',
        field: 'body',
        reason: expect.stringMatching(/body .* over the bound parquetColumnChunkBytes \(1024\)/),
      }),
    ]);
    expect(source.bytesRead()).toBeLessThan(file.length / 2); // the footer and the ends, not the chunks
  });

  it('finds a file that is not Parquet unreadable, naming what it is', async () => {
    const csv = new TextEncoder().encode('prompt,completion\nhello,world\n');
    const sink = new RecordingSink();
    await readParquet(bufferSource([csv]), context(sink), 'data/train.parquet');
    expect(sink.unreadables).toEqual([
      { found: 'text', reason: 'the bytes are CSV text, not Parquet (which starts and ends with PAR1)', member: 'data/train.parquet' },
    ]);

    const file = parquet([{ name: 'id', data: [1], type: 'INT32' }]);
    const damaged = new Uint8Array(file);
    damaged.fill(0xff, file.length - 40, file.length - 8); // the footer's last bytes, PAR1 kept
    const sink2 = new RecordingSink();
    await readParquet(bufferSource([damaged]), context(sink2));
    expect(sink2.unreadables).toEqual([{ found: 'parquet', reason: expect.stringContaining('the Parquet footer cannot be read') }]);
  });
});

describe('HDF5', () => {
  /** An HDF5 file written by h5wasm: 6 examples of 4×4 images, their labels and captions, and a mean image that is not per example. */
  async function writeHdf5(name: string): Promise<string> {
    await h5wasm.ready;
    const path = join(scratch, name);
    const f = new h5wasm.File(path, 'w');
    try {
      f.create_attribute('source', 'unit test');
      f.create_dataset({
        name: 'images',
        data: new Uint8Array(6 * 16).fill(7),
        shape: [6, 4, 4],
        dtype: '<B',
        chunks: [2, 4, 4],
        compression: 4,
      });
      f.create_dataset({ name: 'labels', data: new Int32Array([0, 1, 1, 2, 1, 0]), shape: [6], dtype: '<i', chunks: [3] });
      f.create_dataset({ name: 'captions', data: ['a', 'b', 'c', 'd', 'e', 'f'] });
      f.create_group('stats');
      (f.get('stats') as Group).create_dataset({ name: 'mean', data: new Float32Array(16), shape: [4, 4], dtype: '<f' });
    } finally {
      f.close();
    }
    return path;
  }

  it('declares its datasets, counts the examples of the shared first dimension, and lists shapes, types and labels', async () => {
    const path = await writeHdf5('train.h5');
    const source = await fileSource([path]);
    const sink = new RecordingSink();
    try {
      await readHdf5(source, context(sink));
    } finally {
      await source.close();
    }
    expect(sink.unreadables).toEqual([]);
    expect(sink.failures).toEqual([]);
    expect(sink.fields).toEqual([
      { name: 'captions', type: 'string', nullable: false },
      { name: 'images', type: 'array', nullable: false },
      { name: 'labels', type: 'integer', nullable: false },
      { name: 'stats/mean', type: 'array', nullable: false },
    ]);
    expect(sink.counted).toBe(6);
    expect(sink.warnings).toEqual([expect.stringContaining('stats/mean')]);
    expect(sink.statistics.hdf5).toEqual({
      datasets: [
        { path: 'captions', shape: [6], dtype: 'string', chunks: null, filters: [] },
        { path: 'images', shape: [6, 4, 4], dtype: 'uint8', chunks: [2, 4, 4], filters: ['deflate'] },
        { path: 'labels', shape: [6], dtype: 'int32', chunks: [3], filters: [] },
        { path: 'stats/mean', shape: [4, 4], dtype: 'float32', chunks: null, filters: [] },
      ],
      groups: 1,
      links: [],
      attributes: ['source'],
      labels: { labels: { '1': 3, '0': 2, '2': 1 } },
    });
  });

  it('checks required_fields against datasets, by path or name', async () => {
    const path = await writeHdf5('required.h5');
    const sink = new RecordingSink({ required_fields: ['images', 'stats/mean', 'answers'] });
    const source = await fileSource([path]);
    await readHdf5(source, context(sink));
    await source.close();
    expect(sink.failures).toEqual([
      expect.objectContaining({
        check: 'required_fields',
        at: { line: 5 },
        field: 'stats/mean',
        reason: 'stats/mean has 4 rows for 6 examples',
      }),
      expect.objectContaining({ check: 'required_fields', at: { line: 1 }, field: 'answers', reason: 'no dataset named answers' }),
    ]);
  });

  it('copies a source that is not one file to the scratch folder, and removes the copy', async () => {
    const bytes = await readFile(await writeHdf5('parts.h5'));
    const before = await readdir(scratch);
    const sink = new RecordingSink();
    await readHdf5(piecesOf(bytes, 777), context(sink));
    expect(sink.counted).toBe(6);
    expect(await readdir(scratch)).toEqual(before);
  });

  it('finds a file that is not HDF5 unreadable, naming what it is', async () => {
    const sink = new RecordingSink();
    await readHdf5(bufferSource([new TextEncoder().encode('{"prompt": "hi"}\n')]), context(sink));
    expect(sink.unreadables).toEqual([
      { found: 'text', reason: 'the bytes are JSON text, not HDF5: file signature not found (Not an HDF5 file)' },
    ]);
    expect(sink.counted).toBe(0);
  });

  it('lists soft and external links without following them, and walks at most hdf5Objects', async () => {
    const path = await writeHdf5('links.h5');
    const f = new h5wasm.File(path, 'a');
    try {
      f.create_soft_link('/images', 'again');
      f.create_external_link('/etc/hostname', '/secret', 'elsewhere');
    } finally {
      f.close();
    }
    const source = await fileSource([path]);
    const sink = new RecordingSink();
    await readHdf5(source, context(sink));
    expect(sink.statistics.hdf5).toMatchObject({ links: ['again', 'elsewhere'] });
    expect(sink.fields.map((x) => x.name)).toEqual(['captions', 'images', 'labels', 'stats/mean']);

    const bounded = new RecordingSink();
    await readHdf5(source, context(bounded, { hdf5Objects: 3 }));
    await source.close();
    expect(bounded.fields.map((x) => x.name)).toEqual(['captions']); // again (a link), captions, elsewhere (a link): three objects
    expect(bounded.warnings).toContainEqual(expect.stringContaining('hdf5Objects'));
  });

  it('takes the first dimension most datasets share, the larger on a tie', () => {
    expect(exampleCount([[10, 3], [10], [4, 4], []])).toBe(10);
    expect(exampleCount([[3], [5]])).toBe(5);
    expect(exampleCount([[]])).toBe(0);
  });
});

const text = (s: string) => new TextEncoder().encode(s);

async function collect(stream: AsyncIterable<unknown>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const c of stream) chunks.push(c as Uint8Array);
  return Buffer.concat(chunks);
}

/** `mib` MiB of zeros, a chunk at a time (a bomb's member, never held whole). */
const zeros = (mib: number) =>
  Readable.from(
    (function* () {
      const chunk = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < mib; i++) yield chunk;
    })(),
  );

type Member = [name: string, content: Uint8Array | Readable, size?: number];

/** A zip written by yazl; a "/"-ended name with no content is a folder. */
async function zipOf(members: Member[]): Promise<Uint8Array> {
  const zip = new yazl.ZipFile();
  const out = collect(zip.outputStream);
  for (const [name, content, size] of members) {
    if (name.endsWith('/')) zip.addEmptyDirectory(name);
    else if (content instanceof Uint8Array) zip.addBuffer(Buffer.from(content), name);
    else zip.addReadStream(content, name, size === undefined ? {} : { size });
  }
  zip.end();
  return out;
}

/** A tar written by tar-stream, gzip-compressed when asked. */
async function tarOf(members: Member[], gzip = false): Promise<Uint8Array> {
  const pack = tarPack();
  const out = collect(gzip ? pack.pipe(createGzip()) : pack);
  for (const [name, content, size] of members) {
    if (content instanceof Uint8Array) pack.entry({ name }, Buffer.from(content));
    else await new Promise<void>((resolve, reject) => content.pipe(pack.entry({ name, size }, (e) => (e ? reject(e) : resolve()))));
  }
  pack.finalize();
  return out;
}

const JSONL_A = text('{"prompt": "a1", "completion": "x"}\n{"prompt": "a2", "completion": "y"}\n');
const JSONL_B = text(
  '{"prompt": "b1", "completion": "x"}\n{"prompt": "b2", "completion": "y"}\nnot json\n{"prompt": "b4", "completion": "z"}\n',
);

describe('archives', () => {
  it('reads JSONL and CSV members by name, lists the rest, and names member and line in failures', async () => {
    const inner = await zipOf([['x.jsonl', JSONL_A]]);
    const file = await zipOf([
      ['data/', new Uint8Array()],
      ['data/train.jsonl', JSONL_B],
      ['data/eval.csv', text('prompt,completion\nc1,x\n"c2, quoted",y\n')],
      ['more/inner.zip', inner],
      ['README.md', text('# about\n')],
    ]);
    const { sink, accumulator } = accumulating('zip');
    const ctx = context(sink);
    await readArchive(piecesOf(file, 4096), ctx, 'zip');
    expect(sink.members).toEqual([
      { name: 'data/train.jsonl', bytes: JSONL_B.length, format: 'jsonl', note: null },
      { name: 'data/eval.csv', bytes: 38, format: 'csv', note: null },
      { name: 'more/inner.zip', bytes: inner.length, format: null, note: expect.stringContaining('not opened') },
      { name: 'README.md', bytes: 8, format: null, note: expect.stringContaining('listed, not read') },
    ]);
    expect(sink.examples.map((e) => [e.at.member, e.at.line, e.row.prompt])).toEqual([
      ['data/train.jsonl', 1, 'b1'],
      ['data/train.jsonl', 2, 'b2'],
      ['data/train.jsonl', 4, 'b4'],
      ['data/eval.csv', 2, 'c1'],
      ['data/eval.csv', 3, 'c2, quoted'],
    ]);
    expect(sink.failures).toEqual([expect.objectContaining({ check: 'format', at: { line: 3, member: 'data/train.jsonl' } })]);
    expect(ctx.progressed.at(-1)).toBe(file.length);
    expect(ctx.progressed.every((n, i) => i === 0 || n >= ctx.progressed[i - 1]!)).toBe(true);
    const result = accumulator.result(file.length);
    expect(result.examples).toBe(5);
    expect(result.report.failingExamples).toEqual([
      { line: 3, member: 'data/train.jsonl', field: null, reason: expect.stringContaining('JSON') },
    ]);
  });

  it('refuses a zip bomb from its directory, naming the bound and the member, without expanding it', async () => {
    const file = await zipOf([
      ['ok.jsonl', JSONL_A],
      ['zeros.jsonl', zeros(256), 256 * 1024 * 1024],
    ]);
    const source = piecesOf(file, 64 * 1024);
    const sink = new RecordingSink();
    await readArchive(source, context(sink), 'zip');
    expect(sink.failures).toEqual([
      {
        check: 'format',
        at: { line: 1, member: 'zeros.jsonl' },
        field: null,
        reason: expect.stringMatching(/^zeros\.jsonl expands \d+ times .* over archiveRatio 200$/),
        summary: 'archive refused: over archiveRatio',
      },
    ]);
    expect(sink.examples).toHaveLength(2); // the member before it was read
    expect(source.bytesRead()).toBeLessThan(file.length / 2); // the directory, not the bomb
  });

  it('stops a member whose header understates its size as its bytes pass the stated size', async () => {
    const file = await zipOf([['zeros.jsonl', zeros(8), 8 * 1024 * 1024]]);
    // The central directory entry's uncompressed size (offset 24) says 100 bytes.
    const directory = Buffer.from(file).lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    Buffer.from(file.buffer, file.byteOffset, file.length).writeUInt32LE(100, directory + 24);
    const sink = new RecordingSink();
    await readArchive(bufferSource([file]), context(sink), 'zip');
    expect(sink.failures).toEqual([
      expect.objectContaining({
        at: { line: 1, member: 'zeros.jsonl' },
        summary: 'damaged archive',
        reason: expect.stringContaining('too many bytes'),
      }),
    ]);
  });

  it('refuses more entries than archiveEntries before reading any', async () => {
    const file = await zipOf(Array.from({ length: 8 }, (_, i): Member => [`part-${i}.jsonl`, JSONL_A]));
    const sink = new RecordingSink();
    await readArchive(bufferSource([file]), context(sink, { archiveEntries: 5 }), 'zip');
    expect(sink.members).toEqual([]);
    expect(sink.failures).toEqual([expect.objectContaining({ at: { line: 1 }, reason: '8 entries, over archiveEntries 5' })]);

    // A tar's entries are counted as they come: the sixth is named.
    const tar = await tarOf(Array.from({ length: 8 }, (_, i): Member => [`part-${i}.jsonl`, JSONL_A]));
    const streamed = new RecordingSink();
    await readArchive(bufferSource([tar]), context(streamed, { archiveEntries: 5 }), 'tar');
    expect(streamed.members).toHaveLength(5);
    expect(streamed.failures).toEqual([
      expect.objectContaining({ at: { line: 1, member: 'part-5.jsonl' }, summary: 'archive refused: over archiveEntries' }),
    ]);
  });

  it('warns, naming what it held, when an archive has nothing to read; finds a non-zip unreadable', async () => {
    const file = await zipOf([
      ['images/cat.png', text('not really')],
      ['inner.tar.gz', text('nor this')],
    ]);
    const { sink, accumulator } = accumulating('zip');
    await readArchive(bufferSource([file]), context(sink), 'zip');
    expect(sink.warnings).toEqual([expect.stringMatching(/no \.jsonl.*: images\/cat\.png, inner\.tar\.gz$/)]);
    expect(accumulator.result(file.length).report.checks).toContainEqual(
      expect.objectContaining({ name: 'example_count', status: 'failed' }),
    );

    const csv = new RecordingSink();
    await readArchive(bufferSource([text('a,b\n1,2\n')]), context(csv), 'zip');
    expect(csv.unreadables).toEqual([{ found: 'text', reason: 'the bytes are CSV text, not a zip archive' }]);
    expect(csv.warnings).toEqual([]);
  });

  it.each([false, true])('reads a tar (gzip: %s) of two JSONL members, naming member and line of a failing one', async (gzip) => {
    const file = await tarOf(
      [
        ['a.jsonl', JSONL_A],
        ['b.jsonl', JSONL_B],
      ],
      gzip,
    );
    const sink = new RecordingSink();
    await readArchive(piecesOf(file, 1000), context(sink), 'tar');
    expect(sink.members.map((m) => [m.name, m.format])).toEqual([
      ['a.jsonl', 'jsonl'],
      ['b.jsonl', 'jsonl'],
    ]);
    expect(sink.examples.map((e) => `${e.at.member}:${e.at.line}`)).toEqual([
      'a.jsonl:1',
      'a.jsonl:2',
      'b.jsonl:1',
      'b.jsonl:2',
      'b.jsonl:4',
    ]);
    expect(sink.failures).toEqual([expect.objectContaining({ check: 'format', at: { line: 3, member: 'b.jsonl' } })]);
    expect(sink.unreadables).toEqual([]);
  });

  it('reads a Parquet member of a tar through a scratch file it removes', async () => {
    const table = parquet([
      { name: 'prompt', data: ['p1', 'p2', 'p3'], type: 'STRING', nullable: false },
      { name: 'label', data: [1, 0, 1], type: 'INT32' },
    ]);
    const file = await tarOf([
      ['notes.txt', text('hello')],
      ['data/part-0.parquet', table],
    ]);
    const before = await readdir(scratch);
    const sink = new RecordingSink();
    await readArchive(bufferSource([file]), context(sink), 'tar');
    expect(sink.members.map((m) => [m.name, m.format])).toEqual([
      ['notes.txt', null],
      ['data/part-0.parquet', 'parquet'],
    ]);
    expect(sink.fields).toEqual([
      { name: 'prompt', type: 'string', nullable: false },
      { name: 'label', type: 'integer', nullable: true },
    ]);
    expect(sink.examples.map((e) => [e.at, e.row.prompt])).toEqual([
      [{ line: 1, member: 'data/part-0.parquet' }, 'p1'],
      [{ line: 2, member: 'data/part-0.parquet' }, 'p2'],
      [{ line: 3, member: 'data/part-0.parquet' }, 'p3'],
    ]);
    expect(await readdir(scratch)).toEqual(before);
  });

  it('refuses a tar.gz bomb as it expands, naming the bound and the member', async () => {
    const file = await tarOf([['zeros.jsonl', zeros(256), 256 * 1024 * 1024]], true);
    const source = piecesOf(file, 64 * 1024);
    const sink = new RecordingSink();
    await readArchive(source, context(sink), 'tar');
    expect(sink.failures).toEqual([
      expect.objectContaining({ at: { line: 1, member: 'zeros.jsonl' }, summary: 'archive refused: over archiveRatio' }),
    ]);
    expect(source.bytesRead()).toBeLessThan(file.length / 2);
  });

  it('refuses an archive expanding past archiveExpandedBytes, and a spill past archiveSpillBytes', async () => {
    const file = await tarOf([
      ['a.jsonl', JSONL_A],
      ['b.jsonl', JSONL_B],
    ]);
    const sink = new RecordingSink();
    await readArchive(bufferSource([file]), context(sink, { archiveExpandedBytes: 2000 }), 'tar');
    expect(sink.failures).toEqual([expect.objectContaining({ summary: 'archive refused: over archiveExpandedBytes' })]);

    const table = parquet([{ name: 'id', data: [1, 2, 3], type: 'INT32' }]);
    const spill = new RecordingSink();
    await readArchive(bufferSource([await zipOf([['t.parquet', table]])]), context(spill, { archiveSpillBytes: 100 }), 'zip');
    expect(spill.failures).toEqual([
      expect.objectContaining({ at: { line: 1, member: 't.parquet' }, summary: 'archive refused: over archiveSpillBytes' }),
    ]);
  });

  it('finds gzip data that is not a tar unreadable', async () => {
    const sink = new RecordingSink();
    await readArchive(bufferSource([gzipSync(JSONL_A)]), context(sink), 'tar');
    expect(sink.unreadables).toEqual([
      { found: 'gzip', reason: expect.stringContaining('gzip-compressed data that is not a tar archive') },
    ]);
  });

  it('tells members by their names', () => {
    expect(memberKind('a/b/train.JSONL')).toEqual({ format: 'jsonl' });
    expect(memberKind('x.json')).toEqual({ format: 'jsonl' });
    expect(memberKind('t.csv')).toEqual({ format: 'csv' });
    expect(memberKind('p.parquet')).toEqual({ format: 'parquet' });
    expect(memberKind('n.tar.gz')).toEqual({ note: expect.stringContaining('archive') });
    expect(memberKind('jsonl')).toEqual({ note: expect.stringContaining('not a dataset file') });
  });
});
