// Requests Node's HTTP parser refuses before any route sees them (an unknown method such as
// BREW, headers over Node's 16 KB, a malformed request line): answered here in the envelope
// of the path they named and with the rate-limit headers, like every other answer, instead of
// fastify's default body. The client's bucket counts them as it counts unauthenticated calls.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { EmulatorContext } from './context';
import { headersTooLarge, methodNotAllowed, notFound, rateLimitExceeded, validationError, type ApiError } from './errors';
import { CLIENT_LIMIT } from './limits';
import { errorBody, pipelineHeaders } from './pipeline';
import { newRequestId } from './request-id';
import type { RouteTable } from './route-table';

/** Node's default limit of all request headers together (`--max-http-header-size`). */
const HEADERS_MAX_BYTES = 16_384;

/** Node's clientError: a parse error code and the raw bytes read so far (a Buffer at run time). */
interface ClientError extends Error {
  code?: string;
  rawPacket?: unknown;
}

/** Method and path of the request line, when the packet has one. */
function requestLine(raw: unknown): { method: string; path: string | null } {
  const packet = Buffer.isBuffer(raw) ? raw : undefined;
  const line = packet?.toString('latin1', 0, Math.min(packet.length, 4096)).split('\r\n', 1)[0] ?? '';
  const [method = '', target = ''] = line.split(' ');
  return { method: method.slice(0, 20), path: target.startsWith('/') ? target.split('?')[0]! : null };
}

function errorFor(error: ClientError, method: string, path: string | null, table: RouteTable): { error: ApiError; allow?: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW') return { error: headersTooLarge(HEADERS_MAX_BYTES) };
  if (error.code === 'HPE_INVALID_METHOD' && path !== null) {
    const allowed = table.allowedMethods(path);
    return allowed ? { error: methodNotAllowed(method, allowed), allow: allowed.join(', ') } : { error: notFound(path) };
  }
  return { error: validationError('request', 'not a well-formed HTTP/1.1 request') };
}

export function clientErrorHandler(ctx: EmulatorContext, table: RouteTable): (error: ClientError, socket: Socket) => void {
  return (error, socket) => {
    // A reset connection, or one already answered: nothing to say (Node's own rule).
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
    const now = ctx.clock.now();
    const { method, path } = requestLine(error.rawPacket);
    const rate = ctx.limiter.hit([{ id: `c:${socket.remoteAddress ?? 'unknown'}`, limit: CLIENT_LIMIT, kind: 'client' }], now);
    const found = rate.limited
      ? { error: rateLimitExceeded(rate.limit, new Date(rate.resetMs).toISOString(), rate.retryAfter) }
      : errorFor(error, method, path, table);
    const requestId = newRequestId();
    const body = JSON.stringify(errorBody(found.error, path === null ? 'account' : table.envelopeFor(path), requestId));
    const headers: Record<string, string> = {
      ...pipelineHeaders(requestId, rate),
      ...(found.allow ? { allow: found.allow } : {}),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const status = found.error.status;
    const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join(
      '\r\n',
    );
    ctx.journal.add(now, method || '?', path ?? '', status, 0, null);
    socket.end(`${head}\r\n\r\n${body}`);
  };
}
