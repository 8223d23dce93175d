// Datasets (03-endpoints-training.md, Dataset; Datasets; Errors; Limits) over real HTTP: create
// → upload (single PUT and multipart) → processing → ready or error on the simulated clock, with
// counts, schema, statistics and validation computed from the content; quotas, token expiry,
// a large streamed multipart upload kept on disk, and a restart on the same data folder.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../../../main/emulator';
import { advanceClock, makeCall, OWNER, type Reply } from '../harness';

const START = new Date('2026-06-01T12:00:00.000Z');

interface Target {
  url: string;
  emulator: Emulator;
  call: ReturnType<typeof makeCall>;
  advance(seconds: number): Promise<number>;
  close(): Promise<void>;
}

async function start(options: EmulatorOptions = {}): Promise<Target> {
  const emulator = createEmulator({ seed: 42, ownerKey: OWNER, rateLimits: 'report', startTime: START, speed: 0.001, ...options });
  const url = await emulator.listen(0);
  const call = makeCall(fetch, url, OWNER);
  return { url, emulator, call, advance: (s) => advanceClock(call, s), close: () => emulator.close() };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON
type Json = any;

const errorOf = (r: Reply) => ({ status: r.status, code: r.body?.error as string | undefined, details: r.body?.details });

async function upload(url: string, token: string, body: BodyInit, init: RequestInit = {}): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body,
    ...init,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function post(url: string, token: string, body: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

let t: Target;
beforeAll(async () => {
  t = await start();
});
afterAll(() => t.close());

async function create(body: Record<string, unknown>) {
  const r = await t.call('POST', '/v2/training/datasets', { body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; uploadUrl: string; uploadToken: string; uploadExpiresAt: string };
}

const JSONL = [
  '{"prompt":"What is a GPU?","completion":"A graphics processor used for parallel work.","label":"hardware"}',
  '{"prompt":"Explain LoRA","completion":"Low-rank adapters train few parameters.","label":"training"}',
  '',
  '{"prompt":"Define epoch","completion":null,"label":"training"}',
  '{"prompt":"What is CUDA?","completion":"NVIDIA\'s parallel computing platform.","label":"software","score":0.5}',
].join('\n');

const CSV =
  'id,text,label,score\n1,"Fast, reliable nodes",positive,4.5\n2,"Broke after ""update""",negative,1\n3,"Multi\nline review",neutral,\n';

describe('datasets', () => {
  it('creates a dataset uploading, with an upload address on the emulator and a token', async () => {
    const d = await create({ name: 'faq', type: 'text', format: 'jsonl', validation: { required_fields: ['prompt'] } });
    expect(d.uploadUrl).toBe(`${t.url}/_uploads/datasets/${d.id}`);
    expect(d.uploadToken).toMatch(/^dsup_/);
    expect(Date.parse(d.uploadExpiresAt) - START.getTime()).toBeGreaterThanOrEqual(6 * 3600 * 1000 - 60_000);
    const got = await t.call('GET', `/v2/training/datasets/${d.id}`);
    expect(got.body).toMatchObject({
      status: 'uploading',
      size: { bytes: 0, examples: 0 },
      // Objects as the document types them, empty until the file is analysed.
      schema: { fields: [] },
      statistics: {},
      validation: { status: 'pending' },
    });
  });

  it('uploads a JSONL with one PUT: processing, then ready with counts, schema and statistics', async () => {
    const d = await create({
      name: 'faq-jsonl',
      type: 'text',
      format: 'jsonl',
      validation: { required_fields: ['prompt'], min_examples: 2 },
    });
    const r = await upload(d.uploadUrl, d.uploadToken, JSONL);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'processing', size: Buffer.byteLength(JSONL), checksum: `sha256:${sha256(JSONL)}` });
    const during = await t.call('GET', `/v2/training/datasets/${d.id}`);
    expect(during.body.status).toBe('processing');
    expect(during.body.schema).toEqual({ fields: [] });
    await t.advance(10);
    const ready = (await t.call('GET', `/v2/training/datasets/${d.id}`)).body;
    expect(ready.status).toBe('ready');
    expect(ready.size).toEqual({ bytes: Buffer.byteLength(JSONL), examples: 4, compressed: false });
    expect(ready.schema.fields).toEqual([
      { name: 'prompt', type: 'string', nullable: false },
      { name: 'completion', type: 'string', nullable: true },
      { name: 'label', type: 'string', nullable: false },
      { name: 'score', type: 'number', nullable: true },
    ]);
    expect(ready.statistics.labels.label).toEqual({ training: 2, hardware: 1, software: 1 });
    expect(ready.statistics.sequenceLength).toMatchObject({ count: 4 });
    expect(ready.statistics.sequenceLength.p50).toBeGreaterThan(0);
    expect(ready.validation).toMatchObject({ status: 'passed', required_fields: ['prompt'], failingExamples: [] });
    expect(ready.validation.warnings).toContain('1 blank line(s) skipped');
    expect(ready.preprocessing.total_tokens).toBe(ready.statistics.totalTokens);
    expect(ready.versions).toEqual([
      {
        id: expect.stringMatching(/^dsv_/),
        createdAt: expect.any(String),
        size: Buffer.byteLength(JSONL),
        checksum: `sha256:${sha256(JSONL)}`,
      },
    ]);
    // The token is spent.
    expect((await upload(d.uploadUrl, d.uploadToken, JSONL)).status).toBe(409);
  });

  it('uploads a CSV (quoted commas, quotes and line breaks) and types its columns', async () => {
    const d = await create({ name: 'reviews', type: 'structured', format: 'csv', validation: { required_fields: ['text', 'label'] } });
    expect((await upload(d.uploadUrl, d.uploadToken, CSV)).status).toBe(200);
    await t.advance(10);
    const ready = (await t.call('GET', `/v2/training/datasets/${d.id}`)).body;
    expect(ready.status).toBe('ready');
    expect(ready.size.examples).toBe(3);
    expect(ready.schema.fields).toEqual([
      { name: 'id', type: 'integer', nullable: false },
      { name: 'text', type: 'string', nullable: false },
      { name: 'label', type: 'string', nullable: false },
      { name: 'score', type: 'number', nullable: true },
    ]);
    expect(ready.statistics.labels.label).toEqual({ positive: 1, negative: 1, neutral: 1 });
    expect(ready.statistics.fields.text.length.max).toBe('Broke after "update"'.length);
  });

  it('fails validation with the failing examples and their line numbers (JSONL and CSV)', async () => {
    const jsonl = [
      '{"prompt":"a","completion":"b"}',
      '{"completion":"no prompt"}',
      'not json',
      '{"prompt":"' + 'word '.repeat(60) + '"}',
      '[1,2]',
    ].join('\n');
    const d = await create({
      name: 'bad',
      type: 'text',
      format: 'jsonl',
      validation: { required_fields: ['prompt'], max_sequence_length: 50, min_examples: 10 },
    });
    await upload(d.uploadUrl, d.uploadToken, jsonl);
    await t.advance(10);
    const got = (await t.call('GET', `/v2/training/datasets/${d.id}`)).body;
    expect(got.status).toBe('error');
    expect(got.error).toMatchObject({ error: 'VALIDATION_FAILED', details: { field: 'format' } });
    expect(got.validation.failingExamples).toEqual([
      { line: 2, field: 'prompt', reason: 'missing required field' },
      { line: 3, field: null, reason: expect.stringMatching(/^invalid JSON/) },
      { line: 4, field: null, reason: expect.stringMatching(/tokens, above max_sequence_length 50$/) },
      { line: 5, field: null, reason: 'a JSON array, not an object' },
    ]);
    expect(got.error.details.examples).toEqual(got.validation.failingExamples);
    const checks = Object.fromEntries(got.validation.checks.map((c: { name: string; status: string }) => [c.name, c.status]));
    expect(checks).toEqual({
      format: 'failed',
      encoding: 'passed',
      required_fields: 'failed',
      sequence_length: 'failed',
      example_count: 'failed',
    });

    const csv = 'text,label\n"ok",a\nonly-one-field\n,b\n"unterminated,c\n';
    const c = await create({ name: 'bad-csv', type: 'structured', format: 'csv', validation: { required_fields: ['text'] } });
    await upload(c.uploadUrl, c.uploadToken, csv);
    await t.advance(10);
    const gotCsv = (await t.call('GET', `/v2/training/datasets/${c.id}`)).body;
    expect(gotCsv.status).toBe('error');
    expect(gotCsv.validation.failingExamples).toEqual([
      { line: 3, field: null, reason: '1 fields, the header has 2' },
      { line: 4, field: 'text', reason: 'required field is empty' },
      { line: 5, field: null, reason: 'quoted field not closed before the end of the file' },
    ]);
  });

  it('checks the encoding: invalid UTF-8 is a failing example on its line', async () => {
    const d = await create({ name: 'latin', type: 'text', format: 'jsonl', validation: { encoding: 'utf-8' } });
    const bytes = Buffer.concat([Buffer.from('{"t":"ok"}\n{"t":"caf'), Buffer.from([0xe9]), Buffer.from('"}\n')]);
    await upload(d.uploadUrl, d.uploadToken, bytes);
    await t.advance(10);
    const got = (await t.call('GET', `/v2/training/datasets/${d.id}`)).body;
    expect(got.validation.failingExamples).toEqual([{ line: 2, field: null, reason: 'invalid UTF-8 byte sequence' }]);
  });

  it('refuses formats outside the document, and content that is not what was declared', async () => {
    expect(errorOf(await t.call('POST', '/v2/training/datasets', { body: { name: 'p', type: 'text', format: 'xlsx' } }))).toEqual({
      status: 400,
      code: 'UNSUPPORTED_FORMAT',
      details: { providedFormat: 'xlsx', supportedFormats: ['jsonl', 'csv', 'parquet', 'hdf5', 'zip', 'tar'] },
    });
    const d = await create({ name: 'zip-in-disguise', type: 'text', format: 'jsonl' });
    await upload(d.uploadUrl, d.uploadToken, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(600, 1)]));
    await t.advance(10);
    const got = (await t.call('GET', `/v2/training/datasets/${d.id}`)).body;
    expect(got.status).toBe('error');
    expect(got.error).toMatchObject({
      error: 'UNSUPPORTED_FORMAT',
      details: { providedFormat: 'zip', declaredFormat: 'jsonl', supportedFormats: ['jsonl', 'csv', 'parquet', 'hdf5', 'zip', 'tar'] },
    });
    expect(got.error.message).toBe('The uploaded file is not jsonl: the bytes are a zip archive');
  });

  it('lists with filters, sort and pagination; patches; deletes with the data', async () => {
    const all = (await t.call('GET', '/v2/training/datasets?limit=100')).body;
    expect(all.pagination.total).toBe(all.datasets.length);
    const statuses = new Set(all.datasets.map((d: { status: string }) => d.status));
    for (const s of ['uploading', 'processing', 'ready', 'error']) expect(statuses.has(s), s).toBe(true);
    const ready = (await t.call('GET', '/v2/training/datasets?status=ready&type=structured&sort=name&order=asc')).body;
    expect(ready.datasets.every((d: { status: string; type: string }) => d.status === 'ready' && d.type === 'structured')).toBe(true);
    const names = ready.datasets.map((d: { name: string }) => d.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const page = (await t.call('GET', '/v2/training/datasets?limit=2&offset=1&sort=size')).body;
    expect(page.datasets).toHaveLength(2);
    expect(page.pagination).toMatchObject({ limit: 2, offset: 1, hasMore: true });
    expect(page.datasets[0].size.bytes).toBeGreaterThanOrEqual(page.datasets[1].size.bytes);
    expect(errorOf(await t.call('GET', '/v2/training/datasets?limit=101')).code).toBe('VALIDATION_ERROR');

    const d = await create({ name: 'to-change', type: 'text', format: 'jsonl' });
    const patched = await t.call('PATCH', `/v2/training/datasets/${d.id}`, {
      body: { name: 'changed', tags: ['x'], metadata: { owner: 'ml' } },
    });
    expect(patched.body).toMatchObject({ name: 'changed', tags: ['x'], metadata: { owner: 'ml' } });
    expect(errorOf(await t.call('PATCH', `/v2/training/datasets/${d.id}`, { body: { status: 'ready' } })).code).toBe('VALIDATION_ERROR');
    const del = await t.call('DELETE', `/v2/training/datasets/${d.id}`);
    expect(del.body).toEqual({ id: d.id, deleted: true, freedBytes: 0 });
    expect(errorOf(await t.call('GET', `/v2/training/datasets/${d.id}`))).toMatchObject({ status: 404, code: 'DATASET_NOT_FOUND' });
    expect(errorOf(await t.call('GET', '/v2/training/datasets/nope'))).toMatchObject({ status: 404, code: 'DATASET_NOT_FOUND' });
  });

  it('takes only the dataset’s own, unexpired token on the upload host', async () => {
    const a = await create({ name: 'a', type: 'text', format: 'jsonl' });
    const b = await create({ name: 'b', type: 'text', format: 'jsonl' });
    const noToken = await fetch(a.uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: '{}' });
    expect(noToken.status).toBe(401);
    expect((await noToken.json()).error).toBe('UNAUTHORIZED');
    expect((await upload(a.uploadUrl, OWNER, '{}')).status).toBe(401);
    const other = await upload(a.uploadUrl, b.uploadToken, '{}');
    expect(other).toMatchObject({ status: 403, body: { error: 'UPLOAD_TOKEN_MISMATCH' } });
    const wrongType = await fetch(a.uploadUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${a.uploadToken}`, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(wrongType.status).toBe(415);
    await t.advance(6 * 3600);
    const expired = await upload(a.uploadUrl, a.uploadToken, '{"x":1}');
    expect(expired).toMatchObject({ status: 401, body: { error: 'UPLOAD_TOKEN_EXPIRED', details: { expiredAt: a.uploadExpiresAt } } });
  });

  it('refuses uploads beyond the plan’s storage quota with QUOTA_EXCEEDED', async () => {
    const d = await create({ name: 'huge', type: 'text', format: 'jsonl' });
    const r = await post(`${d.uploadUrl}/multipart`, d.uploadToken, { filename: 'huge.jsonl', size: 4_000_000_000_000 });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'QUOTA_EXCEEDED', details: { requestedSize: 4_000_000_000_000 } });
    expect(r.body.details.quotaLimit).toBeGreaterThan(r.body.details.currentUsage);
  });
});

describe('datasets in-process', () => {
  it('uploads through emulator.fetch (the gateway’s path) with the upload URL on the caller’s origin', async () => {
    const emulator = createEmulator({ seed: 42, ownerKey: OWNER, rateLimits: 'report', startTime: START, speed: 0.001 });
    try {
      const call = makeCall((r) => emulator.fetch(r), 'http://emulator.local', OWNER);
      const d = (await call('POST', '/v2/training/datasets', { body: { name: 'in-process', type: 'text', format: 'jsonl' } })).body;
      expect(d.uploadUrl).toBe(`http://emulator.local/_uploads/datasets/${d.id}`);
      const body = new Blob([JSONL]).stream();
      const res = await emulator.fetch(
        new Request(d.uploadUrl, {
          method: 'PUT',
          headers: { authorization: `Bearer ${d.uploadToken}`, 'content-type': 'application/octet-stream' },
          body,
          duplex: 'half',
        } as RequestInit),
      );
      expect(res.status).toBe(200);
      expect((await res.json()).checksum).toBe(`sha256:${sha256(JSONL)}`);
      await advanceClock(call, 10);
      expect((await call('GET', `/v2/training/datasets/${d.id}`)).body).toMatchObject({ status: 'ready', size: { examples: 4 } });
    } finally {
      await emulator.close();
    }
  });
});

