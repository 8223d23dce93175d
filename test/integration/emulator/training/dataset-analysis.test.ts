// Nothing a dataset file holds takes the emulator down (issue 16): the analysis runs in a worker
// within written-down bounds (analyze/bounds.ts), so a CSV quote that never closes, a header of
// 100,000 columns or lines of megabytes fail their dataset with the place named while the
// emulator keeps answering, on disk and in memory; and an analysis the process dies under is
// resumed a bounded number of times, then fails its dataset instead of being resumed for ever.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../../main/emulator';
import { ANALYSIS_BOUNDS } from '../../../../main/emulator/areas/training/datasets/analyze/bounds';
import { advanceClock, makeCall, OWNER, startCli } from '../harness';

const START = new Date('2026-06-01T12:00:00.000Z');
const MIB = 1024 * 1024;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON
type Json = any;

interface Target {
  url: string;
  call: ReturnType<typeof makeCall>;
  close(): Promise<void>;
}

async function start(dataDir?: string): Promise<Target & { emulator: Emulator }> {
  const emulator = createEmulator({ seed: 42, ownerKey: OWNER, rateLimits: 'report', startTime: START, speed: 0.001, dataDir });
  const url = await emulator.listen(0);
  return { url, emulator, call: makeCall(fetch, url, OWNER), close: () => emulator.close() };
}

async function create(t: Pick<Target, 'call'>, format: string, validation: Record<string, unknown> = {}) {
  const r = await t.call('POST', '/v2/training/datasets', { body: { name: `analysis-${format}`, type: 'text', format, validation } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; uploadUrl: string; uploadToken: string };
}

async function put(url: string, token: string, body: Buffer): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: body as Uint8Array<ArrayBuffer>,
  });
  return { status: res.status, body: await res.json() };
}

/** The dataset once processed: the clock moved past its processing time, the analysis stored. */
async function processed(t: Pick<Target, 'call'>, id: string): Promise<Json> {
  await advanceClock(t.call, 3600);
  for (let i = 0; i < 600; i++) {
    const d = (await t.call('GET', `/v2/training/datasets/${id}`)).body;
    if (d.status !== 'processing') return d;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`dataset ${id} still processing`);
}

/** `id,text`, one row, a quoted field opened on line 3 and never closed, then `bytes` of ordinary lines. */
function poisonedCsv(bytes: number): Buffer {
  const line = Buffer.from(`${'lorem ipsum dolor sit amet '.repeat(3)}\n`);
  const body = Buffer.alloc(bytes);
  for (let at = 0; at < bytes; at += line.length) line.copy(body, at, 0, Math.min(line.length, bytes - at));
  return Buffer.concat([Buffer.from('id,text\n1,fine\n2,"never closed\n'), body]);
}

