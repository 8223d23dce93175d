// The create/edit secret form as plain data, and its translation into create and update
// requests validated by the shared schemas. Type decides the value field: file secrets get
// a mount path and mode, certificates a PEM block, the others a single masked value.
import {
  CreateSecretRequest,
  RotationPolicyInput,
  SECRET_VALUE_MAX,
  UpdateSecretRequest,
  type Secret,
  type SecretCategory,
  type SecretType,
} from '../../../../../../shared/api/clusters/secrets';

import type { NormalizedError } from '../../../../../../shared/api/errors';
import { placeApiError } from '../../../../components/form/api-error-fields';
import { fieldErrors, formFields, longEntryMessage, type FieldLabels, type IssueToField } from '../../../../components/form/field-errors';
import type { FieldErrors, FormResult } from '../../../../components/form/form-result';
import type { ServerFieldError } from '../../../../components/form/use-validated-form';
import { serverNow } from '../../../../platform/server-clock';
export type { FieldErrors, FormResult };

export interface RotationForm {
  enabled: boolean;
  intervalDays: string;
  notifyDaysBefore: string;
}

export interface SecretForm {
  name: string;
  type: SecretType;
  category: SecretCategory | '';
  description: string;
  value: string;
  environmentVariable: string;
  filePath: string;
  fileMode: string;
  /** `YYYY-MM-DD` or '' for none. */
  expiresOn: string;
  /** Comma-separated. */
  tags: string;
  readOnly: boolean;
  rotation: RotationForm;
}

/** Off, with the interval and notice the schema applies when a policy leaves them out. */
const rotationDefaults = RotationPolicyInput.parse({ enabled: false });
const defaultRotationForm = (): RotationForm => ({
  enabled: rotationDefaults.enabled,
  intervalDays: String(rotationDefaults.rotation_interval_days),
  notifyDaysBefore: String(rotationDefaults.notification_days_before),
});

export const emptySecretForm = (): SecretForm => ({
  name: '',
  type: 'generic',
  category: '',
  description: '',
  value: '',
  environmentVariable: '',
  filePath: '',
  fileMode: '0400',
  expiresOn: '',
  tags: '',
  // The service's default too: the cluster may read the secret, not change it.
  readOnly: true,
  rotation: defaultRotationForm(),
});

export const usesFilePath = (type: SecretType) => type === 'file' || type === 'certificate';
const isPemType = (type: SecretType) => type === 'certificate';

const PEM_PATTERN = /-----BEGIN [A-Z0-9 ]+-----[\s\S]+?-----END [A-Z0-9 ]+-----/;

export function rotationFormOf(secret: Secret): RotationForm {
  const p = secret.rotation_policy;
  return { enabled: p.enabled, intervalDays: String(p.rotation_interval_days), notifyDaysBefore: String(p.notification_days_before) };
}

export function formOf(secret: Secret): SecretForm {
  return {
    name: secret.name,
    type: secret.type,
    category: secret.category,
    description: secret.description ?? '',
    value: '',
    environmentVariable: secret.environment_variable ?? '',
    filePath: secret.file_path ?? '',
    fileMode: secret.permissions.file_mode ?? '0400',
    expiresOn: secret.expiration_date ? secret.expiration_date.slice(0, 10) : '',
    tags: secret.tags.join(', '),
    readOnly: secret.permissions.read_only,
    rotation: rotationFormOf(secret),
  };
}

function int(text: string): number | string {
  const t = text.trim();
  return /^-?\d+$/.test(t) ? Number(t) : t;
}

function rotationPolicyOf(form: RotationForm) {
  return { enabled: form.enabled, rotation_interval_days: int(form.intervalDays), notification_days_before: int(form.notifyDaysBefore) };
}

/**
 * Each error key the secret dialog shows (an issue deeper down, e.g. `tags.3`, shows on the one above it) → its form member.
 * @internal Exported for its tests only.
 */
export const SECRET_FIELDS = {
  name: 'name',
  description: 'description',
  value: 'value',
  environment_variable: 'environmentVariable',
  file_path: 'filePath',
  'permissions.file_mode': 'fileMode',
  expiration_date: 'expiresOn',
  tags: 'tags',
  'rotation_policy.rotation_interval_days': 'rotation',
  'rotation_policy.notification_days_before': 'rotation',
} as const satisfies Record<string, keyof SecretForm>;

/** The fields' names as the dialog labels them, for messages that name a field. */
export const SECRET_LABELS: FieldLabels = {
  name: 'Name',
  description: 'Description',
  value: 'Value',
  environment_variable: 'Environment variable',
  file_path: 'File path',
  'permissions.file_mode': 'File mode',
  expiration_date: 'Expires on',
  tags: 'Tags',
  'rotation_policy.rotation_interval_days': 'Rotation interval',
  'rotation_policy.notification_days_before': 'Notify days before',
  'permissions.allowed_users': 'Allowed users',
  'permissions.allowed_roles': 'Allowed roles',
};

export function toRotationPolicy(form: RotationForm): FormResult<ReturnType<typeof RotationPolicyInput.parse>> {
  const parsed = RotationPolicyInput.safeParse(rotationPolicyOf(form));
  if (parsed.success) return { ok: true, request: parsed.data };
  const toField = formFields({ schema: RotationPolicyInput });
  return { ok: false, errors: fieldErrors(parsed.error.issues, (path, issue) => toField(path && `rotation_policy.${path}`, issue)) };
}

