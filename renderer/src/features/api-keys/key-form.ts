// The create-key form as plain data, and its translation into a CreateApiKeyRequest
// validated by the shared schema (the same one the bridge and the emulator use).
import { CreateApiKeyRequest, KEY_NAME_MAX } from '../../../../shared/api/api-keys';
import type { AccountKeyScope, KeyPermission } from '../../../../shared/api/common';
import { fieldErrors } from '../../components/form/field-errors';
import type { FormResult as GenericFormResult } from '../../components/form/form-result';

export const RATE_CLASSES = ['reads', 'writes', 'executions'] as const;
export type RateClass = (typeof RATE_CLASSES)[number];

export interface CreateKeyForm {
  name: string;
  permissions: KeyPermission[];
  scopes: AccountKeyScope[];
  /** `YYYY-MM-DD` from a date input, or '' for no expiry. */
  expiresOn: string;
  rateLimit: Record<RateClass, string>;
}

export const emptyCreateKeyForm = (): CreateKeyForm => ({
  name: '',
  permissions: ['read'],
  scopes: ['accounts'],
  expiresOn: '',
  rateLimit: { reads: '', writes: '', executions: '' },
});

export type FormErrors = Partial<Record<'name' | 'permissions' | 'scopes' | 'expiresAt' | `rateLimit.${RateClass}` | 'form', string>>;

export type FormResult = GenericFormResult<CreateApiKeyRequest, FormErrors>;

/** An expiry date means "usable through that day": the end of the day, local time. */
export function expiryFromDate(date: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 0);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function parseLimit(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  // Keep non-numbers as strings so the schema reports them instead of NaN slipping through.
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

export function toCreateRequest(form: CreateKeyForm, now: number = Date.now()): FormResult {
  const errors: FormErrors = {};
  let expiresAt: string | undefined;
  if (form.expiresOn !== '') {
    const iso = expiryFromDate(form.expiresOn);
    if (!iso) errors.expiresAt = 'Enter a valid date';
    else if (Date.parse(iso) <= now) errors.expiresAt = 'The expiry must be in the future';
    else expiresAt = iso;
  }
  const rateLimit: Record<string, unknown> = {};
  for (const c of ['reads', 'writes', 'executions'] as const) {
    const v = parseLimit(form.rateLimit[c]);
    if (v !== undefined) rateLimit[c] = v;
  }
  const candidate = {
    name: form.name,
    permissions: form.permissions,
    scopes: form.scopes,
    ...(expiresAt ? { expiresAt } : {}),
    ...(Object.keys(rateLimit).length > 0 ? { rateLimit } : {}),
  };
  const parsed = CreateApiKeyRequest.safeParse(candidate);
  if (!parsed.success) {
    fieldErrors(
      parsed.error.issues,
      (path, issue) => {
        const [first, second] = path.split('.');
        const field = (first === 'rateLimit' && second ? `rateLimit.${second}` : first || 'form') as keyof FormErrors;
        return [field, friendly(field, issue.message)];
      },
      errors,
    );
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

function friendly(field: keyof FormErrors, message: string): string {
  if (field.startsWith('rateLimit.')) return 'A whole number of requests per hour (0 or more)';
  if (field === 'name' && /too big|at most/i.test(message)) return `Name is at most ${KEY_NAME_MAX} characters`;
  return message;
}
