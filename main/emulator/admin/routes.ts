// `/_emulator/*`: health, reset, clock, snapshot export/import, journal, chaos, OpenAPI.
// The pipeline has already required the owner key.
import { emulatorAdminOperations as ops } from '../../../shared/api/emulator-admin';
import { ClockBoundError } from '../core/clock';
import { SETTLE_SLICE_MS } from '../core/context';
import { validationError } from '../core/errors';
import { defineRoute } from '../core/route-def';
import { SnapshotError } from '../state/snapshot';

const iso = (ms: number) => new Date(ms).toISOString();

export const adminRoutes = [
  defineRoute(ops['emulator.health'], (ctx, { now }) => ({
    status: 'ok' as const,
    seed: ctx.seed(),
    now: iso(now),
    uptimeSeconds: Math.round((Date.now() - ctx.startedAt) / 1000),
    keys: ctx.authority.keyCount(),
    persistence: ctx.persistence,
  })),
  defineRoute(ops['emulator.reset'], (ctx) => {
    ctx.reset();
    return { seed: ctx.seed(), now: iso(ctx.clock.now()), message: 'Back to the seeded world' };
  }),
  defineRoute(ops['emulator.clock'], (ctx) => ctx.clock.info()),
  defineRoute(ops['emulator.clockAdvance'], async (ctx, { body }) => {
    try {
      ctx.clock.advance(body.seconds);
      ctx.store.changed('clock'); // durable before the answer, like any write
    } catch (e) {
      if (e instanceof ClockBoundError) throw validationError('seconds', `${e.message} (now ${new Date(ctx.clock.now()).toISOString()})`);
      throw e;
    }
    // The move's costly work (days of tuning suggestions) is done here, in slices between which
    // other requests are answered, so no read after it pays for the past (issue 23).
    while (!ctx.settle(performance.now() + SETTLE_SLICE_MS)) await new Promise((resolve) => setImmediate(resolve));
    ctx.events.tick(); // what the move made happen is emitted now (and due retries start)
    return ctx.clock.info();
  }),
  defineRoute(ops['emulator.clockSpeed'], (ctx, { body }) => {
    ctx.clock.setSpeed(body.speed);
    ctx.store.changed('clock'); // the time it changed at is written, like an advance
    return ctx.clock.info();
  }),
  defineRoute(ops['emulator.snapshotExport'], (ctx) => ctx.exportSnapshot()),
  defineRoute(ops['emulator.snapshotImport'], (ctx, { body }) => {
    try {
      ctx.importSnapshot(body);
    } catch (e) {
      if (e instanceof SnapshotError) throw validationError(e.field ?? 'body', e.reason ?? e.message);
      throw e;
    }
    return { keys: ctx.authority.keyCount(), message: 'Snapshot imported' };
  }),
  defineRoute(ops['emulator.journal'], (ctx, { query }) => ({
    entries: ctx.journal.last(query.limit).map((e) => ({ ...e, at: iso(e.at) })),
    total: ctx.journal.total,
  })),
  defineRoute(ops['emulator.chaosGet'], (ctx) => ctx.chaos.view()),
  defineRoute(ops['emulator.chaosSet'], (ctx, { body }) => {
    ctx.chaos.set(body.rules, body.seed);
    return ctx.chaos.view();
  }),
  defineRoute(ops['emulator.openapi'], (ctx) => ctx.openapi()),
];
