// createEmulator: one fastify server object per emulator, composed from the list of API areas
// (areas/index.ts), reachable in-process through `fetch` (fastify inject, no socket) and over
// HTTP through `listen`.
import { truncateSync } from 'node:fs';
import fastify, { type FastifyInstance } from 'fastify';
import { CLOCK_MAX_MS, type EmulatorSnapshot } from '../../shared/api/emulator-admin';
import { registerRoot } from './admin/root';
import { adminRoutes } from './admin/routes';
import { AREAS } from './areas';
import type { AreaModule, Authority } from './core/area';
import { Chaos } from './core/chaos';
import { clientErrorHandler } from './core/client-errors';
import { EventHub } from './core/events';
import { spentUsd, talliedUsd } from './core/metering';
import { SimClock } from './core/clock';
import { SETTLE_SLICE_MS, type EmulatorContext } from './core/context';
import { generateKeyValue, OWNER_KEY_RE } from './core/ids';
import { injectFetch } from './core/inject';
import { Journal } from './core/journal';
import { buildOpenApi } from './core/openapi';
import { BODY_LIMIT, frameworkErrorHandler, installPipeline } from './core/pipeline';
import { RateLimiter } from './core/rate-limit';
import { newRequestId } from './core/request-id';
import { RouteTable } from './core/route-table';
import { registerRoutes } from './core/routes';
import { resolveSecretsKey, SecretCipher } from './core/secret-cipher';
import { lockDataFolder } from '../data-lock';
import { Persister } from './state/persister';
import { makeSnapshot, readSnapshotWithDigestSync, removeStrayTemporaries, SNAPSHOT_FILE, validateSnapshot } from './state/snapshot';
import { readWalSync, replayWal, type WalContents } from './state/wal';
import { Store } from './state/store';
import type { Emulator, EmulatorOptions } from './types';
import { buildWorld, seedMissingAreas } from './world/builder';

/** How often (real ms) the clock's part of the events runs. */
const TICK_MS = 500;

function checkOptions(opts: EmulatorOptions): void {
  if (opts.seed !== undefined && (!Number.isSafeInteger(opts.seed) || opts.seed < 0 || opts.seed > 0xffffffff)) {
    throw new RangeError('emulator seed must be an integer from 0 to 4294967295');
  }
  if (opts.speed !== undefined && (!Number.isFinite(opts.speed) || opts.speed <= 0 || opts.speed > 1_000_000)) {
    throw new RangeError('emulator speed must be a number above 0 and at most 1000000');
  }
  if (opts.ownerKey !== undefined && !OWNER_KEY_RE.test(opts.ownerKey)) {
    throw new RangeError('emulator owner key must be 16-256 printable characters without spaces');
  }
  if (opts.startTime !== undefined && !(opts.startTime.getTime() >= 0 && opts.startTime.getTime() <= CLOCK_MAX_MS)) {
    throw new RangeError('emulator start time must be from 1970-01-01 to 9000-01-01');
  }
  if (opts.secretsKey !== undefined && opts.secretsKey.length !== 32) throw new RangeError('emulator secrets key must be 32 bytes');
  for (const [name, max] of [
    ['clusters', 5000],
    ['secretsPerCluster', 5000],
    ['members', 10000],
    ['endpoints', 1000],
    ['trainingJobs', 5000],
  ] as const) {
    const n = opts.scale?.[name];
    if (n !== undefined && (!Number.isSafeInteger(n) || n < 0 || n > max))
      throw new RangeError(`emulator scale.${name} must be an integer from 0 to ${max}`);
  }
}

/** The one area that provides each shared service; a list without one, or with two, is a programming error. */
function providerOf(areas: readonly AreaModule[], service: 'authority' | 'directory' | 'serving'): AreaModule {
  const providers = areas.filter((a) => a[service]);
  if (providers.length !== 1) throw new Error(`exactly one area must provide the ${service} (found ${providers.length})`);
  const names = new Set<string>();
  for (const a of areas) {
    if (names.has(a.name)) throw new Error(`two areas are named ${a.name}`);
    names.add(a.name);
  }
  return providers[0]!;
}

