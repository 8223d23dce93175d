// How long the audit log keeps events and how many it may hold (docs/decisions.md, Permissions
// and roles: Audit log and what-if). Events are appended in time order, so what falls out is
// always a prefix: found by binary search and cut in one splice, checked in O(1) when nothing is due.
import type { Accounts } from '../state';
import type { StoredAuditEvent } from '../stored-schema';

const DAY_MS = 86_400_000;

/**
 * The most events the log holds: a 403 flood cannot grow memory without end.
 * @internal Exported for its tests only.
 */
export const AUDIT_EVENTS_MAX = 1_000_000;

/**
 * The one place the retention is read: the account's security.audit.retention_days (01-accounts.md,
 * Account settings: 30-365). Shortening it drops the older events at the next append or read.
 */
export function auditRetentionDays(accounts: Accounts): number {
  return accounts.settings.security.audit.retention_days;
}

/** The first index whose event is at or after `t` (events are oldest first). */
export function firstAtOrAfter(events: readonly StoredAuditEvent[], t: number): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (events[mid]!.at < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The oldest moment still retained at `now`. */
export const retainedFrom = (accounts: Accounts, now: number): number => now - auditRetentionDays(accounts) * DAY_MS;

/**
 * Drops events older than the retention and, past the cap, the oldest ones; cheap when nothing is
 * due (one comparison). Dropped events leave the next snapshot; the write-ahead log is append-only
 * and a replayed old event is dropped again here.
 */
export function pruneAudit(accounts: Accounts, now: number, max = AUDIT_EVENTS_MAX): void {
  const events = accounts.audit;
  if (events.length === 0) return;
  let cut = events[0]!.at < retainedFrom(accounts, now) ? firstAtOrAfter(events, retainedFrom(accounts, now)) : 0;
  // Past the cap, 1% more than needed goes at once: a flood pays one splice per 10,000 events, not one per event.
  if (events.length - cut > max) cut = events.length - max + Math.ceil(max / 100);
  if (cut > 0) events.splice(0, cut);
}
