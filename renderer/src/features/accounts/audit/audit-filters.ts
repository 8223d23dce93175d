// The audit log's filters as the address keeps them (`#/audit?period=30d&type=access_denied&
// user=usr_…&q=cluster_…`) and as the API asks them (permissions.audit's query), and the four
// summary figures, three of which are the type filter.
import { AuditEvent, type AuditQuery, type AuditResponse } from '../../../../../shared/api/accounts/audit';
import { UsagePeriod } from '../../../../../shared/api/common';
import { oneOfParam, type UrlParams } from '../../../platform/navigation/url-state';

export type AuditEventType = AuditEvent['type'];
/** The event types, from the contract. */
export const EVENT_TYPES: readonly AuditEventType[] = AuditEvent.shape.type.options;

/** The address's keys and their defaults (the API's default period is 7 days). The resource id is the filter box's `q`. */
export const AUDIT_URL = { period: '7d', type: '', user: '' } as const;
type AuditUrlKey = keyof typeof AUDIT_URL | 'q' | 'sort';

/** What a load asks: the API's query without its paging. */
export type AuditFilters = Pick<AuditQuery, 'period'> & Partial<Pick<AuditQuery, 'type' | 'userId' | 'resourceId'>>;

/** The bounds of the contract: an id longer than the API takes is no filter the API could answer. */
const USER_MAX = 100;
const RESOURCE_MAX = 200;

/**
 * The API's filters of an address: an unknown period is the default one, an unknown type none,
 * the resource id trimmed; ids over the contract's bound are cut to it (nothing matches them).
 */
export function auditFilters(params: UrlParams<AuditUrlKey>): AuditFilters {
  const period = oneOfParam(UsagePeriod.options, params.period) || '7d';
  const type = oneOfParam(EVENT_TYPES, params.type);
  const userId = params.user.trim().slice(0, USER_MAX);
  const resourceId = params.q.trim().slice(0, RESOURCE_MAX);
  return {
    period,
    ...(type ? { type } : {}),
    ...(userId ? { userId } : {}),
    ...(resourceId ? { resourceId } : {}),
  };
}

/** The filters a summary answers for: a type filter narrows the list, not the figures beside it. */
export function summaryKey(filters: AuditFilters): string {
  const { type: _type, ...rest } = filters;
  return JSON.stringify(rest);
}

export const TYPE_LABEL: Record<AuditEventType, string> = {
  permission_change: 'Permission change',
  access_denied: 'Access denied',
  role_assignment: 'Role assignment',
};

export const PERIOD_LABEL: Record<UsagePeriod, string> = { '1d': '24 h', '7d': '7 days', '30d': '30 days', '90d': '90 days' };

type Summary = AuditResponse['summary'];

export interface SummaryFigure {
  key: keyof Summary;
  label: string;
  /** The type this figure filters by; shares are counted across types and filter nothing. */
  type: AuditEventType | null;
  hint: string;
}

export const SUMMARY_FIGURES: readonly SummaryFigure[] = [
  { key: 'permissionChanges', label: 'Permission changes', type: 'permission_change', hint: 'Grants, revocations, role edits' },
  { key: 'accessDenied', label: 'Access denied', type: 'access_denied', hint: 'Requests answered 403' },
  { key: 'roleAssignments', label: 'Role assignments', type: 'role_assignment', hint: 'Members given a role' },
  { key: 'resourceShares', label: 'Resource shares', type: null, hint: 'Counted among the events' },
];

/** The type a click on a figure leaves in the address: its own, or none when it was already chosen. */
export function toggledType(current: string, figure: SummaryFigure): string {
  if (!figure.type) return current;
  return current === figure.type ? '' : figure.type;
}

/** What an empty filtered list says: what was asked, and what to change. */
export function emptyAdvice(f: AuditFilters): string {
  const asked = [f.type && TYPE_LABEL[f.type].toLowerCase(), f.userId && 'this member', f.resourceId && `resource ${f.resourceId}`].filter(
    Boolean,
  );
  const what = asked.length > 0 ? ` for ${asked.join(', ')}` : '';
  const tips = [
    f.period !== '90d' && 'a longer period',
    f.type && 'every type',
    f.resourceId && 'the resource id (it must match whole)',
  ].filter(Boolean);
  return `No events in the last ${PERIOD_LABEL[f.period]}${what}.${tips.length > 0 ? ` Try ${tips.join(', or ')}.` : ''}`;
}