export function createEmulator(opts: EmulatorOptions = {}): Emulator {
  checkOptions(opts);
  const areas = opts.areas ?? AREAS;
  const authorityArea = providerOf(areas, 'authority');
  const directoryArea = providerOf(areas, 'directory');
  const servingArea = providerOf(areas, 'serving');
  const ownerKey = opts.ownerKey ?? generateKeyValue('live');
  // First of all: a folder another process holds is not touched (main/data-lock.ts).
  const lock = opts.dataDir ? lockDataFolder(opts.dataDir) : null;
  let saved: EmulatorSnapshot | null;
  let found: ReturnType<typeof readSnapshotWithDigestSync> = null;
  let continued: ReturnType<typeof readWalSync> = null;
  try {
    if (opts.dataDir) removeStrayTemporaries(opts.dataDir);
    found = opts.dataDir ? readSnapshotWithDigestSync(areas, opts.dataDir) : null;
    // The write-ahead log continues only over the snapshot it names (state/wal.ts).
    const log = opts.dataDir && found ? readWalSync(opts.dataDir) : null;
    continued = log && log.contents.base === found!.digest ? log : null;
    saved = found && continued ? replayLog(areas, found.snapshot, continued) : (found?.snapshot ?? null);
  } catch (e) {
    lock?.release();
    throw e;
  }
  let seed = saved?.seed ?? opts.seed ?? 42;
  const startMs = Math.max(opts.startTime?.getTime() ?? Date.now(), saved?.clock.now ?? 0);
  const clock = new SimClock(startMs, opts.speed ?? 1);
  const cipher = new SecretCipher(resolveSecretsKey(opts.secretsKey, opts.dataDir));
  const worldOptions = { scale: opts.scale, sealSecret: (aad: string, text: string) => cipher.sealSeeded(aad, text) };
  const closing = new AbortController();
  const world = buildWorld(areas, seed, clock.now(), worldOptions);
  // A snapshot written before an area existed gets that area's seeded world (docs/decisions.md, Clusters).
  const migrated = saved ? seedMissingAreas(areas, saved.state, seed, clock.now(), worldOptions) : [];
  const store = new Store(areas, saved?.state ?? world.state);
  const afterLoad = () => {
    for (const area of areas) area.afterLoad?.(store, { ownerKey });
  };
  afterLoad();
  let openapi: Record<string, unknown> | null = null;
  const onDefect = opts.onDefect ?? ((e: unknown) => console.error('emulator: internal error:', e instanceof Error ? e.message : e));
  const authority: Authority = authorityArea.authority!(store);
  let persister: Persister | null = null;
  if (opts.dataDir) {
    // Checked as the loader will check it, so a file is never written that the next start would refuse.
    const checkedSnapshot = () =>
      validateSnapshot(areas, makeSnapshot(seed, clock.now(), store.toState(false)), 'the snapshot about to be written');
    persister = new Persister(
      opts.dataDir,
      { snapshot: checkedSnapshot, record: (area, id) => store.recordOf(area, id), now: () => clock.now() },
      {
        base: found?.digest ?? null,
        existingLog: continued ? { records: continued.contents.records, bytes: continued.contents.goodBytes } : null,
        onError: (e) => console.error(`emulator: could not write the data folder: ${e.message}`),
      },
    );
    store.sink = persister;
    // A first start, or a snapshot that gained an area, is written at once.
    if (!found || migrated.length) persister.changed('state');
  }

  const events = new EventHub(
    () => clock.now(),
    () => ctx.directory().account().id,
  );
  const ctx: EmulatorContext = {
    clock,
    events,
    metering: function* () {
      for (const a of areas) if (a.metering) yield* a.metering(store);
    },
    tallies: function* () {
      for (const a of areas) if (a.tallies) yield* a.tallies(store);
    },
    gpuActivity: function* (bounds) {
      for (const a of areas) if (a.gpuActivity) yield* a.gpuActivity(store, seed, bounds);
    },
    spending(fromMs, toMs) {
      return spentUsd(this.metering(), fromMs, toMs) + talliedUsd(this.tallies(), fromMs, toMs);
    },
    settle(deadline) {
      const now = clock.now();
      return areas.every((a) => !a.settle || a.settle(store, now, deadline));
    },
    happenings: (fromMs, toMs) => areas.flatMap((a) => a.happenings?.(store, fromMs, toMs) ?? []).sort((x, y) => x.at - y.at),
    store,
    limiter: new RateLimiter(opts.rateLimits !== 'report'),
    journal: new Journal(),
    chaos: new Chaos(seed),
    persistence: opts.dataDir ? 'disk' : 'memory',
    dataDir: opts.dataDir ?? null,
    persister,
    secrets: cipher,
    authority,
    closing: closing.signal,
    startedAt: Date.now(),
    directory: () => directoryArea.directory!(store.slice(directoryArea.name)),
    serving: () => servingArea.serving!(store),
    resource(id) {
      for (const area of areas) {
        const found = area.resourceOf?.(store, id);
        if (found) return found;
      }
      return null;
    },
    createdResources: () => areas.flatMap((a) => a.createdResources?.(store.slice(a.name)) ?? []),
    seed: () => seed,
    reset() {
      store.load(buildWorld(areas, seed, clock.now(), worldOptions).state);
      afterLoad();
      ctx.limiter.clear();
      ctx.chaos.set([], seed);
    },
    importSnapshot(body: EmulatorSnapshot) {
      const snapshot = validateSnapshot(areas, body, 'the request body');
      const ahead = snapshot.clock.now - clock.now();
      if (ahead > 0) clock.advance(ahead / 1000); // simulated time never runs backwards
      seed = snapshot.seed;
      seedMissingAreas(areas, snapshot.state, seed, clock.now(), worldOptions);
      store.load(snapshot.state);
      afterLoad();
      ctx.limiter.clear();
    },
    exportSnapshot: () => makeSnapshot(seed, clock.now(), store.toState()),
    openapi: () =>
      (openapi ??= buildOpenApi(
        [...areas.flatMap((a) => [...a.routes, ...(a.adminRoutes ?? [])]), ...adminRoutes].map((d) => ({ op: d.op, status: d.status })),
      )),
  };
  events.sink = areas.find((a) => a.deliveries)?.deliveries!(ctx) ?? null;
  // The clock's part of the events (happenings, cost alerts, retries) runs twice a real second;
  // moving the clock by hand runs it at once (admin/routes.ts).
  // Costly simulated work is settled in a slice of each tick too (AreaModule.settle).
  const ticker = setInterval(() => {
    try {
      ctx.settle(performance.now() + SETTLE_SLICE_MS);
      events.tick();
    } catch (e) {
      onDefect(e);
    }
  }, TICK_MS);
  ticker.unref();
  const app = buildApp(ctx, areas, onDefect);
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
      clearInterval(ticker);
      await events.sink?.close();
      await app.close();
      try {
        await persister?.flush();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * The snapshot with the log's records replayed over it, checked as a whole. A torn last line
 * (a write a crash interrupted, never answered) is cut off the file so appends continue after
 * the last complete batch.
 */
function replayLog(
  areas: readonly AreaModule[],
  snapshot: EmulatorSnapshot,
  log: { file: string; contents: WalContents },
): EmulatorSnapshot {
  const { file, contents } = log;
  if (contents.torn) truncateSync(file, contents.goodBytes);
  if (contents.batches.length === 0) return snapshot;
  const at = replayWal(areas, snapshot.state.areas, contents.batches, file);
  const replayed = { ...snapshot, clock: { now: Math.max(snapshot.clock.now, at) } };
  return validateSnapshot(areas, replayed, `${file} replayed over ${SNAPSHOT_FILE}`);
}

function buildApp(ctx: EmulatorContext, areas: readonly AreaModule[], onDefect: (e: unknown) => void): FastifyInstance {
  const table = new RouteTable();
  const app = fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 1000 },
    exposeHeadRoutes: false,
    // fastify generates an id for every request anyway: ours (X-Request-Id) replaces its default.
    genReqId: newRequestId,
    frameworkErrors: frameworkErrorHandler(ctx, table),
    clientErrorHandler: clientErrorHandler(ctx, table),
  });
  installPipeline(app, ctx, table, onDefect);
  for (const area of areas)
    registerRoutes(app, ctx, { routes: area.routes, admin: false, limits: area.limits, mapIssue: area.mapIssue }, table);
  registerRoutes(app, ctx, { routes: [...adminRoutes, ...areas.flatMap((a) => a.adminRoutes ?? [])], admin: true }, table);
  // Hosts an area serves outside the API pipeline (the dataset upload host): their own auth and body handling.
  for (const area of areas) area.mount?.(app, ctx);
  registerRoot(app, ctx, table);
  return app;
}
