// Web mode over real sockets: the HTTP guard (Host, Origin, token), the sign-in page, the
// static app with its headers, and the bridge WebSocket with the `ws` client.
import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../../shared/ipc/wire';
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

const cookie = () => ({ cookie: `gpc_token=${server.token}` });

/** Opens a socket; resolves with it when open, or with the HTTP status when refused. */
function connect(path: string, headers: Record<string, string>): Promise<{ socket: WebSocket } | { refused: number }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}${path}`, { headers: { host, ...headers } });
    socket.on('open', () => resolve({ socket }));
    socket.on('unexpected-response', (_req, res) => resolve({ refused: res.statusCode ?? 0 }));
    socket.on('error', () => resolve({ refused: -1 }));
  });
}

async function open(): Promise<WebSocket> {
  const result = await connect(`/bridge?token=${server.token}`, { origin });
  if (!('socket' in result)) throw new Error(`refused with ${result.refused}`);
  return result.socket;
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
  server = await startWebServer({ services, port: 0, staticDir });
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

  it('answers 401 with the sign-in page to a request without the token', async () => {
    const answer = await get('/');
    expect(answer.status).toBe(401);
    expect(answer.body).toContain('location.hash');
    expect(String(answer.headers['content-security-policy'])).toMatch(/script-src 'sha256-/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect((await get('/assets/app.js', { cookie: 'gpc_token=wrong-token-value-123' })).status).toBe(401);
  });

  it('serves the app with the cookie, and sets the cookie for ?token=', async () => {
    const page = await get('/', cookie());
    expect(page.status).toBe(200);
    expect(page.body).toContain('GPU Operator Console');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(String(page.headers['content-security-policy'])).toContain(
      `connect-src 'self' ws://127.0.0.1:${server.port} ws://localhost:${server.port}`,
    );
    expect(page.headers['set-cookie']).toBeUndefined();

    const viaQuery = await get(`/?token=${server.token}`);
    expect(viaQuery.status).toBe(200);
    expect(String(viaQuery.headers['set-cookie'])).toBe(`gpc_token=${server.token}; Path=/; SameSite=Strict`);

    const asset = await get('/assets/app.js', cookie());
    expect(asset.status).toBe(200);
    expect(asset.body).toBe('console.log("app");');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
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
      await get('/%', cookie()),
      await get('/%zz', cookie()),
      await get('/', { ...cookie(), 'x-big': 'a'.repeat(20_000) }),
      await get('/'),
      await get('/', cookie()),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 400, 431, 401, 200]);
    for (const a of answers) for (const name of expected) expect(a.headers[name], `${a.status} lacks ${name}`).toBeTruthy();
  });

  it('falls back to index.html for client routes, not for missing files or other methods', async () => {
    expect((await get('/keys/key_123', cookie())).body).toContain('GPU Operator Console');
    expect((await get('/assets/missing.js', cookie())).status).toBe(404);
    expect((await get('/', cookie(), 'POST')).status).toBe(405);
    expect(
      (await get('/', { ...cookie(), 'content-type': 'application/json' }, 'POST', JSON.stringify({ pad: 'x'.repeat(5000) }))).status,
    ).toBe(413);
    expect((await get('/', { ...cookie(), 'content-type': 'application/json' }, 'POST', '{not json')).status).toBe(400);
    expect((await get('/../../etc/passwd', cookie())).body).not.toContain('root:');
  });

  it('refuses a foreign Origin with 403, even with the token', async () => {
    const answer = await get('/', { ...cookie(), origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    expect((await get('/', { ...cookie(), origin })).status).toBe(200);
  });

  it('refuses a foreign Host (DNS rebinding) with 403', async () => {
    expect((await get('/', { ...cookie(), host: `rebind.evil.example:${server.port}` })).status).toBe(403);
    expect((await get('/', { ...cookie(), host: `localhost:${server.port}` })).status).toBe(200);
  });
});

describe('web server: bridge WebSocket', () => {
  it('refuses an upgrade without the token, with a wrong token, or from a foreign or missing Origin', async () => {
    expect(await connect('/bridge', { origin })).toEqual({ refused: 401 });
    expect(await connect('/bridge?token=not-the-right-token', { origin })).toEqual({ refused: 401 });
    expect(await connect(`/bridge?token=${server.token}`, { origin: 'https://evil.example' })).toEqual({ refused: 401 });
    expect(await connect(`/bridge?token=${server.token}`, {})).toEqual({ refused: 401 });
    expect(await connect(`/elsewhere?token=${server.token}`, { origin })).toEqual({ refused: 404 });
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
});
