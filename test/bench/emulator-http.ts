// Emulator over HTTP against a bare node:http server with a body of the same size and
// json-server 0.17.4, 50 connections, same run. Each server runs in its own child process
// (this file with --serve <kind>) so the load generator does not share its event loop.
// Run alone: npx tsx test/bench/emulator-http.ts
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createEmulator } from '../../main/emulator';

const require = createRequire(import.meta.url);
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 3);
const WARMUP_S = 2;
const ROUNDS = 3;
const PATH = '/v2/accounts/api-keys';

/** The pipeline's headers as the emulator sends them (core/pipeline.ts, sendJson), with typical values. */
const EMULATOR_HEADERS: Readonly<Record<string, string>> = {
  'x-request-id': 'req_vddP3U000001',
  date: 'Fri, 27 Nov 2026 21:13:48 GMT',
  'x-ratelimit-limit': '500',
  'x-ratelimit-remaining': '499',
  'x-ratelimit-reset': '1795816800',
  'x-ratelimit-window': '3600',
  'x-ratelimit-resource': 'accounts:GET',
};

interface AutocannonResult {
  requests: { average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;

type Kind = 'bare' | 'fastify' | 'fastify-headers' | 'emulator' | 'json-server';

/** Child side: start one server, print "READY <port> <token>". */
async function serve(kind: Kind, body: string): Promise<void> {
  if (kind === 'bare') {
    const payload = Buffer.from(body);
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': payload.length });
      res.end(payload);
    });
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      process.stdout.write(`READY ${typeof addr === 'object' && addr ? addr.port : 0} -\n`);
    });
    return;
  }
  if (kind === 'fastify' || kind === 'fastify-headers') {
    // The framework floor: fastify answering the same fixed body, nothing else; with
    // 'fastify-headers', also the seven headers every emulator answer carries (X-Request-Id,
    // Date, X-RateLimit-*), fixed: what the answer's shape costs before any of the emulator's work.
    const { default: fastify } = await import('fastify');
    const app = fastify({ logger: false });
    const extra = kind === 'fastify-headers' ? EMULATOR_HEADERS : {};
    app.get(PATH, (_req, reply) => {
      reply.headers(extra).header('content-type', 'application/json; charset=utf-8').send(body);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    process.stdout.write(`READY ${typeof addr === 'object' && addr ? addr.port : 0} -\n`);
    return;
  }
  if (kind === 'emulator') {
    // 'report' mode counts every bucket and sends the headers but never answers 429: the
    // bench measures the 200 path with full accounting (docs/decisions.md, Benchmark).
    const emulator = createEmulator({ seed: 42, rateLimits: 'report' });
    const url = await emulator.listen(0);
    process.stdout.write(`READY ${new URL(url).port} ${emulator.ownerKey}\n`);
    return;
  }
  const jsonServer = require('json-server') as {
    create(): { use(h: unknown): void; listen(port: number, host: string, cb: () => void): { address(): { port: number } } };
    router(db: unknown): unknown;
    defaults(opts: { logger: boolean }): unknown;
  };
  const app = jsonServer.create();
  app.use(jsonServer.defaults({ logger: false }));
  app.use(jsonServer.router(JSON.parse(body)));
  const server = app.listen(0, '127.0.0.1', () => process.stdout.write(`READY ${server.address().port} -\n`));
}

/** Every child runs this file under tsx; an esbuild bundle of the emulator measured no faster (docs/decisions.md, Benchmark). */
function startChild(kind: Kind, body: string): Promise<{ child: ChildProcess; port: number; token: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', kind], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin!.end(body);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /READY (\d+) (\S+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), token: m[2]! });
    });
    child.on('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

async function load(port: number, path: string, token: string | null, duration = DURATION_S): Promise<number> {
  const autocannon = require('autocannon') as Autocannon;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: CONNECTIONS,
    duration,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function emulatorBody(): Promise<string> {
  const emulator = createEmulator({ seed: 42 });
  const res = await emulator.fetch(new Request(`http://emulator${PATH}`, { headers: { authorization: `Bearer ${emulator.ownerKey}` } }));
  const text = await res.text();
  await emulator.close();
  return text;
}

/**
 * The machine is shared (2 cores, other work running): each server gets a warm-up, then
 * bare and emulator are measured in alternating rounds and each keeps its best round.
 */
export async function benchEmulatorHttp(): Promise<{
  bareRps: number;
  emulatorRps: number;
  ratio: number;
  /** fastify answering the fixed body with the emulator's headers: the floor of the answer's shape. */
  shapedRatio: number;
  jsonServerRps: number | null;
}> {
  const body = await emulatorBody();
  const bare = await startChild('bare', body);
  const framework = await startChild('fastify', body);
  const shaped = await startChild('fastify-headers', body);
  const emulator = await startChild('emulator', '');
  let bareRps = 0;
  let fastifyRps = 0;
  let shapedRps = 0;
  let emulatorRps = 0;
  try {
    await load(bare.port, PATH, null, WARMUP_S);
    await load(framework.port, PATH, null, WARMUP_S);
    await load(shaped.port, PATH, null, WARMUP_S);
    await load(emulator.port, PATH, emulator.token, WARMUP_S);
    for (let round = 0; round < ROUNDS; round++) {
      bareRps = Math.max(bareRps, await load(bare.port, PATH, null));
      fastifyRps = Math.max(fastifyRps, await load(framework.port, PATH, null));
      shapedRps = Math.max(shapedRps, await load(shaped.port, PATH, null));
      emulatorRps = Math.max(emulatorRps, await load(emulator.port, PATH, emulator.token));
    }
  } finally {
    for (const c of [bare, framework, shaped, emulator]) c.child.kill('SIGTERM');
  }
  process.stderr.write(
    `(reference: fastify with a fixed body ${Math.round(fastifyRps)} req/s, ${(fastifyRps / bareRps).toFixed(2)}x; ` +
      `with the emulator's seven headers too ${Math.round(shapedRps)} req/s, ${(shapedRps / bareRps).toFixed(2)}x)\n`,
  );
  let jsonServerRps: number | null = null;
  try {
    const db = JSON.stringify({ apiKeys: (JSON.parse(body) as { apiKeys: unknown[] }).apiKeys });
    const js = await startChild('json-server', db);
    try {
      await load(js.port, '/apiKeys', null, WARMUP_S);
      jsonServerRps = await load(js.port, '/apiKeys', null);
    } finally {
      js.child.kill('SIGTERM');
    }
  } catch (e) {
    process.stderr.write(`json-server: ${(e as Error).message}\n`);
  }
  return { bareRps, emulatorRps, ratio: emulatorRps / bareRps, shapedRatio: shapedRps / bareRps, jsonServerRps };
}

const entry = process.argv[1] ? pathToFileURL(process.argv[1]).href : '';
if (entry === import.meta.url) {
  if (process.argv[2] === '--serve') {
    let body = '';
    process.stdin.on('data', (c: Buffer) => (body += c.toString()));
    process.stdin.on('end', () => void serve(process.argv[3] as Kind, body));
  } else {
    const r = await benchEmulatorHttp();
    process.stdout.write(
      `bare node:http ${Math.round(r.bareRps)} req/s; emulator ${Math.round(r.emulatorRps)} req/s (${r.ratio.toFixed(2)}x); json-server ${r.jsonServerRps === null ? 'n/a' : Math.round(r.jsonServerRps)} req/s\n`,
    );
  }
}
