// The request pipeline around every route: authentication and rate limits before the body
// is read (so a missing key is a 401 whatever the body), the rate-limit headers on every
// response, JSON-only bodies, 404/405, one error handler, and the journal.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../../../shared/api/errors';
import type { Caller } from './area';
import type { EmulatorContext } from './context';
import { authorizeAdmin } from './auth';
import {
  ApiError,
  ClusterApiError,
  internalError,
  invalidJson,
  methodNotAllowed,
  notFound,
  payloadTooLarge,
  rateLimited,
  rateLimitExceeded,
  toClusterError,
  unsupportedMediaType,
  validationError,
} from './errors';
import { ADMIN_LIMIT, CLIENT_LIMIT, type KeyClass, type TierClass } from './limits';
import { WINDOW_MS, type BucketSpec, type LimitOutcome } from './rate-limit';
import type { RouteDef, StreamSink } from './route-def';
import type { RouteTable } from './route-table';
import { readYamlBody } from './yaml-body';

export const BODY_LIMIT = 1_048_576;
/** The deepest nesting of arrays and objects a JSON body may have (no document needs more than a handful). */
const BODY_DEPTH_MAX = 64;

/** True when a JSON text nests deeper than `max`: one pass over the text, strings skipped, no recursion. */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

export interface RouteInfo {
  def: RouteDef;
  admin: boolean;
  tierClass: TierClass;
  keyClass: KeyClass;
  keyClassIndex: 0 | 1 | 2;
  /**
   * The route's buckets for a key without its own limit: the tier bucket (its limit set on
   * each request: plan and boost can change) and the endpoint buckets. Built once and
   * reused, since RateLimiter.hit reads it at once and keeps nothing; ids built once are
   * also cheaper map keys than strings made per request.
   */
  tierSpec: BucketSpec;
  specs: readonly BucketSpec[];
  /** "METHOD /path/pattern", for key usage's topEndpoints. */
  label: string;
}

interface RequestState {
  start: number;
  now: number;
  key: Caller | null;
  /** The error envelope of the route (its operation's), or of the nearest route for an unknown path. */
  envelope: Envelope;
  /** Sent as X-Request-Id on every response and as meta.request_id by the cluster area (fastify's request.id). */
  requestId: string;
  /** This request's rate-limit accounting, sent as the X-RateLimit-* headers. */
  rate: LimitOutcome;
  /** The known route's "METHOD /path/pattern" (RouteInfo.label), or null: journal reads it instead of fastify's routeOptions. */
  label: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    emu: RequestState | null;
  }
}

/** Authentication, permission and rate-limit refusals keep the account shape (02-clusters.md, Errors: they "follow Document 1"). */
const ACCOUNT_SHAPED = new Set([401, 403, 429]);

/**
 * The envelope is the operation's (RequestState.envelope). In the cluster envelope every
 * failure is cluster-shaped, except the pipeline's own 401/403/429, which keep the account
 * shape and gain `meta.request_id` (docs/decisions.md, Clusters: error envelope).
 */
export function errorBody(error: ApiError, envelope: Envelope, requestId: string): Record<string, unknown> {
  if (envelope !== 'cluster') return error.body();
  if (error instanceof ClusterApiError || !ACCOUNT_SHAPED.has(error.status)) return toClusterError(error).body(requestId);
  return { ...error.body(), meta: { request_id: requestId } };
}

/**
 * Tells the authority about an error answered to a request it counted (a known route, a key, not
 * rate-limited: gate called recordUse): the error path only, successes pay nothing.
 */
function recordError(ctx: EmulatorContext, req: FastifyRequest, key: Caller, now: number, error: ApiError): void {
  const route = req.routeOptions.url;
  if (route === undefined) return; // an unknown route: not counted
  const q = req.url.indexOf('?');
  // A real refusal (not one chaos injected) is an event too, besides its audit event.
  if (error.status === 403 && error.details?.chaos !== true) {
    ctx.events.emit('security.access_denied', {
      subject: key.id,
      data: { route: `${req.method} ${route}`, code: error.code, ip: req.ip, memberId: key.createdBy },
    });
  }
  ctx.authority.recordError(
    key,
    {
      status: error.status,
      // HEAD is answered by the GET route, which counted it under GET.
      label: `${req.method === 'HEAD' ? 'GET' : req.method} ${route}`,
      path: q < 0 ? req.url : req.url.slice(0, q),
      ip: req.ip,
      params: (req.params ?? {}) as Record<string, string>,
      code: error.code,
      details: { ...error.details, ...error.extra },
    },
    now,
  );
}

