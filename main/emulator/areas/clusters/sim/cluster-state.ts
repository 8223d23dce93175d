// A cluster's status as of a moment: the settled status, a stop/restart under way or just
// finished, and a `starting` cluster that has come up. Reads compute it; writes settle it.
import type { ClusterStatus } from '../../../../../shared/api/clusters/common';
import { meteredUsd } from '../../../core/metering';
import type { StoredCluster } from '../state';
import { BILLING_HISTORY_MAX } from '../stored-schema';
import { progressAt, type Progress } from './phases';

export interface Projected {
  status: ClusterStatus;
  /** Progress of the stop or restart under way (not yet done), else null. */
  progress: Progress | null;
  /** When the cluster last came up, for uptime; null when not up. */
  startedAt: number | null;
}

export function project(c: StoredCluster, now: number): Projected {
  const op = c.lifecycle;
  if (op) {
    const p = progressAt(op, now);
    if (!p.done)
      return { status: op.kind === 'stop' ? 'stopping' : 'restarting', progress: p, startedAt: op.kind === 'stop' ? c.started_at : null };
    return op.kind === 'stop'
      ? { status: 'stopped', progress: null, startedAt: null }
      : { status: 'running', progress: null, startedAt: p.endsAt };
  }
  if (c.status === 'starting' && c.starting_until !== null && now >= c.starting_until) {
    return { status: 'running', progress: null, startedAt: c.starting_until };
  }
  return { status: c.status, progress: null, startedAt: c.status === 'running' ? c.started_at : null };
}

/** Writes what time has decided (a finished stop or restart, a finished start); true when anything changed. */
export function settle(c: StoredCluster, now: number): boolean {
  const p = project(c, now);
  if (p.progress !== null) return false;
  if (!c.lifecycle && !(c.status === 'starting' && p.status === 'running')) return false;
  c.status = p.status as StoredCluster['status'];
  c.started_at = p.startedAt;
  c.lifecycle = null;
  c.starting_until = null;
  return true;
}

export function uptimeSeconds(p: Projected, now: number): number {
  return p.startedAt === null || (p.status !== 'running' && p.status !== 'stopping')
    ? 0
    : Math.max(0, Math.floor((now - p.startedAt) / 1000));
}

/** A stretch billed at one hourly rate; `end` null: still billing. */
export interface BilledStretch {
  start: number;
  end: number | null;
  hourly_rate: number;
}

/** Everything the cluster was and is billed for, oldest first: its history, then the current stretch. */
export function billedStretches(c: StoredCluster): BilledStretch[] {
  const out: BilledStretch[] = [...c.billing_history];
  if (c.billing_started_at !== null)
    out.push({ start: Math.max(c.billing_started_at, c.rate_since ?? -Infinity), end: c.billing_stopped_at, hourly_rate: c.hourly_rate });
  return out;
}

/**
 * USD the cluster's billing costs within [from, to), history included: the session cost a cluster
 * shows; the account's spending and usage sum the same stretches (clusters/events.ts metering).
 * @internal Exported for its tests only.
 */
export function billedUsd(c: StoredCluster, from: number, to: number): number {
  let usd = 0;
  for (const s of billedStretches(c)) usd += meteredUsd({ start: s.start, end: s.end, usdPerHour: s.hourly_rate }, from, to);
  return usd;
}

/** The current session, from billing_started_at to its end once billing stopped (which a stop may set ahead of now), else to now. */
export function sessionCost(c: StoredCluster, now: number): number {
  if (c.billing_started_at === null) return 0;
  return Math.round(billedUsd(c, c.billing_started_at, c.billing_stopped_at ?? now) * 100) / 100;
}

/**
 * Closes the current stretch at `end` at the rate it was billed (`rate`: the rate before a
 * restart changed it) into the history, the oldest dropped past BILLING_HISTORY_MAX.
 */
export function closeBilledStretch(c: StoredCluster, rate: number, end: number): void {
  if (c.billing_started_at === null) return;
  const start = Math.max(c.billing_started_at, c.rate_since ?? -Infinity);
  if (end > start) c.billing_history.push({ start, end, hourly_rate: rate });
  if (c.billing_history.length > BILLING_HISTORY_MAX) c.billing_history.splice(0, c.billing_history.length - BILLING_HISTORY_MAX);
}