/** A tag over the limit names itself: with a dozen tags, "at most 50 characters" alone does not say which. */
function secretIssueToField(form: SecretForm, schema: typeof CreateSecretRequest | typeof UpdateSecretRequest): IssueToField {
  const tags = tagsOf(form.tags);
  return formFields({
    schema,
    shown: Object.keys(SECRET_FIELDS),
    labels: SECRET_LABELS,
    reword: (key, issue) => (key.startsWith('tags.') ? longEntryMessage(tags, key, issue) : null),
  });
}

const tagsOf = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/** End of the chosen day, local time, as an ISO timestamp. */
function expiryOf(date: string): string | null | undefined {
  if (date === '') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/**
 * The message of a past expiry: the service refuses it too (VALIDATION_ERROR on expiration_date), as it refuses a past key expiry.
 * @internal Exported for its tests only.
 */
export const PAST_EXPIRY = 'Already past: a secret cannot be created expired';

function commonFields(form: SecretForm, errors: FieldErrors, now: number) {
  const expiration = expiryOf(form.expiresOn);
  if (expiration === undefined) errors.expiration_date = 'Enter a valid date';
  else if (expiration !== null && Date.parse(expiration) <= now) errors.expiration_date = PAST_EXPIRY;
  const tags = tagsOf(form.tags);
  const withPath = usesFilePath(form.type) && form.filePath.trim() !== '';
  if (form.type === 'file' && !withPath) errors.file_path = 'A file secret needs the path it is mounted at';
  return {
    ...(form.category ? { category: form.category } : {}),
    ...(form.description.trim() ? { description: form.description.trim() } : {}),
    ...(form.environmentVariable.trim() ? { environment_variable: form.environmentVariable.trim() } : {}),
    ...(withPath ? { file_path: form.filePath.trim() } : {}),
    permissions: { read_only: form.readOnly, ...(withPath ? { file_mode: form.fileMode.trim() } : {}) },
    ...(expiration ? { expiration_date: expiration } : {}),
    rotation_policy: rotationPolicyOf(form.rotation),
    tags,
  };
}

function checkValue(form: SecretForm, errors: FieldErrors, required: boolean): string | undefined {
  if (form.value === '') {
    if (required) errors.value = isPemType(form.type) ? 'Paste a PEM block or choose a file' : 'A value is required';
    return undefined;
  }
  if (isPemType(form.type) && !PEM_PATTERN.test(form.value)) errors.value = 'A PEM block: -----BEGIN …----- … -----END …-----';
  return form.value;
}

export function toCreateSecret(form: SecretForm, now = serverNow()): FormResult<CreateSecretRequest> {
  const errors: FieldErrors = {};
  const value = checkValue(form, errors, true);
  const candidate = { name: form.name.trim(), type: form.type, value, ...commonFields(form, errors, now) };
  const parsed = CreateSecretRequest.safeParse(candidate);
  if (!parsed.success) fieldErrors(parsed.error.issues, secretIssueToField(form, CreateSecretRequest), errors);
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

/**
 * An empty value keeps the stored one; a new value rotates it. Clearing the expiry or the path
 * sends null; an expiry left as it was is not sent (an expired secret can still be edited).
 */
export function toUpdateSecret(form: SecretForm, original: Secret, now = serverNow()): FormResult<UpdateSecretRequest> {
  const errors: FieldErrors = {};
  const value = checkValue(form, errors, false);
  const sameExpiry = original.expiration_date !== null && form.expiresOn === formOf(original).expiresOn;
  const { expiration_date, ...fields } = commonFields(sameExpiry ? { ...form, expiresOn: '' } : form, errors, now);
  const candidate = {
    type: form.type,
    ...(value !== undefined ? { value } : {}),
    ...fields,
    ...(expiration_date ? { expiration_date } : !sameExpiry && original.expiration_date ? { expiration_date: null } : {}),
    ...(!fields.file_path && original.file_path ? { file_path: null } : {}),
  };
  const parsed = UpdateSecretRequest.safeParse(candidate);
  if (!parsed.success) fieldErrors(parsed.error.issues, secretIssueToField(form, UpdateSecretRequest), errors);
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

/** SECRET_EXISTS on the name; a refused field (e.g. a past expiration_date) on its field. */
export function secretApiErrorFields(error: NormalizedError, form: SecretForm): ServerFieldError<SecretForm>[] | null {
  return placeApiError<SecretForm>(error, {
    members: SECRET_FIELDS,
    codes: {
      SECRET_EXISTS: () => ({
        key: 'name',
        message: `A secret named ${form.name.trim()} already exists on this cluster; choose another name`,
      }),
    },
    reword: (key, reason) => (key === 'expiration_date' && /future/.test(reason) ? PAST_EXPIRY : null),
  });
}

/** Reads a picked certificate file as text, refusing anything over the value limit. */
export function readPemFile(file: File): Promise<string> {
  if (file.size > SECRET_VALUE_MAX)
    return Promise.reject(new Error(`The file is ${Math.ceil(file.size / 1024)} KB; at most ${SECRET_VALUE_MAX / 1024} KB`));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsText(file);
  });
}