export function sendError(ctx: EmulatorContext, reply: FastifyReply, error: ApiError): FastifyReply {
  const emu = reply.request.emu;
  if (emu !== null) {
    setPipelineHeaders(reply, emu);
    if (emu.key !== null && !emu.rate.limited) recordError(ctx, reply.request, emu.key, emu.now, error);
  }
  if (error.headers) reply.headers(error.headers);
  journal(ctx, reply.request, error.status);
  const body = errorBody(error, emu?.envelope ?? 'account', reply.request.id);
  return reply.code(error.status).header('content-type', 'application/json; charset=utf-8').send(body);
}

export const TIER_BUCKET_IDS: Readonly<Record<TierClass, string>> = { read: 't:read', write: 't:write', ai: 't:ai' };

function bucketsFor(
  ctx: EmulatorContext,
  info: RouteInfo | undefined,
  key: Caller | null,
  req: FastifyRequest,
  now: number,
): readonly BucketSpec[] {
  if (key === null) return [{ id: `c:${req.ip}`, limit: CLIENT_LIMIT, kind: 'client' }];
  if (info?.admin) return [{ id: `a:${key.id}`, limit: ADMIN_LIMIT, kind: 'admin' }];
  if (!info) {
    const tierClass: TierClass = req.method === 'GET' || req.method === 'HEAD' ? 'read' : 'write';
    return [{ id: TIER_BUCKET_IDS[tierClass], limit: ctx.authority.tierLimit(tierClass, now), kind: 'tier', resource: tierClass }];
  }
  info.tierSpec.limit = ctx.authority.tierLimit(info.tierClass, now);
  const own = key.rateLimit[info.keyClass];
  if (own <= 0) return info.specs;
  return [...info.specs, { id: `k:${key.id}:${info.keyClass}`, limit: own, kind: 'key', resource: `key:${info.keyClass}` }];
}

const WINDOW_HEADER = String(WINDOW_MS / 1000);

// The answer's Date is the simulated clock's now (docs/decisions.md, Server time), so a client
// computes "3 minutes ago" against the emulator's time. Formatting costs ~1 µs; the last
// second's text is reused, as Node does for its own Date header.
let dateSecond = NaN;
let dateText = '';
function httpDate(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(second * 1000).toUTCString();
  }
  return dateText;
}

/** X-Request-Id, Date, X-RateLimit-* and, when refused, Retry-After: the headers every answer carries. */
export function pipelineHeaders(requestId: string, o: LimitOutcome): Record<string, string> {
  const headers: Record<string, string> = {
    'x-request-id': requestId,
    date: httpDate(o.now),
    'x-ratelimit-limit': String(o.limit),
    'x-ratelimit-remaining': String(o.remaining),
    'x-ratelimit-reset': String(Math.floor(o.resetMs / 1000)),
    'x-ratelimit-window': WINDOW_HEADER,
    'x-ratelimit-resource': o.resource,
  };
  if (o.limited) headers['retry-after'] = String(o.retryAfter);
  return headers;
}

/**
 * Errors get the pipeline's headers here (sendError); successes write them directly with the
 * body (sendJson), sparing fastify's header bookkeeping.
 */
function setPipelineHeaders(reply: FastifyReply, emu: RequestState): void {
  reply.headers(pipelineHeaders(emu.requestId, emu.rate));
}

/**
 * Authenticates, counts and, for a known route, authorises. Returns the error to send, if any.
 * `envelope`: for an unknown route, the envelope of the nearest known path (RouteTable).
 */
