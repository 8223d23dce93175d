// createEmulator: one fastify server object per emulator, reachable in-process through
// `fetch` (fastify inject, no socket) and over HTTP through `listen`.
import fastify, { type FastifyInstance } from 'fastify';
import type { Emulator, EmulatorOptions } from './index';
import type { EmulatorContext } from './context';
import { adminRoutes } from './admin/routes';
import { accountsRoutes } from './areas/accounts';
import { clustersRoutes } from './areas/clusters';
import { resolveSecretsKey, SecretCipher } from './areas/clusters/secret-cipher';
import { Chaos } from './core/chaos';
import { SimClock } from './core/clock';
import { generateKeyValue, OWNER_KEY_RE } from './core/ids';
import { injectFetch } from './core/inject';
import { Journal } from './core/journal';
import { TIER_LIMITS } from './core/limits';
import { buildOpenApi } from './core/openapi';
import { BODY_LIMIT, frameworkErrorHandler, installPipeline } from './core/pipeline';
import { RateLimiter } from './core/rate-limit';
import { newRequestId } from './core/request-id';
import type { RouteDef } from './core/route-def';
import { RouteTable } from './core/route-table';
import { registerRoutes } from './core/routes';
import { Persister } from './state/persister';
import { makeSnapshot, readSnapshotFileSync } from './state/snapshot';
import { Store } from './state/store';
import { buildWorld, seedMissingAreas, type WorldOptions } from './world/builder';
import { applyOwnerKey } from './world/owner-key';

export interface InternalOptions extends EmulatorOptions {
  /** 'report' counts and sends the headers but never refuses (benchmarks). Default 'enforce'. */
  rateLimits?: 'enforce' | 'report';
  /** Called with unexpected errors (the response is a bare 500 INTERNAL_ERROR). */
  onDefect?: (error: unknown) => void;
}

/** Every API route the emulator serves; later areas append theirs. */
export const apiRoutes: RouteDef[] = [...accountsRoutes, ...clustersRoutes];

function checkOptions(opts: InternalOptions): void {
  if (opts.seed !== undefined && (!Number.isSafeInteger(opts.seed) || opts.seed < 0 || opts.seed > 0xffffffff)) {
    throw new RangeError('emulator seed must be an integer from 0 to 4294967295');
  }
  if (opts.speed !== undefined && (!Number.isFinite(opts.speed) || opts.speed <= 0 || opts.speed > 1_000_000)) {
    throw new RangeError('emulator speed must be a number above 0 and at most 1000000');
  }
  if (opts.ownerKey !== undefined && !OWNER_KEY_RE.test(opts.ownerKey)) {
    throw new RangeError('emulator owner key must be 16-256 printable characters without spaces');
  }
  if (opts.secretsKey !== undefined && opts.secretsKey.length !== 32) throw new RangeError('emulator secrets key must be 32 bytes');
  for (const [name, max] of [['clusters', 5000], ['secretsPerCluster', 5000]] as const) {
    const n = opts.scale?.[name];
    if (n !== undefined && (!Number.isSafeInteger(n) || n < 0 || n > max)) throw new RangeError(`emulator scale.${name} must be an integer from 0 to ${max}`);
  }
}

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const opts = options as InternalOptions;
  checkOptions(opts);
  const ownerKey = opts.ownerKey ?? generateKeyValue('live');
  const saved = opts.dataDir ? readSnapshotFileSync(opts.dataDir) : null;
  let seed = saved?.seed ?? opts.seed ?? 42;
  const startMs = Math.max(opts.startTime?.getTime() ?? Date.now(), saved?.clock.now ?? 0);
  const clock = new SimClock(startMs, opts.speed ?? 1);
  let persister: Persister | null = null;
  const cipher = new SecretCipher(resolveSecretsKey(opts.secretsKey, opts.dataDir));
  const worldOptions: WorldOptions = { scale: opts.scale, sealSecret: (aad, text) => cipher.sealSeeded(aad, text) };
  const closing = new AbortController();
  const world = buildWorld(seed, clock.now(), worldOptions);
  // A snapshot written before an area existed gets that area's seeded world (docs/decisions.md, Clusters).
  const migrated = saved ? seedMissingAreas(saved.state, seed, clock.now(), worldOptions) : [];
  const store = new Store(saved?.state ?? world.state, (kind) => persister?.schedule(kind));
  applyOwnerKey(store, ownerKey);
  let openapi: Record<string, unknown> | null = null;
  const onDefect = opts.onDefect ?? ((e: unknown) => console.error('emulator: internal error:', e instanceof Error ? e.message : e));

  const ctx: EmulatorContext = {
    clock,
    store,
    limiter: new RateLimiter(opts.rateLimits !== 'report'),
    journal: new Journal(),
    chaos: new Chaos(seed),
    persistence: opts.dataDir ? 'disk' : 'memory',
    secrets: cipher,
    closing: closing.signal,
    startedAt: Date.now(),
    seed: () => seed,
    reset() {
      store.load(buildWorld(seed, clock.now(), worldOptions).state);
      applyOwnerKey(store, ownerKey);
      ctx.limiter.clear();
      ctx.chaos.set([], seed);
    },
    importSnapshot(snapshot) {
      const ahead = snapshot.clock.now - clock.now();
      if (ahead > 0) clock.advance(ahead / 1000); // simulated time never runs backwards
      seed = snapshot.seed;
      seedMissingAreas(snapshot.state, seed, clock.now(), worldOptions);
      store.load(snapshot.state);
      applyOwnerKey(store, ownerKey);
      ctx.limiter.clear();
    },
    exportSnapshot: () => makeSnapshot(seed, clock.now(), store.toState()),
    openapi: () =>
      (openapi ??= buildOpenApi(
        [...apiRoutes, ...adminRoutes].map((d) => ({ op: d.op, status: d.status })),
      )),
    tierLimit(cls, now) {
      const boost = store.account.boost;
      const multiplier = boost && boost.expiresAt > now ? boost.multiplier : 1;
      return Math.floor(TIER_LIMITS[store.account.plan][cls] * multiplier);
    },
  };
  if (opts.dataDir) {
    persister = new Persister(opts.dataDir, ctx.exportSnapshot, (e) => console.error(`emulator: could not write the snapshot: ${e.message}`));
    if (!saved || migrated.length) persister.schedule('state');
  }

  const app = buildApp(ctx, onDefect);
  // Derived from the seed in force (a loaded snapshot's seed wins over --seed).
  const seededKeys = Object.freeze({ ...world.seededKeys });
  let closed = false;

  return {
    ownerKey,
    seededKeys,
    fetch: (request) => injectFetch(app, request),
    async listen(port, host = '127.0.0.1') {
      await app.listen({ port, host });
      const address = app.server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      return `http://${host.includes(':') ? `[${host}]` : host}:${actual}`;
    },
    async close() {
      if (closed) return;
      closed = true;
      closing.abort();
      await app.close();
      await persister?.flush();
    },
  };
}

function buildApp(ctx: EmulatorContext, onDefect: (e: unknown) => void): FastifyInstance {
  const app = fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 1000 },
    exposeHeadRoutes: false,
    // fastify generates an id for every request anyway: ours (X-Request-Id) replaces its default.
    genReqId: newRequestId,
    frameworkErrors: frameworkErrorHandler(ctx),
  });
  const table = new RouteTable();
  installPipeline(app, ctx, table, onDefect);
  registerRoutes(app, ctx, apiRoutes, false, table);
  registerRoutes(app, ctx, adminRoutes, true, table);
  return app;
}