describe.each([
  ['on disk', true],
  ['in memory', false],
])('dataset analysis bounds (%s)', (_name, onDisk) => {
  let t: Target;
  let dir: string | undefined;
  beforeAll(async () => {
    dir = onDisk ? await mkdtemp(join(tmpdir(), 'gpc-analysis-')) : undefined;
    t = await start(dir);
  });
  afterAll(async () => {
    await t.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('fails a CSV whose quote never closes at the record bound, naming line 3, and keeps answering', async () => {
    const d = await create(t, 'csv');
    const up = await put(d.uploadUrl, d.uploadToken, poisonedCsv(24 * MIB));
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect((await t.call('GET', '/v2/training/datasets?limit=1')).status).toBe(200);
    const got = await processed(t, d.id);
    expect(got.status).toBe('error');
    expect(got.error.error).toBe('VALIDATION_FAILED');
    expect(got.validation.failingExamples).toHaveLength(1);
    expect(got.validation.failingExamples[0]).toMatchObject({ line: 3, field: null });
    expect(got.validation.failingExamples[0].reason).toContain(`a record longer than ${ANALYSIS_BOUNDS.recordBytes} bytes`);
    expect(got.validation.warnings.join(' ')).toMatch(/CSV reading stopped at line \d+: a quoted field opened on line 3 is not closed/);
    // The row before the poison is read.
    expect(got.size.examples).toBe(1);
    expect(got.schema.fields.map((f: { name: string }) => f.name)).toEqual(['id', 'text']);
  });

  it('fails a CSV header of 100,000 columns on line 1 without reading its rows', async () => {
    const header = Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',');
    const row = Array.from({ length: 100_000 }, (_, i) => String(i % 10)).join(',');
    const d = await create(t, 'csv');
    expect((await put(d.uploadUrl, d.uploadToken, Buffer.from(`${header}\n${`${row}\n`.repeat(100)}`))).status).toBe(200);
    const got = await processed(t, d.id);
    expect(got.status).toBe('error');
    expect(got.validation.failingExamples).toEqual([
      { line: 1, field: null, reason: `100000 columns, more than ${ANALYSIS_BOUNDS.columns}` },
    ]);
  });

  it('makes JSONL lines over the line bound failing examples and reads the rest', async () => {
    const huge = `{"text":"${'x'.repeat(2 * MIB)}"}\n`;
    const d = await create(t, 'jsonl', { required_fields: ['text'] });
    expect((await put(d.uploadUrl, d.uploadToken, Buffer.from(`${huge.repeat(6)}{"text":"fine"}\n`))).status).toBe(200);
    const got = await processed(t, d.id);
    expect(got.size.examples).toBe(1);
    expect(got.validation.failingExamples).toEqual(
      [1, 2, 3, 4, 5, 6].map((line) => ({ line, field: null, reason: `line longer than ${ANALYSIS_BOUNDS.lineBytes} bytes` })),
    );
  });
});

describe('an analysis the emulator closes under', () => {
  it('stores nothing for it, and the next start on the folder resumes and finishes it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gpc-analysis-close-'));
    try {
      let t = await start(dir);
      const d = await create(t, 'jsonl');
      const line = Buffer.from(`${JSON.stringify({ text: 'an ordinary line '.repeat(4) })}\n`);
      const body = Buffer.alloc(Math.ceil((80 * MIB) / line.length) * line.length);
      for (let at = 0; at < body.length; at += line.length) line.copy(body, at);
      // Over the inline bound: the upload answers while the analysis runs; the close ends it.
      expect((await put(d.uploadUrl, d.uploadToken, body)).status).toBe(200);
      await t.close();
      t = await start(dir);
      try {
        const got = await processed(t, d.id);
        expect(got.status, JSON.stringify(got.error)).toBe('ready');
        expect(got.size.examples).toBe(body.length / line.length);
      } finally {
        await t.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('an analysis the process dies under', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gpc-analysis-kill-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it(`is resumed at each start, ${ANALYSIS_BOUNDS.attempts} times at most, then fails its dataset`, async () => {
    const cli = () => startCli(['--port', '0', '--data', dir, '--owner-key', OWNER, '--rate-limits', 'report'], { singleProcess: true });
    let running = await cli();
    let call = makeCall(fetch, running.url, OWNER);
    const d = await create({ call }, 'jsonl');
    // Over the inline bound: the upload answers and the analysis (one attempt) runs in the background.
    const line = Buffer.from(`${JSON.stringify({ text: 'a line of an ordinary dataset '.repeat(4) })}\n`);
    const body = Buffer.alloc(Math.ceil((200 * MIB) / line.length) * line.length);
    for (let at = 0; at < body.length; at += line.length) line.copy(body, at);
    expect((await put(d.uploadUrl.replace(/^http:\/\/[^/]+/, running.url), d.uploadToken, body)).status).toBe(200);
    for (let start = 1; start <= ANALYSIS_BOUNDS.attempts; start++) {
      // Each start counts its attempt durably before its worker runs; the kill lands while it reads.
      await new Promise((r) => setTimeout(r, 500));
      expect((await call('GET', `/v2/training/datasets/${d.id}`)).body.status).toBe('processing');
      running.child.kill('SIGKILL');
      await new Promise((r) => running.child.once('exit', r));
      running = await cli();
      call = makeCall(fetch, running.url, OWNER);
    }
    try {
      const got = await processed({ call }, d.id);
      expect(got.status).toBe('error');
      expect(got.error.message).toContain(`the analysis was interrupted ${ANALYSIS_BOUNDS.attempts} times`);
    } finally {
      await running.stop();
    }
  }, 120_000);
});