function gate(
  ctx: EmulatorContext,
  req: FastifyRequest,
  info: RouteInfo | undefined,
  envelope: Envelope = info?.def.op.envelope ?? 'account',
): ApiError | null {
  const start = performance.now();
  const now = ctx.clock.now();
  const auth = ctx.authority.authenticate(req.headers.authorization, now);
  const key = auth instanceof ApiError ? null : auth;
  const outcome = ctx.limiter.hit(bucketsFor(ctx, info, key, req, now), now);
  // The headers go out with the response (setPipelineHeaders for errors, sendJson for successes).
  req.emu = { start, now, key, envelope, requestId: req.id, rate: outcome, label: info === undefined ? null : info.label };
  if (outcome.limited) {
    return outcome.kind === 'key'
      ? rateLimited(outcome.retryAfter)
      : rateLimitExceeded(outcome.limit, new Date(outcome.resetMs).toISOString(), outcome.retryAfter);
  }
  if (!info) return null; // the not-found handler answers 404 or 405
  if (key === null) return auth as ApiError;
  // Non-admin routes: the key's own permissions and its member's access (issue 19), both the authority's.
  const denied = info.admin ? authorizeAdmin(key) : ctx.authority.admit(key, info.def.op, req.params, now, req.ip);
  ctx.authority.recordUse(key, info.keyClassIndex, info.label, now);
  return denied;
}

function toApiError(error: unknown, req: FastifyRequest, onDefect: (e: unknown) => void): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return payloadTooLarge(BODY_LIMIT);
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return unsupportedMediaType(String(req.headers['content-type'] ?? '(none)').slice(0, 100));
  if (code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') return validationError('content-length', 'does not match the body');
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return validationError('request', 'malformed request');
  onDefect(error);
  return internalError();
}

export function installPipeline(app: FastifyInstance, ctx: EmulatorContext, table: RouteTable, onDefect: (e: unknown) => void): void {
  app.decorateRequest('emu', null);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '') return done(null, undefined);
    if (nestsDeeperThan(body as string, BODY_DEPTH_MAX))
      return done(validationError('body', `nested deeper than ${BODY_DEPTH_MAX} levels`), undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch (e) {
      done(invalidJson((e as Error).message.slice(0, 200)), undefined);
    }
  });
  // YAML only where the operation declares it (Operation.bodyMedia); elsewhere the 415 every other type gets.
  app.addContentTypeParser(['application/yaml', 'application/x-yaml', 'text/yaml'], { parseAs: 'string' }, (req, body, done) => {
    if (req.routeOptions.config?.yamlBody !== true) {
      return done(unsupportedMediaType(String(req.headers['content-type']).slice(0, 100)), undefined);
    }
    const value = readYamlBody(body as string, BODY_DEPTH_MAX);
    if (value instanceof ApiError) return done(value, undefined);
    done(null, value);
  });

  // No onResponse hook: with one, fastify adds two response listeners and a closure to
  // every request, hijacked or not. Each response is journalled once, where it is sent
  // (sendJson, sendError).

  app.setNotFoundHandler((req, reply) => {
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    const denied = req.emu ? null : gate(ctx, req, undefined, table.envelopeFor(path));
    if (denied) return sendError(ctx, reply, denied);
    const allowed = table.allowedMethods(path);
    if (allowed && !allowed.includes(req.method)) {
      reply.header('allow', allowed.join(', '));
      return sendError(ctx, reply, methodNotAllowed(req.method, allowed));
    }
    return sendError(ctx, reply, notFound(path));
  });

  app.setErrorHandler((error, req, reply) => {
    // A body error on an unknown route: the route's absence is the answer.
    if (req.emu === null) {
      const path = req.url.split('?')[0]!;
      const denied = gate(ctx, req, undefined, table.envelopeFor(path));
      if (denied) return sendError(ctx, reply, denied);
      if (req.is404) return sendError(ctx, reply, notFound(path));
    }
    return sendError(ctx, reply, toApiError(error, req, onDefect));
  });
}

function journal(ctx: EmulatorContext, req: FastifyRequest, status: number): void {
  const emu = req.emu;
  const now = emu ? emu.now : ctx.clock.now();
  const ms = emu ? performance.now() - emu.start : 0;
  const keyId = emu?.key?.id ?? null;
  ctx.journal.add(now, req.method, req.raw.url ?? '', status, ms, keyId);
  // The analytics count the route's template, never the URL (ids stay out); HEAD is answered by
  // the GET route, whose label it has.
  let label = emu?.label ?? null;
  if (label === null) {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const route = req.routeOptions.url;
    label = route === undefined ? method : `${method} ${route}`;
  }
  ctx.authority.recordAnswer(label, status, ms, keyId, now);
}

/**
 * Success responses skip fastify's send path (onSend, a separate write of the payload, the
 * response listeners) and go out in one write: the request path stays cheap (the benchmark
 * target in docs/decisions.md). Headers set earlier (rate limits) go with it.
 */
