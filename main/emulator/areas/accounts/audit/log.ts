// Writing the audit log (01-accounts.md, Audit event): every role change, grant, revocation,
// share and refused request is appended here by the action itself, one write-ahead record
// per event (records.ts), so what the log says happened did happen.
import { randomBase62 } from '../../../core/ids';
import type { Store } from '../../../state/store';
import { accountRecord } from '../records';
import { accountsOf, AREA } from '../state';
import type { StoredAuditEvent } from '../stored-schema';
import { pruneAudit } from './retention';

/**
 * An event as an action hands it in. A route handler does not see the request's address and
 * most actions name no resource: both default to null.
 */
export type AuditInput = Omit<StoredAuditEvent, 'id' | 'ipAddress' | 'resource'> &
  Partial<Pick<StoredAuditEvent, 'ipAddress' | 'resource'>>;

/** Appends one event and touches its record; returns it. */
export function appendAudit(store: Store, input: AuditInput): StoredAuditEvent {
  const event: StoredAuditEvent = { id: `audit_${randomBase62(16)}`, ipAddress: null, resource: null, ...input };
  const accounts = accountsOf(store);
  // Retention and the cap are applied as events come (retention.ts): O(1) unless something is due.
  pruneAudit(accounts, input.at);
  accounts.audit.push(event);
  store.touch(AREA, accountRecord.audit(event.id));
  return event;
}
