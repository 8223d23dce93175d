// The bulk dialog's rules: what each operation needs (a role, a department) and how the
// per-member results read, failures first.
import type { TeamMember } from '../../../../../shared/api/accounts/team';
import type { FormResult } from '../../../components/form/form-result';
import type { BulkOperation, BulkResult } from './team-store';

export const BULK_TITLES: Record<BulkOperation, string> = {
  update_role: 'Change role',
  update_department: 'Set department',
  suspend: 'Suspend',
  reactivate: 'Reactivate',
};

export interface BulkForm {
  role: string;
  department: string;
}

export interface BulkRequest {
  data?: { role?: string; department?: string };
}

const DEPARTMENT_MAX = 100;

export function validateBulk(operation: BulkOperation, form: BulkForm, roles: readonly string[]): FormResult<BulkRequest> {
  if (operation === 'update_role') {
    return roles.includes(form.role)
      ? { ok: true, request: { data: { role: form.role } } }
      : { ok: false, errors: { role: 'Choose a role' } };
  }
  if (operation === 'update_department') {
    const department = form.department.trim();
    if (department === '') return { ok: false, errors: { department: 'Enter a department' } };
    if (department.length > DEPARTMENT_MAX)
      return { ok: false, errors: { department: `At most ${DEPARTMENT_MAX} characters (${department.length} now)` } };
    return { ok: true, request: { data: { department } } };
  }
  return { ok: true, request: {} };
}

interface BulkOutcomeRow {
  userId: string;
  label: string;
  ok: boolean;
  updated: boolean;
  reason: string | null;
}

export interface BulkOutcome {
  summary: string;
  succeeded: BulkOutcomeRow[];
  failed: BulkOutcomeRow[];
  /** Failures first (what needs a look), then the rest, each in the selection's order. */
  rows: BulkOutcomeRow[];
}

export function bulkOutcome(results: readonly BulkResult[], members: readonly Pick<TeamMember, 'id' | 'name' | 'email'>[]): BulkOutcome {
  const byId = new Map(members.map((m) => [m.id, m]));
  const rows = results.map((r) => {
    const m = byId.get(r.userId);
    return {
      userId: r.userId,
      label: m ? (m.name ? `${m.name} <${m.email}>` : m.email) : r.userId,
      ok: r.status === 'success',
      updated: r.updated,
      reason: r.status === 'success' ? null : (r.error?.message ?? 'Refused'),
    };
  });
  const succeeded = rows.filter((r) => r.ok);
  const failed = rows.filter((r) => !r.ok);
  const unchanged = succeeded.filter((r) => !r.updated).length;
  const parts = [
    `${succeeded.length - unchanged} of ${rows.length} changed`,
    ...(unchanged > 0 ? [`${unchanged} already as asked`] : []),
    ...(failed.length > 0 ? [`${failed.length} failed`] : []),
  ];
  return { summary: parts.join(', '), succeeded, failed, rows: [...failed, ...succeeded] };
}
