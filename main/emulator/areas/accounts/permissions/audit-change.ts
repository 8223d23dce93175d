// One `permission_change` audit event for an action of the permission routes, by the member
// behind the calling key (01-accounts.md, Audit event). The request's address is not what a
// handler sees: ipAddress is null.
import type { Caller } from '../../../core/area';
import type { Store } from '../../../state/store';
import { appendAudit } from '../audit/log';
import type { StoredAuditEvent } from '../stored-schema';

export function auditChange(
  store: Store,
  key: Caller,
  now: number,
  action: string,
  what: { targetUserId: string | null; resource: StoredAuditEvent['resource']; details: Record<string, unknown> },
): void {
  appendAudit(store, {
    at: now,
    type: 'permission_change',
    action,
    actorId: key.createdBy,
    keyId: key.id,
    targetUserId: what.targetUserId,
    resource: what.resource,
    details: what.details,
  });
}
