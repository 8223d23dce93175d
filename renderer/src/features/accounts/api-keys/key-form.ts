// The key form (create and edit share it) as plain data; its translation into a
// CreateApiKeyRequest or an UpdateApiKeyRequest validated by the shared schemas (the same ones
// the bridge and the emulator use); and the messages, in the operator's words, for what the
// form and the server refuse. Rate limits: an empty field is "no per-key limit" (the API's 0,
// docs/decisions.md "API keys: what 0 means"); a limit is 1 to KEY_RATE_LIMIT_MAX per hour.
import {
  CreateApiKeyRequest,
  KEY_NAME_MAX,
  KEY_RATE_LIMIT_MAX,
  UpdateApiKeyRequest,
  type ApiKey,
} from '../../../../../shared/api/accounts/api-keys';
import { AccountKeyScope, type KeyPermission } from '../../../../../shared/api/common';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { fieldErrors } from '../../../components/form/field-errors';
import type { FormResult as GenericFormResult } from '../../../components/form/form-result';
import { serverNow } from '../../../platform/server-clock';

export const RATE_CLASSES = ['reads', 'writes', 'executions'] as const;
export type RateClass = (typeof RATE_CLASSES)[number];

export interface KeyForm {
  name: string;
  permissions: KeyPermission[];
  scopes: AccountKeyScope[];
  /** `YYYY-MM-DD` from a date input, or '' for no expiry. */
  expiresOn: string;
  /** Requests per hour as typed; '' for no per-key limit. */
  rateLimit: Record<RateClass, string>;
}

export type KeyField = 'name' | 'permissions' | 'scopes' | 'expiresAt' | `rateLimit.${RateClass}`;
export type FormErrors = Partial<Record<KeyField | 'form', string>>;

export type FormResult = GenericFormResult<CreateApiKeyRequest, FormErrors>;
export type UpdateResult = GenericFormResult<UpdateApiKeyRequest, FormErrors>;

const MAX_TEXT = KEY_RATE_LIMIT_MAX.toLocaleString('en');

/**
 * The rules in words: the form's helper texts and its error messages say the same thing.
 * @internal Exported for its tests only.
 */
