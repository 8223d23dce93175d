// The dataset upload host as a transaction (docs/decisions.md, Training: datasets — upload host)
// over real HTTP: a part sent again replaces the accepted one only when whole and valid, every
// answer is JSON in the account envelope (never an empty 200), one version per upload whatever
// the interleaving, a declared length out of bounds is refused at once, a refusal reaches a client
// still sending its body, and the token is resolved before anything about the dataset is said.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../../../main/emulator';
import { advanceClock, makeCall, OWNER } from '../harness';

const START = new Date('2026-06-01T12:00:00.000Z');
const MIB = 1024 * 1024;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON
type Json = any;

type Mode = 'disk' | 'memory';

interface Host {
  url: string;
  /** The data folder (disk mode). */
  dir: string | null;
  call: ReturnType<typeof makeCall>;
  advance(seconds: number): Promise<number>;
  /** Internal errors the emulator reported. */
  defects: unknown[];
}

/** A fresh emulator for one test: in memory, or with a data folder (removed afterwards). */
async function withHost(mode: Mode, f: (h: Host) => Promise<void>): Promise<void> {
  const dir = mode === 'disk' ? await mkdtemp(join(tmpdir(), 'gpc-upload-host-')) : null;
  const defects: unknown[] = [];
  const emulator = createEmulator({
    seed: 42,
    ownerKey: OWNER,
    rateLimits: 'report',
    startTime: START,
    speed: 0.001,
    dataDir: dir ?? undefined,
    onDefect: (e) => defects.push(e),
  });
  try {
    const url = await emulator.listen(0);
    const call = makeCall(fetch, url, OWNER);
    await f({ url, dir, call, advance: (s) => advanceClock(call, s), defects });
  } finally {
    await emulator.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

interface Created {
  id: string;
  uploadUrl: string;
  uploadToken: string;
}

async function create(h: Host, name = 'upload'): Promise<Created> {
  const r = await h.call('POST', '/v2/training/datasets', { body: { name, type: 'text', format: 'jsonl' } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as Created;
}

interface Answer {
  status: number;
  headers: Headers;
  body: Json;
}

/** Every answer of the upload host is JSON, never empty; a refusal is the account envelope. */
async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text();
  expect(res.headers.get('content-type'), `${res.status} ${text}`).toMatch(/^application\/json/);
  expect(text, `an empty ${res.status}`).not.toBe('');
  const body = JSON.parse(text) as Json;
  if (res.status >= 400) {
    expect(typeof body.error, text).toBe('string');
    expect(typeof body.message, text).toBe('string');
  }
  return { status: res.status, headers: res.headers, body };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const OCTETS = { 'content-type': 'application/octet-stream' };

/** PUTs raw bytes: with a Content-Length, or streamed without one (chunked) when `body` is a stream. */
async function put(url: string, token: string, body: Buffer | ReadableStream<Uint8Array>): Promise<Answer> {
  const init = { method: 'PUT', headers: { ...bearer(token), ...OCTETS }, body, duplex: 'half' } as RequestInit;
  return answerOf(await fetch(url, init));
}

const streamOf = (b: Buffer) => new Blob([new Uint8Array(b)]).stream();

async function post(url: string, token: string, body: unknown): Promise<Answer> {
  const headers = { ...bearer(token), 'content-type': 'application/json' };
  return answerOf(await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) }));
}

/** Any upload-host request: raw bytes to a PUT, a small JSON body to a POST. */
async function send(method: string, url: string, token: string): Promise<Answer> {
  if (method === 'PUT') return put(url, token, Buffer.from('{}'));
  if (method === 'POST') return post(url, token, { filename: 'a.jsonl', size: 100 });
  return answerOf(await fetch(url, { method, headers: bearer(token) }));
}

const get = async (url: string, token: string) => answerOf(await fetch(url, { headers: bearer(token) }));
const del = async (url: string, token: string) => answerOf(await fetch(url, { method: 'DELETE', headers: bearer(token) }));

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const LINE_BYTES = 40;

/** JSONL of `bytes` bytes in lines of 40 (`bytes` a multiple of 40): every line one example. */
function jsonl(bytes: number): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < bytes / LINE_BYTES; i++) lines.push(`{"text":"example ${String(i).padStart(7, '0')} lorem ipsum!"}\n`);
  const b = Buffer.from(lines.join(''));
  expect(b.length).toBe(bytes);
  return b;
}

