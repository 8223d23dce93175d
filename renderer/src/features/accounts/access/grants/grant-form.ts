// The "Grant…" dialog's form: the member, what to grant on which scopes, optional resources (one
// id per line or comma), an optional expiry counted from the server's now, and a reason.
import type { CreateGrantRequest } from '../../../../../../shared/api/accounts/grants';
import type { FormResult } from '../../../../components/form/form-result';

export const EXPIRIES = [
  { value: '', label: 'No expiry', ms: 0 },
  { value: '1h', label: 'In 1 hour', ms: 3_600_000 },
  { value: '8h', label: 'In 8 hours', ms: 8 * 3_600_000 },
  { value: '1d', label: 'In 1 day', ms: 86_400_000 },
  { value: '7d', label: 'In 7 days', ms: 7 * 86_400_000 },
  { value: '30d', label: 'In 30 days', ms: 30 * 86_400_000 },
] as const;

export interface GrantForm {
  userId: string;
  permissions: string[];
  scopes: string[];
  resources: string;
  expiresIn: (typeof EXPIRIES)[number]['value'];
  reason: string;
}

export const emptyGrantForm = (): GrantForm => ({ userId: '', permissions: [], scopes: [], resources: '', expiresIn: '', reason: '' });

const MAX_RESOURCES = 100;

/** The resource ids typed, each once. */
function resourceIds(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

export function validateGrantForm(form: GrantForm, now: number): FormResult<{ userId: string; body: CreateGrantRequest }> {
  const errors: Record<string, string> = {};
  if (!form.userId) errors.userId = 'Choose a member';
  if (!form.permissions.length) errors.permissions = 'Choose at least one permission';
  if (!form.scopes.length) errors.scopes = 'Choose at least one scope';
  const resources = resourceIds(form.resources);
  if (resources.length > MAX_RESOURCES) errors.resources = `At most ${MAX_RESOURCES} resources`;
  else if (resources.some((r) => r.length > 200)) errors.resources = 'A resource id has at most 200 characters';
  if (form.reason.length > 500) errors.reason = 'At most 500 characters';
  if (Object.keys(errors).length) return { ok: false, errors };
  const expiry = EXPIRIES.find((e) => e.value === form.expiresIn)!;
  const body = {
    permissions: form.permissions,
    scopes: form.scopes,
    ...(resources.length ? { resources } : {}),
    ...(expiry.ms ? { expiresAt: new Date(now + expiry.ms).toISOString() } : {}),
    ...(form.reason.trim() ? { reason: form.reason.trim() } : {}),
  };
  return { ok: true, request: { userId: form.userId, body } };
}