export const KEY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name is at most ${KEY_NAME_MAX} characters`,
  permissions: 'Choose at least one permission',
  scopes: 'Choose at least one scope',
  expiryInvalid: 'Enter a date, or leave it empty for a key that does not expire',
  expiryPast: 'Choose today or a later date: the key works through the end of that day',
  rateRange: `1 to ${MAX_TEXT} requests per hour, or empty for no per-key limit`,
  rateZero: `Leave it empty for no per-key limit (the plan’s limit applies); a limit is 1 to ${MAX_TEXT} requests per hour`,
  rateWhole: `A whole number from 1 to ${MAX_TEXT} (requests per hour)`,
  nothingChanged: 'Nothing to save: no field was changed',
} as const;

export const emptyCreateKeyForm = (): KeyForm => ({
  name: '',
  permissions: ['read'],
  scopes: ['accounts'],
  expiresOn: '',
  rateLimit: { reads: '', writes: '', executions: '' },
});

/** `YYYY-MM-DD` of a timestamp in local time (what a date input shows). */
function dateInputValue(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The edit form, prefilled from the key as the list shows it. */
export function formFromKey(key: ApiKey): KeyForm {
  const limit = (n: number) => (n > 0 ? String(n) : '');
  return {
    name: key.name,
    permissions: [...key.permissions],
    // The account family's scopes only: the form cannot send the wider /v2/auth ones.
    scopes: key.scopes.filter((s): s is AccountKeyScope => (AccountKeyScope.options as readonly string[]).includes(s)),
    expiresOn: dateInputValue(key.expiresAt),
    rateLimit: { reads: limit(key.rateLimit.reads), writes: limit(key.rateLimit.writes), executions: limit(key.rateLimit.executions) },
  };
}

/** Scopes the key holds that the account form cannot show (given through the /v2/auth family). */
export function otherScopes(key: ApiKey): string[] {
  return key.scopes.filter((s) => !(AccountKeyScope.options as readonly string[]).includes(s));
}

/**
 * An expiry date means "usable through that day": the end of the day, local time.
 * @internal Exported for its tests only.
 */
export function expiryFromDate(date: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 0);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** A typed rate limit: undefined when empty, a number, or the message saying what is wrong. */
function parseLimit(value: string): { ok: true; value: number | undefined } | { ok: false; message: string } {
  const trimmed = value.trim().replace(/[,\s_]/g, '');
  if (trimmed === '') return { ok: true, value: undefined };
  if (!/^-?\d+$/.test(trimmed)) return { ok: false, message: KEY_MESSAGES.rateWhole };
  const n = Number(trimmed);
  if (n === 0) return { ok: false, message: KEY_MESSAGES.rateZero };
  if (n < 1 || n > KEY_RATE_LIMIT_MAX) return { ok: false, message: KEY_MESSAGES.rateRange };
  return { ok: true, value: n };
}

/** The schema's verdict on a field, in the form's words (never the validator's). */
function messageFor(field: KeyField | 'form', fallback: string): string {
  if (field === 'name') return fallback === KEY_MESSAGES.nameRequired ? fallback : KEY_MESSAGES.nameTooLong;
  if (field === 'permissions') return KEY_MESSAGES.permissions;
  if (field === 'scopes') return KEY_MESSAGES.scopes;
  if (field === 'expiresAt') return KEY_MESSAGES.expiryInvalid;
  if (field.startsWith('rateLimit.')) return KEY_MESSAGES.rateRange;
  return fallback;
}

function fieldOf(path: string): KeyField | 'form' {
  const [first, second] = path.split('.');
  if (first === 'rateLimit' && second && (RATE_CLASSES as readonly string[]).includes(second)) return `rateLimit.${second as RateClass}`;
  if (first === 'name' || first === 'permissions' || first === 'scopes' || first === 'expiresAt') return first;
  return 'form';
}

interface Checked {
  errors: FormErrors;
  expiresAt: string | null;
  rateLimit: Partial<Record<RateClass, number>>;
}

/** What the form checks itself before the schema: the date and the typed numbers. */
function checkFields(form: KeyForm, now: number, expiryChanged: boolean): Checked {
  const errors: FormErrors = {};
  let expiresAt: string | null = null;
  if (form.expiresOn !== '') {
    const iso = expiryFromDate(form.expiresOn);
    if (!iso) errors.expiresAt = KEY_MESSAGES.expiryInvalid;
    else if (expiryChanged && Date.parse(iso) <= now) errors.expiresAt = KEY_MESSAGES.expiryPast;
    else expiresAt = iso;
  }
  const rateLimit: Partial<Record<RateClass, number>> = {};
  for (const c of RATE_CLASSES) {
    const r = parseLimit(form.rateLimit[c]);
    if (!r.ok) errors[`rateLimit.${c}`] = r.message;
    else if (r.value !== undefined) rateLimit[c] = r.value;
  }
  return { errors, expiresAt, rateLimit };
}

function schemaErrors(issues: Parameters<typeof fieldErrors>[0], errors: FormErrors): void {
  fieldErrors(
    issues,
    (path, issue) => {
      const field = fieldOf(path);
      return [field, messageFor(field, issue.message)];
    },
    errors,
  );
}

export function toCreateRequest(form: KeyForm, now: number = serverNow()): FormResult {
  const { errors, expiresAt, rateLimit } = checkFields(form, now, true);
  const candidate = {
    name: form.name,
    permissions: form.permissions,
    scopes: form.scopes,
    ...(expiresAt ? { expiresAt } : {}),
    ...(Object.keys(rateLimit).length > 0 ? { rateLimit } : {}),
  };
  const parsed = CreateApiKeyRequest.safeParse(candidate);
  if (!parsed.success) schemaErrors(parsed.error.issues, errors);
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v) => b.includes(v));

/**
 * The PUT body for what changed from `key`, and only that (01-accounts.md: every member is
 * optional; rateLimit members omitted stay). A limit emptied is sent as 0: no per-key limit.
 * Every field is checked as on create, so an untouched but invalid field is still reported.
 */
export function toUpdateRequest(form: KeyForm, key: ApiKey, now: number = serverNow()): UpdateResult {
  const before = formFromKey(key);
  const expiryChanged = form.expiresOn !== before.expiresOn;
  const { errors, expiresAt, rateLimit } = checkFields(form, now, expiryChanged);
  const full = CreateApiKeyRequest.safeParse({ name: form.name, permissions: form.permissions, scopes: form.scopes });
  if (!full.success) schemaErrors(full.error.issues, errors);
  if (Object.keys(errors).length > 0 || !full.success) return { ok: false, errors };

  const body: Record<string, unknown> = {};
  if (full.data.name !== key.name) body.name = full.data.name;
  if (!sameSet(form.permissions, key.permissions)) body.permissions = form.permissions;
  // Scopes given through the /v2/auth family are not in the form: sent only when the ticks change.
  if (!sameSet(form.scopes, before.scopes)) body.scopes = form.scopes;
  if (expiryChanged) body.expiresAt = expiresAt;
  const limits: Partial<Record<RateClass, number>> = {};
  for (const c of RATE_CLASSES) {
    const next = rateLimit[c] ?? 0;
    if (next !== key.rateLimit[c]) limits[c] = next;
  }
  if (Object.keys(limits).length > 0) body.rateLimit = limits;
  if (Object.keys(body).length === 0) return { ok: false, errors: { form: KEY_MESSAGES.nothingChanged } };

  const parsed = UpdateApiKeyRequest.safeParse(body);
  if (!parsed.success) {
    schemaErrors(parsed.error.issues, errors);
    return { ok: false, errors };
  }
  return { ok: true, request: parsed.data };
}

/**
 * A server refusal that concerns one field, in the form's words: the emulator's
 * VALIDATION_ERROR names `details.field`; INVALID_PERMISSIONS and INSUFFICIENT_PERMISSIONS
 * name `permissions` or `scopes`. Anything else stays a dialog-level error.
 */
export function serverFieldError(error: NormalizedError): { field: KeyField; message: string } | null {
  const field = typeof error.details.field === 'string' ? fieldOf(error.details.field) : 'form';
  if (field === 'form') return null;
  if (error.code === 'INSUFFICIENT_PERMISSIONS') {
    const what = typeof error.details.attemptedPermission === 'string' ? `“${error.details.attemptedPermission}”` : 'this';
    const kind = field === 'scopes' ? 'scope' : 'permission';
    return { field, message: `Your own key does not have the ${what} ${kind}, so it cannot give it to another key` };
  }
  if (error.code === 'INVALID_PERMISSIONS') {
    const invalid = Array.isArray(error.details.invalidPermissions) ? error.details.invalidPermissions.join(', ') : '';
    const valid = Array.isArray(error.details.validPermissions) ? error.details.validPermissions.join(', ') : '';
    return { field, message: `The server does not accept ${invalid || 'these values'}${valid ? `; allowed: ${valid}` : ''}` };
  }
  if (error.code === 'VALIDATION_ERROR') {
    if (field === 'expiresAt' && /future/i.test(String(error.details.reason ?? error.message))) {
      return { field, message: `${KEY_MESSAGES.expiryPast} (by the server’s clock)` };
    }
    return { field, message: messageFor(field, String(error.details.reason ?? error.message)) };
  }
  return null;
}