describe('datasets with a data folder', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gpc-datasets-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('streams a 72 MB multipart upload to parts on disk, checks ETags, analyses it after answering, and keeps everything across a restart', async () => {
    const first = await start({ dataDir: dir });
    const d = (
      await first.call('POST', '/v2/training/datasets', {
        body: { name: 'big', type: 'text', format: 'jsonl', validation: { required_fields: ['text'] } },
      })
    ).body;
    const line = (i: number) => `{"text":"example ${i} ${'lorem ipsum dolor sit amet '.repeat(8)}","label":"${i % 3 === 0 ? 'a' : 'b'}"}\n`;
    const lineBytes = Buffer.byteLength(line(100000));
    // Above INLINE_ANALYSIS_BYTES (64 MiB): completing answers before the content is analysed.
    const lines = Math.floor((72 * 1024 * 1024) / lineBytes);
    // Same-length lines: ids from 100000 up keep every line the same size.
    const size = lines * lineBytes;
    const init = await post(`${d.uploadUrl}/multipart`, d.uploadToken, { filename: 'big.jsonl', size });
    expect(init.status, JSON.stringify(init.body)).toBe(201);
    const { uploadId, partSize, partCount, partUrl, completeUrl } = init.body;
    expect(partSize).toBe(8 * 1024 * 1024);
    expect(partCount).toBe(Math.ceil(size / partSize));
    const whole = createHash('sha256');
    const parts: Array<{ partNumber: number; etag: string }> = [];
    let produced = 0;
    let i = 100000;
    let carry = Buffer.alloc(0);
    for (let n = 1; n <= partCount; n++) {
      const want = n < partCount ? partSize : size - (partCount - 1) * partSize;
      // Each part is generated on the fly, as a file read would produce it.
      const chunks: Buffer[] = [carry];
      let have = carry.length;
      while (have < want) {
        const b = Buffer.from(line(i++));
        chunks.push(b);
        have += b.length;
      }
      const all = Buffer.concat(chunks);
      const part = all.subarray(0, want);
      carry = Buffer.from(all.subarray(want));
      whole.update(part);
      produced += part.length;
      const r = await upload(partUrl.replace('{partNumber}', String(n)), d.uploadToken, part);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.etag).toBe(sha256(part));
      parts.push({ partNumber: n, etag: r.body.etag });
    }
    expect(produced).toBe(size);
    // The parts are files in the data folder, not memory.
    const partDir = join(dir, 'datasets', d.id, uploadId);
    const files = (await readdir(partDir)).sort();
    expect(files).toHaveLength(partCount);
    expect((await stat(join(partDir, files[0]!))).size).toBe(partSize);
    // A wrong ETag is refused with the part it concerns.
    const wrong = await post(completeUrl, d.uploadToken, { parts: parts.map((p, k) => (k === 2 ? { ...p, etag: sha256('x') } : p)) });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'INVALID_PART', details: { partNumber: 3 } } });
    // A part of the wrong size too.
    const short = await upload(partUrl.replace('{partNumber}', '1'), d.uploadToken, Buffer.alloc(10));
    expect(short).toMatchObject({ status: 400, body: { error: 'INVALID_PART', details: { partNumber: 1 } } });
    const done = await post(completeUrl, d.uploadToken, { parts });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ size, checksum: `sha256:${whole.digest('hex')}`, status: 'processing' });
    // Stopped at once: the analysis under way is interrupted, and the next start analyses again.
    await first.close();

    const second = await start({ dataDir: dir });
    try {
      const kept = (await second.call('GET', `/v2/training/datasets/${d.id}`)).body;
      expect(kept.status).toBe('processing');
      expect(kept.size.bytes).toBe(size);
      await second.advance(30);
      // Ready once the clock has run the processing time and the analysis has read the 72 MB.
      let ready: Json = null;
      for (let tries = 0; tries < 600; tries++) {
        ready = (await second.call('GET', `/v2/training/datasets/${d.id}`)).body;
        if (ready.status !== 'processing') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready).toMatchObject({ status: 'ready', size: { bytes: size, examples: lines } });
      expect(ready.statistics.labels.label.a + ready.statistics.labels.label.b).toBe(lines);
      expect(ready.versions[0].checksum).toBe(done.body.checksum);
      const del = await second.call('DELETE', `/v2/training/datasets/${d.id}`);
      expect(del.body.freedBytes).toBe(size);
      await expect(stat(join(dir, 'datasets', d.id))).rejects.toThrow();
    } finally {
      await second.close();
    }
  }, 120_000);
});