export function sendJson(
  ctx: EmulatorContext,
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: string | Buffer,
  byteLength = -1,
): void {
  reply.hijack();
  const emu = req.emu!;
  const o = emu.rate;
  // Route handlers have no reply, so the pipeline's headers are the only ones a success carries
  // (pipelineHeaders' set, written inline: this is the hot path, and a success is never refused).
  reply.raw.writeHead(status, {
    'x-request-id': emu.requestId,
    date: httpDate(o.now),
    'x-ratelimit-limit': String(o.limit),
    'x-ratelimit-remaining': String(o.remaining),
    'x-ratelimit-reset': String(Math.floor(o.resetMs / 1000)),
    'x-ratelimit-window': WINDOW_HEADER,
    'x-ratelimit-resource': o.resource,
    'content-type': 'application/json; charset=utf-8',
    'content-length': typeof body !== 'string' ? body.length : byteLength >= 0 ? byteLength : Buffer.byteLength(body),
  });
  // A string body goes out in one write together with the response head.
  reply.raw.end(body);
  journal(ctx, req, status);
}

/** A success that is not JSON (text, a file): the pipeline's headers with the route's own. */
export function sendBody(
  ctx: EmulatorContext,
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: string | Buffer,
  headers: Readonly<Record<string, string>>,
): void {
  reply.hijack();
  const emu = req.emu!;
  reply.raw.writeHead(status, {
    ...pipelineHeaders(emu.requestId, emu.rate),
    ...headers,
    'content-length': typeof body === 'string' ? Buffer.byteLength(body) : body.length,
  });
  reply.raw.end(body);
  journal(ctx, req, status);
}

/**
 * A Server-Sent Events answer: the head goes out at once, then `start` writes as it pleases
 * until the client leaves, the stream ends, or the emulator closes (each stops it once).
 */
export function openEventStream(
  ctx: EmulatorContext,
  req: FastifyRequest,
  reply: FastifyReply,
  start: (sink: StreamSink) => () => void,
): void {
  reply.hijack();
  const emu = req.emu!;
  const res = reply.raw;
  res.writeHead(200, {
    ...pipelineHeaders(emu.requestId, emu.rate),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  journal(ctx, req, 200);
  let stop: (() => void) | null = null;
  let ended = false;
  const finish = () => {
    if (ended) return;
    ended = true;
    ctx.closing.removeEventListener('abort', finish);
    stop?.();
    if (!res.writableEnded && !res.destroyed) res.end();
  };
  res.on('close', finish);
  ctx.closing.addEventListener('abort', finish);
  stop = start({
    write: (chunk) => (ended ? false : res.write(chunk)),
    onDrain: (f) => res.once('drain', f),
    end: finish,
  });
  if (ended) stop();
}

/**
 * The gate of a route that needs no key (`GET /`): counted against the caller's address like
 * an unknown route, so it is rate-limited and journalled; false when it refused (the error is sent).
 */
export function passOpenGate(ctx: EmulatorContext, req: FastifyRequest, reply: FastifyReply): boolean {
  const denied = gate(ctx, req, undefined, 'account');
  if (denied === null) return true;
  sendError(ctx, reply, denied);
  return false;
}

/** Runs the gate for a known route; false when it refused (the error is sent). */
export function passGate(ctx: EmulatorContext, info: RouteInfo, req: FastifyRequest, reply: FastifyReply): boolean {
  const denied = gate(ctx, req, info);
  if (denied === null) return true;
  sendError(ctx, reply, denied);
  return false;
}

/** The route-level onRequest hook of routes that take a body. */
export function gateHook(ctx: EmulatorContext, info: RouteInfo, req: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (passGate(ctx, info, req, reply)) done();
}

/** fastify's own early failures (a URL it cannot decode) skip the hooks: count and answer here. */
export function frameworkErrorHandler(
  ctx: EmulatorContext,
  table: RouteTable,
): (error: Error, req: FastifyRequest, reply: FastifyReply) => void {
  return (_error, req, reply) => {
    const denied = gate(ctx, req, undefined, table.envelopeFor(req.url.split('?')[0]!));
    sendError(ctx, reply, denied ?? validationError('path', 'the URL cannot be decoded'));
  };
}
