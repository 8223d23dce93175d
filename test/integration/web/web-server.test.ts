// Web mode over real sockets: the HTTP guard (Host, Origin), the static app with its headers
// and no cookie, and the bridge WebSocket (token in the first message) with the `ws` client.
import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_UNAUTHORIZED, encodeBinaryInvoke, type ServerMessage } from '../../../shared/ipc/wire';
import { createServices, type Services } from '../../../main/services';
import { MemorySecretStore } from '../../../main/vault/memory-secret-store';
import { startWebServer, type WebServer } from '../../../main/web/server';

let root: string;
let services: Services;
let server: WebServer;
let origin: string;
let host: string;

interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, method, headers: { host, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Opens a socket; resolves with it when open, or with the HTTP status when refused. */
function connect(path: string, headers: Record<string, string>): Promise<{ socket: WebSocket } | { refused: number }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}${path}`, { headers: { host, ...headers } });
    socket.on('open', () => resolve({ socket }));
    socket.on('unexpected-response', (_req, res) => resolve({ refused: res.statusCode ?? 0 }));
    socket.on('error', () => resolve({ refused: -1 }));
  });
}

/** A socket signed in with the token, once the server said `ready`. */
async function open(): Promise<WebSocket> {
  const result = await connect('/bridge', { origin });
  if (!('socket' in result)) throw new Error(`refused with ${result.refused}`);
  const ready = new Promise<ServerMessage>((resolve) => result.socket.once('message', (data) => resolve(JSON.parse(String(data)))));
  result.socket.send(JSON.stringify({ type: 'hello', token: server.token }));
  expect(await ready).toEqual({ type: 'ready' });
  return result.socket;
}

/** What a socket receives until the server closes it, and the close code. */
function untilClosed(socket: WebSocket): Promise<{ code: number; messages: string[] }> {
  const messages: string[] = [];
  socket.on('message', (data) => messages.push(String(data)));
  return new Promise((resolve) => socket.on('close', (code) => resolve({ code, messages })));
}

/** Collects messages, and waits for one that matches. */
function inbox(socket: WebSocket) {
  const messages: ServerMessage[] = [];
  const waiters: { match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as ServerMessage;
    messages.push(message);
    for (const w of waiters.splice(0)) {
      if (w.match(message)) w.resolve(message);
      else waiters.push(w);
    }
  });
  return {
    messages,
    next(match: (m: ServerMessage) => boolean): Promise<ServerMessage> {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'gpc-web-'));
  const staticDir = join(root, 'renderer');
  await mkdir(join(staticDir, 'assets'), { recursive: true });
  await writeFile(
    join(staticDir, 'index.html'),
    '<!doctype html><title>GPU Operator Console</title><script type="module" src="/assets/app.js"></script>',
  );
  await writeFile(join(staticDir, 'assets', 'app.js'), 'console.log("app");');
  services = await createServices({ mode: 'web', dataDir: join(root, 'data'), secretStore: new MemorySecretStore() });
  server = await startWebServer({ services, port: 0, staticDir, helloTimeoutMs: 300 });
  origin = server.origin;
  host = origin.replace('http://', '');
});

afterAll(async () => {
  await server?.close();
  await services?.dispose();
  await rm(root, { recursive: true, force: true });
});

describe('web server: HTTP', () => {
  it('prints a loopback URL with the token in the fragment', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/#token=${server.token}`);
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('serves the app without a token and sets no cookie: the token opens the bridge only', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('GPU Operator Console');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(String(page.headers['content-security-policy'])).toContain(
      `connect-src 'self' ws://127.0.0.1:${server.port} ws://localhost:${server.port}`,
    );
    const asset = await get('/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.body).toBe('console.log("app");');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    for (const answer of [page, asset, await get(`/?token=${server.token}`), await get('/', { cookie: `gpc_token=${server.token}` })]) {
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(answer.body).not.toContain(server.token);
    }
  });

  it('puts the six security headers on every answer, also those given before any hook (bad URL, huge headers)', async () => {
    const expected = [
      'x-content-type-options',
      'referrer-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'content-security-policy',
    ];
    const answers = [
      await get('/%'),
      await get('/%zz'),
      await get('/', { 'x-big': 'a'.repeat(20_000) }),
      await get('/', { origin: 'https://evil.example' }),
      await get('/'),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 400, 431, 403, 200]);
    for (const a of answers) for (const name of expected) expect(a.headers[name], `${a.status} lacks ${name}`).toBeTruthy();
  });

  it('falls back to index.html for client routes, not for missing files or other methods', async () => {
    expect((await get('/keys/key_123')).body).toContain('GPU Operator Console');
    expect((await get('/assets/missing.js')).status).toBe(404);
    expect((await get('/', {}, 'POST')).status).toBe(405);
    expect((await get('/', { 'content-type': 'application/json' }, 'POST', JSON.stringify({ pad: 'x'.repeat(5000) }))).status).toBe(413);
    expect((await get('/', { 'content-type': 'application/json' }, 'POST', '{not json')).status).toBe(400);
    expect((await get('/../../etc/passwd')).body).not.toContain('root:');
  });

  it('refuses a foreign Origin with 403', async () => {
    const answer = await get('/', { origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    expect((await get('/', { origin })).status).toBe(200);
  });

  it('refuses a foreign Host (DNS rebinding) with 403', async () => {
    expect((await get('/', { host: `rebind.evil.example:${server.port}` })).status).toBe(403);
    expect((await get('/', { host: `localhost:${server.port}` })).status).toBe(200);
  });
});

