// A cluster's status as of a moment: the settled status, a stop/restart under way or just
// finished, and a `starting` cluster that has come up. Reads compute it; writes settle it.
import type { ClusterStatus } from '../../../../../shared/api/clusters/common';
import type { StoredCluster } from '../state';
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

/**
 * USD the cluster's billing session (billing_started_at until billing_stopped_at, or on) costs
 * within [from, to): the one figure behind the session cost a cluster shows and the account's
 * spending (clusters/events.ts).
 */
export function billedUsd(c: StoredCluster, from: number, to: number): number {
  if (c.billing_started_at === null) return 0;
  const start = Math.max(from, c.billing_started_at);
  const end = Math.min(to, c.billing_stopped_at ?? to);
  return end > start ? (c.hourly_rate * (end - start)) / 3_600_000 : 0;
}

export function sessionCost(c: StoredCluster, now: number): number {
  // The whole session: to its end once billing stopped (which a stop may set ahead of now), else to now.
  return Math.round(billedUsd(c, -Infinity, c.billing_stopped_at ?? now) * 100) / 100;
}
