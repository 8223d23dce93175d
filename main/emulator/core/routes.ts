// Registers route definitions generically: validation from the operation's schemas, the
// caller from the pipeline, chaos for API routes, the success status from the definition.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ChaosRule } from '../../../shared/api/emulator-admin';
import type { Operation } from '../../../shared/api/operation';
import type { EmulatorContext } from './context';
import { chaosInjected } from './errors';
import type { AreaLimits, IssueMapper } from './area';
import { endpointBucketsOf, keyClassOf, tierClassOf } from './limits';
import { gateHook, openEventStream, passGate, sendBody, sendJson, TIER_BUCKET_IDS, type RouteInfo } from './pipeline';
import type { BucketSpec } from './rate-limit';
import { EventStream, Json, RawBody, type HandlerInput, type RouteDef } from './route-def';
import type { RouteTable } from './route-table';
import { parseInput, type ParsedInput } from './validate';

const KEY_CLASS_INDEX = { reads: 0, writes: 1, executions: 2 } as const;
/** What parseInput gives for an operation without params, query or body schemas. */
const NO_INPUT: ParsedInput = Object.freeze({ params: undefined, query: undefined, body: undefined });
/** Methods fastify never reads a body for. */
const BODYLESS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** A group of routes registered together: an API area, or the emulator's admin routes. */
export interface RouteGroup {
  routes: readonly RouteDef[];
  /** Admin routes: owner key only, one admin bucket, no chaos. */
  admin: boolean;
  limits?: AreaLimits;
  mapIssue?: IssueMapper;
}

export function registerRoutes(app: FastifyInstance, ctx: EmulatorContext, group: RouteGroup, table: RouteTable): void {
  const { admin, limits, mapIssue } = group;
  for (const def of group.routes) {
    const op = def.op;
    const keyClass = keyClassOf(op);
    const tierClass = tierClassOf(op);
    const endpointBuckets = admin || !limits ? [] : endpointBucketsOf(op, limits).map((b) => ({ ...b, kind: 'endpoint' as const }));
    const tierSpec: BucketSpec = { id: TIER_BUCKET_IDS[tierClass], limit: 0, kind: 'tier', resource: tierClass };
    const info: RouteInfo = {
      def,
      admin,
      tierClass,
      keyClass,
      keyClassIndex: KEY_CLASS_INDEX[keyClass],
      label: `${op.method} ${op.path}`,
      tierSpec,
      specs: [tierSpec, ...endpointBuckets],
    };
    table.add(op.method, op.path, op.envelope);
    // The gate runs before the body is read. fastify reads no body for GET, so there it runs
    // first thing in the handler: a route-level hook costs fastify's hook runner, three
    // closures per request. Other methods gate in an onRequest hook (a route-level hook
    // knows its route: cheaper than reading request.routeOptions).
    const gateFirst = BODYLESS.has(op.method);
    const hasInput = op.params !== undefined || op.query !== undefined || op.body !== undefined;
    // A multipart upload (the avatar) is read by its handler as it arrives: its body is the request.
    const multipart = op.bodyMedia?.['multipart/form-data'] !== undefined;
    const route: RouteOptions = {
      method: op.method,
      url: op.path,
      // Read by the YAML body parser (pipeline.ts): only these routes take one.
      ...(op.bodyMedia?.['application/yaml'] !== undefined ? { config: { yamlBody: true } } : {}),
      ...(gateFirst
        ? {}
        : { onRequest: (req: FastifyRequest, reply: FastifyReply, done: () => void) => gateHook(ctx, info, req, reply, done) }),
      // No closures are created per request on the hot path: under tsx (keepNames) each named
      // closure costs a defineProperty call, measurable at benchmark rates.
      handler(req, reply) {
        if (gateFirst && !passGate(ctx, info, req, reply)) return;
        const state = req.emu!;
        const parsed = hasInput ? parseInput(op, { params: req.params, query: req.query, body: req.body }, mapIssue) : NO_INPUT;
        const input = {
          params: parsed.params,
          query: parsed.query,
          body: multipart ? req : parsed.body,
          key: state.key!,
          now: state.now,
          requestId: state.requestId,
          address: req.ip,
          headers: req.headers,
        } as HandlerInput<Operation>;
        if (!admin && ctx.chaos.active) {
          const rule = ctx.chaos.match(op.method, req.url.split('?')[0]!);
          if (rule !== null) return withChaos(ctx, rule, def, input, req, reply);
        }
        // With a data folder, what a request changed is on disk before it is answered; a request
        // that changed nothing, and every request of an in-memory emulator, answers at once.
        const persister = ctx.persister;
        const mark = persister === null ? 0 : ctx.store.touches;
        const result = def.handle(ctx, input);
        if (persister !== null && (result instanceof Promise || ctx.store.touches !== mark))
          return sendDurable(ctx, req, reply, def.status, result, mark);
        if (result instanceof Promise) return result.then(sendResult.bind(null, ctx, req, reply, def.status));
        sendResult(ctx, req, reply, def.status, result);
        return;
      },
    };
    if (!multipart) app.route(route);
    // Only this route parses multipart/form-data: the plugin's parser lives in a scope of its own,
    // so every other route still answers a multipart body 415 (the plugin adds no hook here).
    else
      void app.register(async (scope) => {
        await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
        scope.route(route);
      });
  }
}

function sendResult(ctx: EmulatorContext, req: FastifyRequest, reply: FastifyReply, status: number, result: unknown): void {
  if (result instanceof Json) sendJson(ctx, req, reply, status, result.body, result.byteLength);
  else if (result instanceof RawBody) sendBody(ctx, req, reply, status, result.body, result.headers);
  else if (result instanceof EventStream) openEventStream(ctx, req, reply, result.start);
  else sendJson(ctx, req, reply, status, JSON.stringify(result));
}

/** Answers once the request's changes are committed (state/persister.ts); a failed write fails the request. */
async function sendDurable(
  ctx: EmulatorContext,
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  result: unknown,
  mark: number,
): Promise<void> {
  const value = await result;
  if (ctx.store.touches !== mark) await ctx.persister!.commit();
  sendResult(ctx, req, reply, status, value);
}

async function withChaos(
  ctx: EmulatorContext,
  rule: ChaosRule,
  def: RouteDef,
  input: HandlerInput<Operation>,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (rule.latencyMs > 0) await new Promise((r) => setTimeout(r, rule.latencyMs));
  if (ctx.chaos.roll(rule)) throw chaosInjected(rule.status, rule.code, rule.route);
  const mark = ctx.store.touches;
  const value = await def.handle(ctx, input);
  if (ctx.persister !== null && ctx.store.touches !== mark) await ctx.persister.commit();
  sendResult(ctx, req, reply, def.status, value);
}