describe('web server: bridge WebSocket', () => {
  it('refuses an upgrade from a foreign or missing Origin, a foreign Host, or to another path', async () => {
    expect(await connect('/bridge', { origin: 'https://evil.example' })).toEqual({ refused: 403 });
    expect(await connect('/bridge', {})).toEqual({ refused: 403 });
    expect(await connect('/bridge', { origin, host: `rebind.evil.example:${server.port}` })).toEqual({ refused: 403 });
    expect(await connect('/elsewhere', { origin })).toEqual({ refused: 404 });
  });

  it('closes, unanswered, a socket whose first message is not the right token — a cookie or a query token opens nothing', async () => {
    const attempts: Array<{ path: string; headers: Record<string, string>; first?: unknown }> = [
      // What another local server could have collected from the browser, replayed with a forged Origin.
      { path: '/bridge', headers: { origin, cookie: `gpc_token=${server.token}` } },
      { path: `/bridge?token=${server.token}`, headers: { origin } },
      { path: '/bridge', headers: { origin }, first: { type: 'invoke', id: 1, channel: 'api:call', request: { op: 'apiKeys.list' } } },
      { path: '/bridge', headers: { origin }, first: { type: 'hello', token: 'not-the-right-token-at-all' } },
      { path: '/bridge', headers: { origin }, first: { type: 'hello', token: server.token, extra: 1 } },
      { path: '/bridge', headers: { origin }, first: 'not json' },
    ];
    for (const attempt of attempts) {
      const result = await connect(attempt.path, attempt.headers);
      if (!('socket' in result)) throw new Error(`refused with ${result.refused}`);
      const closed = untilClosed(result.socket);
      if (attempt.first !== undefined)
        result.socket.send(typeof attempt.first === 'string' ? attempt.first : JSON.stringify(attempt.first));
      // Without a first message the server waits helloTimeoutMs (300 ms here), then closes.
      expect(await closed, JSON.stringify(attempt)).toEqual({ code: CLOSE_UNAUTHORIZED, messages: [] });
    }
  });

  it('reads nothing but the token before it: a hello sent twice is a malformed message after sign-in', async () => {
    const socket = await open();
    const box = inbox(socket);
    socket.send(JSON.stringify({ type: 'hello', token: server.token }));
    expect(await box.next((m) => m.type === 'error')).toMatchObject({ message: 'Malformed bridge message' });
    socket.close();
  });

  it('answers invokes with results, validated by the contract', async () => {
    const socket = await open();
    const box = inbox(socket);
    socket.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'app:info', request: {} }));
    socket.send(JSON.stringify({ type: 'invoke', id: 2, channel: 'api:call', request: { op: 'apiKeys.list', input: {} } }));
    socket.send(JSON.stringify({ type: 'invoke', id: 3, channel: 'profiles:activate', request: { id: 'NOT VALID' } }));
    const info = await box.next((m) => m.type === 'result' && m.id === 1);
    expect(info).toMatchObject({ type: 'result', id: 1, result: { ok: true, value: { mode: 'web' } } });
    const list = await box.next((m) => m.type === 'result' && m.id === 2);
    expect(list).toMatchObject({ result: { ok: true, value: { status: 200 } } });
    const invalid = await box.next((m) => m.type === 'result' && m.id === 3);
    expect(invalid).toMatchObject({ result: { ok: false, error: { source: 'invalid_request' } } });
    expect(JSON.stringify(box.messages)).not.toContain(services.emulator.ownerKey);
    socket.close();
  });

  it('delivers topic events to subscribers until they unsubscribe', async () => {
    const socket = await open();
    const box = inbox(socket);
    socket.send(JSON.stringify({ type: 'subscribe', id: 10, topic: 'profiles:changed', params: {} }));
    socket.send(JSON.stringify({ type: 'subscribe', id: 11, topic: 'no:such-topic', params: {} }));
    const refused = await box.next((m) => m.type === 'result' && m.id === 11);
    expect(refused).toMatchObject({ result: { ok: false } });
    socket.send(
      JSON.stringify({
        type: 'invoke',
        id: 12,
        channel: 'profiles:fromKey',
        request: { name: 'From socket', apiKey: 'sk_test_socket_key_1' },
      }),
    );
    const event = await box.next((m) => m.type === 'event' && m.id === 10);
    expect(event).toMatchObject({ type: 'event', id: 10, event: { activeId: 'local-emulator' } });
    await box.next((m) => m.type === 'result' && m.id === 12);

    // After unsubscribing, a change (emitted before its own result) brings no event.
    socket.send(JSON.stringify({ type: 'unsubscribe', id: 10 }));
    socket.send(
      JSON.stringify({
        type: 'invoke',
        id: 13,
        channel: 'profiles:fromKey',
        request: { name: 'From socket 2', apiKey: 'sk_test_socket_key_2' },
      }),
    );
    await box.next((m) => m.type === 'result' && m.id === 13);
    expect(box.messages.filter((m) => m.type === 'event' && m.id === 10)).toHaveLength(1);
    socket.close();
  });

  it('relays a log tail in batches over the socket, and a closed socket ends its tails and pollers', async () => {
    const socket = await open();
    const box = inbox(socket);
    socket.send(JSON.stringify({ type: 'invoke', id: 20, channel: 'api:call', request: { op: 'clusters.list' } }));
    const list = await box.next((m) => m.type === 'result' && m.id === 20);
    const clusters = (list as { result: { value: { data: { data: { clusters: Array<{ id: string; name: string }> } } } } }).result.value
      .data.data.clusters;
    const id = clusters.find((c) => c.name === 'inference-api')!.id;
    socket.send(
      JSON.stringify({ type: 'subscribe', id: 21, topic: 'logs:tail', params: { source: { kind: 'cluster', id }, backlog: 50 } }),
    );
    socket.send(JSON.stringify({ type: 'subscribe', id: 22, topic: 'metrics:live', params: { clusterId: id } }));
    const batch = await box.next((m) => m.type === 'event' && m.id === 21 && (m.event as { type: string }).type === 'entries');
    // Entries come in arrays, not one message a line.
    expect((batch as { event: { items: unknown[] } }).event.items.length).toBeGreaterThan(1);
    await box.next((m) => m.type === 'event' && m.id === 22);
    expect(services.streams.upstreams()).toBe(1);
    expect(services.streams.polled()).toBe(1);
    socket.terminate();
    await vi.waitFor(() => expect(services.streams.upstreams() + services.streams.polled()).toBe(0), { timeout: 10_000, interval: 20 });
  });

  it('closes a socket that sends an oversize message, and keeps serving others', async () => {
    const socket = await open();
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    socket.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'app:info', request: { pad: 'x'.repeat(1_100_000) } }));
    expect(await closed).toBe(1009);
    const other = await open();
    const box = inbox(other);
    other.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'app:info', request: {} }));
    expect(await box.next((m) => m.type === 'result')).toMatchObject({ result: { ok: true } });
    other.close();
  });

  it('answers malformed messages with an error message and stays open', async () => {
    const socket = await open();
    const box = inbox(socket);
    socket.send('this is not json');
    socket.send(JSON.stringify({ type: 'explode' }));
    socket.send(JSON.stringify({ type: 'invoke', id: 5, channel: 42 }));
    socket.send(Buffer.from([1, 2, 3]), { binary: true });
    const notJson = await box.next((m) => m.type === 'error');
    expect(notJson).toMatchObject({ type: 'error', message: expect.stringMatching(/not JSON/) });
    const withId = await box.next((m) => m.type === 'result' && m.id === 5);
    expect(withId).toMatchObject({ result: { ok: false, error: { source: 'invalid_request' } } });
    socket.send(JSON.stringify({ type: 'invoke', id: 6, channel: 'profiles:list', request: {} }));
    const after = await box.next((m) => m.type === 'result' && m.id === 6);
    expect(after).toMatchObject({ result: { ok: true } });
    expect(box.messages.filter((m) => m.type === 'error').length).toBeGreaterThanOrEqual(3);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });
  it('takes a dataset upload’s chunk as one binary message, the bytes as they are', async () => {
    const socket = await open();
    const box = inbox(socket);
    const bytes = Buffer.from('{"prompt":"a","completion":"b"}\n'.repeat(100));
    socket.send(
      JSON.stringify({
        type: 'invoke',
        id: 1,
        channel: 'datasets:beginUpload',
        request: { dataset: { name: 'binary frame', type: 'text', format: 'jsonl' }, file: { name: 'b.jsonl', size: bytes.length } },
      }),
    );
    const begun = (await box.next((m) => m.type === 'result' && m.id === 1)) as { result: { ok: boolean; value: { uploadId: string } } };
    expect(begun.result.ok).toBe(true);
    const frame = encodeBinaryInvoke(
      {
        type: 'invoke',
        id: 2,
        channel: 'datasets:uploadChunk',
        request: { uploadId: begun.result.value.uploadId, offset: 0 },
        binaryField: 'data',
      },
      bytes,
    );
    // The message is the bytes and a small header: no JSON number list, no base64.
    expect(frame.byteLength).toBeLessThan(bytes.length + 200);
    socket.send(frame, { binary: true });
    const answer = await box.next((m) => m.type === 'result' && m.id === 2);
    expect(answer).toMatchObject({
      result: { ok: true, value: { acknowledged: bytes.length, result: { status: 'processing', size: bytes.length } } },
    });
    socket.close();
  });
});
