// Every format of 03-endpoints-training.md (Dataset: format) over real HTTP (issue 16): Parquet
// uploaded with one PUT and in parts, a tar.gz of JSON Lines whose second member fails on a line,
// HDF5, a .parquet whose bytes are CSV, and a zip bomb — each file written here by the library
// that writes its format, uploaded to the emulator's upload host and analysed in its worker.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import h5wasm from 'h5wasm/node';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { pack as tarPack } from 'tar-stream';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../../main/emulator';
import { advanceClock, makeCall, OWNER } from '../harness';

const START = new Date('2026-06-01T12:00:00.000Z');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON
type Json = any;

let emulator: Emulator;
let call: ReturnType<typeof makeCall>;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gpc-formats-'));
  emulator = createEmulator({ seed: 42, ownerKey: OWNER, rateLimits: 'report', startTime: START, speed: 0.001, dataDir: dir });
  call = makeCall(fetch, await emulator.listen(0), OWNER);
});
afterAll(async () => {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

async function create(format: string, validation: Record<string, unknown> = {}) {
  const r = await call('POST', '/v2/training/datasets', { body: { name: `f-${format}`, type: 'structured', format, validation } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; uploadUrl: string; uploadToken: string };
}

async function send(method: string, url: string, token: string, body: Uint8Array | object): Promise<{ status: number; body: Json }> {
  const binary = body instanceof Uint8Array;
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': binary ? 'application/octet-stream' : 'application/json' },
    body: binary ? (body as Uint8Array<ArrayBuffer>) : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Uploads `bytes` with one PUT, or in the parts the upload host asks for. */
async function upload(d: { uploadUrl: string; uploadToken: string }, bytes: Uint8Array, multipart = false): Promise<void> {
  if (!multipart) {
    const r = await send('PUT', d.uploadUrl, d.uploadToken, bytes);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return;
  }
  const init = await send('POST', `${d.uploadUrl}/multipart`, d.uploadToken, { filename: 'data', size: bytes.length });
  expect(init.status, JSON.stringify(init.body)).toBe(201);
  const { partSize, partCount, partUrl, completeUrl } = init.body;
  expect(partCount).toBeGreaterThan(1);
  const parts = [];
  for (let n = 1; n <= partCount; n++) {
    const r = await send(
      'PUT',
      partUrl.replace('{partNumber}', String(n)),
      d.uploadToken,
      bytes.subarray((n - 1) * partSize, n * partSize),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    parts.push({ partNumber: n, etag: r.body.etag });
  }
  const done = await send('POST', completeUrl, d.uploadToken, { parts });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

async function processed(id: string): Promise<Json> {
  await advanceClock(call, 3600);
  for (let i = 0; i < 600; i++) {
    const d = (await call('GET', `/v2/training/datasets/${id}`)).body;
    if (d.status !== 'processing') return d;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`dataset ${id} still processing`);
}

/** A Parquet file of `rows` examples: a required prompt, an optional completion (null every 7th), a label, a score. */
function parquetOf(rows: number, text = 40): Uint8Array {
  const words = (i: number) => `example ${i} ${'w'.repeat(text)}`;
  return new Uint8Array(
    parquetWriteBuffer({
      codec: 'UNCOMPRESSED',
      columnData: [
        { name: 'prompt', data: Array.from({ length: rows }, (_, i) => words(i)), type: 'STRING', nullable: false },
        { name: 'completion', data: Array.from({ length: rows }, (_, i) => (i % 7 === 6 ? null : words(i + 1))), type: 'STRING' },
        { name: 'label', data: Array.from({ length: rows }, (_, i) => ['pos', 'neg'][i % 2]!), type: 'STRING', nullable: false },
        { name: 'score', data: Array.from({ length: rows }, (_, i) => i / 10), type: 'DOUBLE', nullable: false },
      ],
    }),
  );
}

async function collect(stream: AsyncIterable<Buffer>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c);
  return Buffer.concat(chunks);
}

describe('dataset formats over HTTP', () => {
  it('reads a Parquet file uploaded with one PUT: declared schema, every row, statistics', async () => {
    const d = await create('parquet', { required_fields: ['prompt'] });
    await upload(d, parquetOf(70));
    const got = await processed(d.id);
    expect(got.status, JSON.stringify(got.error)).toBe('ready');
    expect(got.size.examples).toBe(70);
    expect(got.schema.fields).toEqual([
      { name: 'prompt', type: 'string', nullable: false },
      { name: 'completion', type: 'string', nullable: true },
      { name: 'label', type: 'string', nullable: false },
      { name: 'score', type: 'number', nullable: false },
    ]);
    expect(got.statistics.labels.label).toEqual({ pos: 35, neg: 35 });
    expect(got.statistics.fields.completion).toMatchObject({ present: 70, nulls: 10 });
    expect(got.statistics.parquet).toMatchObject({ rows: 70 });
  });

  it('reads a Parquet file uploaded in parts the same way', async () => {
    const bytes = parquetOf(60_000, 300);
    expect(bytes.length).toBeGreaterThan(16 * 1024 * 1024);
    const d = await create('parquet');
    await upload(d, bytes, true);
    const got = await processed(d.id);
    expect(got.status, JSON.stringify(got.error)).toBe('ready');
    expect(got.size).toMatchObject({ bytes: bytes.length, examples: 60_000 });
    expect(got.statistics.fields.completion).toMatchObject({ nulls: 60_000 / 7 - ((60_000 / 7) % 1) });
  });

  it('refuses a .parquet whose bytes are CSV, saying what they are', async () => {
    const d = await create('parquet');
    await upload(d, Buffer.from('id,text\n1,hello\n2,world\n'));
    const got = await processed(d.id);
    expect(got.status).toBe('error');
    expect(got.error).toMatchObject({ error: 'UNSUPPORTED_FORMAT', details: { providedFormat: 'text', declaredFormat: 'parquet' } });
    expect(got.error.message).toContain('the bytes are CSV text, not Parquet');
  });

  it('reads a tar.gz of two JSON Lines files and names the member and line that fail', async () => {
    const pack = tarPack();
    const out = collect(pack.pipe(createGzip()));
    pack.entry({ name: 'train/a.jsonl' }, '{"prompt":"a1","completion":"x"}\n{"prompt":"a2","completion":"y"}\n');
    pack.entry({ name: 'train/b.jsonl' }, '{"prompt":"b1","completion":"x"}\n{"prompt":"b2"}\nnot json\n');
    pack.finalize();
    const d = await create('tar', { required_fields: ['prompt'] });
    await upload(d, await out);
    const got = await processed(d.id);
    expect(got.status).toBe('error');
    expect(got.size.examples).toBe(4);
    expect(got.validation.failingExamples).toEqual([
      { member: 'train/b.jsonl', line: 3, field: null, reason: expect.stringContaining('invalid JSON') },
    ]);
    expect(got.statistics.members).toEqual([
      expect.objectContaining({ name: 'train/a.jsonl', format: 'jsonl', examples: 2 }),
      expect.objectContaining({ name: 'train/b.jsonl', format: 'jsonl', examples: 2 }),
    ]);
  });

  it('reads an HDF5 file: its datasets, shapes and types, examples along the shared first dimension', async () => {
    await h5wasm.ready;
    const path = join(dir, 'fixture.h5');
    const f = new h5wasm.File(path, 'w');
    try {
      f.create_dataset({ name: 'images', data: new Uint8Array(5 * 8 * 8), shape: [5, 8, 8], dtype: '<B' });
      f.create_dataset({ name: 'labels', data: new Int32Array([1, 0, 1, 1, 0]), shape: [5], dtype: '<i' });
    } finally {
      f.close();
    }
    const d = await create('hdf5', { required_fields: ['labels'] });
    await upload(d, await readFile(path));
    const got = await processed(d.id);
    expect(got.status, JSON.stringify(got.error)).toBe('ready');
    expect(got.size.examples).toBe(5);
    expect(got.schema.fields.map((x: { name: string }) => x.name).sort()).toEqual(['images', 'labels']);
    const datasets = got.statistics.hdf5.datasets as Array<{ path: string; shape: number[] }>;
    expect(datasets.map((x) => [x.path, x.shape]).sort()).toEqual([
      ['images', [5, 8, 8]],
      ['labels', [5]],
    ]);
  });

  it('refuses a zip bomb from its directory, naming the bound', async () => {
    const zip = new yazl.ZipFile();
    const out = collect(zip.outputStream as unknown as AsyncIterable<Buffer>);
    const size = 256 * 1024 * 1024;
    const zeros = Buffer.alloc(1024 * 1024);
    zip.addReadStream(
      Readable.from(
        (function* () {
          for (let i = 0; i < size / zeros.length; i++) yield zeros;
        })(),
      ),
      'bomb.jsonl',
      { size },
    );
    zip.end();
    const bytes = await out;
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    const d = await create('zip');
    await upload(d, bytes);
    const got = await processed(d.id);
    expect(got.status).toBe('error');
    expect(got.validation.failingExamples[0]).toMatchObject({ member: 'bomb.jsonl' });
    expect(got.validation.failingExamples[0].reason).toMatch(/times|ratio/);
    expect(got.size.examples).toBe(0);
  });
});
