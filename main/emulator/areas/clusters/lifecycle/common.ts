// What stop and restart share: progress without the internal fields, the snapshot a phase
// creates, and answering at once or after a wait in simulated time.
import { randomId } from '../../../core/ids';
import type { EmulatorContext } from '../../../core/context';
import { endOf, phaseEnd, progressAt } from '../sim/phases';
import { waitForSimTime } from '../../../sim/wait';
import { ok } from '../envelope';
import type { StoredCluster, StoredLifecycle } from '../state';

const MIN = 60_000;

export function progressOf(op: StoredLifecycle, now: number) {
  const { done: _done, endsAt: _end, ...progress } = progressAt(op, now);
  return progress;
}

/** A snapshot that appears in storage.snapshots once its phase ends. */
export function addPhaseSnapshot(c: StoredCluster, op: StoredLifecycle, phase: string, name: string): string {
  const id = randomId('snap_');
  c.snapshots.push({ id, name, created_at: phaseEnd(op, phase)!, size_gb: Math.max(1, Math.round(c.resources.storage_gb * 0.35)) });
  return id;
}

/** Answers at once, or after the wait in simulated time (meta.timed_out says which ended it). */
export function answer<D, F extends string>(
  ctx: EmulatorContext,
  op: StoredLifecycle,
  now: number,
  wait: boolean,
  flag: F,
  data: (t: number) => D,
  requestId: string,
) {
  if (!wait) return ok(data(now), requestId, { [flag]: false } as Record<F, boolean>);
  return waitForSimTime(ctx.clock, endOf(op), now + op.timeout_minutes * MIN, ctx.closing).then((completed) =>
    ok(data(Math.max(now, ctx.clock.now())), requestId, { [flag]: true, timed_out: !completed } as Record<F, boolean>),
  );
}
