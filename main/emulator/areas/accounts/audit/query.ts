// Reading the audit log (01-accounts.md, Endpoints: GET /v2/accounts/permissions/audit): the
// period's first event by binary search (events are appended in time order), then one pass from
// the newest that filters, counts the summary and keeps the page. Profiled at 1,000,000 events
// (npm run bench -- audit): one pass over the period is well inside the target, so no per-user
// or per-type index is kept (each would cost memory and upkeep on every append).
import type { UsagePeriod } from '../../../../../shared/api/common';
import type { AuditEvent, AuditQuery, AuditResponse } from '../../../../../shared/api/accounts/audit';
import { validationError } from '../../../core/errors';
import type { StoredAuditEvent, StoredMember } from '../stored-schema';
import { firstAtOrAfter } from './retention';

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<UsagePeriod, number> = { '1d': 1, '7d': 7, '30d': 30, '90d': 90 };

/** The cursor names the last event of a page: its time and id (base64url of `<at>.<id>`). */
const encodeCursor = (e: StoredAuditEvent) => Buffer.from(`${e.at}.${e.id}`).toString('base64url');

function decodeCursor(cursor: string): { at: number; id: string } {
  const m = /^(\d{1,16})\.(audit_[A-Za-z0-9]{1,100})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw validationError('cursor', 'not a cursor this list gave (use nextCursor as is)');
  return { at: Number(m[1]), id: m[2]! };
}

/** The index past the last event a page may hold: just before the cursor's event (or the newest). */
function endOf(events: readonly StoredAuditEvent[], cursor: string | undefined): number {
  if (cursor === undefined) return events.length;
  const { at, id } = decodeCursor(cursor);
  const first = firstAtOrAfter(events, at);
  // Among the events of the same millisecond, the cursor's own; gone (dropped): everything before that millisecond.
  for (let i = first; i < events.length && events[i]!.at === at; i++) if (events[i]!.id === id) return i;
  return first;
}

function view(e: StoredAuditEvent, names: ReadonlyMap<string, string | null>): AuditEvent {
  const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
  return {
    id: e.id,
    timestamp: new Date(e.at).toISOString(),
    type: e.type,
    actor: { userId: e.actorId, name: nameOf(e.actorId), ipAddress: e.ipAddress, keyId: e.keyId },
    target: e.targetUserId === null ? null : { userId: e.targetUserId, name: nameOf(e.targetUserId) },
    resource: e.resource,
    action: e.action,
    details: e.details,
  };
}

export function auditPage(
  events: readonly StoredAuditEvent[],
  members: readonly StoredMember[],
  q: AuditQuery,
  now: number,
  retainedFrom: number,
  retentionDays: number,
): AuditResponse {
  const from = Math.max(now - PERIOD_DAYS[q.period] * DAY_MS, retainedFrom);
  const start = firstAtOrAfter(events, from);
  const end = endOf(events, q.cursor);
  const { type, userId, resourceId, limit } = q;
  const summary = { permissionChanges: 0, accessDenied: 0, roleAssignments: 0, resourceShares: 0 };
  const page: StoredAuditEvent[] = [];
  let total = 0;
  let more = false;
  // Totals count the whole filtered period, whatever the page; the page is the newest `limit` before the cursor.
  for (let i = events.length - 1; i >= start; i--) {
    const e = events[i]!;
    if (e.at > now) continue; // written ahead of a clock moved back by an import: not yet
    if (type !== undefined && e.type !== type) continue;
    if (userId !== undefined && e.actorId !== userId && e.targetUserId !== userId) continue;
    if (resourceId !== undefined && e.resource?.id !== resourceId) continue;
    total++;
    if (e.type === 'permission_change') summary.permissionChanges++;
    else if (e.type === 'access_denied') summary.accessDenied++;
    else summary.roleAssignments++;
    if (e.action === 'resource_shared') summary.resourceShares++;
    if (i < end) {
      if (page.length < limit) page.push(e);
      else more = true;
    }
  }
  const names = new Map(members.map((m) => [m.id, m.name]));
  return {
    period: q.period,
    events: page.map((e) => view(e, names)),
    total,
    summary,
    nextCursor: more ? encodeCursor(page[page.length - 1]!) : null,
    retentionDays,
  };
}