/** 20 MiB: parts of 8, 8 and 4 MiB. */
const FILE = jsonl(20 * MIB);
const partOf = (file: Buffer, n: number, partSize = 8 * MIB) => file.subarray((n - 1) * partSize, Math.min(file.length, n * partSize));

interface Multipart {
  uploadId: string;
  partUrl: string;
  completeUrl: string;
  partCount: number;
}

async function initiate(d: Created, size = FILE.length): Promise<Multipart & { url: string }> {
  const r = await post(`${d.uploadUrl}/multipart`, d.uploadToken, { filename: 'data.jsonl', size });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { ...(r.body as Multipart), url: `${d.uploadUrl}/multipart/${r.body.uploadId}` };
}

const partUrl = (m: Multipart, n: number) => m.partUrl.replace('{partNumber}', String(n));

/** Sends the parts in the order given; their ETags by part number. */
async function sendParts(d: Created, m: Multipart, order: readonly number[]): Promise<Map<number, string>> {
  const etags = new Map<number, string>();
  for (const n of order) {
    const r = await put(partUrl(m, n), d.uploadToken, partOf(FILE, n));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers.get('etag')).toBe(`"${sha256(partOf(FILE, n))}"`);
    etags.set(n, r.body.etag as string);
  }
  return etags;
}

const completion = (etags: Map<number, string>) => ({
  parts: [...etags].sort((a, b) => a[0] - b[0]).map(([partNumber, etag]) => ({ partNumber, etag })),
});

/** The dataset once its processing time has run: ready, the whole file counted and stored once. */
async function expectStoredOnce(h: Host, id: string): Promise<void> {
  await h.advance(10);
  const got = (await h.call('GET', `/v2/training/datasets/${id}`)).body;
  expect(got).toMatchObject({ status: 'ready', size: { bytes: FILE.length, examples: FILE.length / LINE_BYTES } });
  expect(got.versions).toEqual([expect.objectContaining({ size: FILE.length, checksum: `sha256:${sha256(FILE)}` })]);
}

/** Waits until a file still being received (`*.partial`) is in `folder`: the server is reading that body. */
async function receiving(folder: string): Promise<void> {
  for (let tries = 0; tries < 1000; tries++) {
    const names = await readdir(folder).catch(() => [] as string[]);
    if (names.some((n) => n.endsWith('.partial'))) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`nothing is being received in ${folder}`);
}

/** A body whose first bytes go at once and the rest when `finish` is called. */
function heldBody(first: Buffer, rest: Buffer): { body: ReadableStream<Uint8Array>; finish(): void } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(first);
    },
  });
  return {
    body,
    finish() {
      controller.enqueue(rest);
      controller.close();
    },
  };
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Json;
}

/** Reads one HTTP answer (with a Content-Length) from a socket. */
function readAnswer(socket: Socket): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let got = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      const end = got.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = got.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length']);
      if (got.length < end + 4 + length) return;
      socket.off('data', onData);
      clearTimeout(deadline);
      const text = got.subarray(end + 4, end + 4 + length).toString('utf8');
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: text === '' ? null : JSON.parse(text) });
    };
    // A bound on the wait, so a server that never answers fails the test with this message.
    const deadline = setTimeout(() => reject(new Error(`no whole answer within 10 s (${got.length} bytes)`)), 10_000);
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`the connection closed before a whole answer (${got.length} bytes)`)));
  });
}

function open(url: string): Promise<Socket> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: u.hostname, port: Number(u.port) }, () => resolve(socket));
    socket.once('error', reject);
  });
}

