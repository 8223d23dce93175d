// The audit log as CSV (lib/csv, as every export of the console): one record per event, the
// columns of the table and then every part of the event, `details` as its JSON.
import type { AuditEvent } from '../../../../../shared/api/accounts/audit';
import { toCsv, type CsvValue } from '../../../lib/csv';
import { eventSentence } from './audit-words';

/**
 * At most this many events in one export, read a page of 1,000 at a time: 10 reads of the
 * accounts group's 500 an hour, and a file a spreadsheet opens at once. A longer list says so
 * and exports the newest (docs/decisions.md, Permissions and roles: the audit log page).
 */
export const EXPORT_MAX = 10_000;

/** @internal Exported for its tests only. */
export const AUDIT_CSV_HEADER = [
  'timestamp',
  'type',
  'action',
  'summary',
  'actor_id',
  'actor_name',
  'actor_ip',
  'actor_key_id',
  'target_id',
  'target_name',
  'resource_type',
  'resource_id',
  'resource_name',
  'event_id',
  'details',
] as const;

/** @internal Exported for its tests only. */
export function auditCsvRow(e: AuditEvent): CsvValue[] {
  return [
    e.timestamp,
    e.type,
    e.action,
    eventSentence(e),
    e.actor.userId,
    e.actor.name,
    e.actor.ipAddress,
    e.actor.keyId,
    e.target?.userId,
    e.target?.name,
    e.resource?.type,
    e.resource?.id,
    e.resource?.name,
    e.id,
    JSON.stringify(e.details),
  ];
}

export function auditCsv(events: readonly AuditEvent[]): string {
  return toCsv(AUDIT_CSV_HEADER, events.map(auditCsvRow));
}

/** `audit-log-30d-access_denied-2026-11-27.csv`: the period, the type when filtered, the day by the server's clock. */
export function exportFileName(filters: { period: string; type?: string }, now: number): string {
  return `audit-log-${filters.period}${filters.type ? `-${filters.type}` : ''}-${new Date(now).toISOString().slice(0, 10)}.csv`;
}
