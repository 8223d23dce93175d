// Web mode: the built renderer and the bridge (over a WebSocket) served from Node, on
// loopback by default. Every HTTP request and WebSocket upgrade must come from our own origin
// under an allowed Host (origin-check.ts). The static files are the public app and need no
// token; the bridge, which holds everything, needs it as its first message (access-token.ts,
// bridge-socket.ts). No cookie is set: cookies are shared by every port of a host.
import { existsSync } from 'node:fs';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { WebSocketServer } from 'ws';
import { MAX_MESSAGE_BYTES } from '../../shared/ipc/wire';
import { generateToken, TOKEN_PATTERN } from './access-token';
import { serveBridge, type BridgeServices } from './bridge-socket';
import type { ModelDownloads } from '../training/index';
import { createOriginCheck } from './origin-check';
import { appCsp, COMMON_HEADERS } from './security-headers';

const BRIDGE_PATH = '/bridge';
/** One-time addresses of model downloads (docs/decisions.md, Models view: download to a file). */
const DOWNLOADS_PATH = '/downloads';

export interface WebServerOptions {
  services: BridgeServices;
  /** Model downloads, whose one-time addresses this server answers with the bytes. */
  downloads?: Pick<ModelDownloads, 'claim'>;
  port: number;
  host?: string;
  /** A fixed token (16–256 of A–Z a–z 0–9 _ -); random when absent. */
  token?: string;
  /** The built renderer (vite's output). */
  staticDir?: string;
  /** How long a bridge socket may stay open without the token (tests shorten it). */
  helloTimeoutMs?: number;
  /** Unexpected handler failures, for logging without secrets. */
  onDefect?: (channel: string, error: unknown) => void;
}

export interface WebServer {
  /** The address to open, token included in the fragment. */
  url: string;
  origin: string;
  port: number;
  host: string;
  token: string;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The host to print in the URL: the wildcard addresses are reached through loopback. */
function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

function rejectUpgrade(socket: Duplex, status: 403 | 404): void {
  const text = status === 403 ? 'Forbidden' : 'Not Found';
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? generateToken();
  if (!TOKEN_PATTERN.test(token)) throw new Error('The token must be 16–256 characters of A–Z, a–z, 0–9, _ and -.');
  const staticDir = resolve(options.staticDir ?? 'dist/renderer');
  const onDefect = options.onDefect ?? (() => {});
  let port = 0;
  const check = createOriginCheck(host, () => port);

  let csp = '';
  /** The six headers every answer carries, also those fastify and Node give before any hook runs. */
  const securityHeaders = (): Record<string, string> => ({ ...COMMON_HEADERS, 'content-security-policy': csp });
  const app = Fastify({
    logger: false,
    bodyLimit: 1024,
    trustProxy: false,
    return503OnClosing: true,
    // A URL fastify cannot decode (`/%`) is answered before any hook.
    frameworkErrors: (_error, _request, reply) =>
      void (reply as FastifyReply).code(400).headers(securityHeaders()).type('text/plain').send('Bad Request'),
    // What Node's parser refuses (headers over 16 KB, an unknown method, a malformed request).
    clientErrorHandler: (error: Error & { code?: string }, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const body = STATUS_CODES[status] ?? 'Bad Request';
      const headers = {
        ...securityHeaders(),
        'content-type': 'text/plain; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      };
      socket.end(
        `HTTP/1.1 ${status} ${body}\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n')}\r\n\r\n${body}`,
      );
    },
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.raw;
    if (!check.hostAllowed(raw.headers.host)) return reply.code(403).type('text/plain').send('Forbidden: unknown Host');
    const origin = raw.headers.origin;
    if (origin !== undefined && !check.originAllowed(origin, raw.headers.host))
      return reply.code(403).type('text/plain').send('Forbidden: foreign Origin');
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(COMMON_HEADERS)) reply.header(name, value);
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) reply.header('cache-control', 'no-store');
    return payload;
  });

  // A model download the renderer started: the key in the address is its only credential (one
  // use, a minute to claim), so the browser's own download manager can save the bytes; the
  // download host's token never leaves main.
  const downloads = options.downloads;
  app.get(`${DOWNLOADS_PATH}/:id`, async (request, reply) => {
    const { id } = request.params as { id: string };
    const key = (request.query as Record<string, unknown>).key;
    const serve = downloads && typeof key === 'string' ? downloads.claim(id, key) : null;
    if (!serve) return reply.code(404).type('text/plain').send('This download address was used already or has expired.');
    reply.hijack();
    await serve(reply.raw, securityHeaders());
  });

  await app.register(fastifyStatic, { root: staticDir, dotfiles: 'ignore', index: 'index.html' });

  // Client-side routes fall back to index.html; other methods and missing assets do not.
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return reply.code(405).header('allow', 'GET, HEAD').type('text/plain').send('Method Not Allowed');
    const path = request.url.split('?')[0] ?? '/';
    if (/\.[A-Za-z0-9]{1,8}$/.test(path)) return reply.code(404).type('text/plain').send('Not Found');
    if (!existsSync(join(staticDir, 'index.html'))) {
      return reply.code(503).type('text/plain').send('The console is not built yet: run `npm run build`, then reload.');
    }
    return reply.sendFile('index.html');
  });

  // Client mistakes fastify detects (oversize body, bad URL encoding) keep their 4xx; anything else is a bare 500.
  app.setErrorHandler(async (error: { statusCode?: number }, _request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    return reply
      .code(status)
      .type('text/plain')
      .send(status === 500 ? 'Internal Server Error' : 'Bad Request');
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => {});
    const path = (req.url ?? '').split('?')[0];
    if (path !== BRIDGE_PATH) return rejectUpgrade(socket, 404);
    // Browsers always send Origin on a WebSocket; requiring it keeps other pages (and other programs) out.
    // The token is checked on the socket's first message, not here: a browser sends nothing at
    // the upgrade that the page chose, except the URL, which would leave it in logs and history.
    const allowed = check.hostAllowed(req.headers.host) && check.originAllowed(req.headers.origin, req.headers.host);
    if (!allowed) return rejectUpgrade(socket, 403);
    sockets.handleUpgrade(req, socket, head, (ws) =>
      serveBridge(ws, options.services, { token, helloTimeoutMs: options.helloTimeoutMs }, onDefect),
    );
  });

  await app.listen({ port: options.port, host });
  port = (app.server.address() as AddressInfo).port;
  const shown = displayHost(host);
  const origins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  if (!isLoopbackHost(host) || host === '::1') origins.push(`http://${shown}:${port}`);
  csp = appCsp([...new Set(origins)]);
  const origin = `http://${shown}:${port}`;

  return {
    url: `${origin}/#token=${token}`,
    origin,
    port,
    host,
    token,
    async close() {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await app.close();
    },
  };
}