function head(method: string, url: string, headers: Record<string, string>): string {
  const u = new URL(url);
  const lines = Object.entries({ host: u.host, ...headers }).map(([k, v]) => `${k}: ${v}`);
  return `${method} ${u.pathname} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

/**
 * A client that writes its whole request before it reads the answer (as simple HTTP clients do):
 * it reads the answer only if the server took the body rather than resetting the connection.
 * `chunked` sends the body without a Content-Length.
 */
async function writeAllThenRead(url: string, headers: Record<string, string>, body: Buffer, chunked = false): Promise<RawAnswer> {
  const socket = await open(url);
  socket.pause();
  const framing: Record<string, string> = chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) };
  const write = (b: Buffer | string) =>
    new Promise<void>((resolve, reject) => {
      socket.write(b, (e) => (e ? reject(e) : resolve()));
    });
  try {
    await write(head('PUT', url, { ...headers, ...framing }));
    for (let at = 0; at < body.length; at += MIB) {
      const piece = body.subarray(at, at + MIB);
      await write(chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece);
    }
    if (chunked) await write('0\r\n\r\n');
    const answer = readAnswer(socket);
    socket.resume();
    return await answer;
  } finally {
    socket.destroy();
  }
}

describe.each<Mode>(['disk', 'memory'])('upload host, %s', (mode) => {
  it.each([[[1, 2, 3]], [[3, 1, 2]]])('a failed retry of an accepted part keeps that part (parts sent %j)', async (order) => {
    await withHost(mode, async (h) => {
      const d = await create(h);
      const m = await initiate(d);
      const etags = await sendParts(d, m, order);
      // Part 3 sent again, streamed (no Content-Length to refuse it by): too short, then too long.
      for (const size of [1 * MIB, 6 * MIB]) {
        const retry = await put(partUrl(m, 3), d.uploadToken, streamOf(Buffer.alloc(size, 0x7b)));
        expect(retry.status, JSON.stringify(retry.body)).toBe(400);
        expect(retry.body).toMatchObject({ error: 'INVALID_PART', details: { partNumber: 3 } });
      }
      const listed = await get(m.url, d.uploadToken);
      expect(listed.status).toBe(200);
      expect(listed.body.parts).toEqual([1, 2, 3].map((n) => ({ partNumber: n, size: partOf(FILE, n).length, etag: etags.get(n) })));
      if (h.dir) {
        const folder = join(h.dir, 'datasets', d.id, m.uploadId);
        expect((await readdir(folder)).sort()).toEqual(['part-00001', 'part-00002', 'part-00003']);
        expect((await stat(join(folder, 'part-00003'))).size).toBe(4 * MIB);
      }
      const done = await post(m.completeUrl, d.uploadToken, completion(etags));
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body).toMatchObject({ status: 'processing', size: FILE.length, checksum: `sha256:${sha256(FILE)}` });
      await expectStoredOnce(h, d.id);
      expect(h.defects).toEqual([]);
    });
  });

  it('parts sent out of order (2, 1, 3) complete with the whole file; five parallel completes store one version', async () => {
    await withHost(mode, async (h) => {
      const d = await create(h);
      const m = await initiate(d);
      const etags = await sendParts(d, m, [2, 1, 3]);
      const answers = await Promise.all(Array.from({ length: 5 }, () => post(m.completeUrl, d.uploadToken, completion(etags))));
      const ok = answers.filter((a) => a.status === 200);
      expect(ok).toHaveLength(1);
      expect(ok[0]!.body).toMatchObject({ size: FILE.length, checksum: `sha256:${sha256(FILE)}` });
      for (const a of answers.filter((x) => x.status !== 200)) expect(a).toMatchObject({ status: 409, body: { error: 'INVALID_STATE' } });
      await expectStoredOnce(h, d.id);
      expect(h.defects).toEqual([]);
    });
  });
});

describe('upload host, disk: requests that overlap', () => {
  it('a part still arriving when its multipart upload is aborted answers 404 UPLOAD_NOT_FOUND and leaves no file', async () => {
    await withHost('disk', async (h) => {
      const d = await create(h);
      const m = await initiate(d);
      const part = partOf(FILE, 1);
      const held = heldBody(part.subarray(0, MIB), part.subarray(MIB));
      const arriving = put(partUrl(m, 1), d.uploadToken, held.body);
      const folder = join(h.dir!, 'datasets', d.id, m.uploadId);
      try {
        await receiving(folder);
        expect(await del(m.url, d.uploadToken)).toMatchObject({ status: 200, body: { uploadId: m.uploadId, aborted: true } });
      } finally {
        held.finish();
      }
      const late = await arriving;
      expect(late).toMatchObject({ status: 404, body: { error: 'UPLOAD_NOT_FOUND', details: { uploadId: m.uploadId } } });
      await expect(stat(folder)).rejects.toThrow();
      expect((await get(m.url, d.uploadToken)).status).toBe(404);
      expect(h.defects).toEqual([]);
    });
  });

  it('a multipart initiation while a single PUT is receiving is refused with 409; the PUT stores the one version', async () => {
    await withHost('disk', async (h) => {
      const d = await create(h);
      const held = heldBody(FILE.subarray(0, MIB), FILE.subarray(MIB));
      const arriving = put(d.uploadUrl, d.uploadToken, held.body);
      let initiation: Answer;
      try {
        await receiving(join(h.dir!, 'datasets', d.id));
        initiation = await post(`${d.uploadUrl}/multipart`, d.uploadToken, { filename: 'data.jsonl', size: FILE.length });
      } finally {
        held.finish();
      }
      const single = await arriving;
      expect(initiation).toMatchObject({ status: 409, body: { error: 'INVALID_STATE', details: { datasetId: d.id } } });
      expect(single).toMatchObject({ status: 200, body: { size: FILE.length, checksum: `sha256:${sha256(FILE)}` } });
      await expectStoredOnce(h, d.id);
    });
  });

  it('a single PUT the client abandons releases the dataset and leaves no file', async () => {
    await withHost('disk', async (h) => {
      const d = await create(h);
      const socket = await open(h.url);
      socket.write(head('PUT', d.uploadUrl, { ...bearer(d.uploadToken), ...OCTETS, 'content-length': String(FILE.length) }));
      socket.write(FILE.subarray(0, MIB));
      const folder = join(h.dir!, 'datasets', d.id);
      await receiving(folder);
      socket.destroy();
      for (let tries = 0; tries < 1000 && (await readdir(folder)).length > 0; tries++) await new Promise((r) => setTimeout(r, 10));
      expect(await readdir(folder)).toEqual([]);
      expect((await put(d.uploadUrl, d.uploadToken, FILE)).status).toBe(200);
      await expectStoredOnce(h, d.id);
      expect(h.defects).toEqual([]);
    });
  });

  it('an unexpected failure answers 500 INTERNAL_ERROR in the envelope without internals, and releases the dataset', async () => {
    await withHost('disk', async (h) => {
      const d = await create(h);
      // A file where the dataset's folder goes: writing the upload fails inside the emulator.
      await writeFile(join(h.dir!, 'datasets'), 'not a folder');
      const failed = await put(d.uploadUrl, d.uploadToken, FILE);
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ error: 'INTERNAL_ERROR', message: 'The emulator hit an internal error' });
      expect(h.defects).toHaveLength(1);
      await rm(join(h.dir!, 'datasets'));
      expect((await put(d.uploadUrl, d.uploadToken, FILE)).status).toBe(200);
      await expectStoredOnce(h, d.id);
    });
  });
});

describe('upload host: bounds and refusals', () => {
  it('a declared Content-Length that is not a safe integer or over 1 GiB is 413 at once, and leaves nothing in progress', async () => {
    await withHost('memory', async (h) => {
      const d = await create(h);
      for (const length of ['9007199254740993', String(1024 ** 3 + 1)]) {
        const socket = await open(h.url);
        try {
          const answer = readAnswer(socket);
          socket.write(head('PUT', d.uploadUrl, { ...bearer(d.uploadToken), ...OCTETS, 'content-length': length }));
          socket.write(Buffer.alloc(1000, 0x7b));
          expect(await answer).toMatchObject({ status: 413, body: { error: 'PAYLOAD_TOO_LARGE', details: { maxBytes: 1024 ** 3 } } });
          // The refused PUT's connection is still open: the dataset is not held by it.
          const multipart = await post(`${d.uploadUrl}/multipart`, d.uploadToken, { filename: 'a.jsonl', size: 100 });
          expect(multipart.status, JSON.stringify(multipart.body)).toBe(201);
          expect((await del(`${d.uploadUrl}/multipart/${multipart.body.uploadId}`, d.uploadToken)).status).toBe(200);
        } finally {
          socket.destroy();
        }
      }
      expect((await put(d.uploadUrl, d.uploadToken, FILE)).status).toBe(200);
      await expectStoredOnce(h, d.id);
    });
  });

  it('a refusal before or while the body is read reaches a client that writes its whole 64 MiB body first', async () => {
    await withHost('memory', async (h) => {
      const d = await create(h);
      const m = await initiate(d);
      const big = Buffer.alloc(64 * MIB, 0x7b);
      const wrongToken = await writeAllThenRead(d.uploadUrl, { ...bearer(`dsup_${'x'.repeat(40)}`), ...OCTETS }, big);
      expect(wrongToken).toMatchObject({ status: 401, body: { error: 'UNAUTHORIZED' } });
      // A part declared larger than the part size: refused before a byte is read.
      const declared = await writeAllThenRead(partUrl(m, 1), { ...bearer(d.uploadToken), ...OCTETS }, big);
      expect(declared).toMatchObject({ status: 400, body: { error: 'INVALID_PART', details: { partNumber: 1 } } });
      // Streamed: refused at the byte past the part size, the rest still arriving.
      const streamed = await writeAllThenRead(partUrl(m, 1), { ...bearer(d.uploadToken), ...OCTETS }, big, true);
      expect(streamed).toMatchObject({ status: 400, body: { error: 'INVALID_PART', details: { partNumber: 1 } } });
      // And the ordinary client (fetch) too.
      const fetched = await put(partUrl(m, 1), d.uploadToken, streamOf(big));
      expect(fetched).toMatchObject({ status: 400, body: { error: 'INVALID_PART' } });
      expect((await get(m.url, d.uploadToken)).body.parts).toEqual([]);
    });
  });

  it('resolves the token before the dataset: an unknown token learns nothing about ids', async () => {
    await withHost('memory', async (h) => {
      const a = await create(h, 'a');
      const b = await create(h, 'b');
      const missing = `${a.uploadUrl.slice(0, a.uploadUrl.lastIndexOf('/'))}/ds_DoesNotExist0000`;
      const malformed = `${a.uploadUrl.slice(0, a.uploadUrl.lastIndexOf('/'))}/not-a-dataset`;
      const unknown = `dsup_${'Z'.repeat(40)}`;
      const routes: Array<[string, string]> = [
        ['PUT', ''],
        ['POST', '/multipart'],
        ['GET', '/multipart/mpu_NoSuchUpload000'],
        ['PUT', '/multipart/mpu_NoSuchUpload000/parts/1'],
        ['POST', '/multipart/mpu_NoSuchUpload000/complete'],
        ['DELETE', '/multipart/mpu_NoSuchUpload000'],
      ];
      for (const [method, path] of routes) {
        const onExisting = await send(method, `${a.uploadUrl}${path}`, unknown);
        expect(onExisting, `${method} ${path}`).toMatchObject({ status: 401, body: { error: 'UNAUTHORIZED' } });
        for (const url of [missing, malformed]) {
          const other = await send(method, `${url}${path}`, unknown);
          expect({ status: other.status, body: other.body }, `${method} ${url}${path}`).toEqual({ status: 401, body: onExisting.body });
        }
      }
      // No token at all: the same 401 whatever the id.
      const bare = async (url: string) => answerOf(await fetch(url, { method: 'PUT', headers: OCTETS, body: '{}' }));
      expect((await bare(missing)).body).toEqual((await bare(a.uploadUrl)).body);
      // Another dataset's token, on that other dataset or on one that does not exist: 403.
      for (const url of [a.uploadUrl, missing]) {
        expect(await put(url, b.uploadToken, Buffer.from('{}'))).toMatchObject({
          status: 403,
          body: { error: 'UPLOAD_TOKEN_MISMATCH', details: { datasetId: b.id } },
        });
      }
      // A spent token still names its dataset: the upload is complete.
      expect((await put(a.uploadUrl, a.uploadToken, Buffer.from('{"t":"x"}\n'))).status).toBe(200);
      expect(await put(a.uploadUrl, a.uploadToken, Buffer.from('{}'))).toMatchObject({ status: 409, body: { error: 'INVALID_STATE' } });
      expect((await put(missing, a.uploadToken, Buffer.from('{}'))).status).toBe(403);
      // Expired: 401 UPLOAD_TOKEN_EXPIRED, then the state.
      await h.advance(6 * 3600);
      expect(await put(b.uploadUrl, b.uploadToken, Buffer.from('{}'))).toMatchObject({
        status: 401,
        body: { error: 'UPLOAD_TOKEN_EXPIRED' },
      });
      expect(await get(`${b.uploadUrl}/multipart/mpu_NoSuchUpload000`, b.uploadToken)).toMatchObject({
        status: 401,
        body: { error: 'UPLOAD_TOKEN_EXPIRED' },
      });
    });
  });
});
