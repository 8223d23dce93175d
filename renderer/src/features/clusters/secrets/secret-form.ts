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
} from '../../../../../shared/api/clusters/secrets';

import { fieldErrors, wholeNumberMessage, type IssueToField } from '../../../components/form/field-errors';
import type { FieldErrors, FormResult } from '../../../components/form/form-result';
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
export const defaultRotationForm = (): RotationForm => ({
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
export const isPemType = (type: SecretType) => type === 'certificate';

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

export function rotationPolicyOf(form: RotationForm) {
  return { enabled: form.enabled, rotation_interval_days: int(form.intervalDays), notification_days_before: int(form.notifyDaysBefore) };
}

export function toRotationPolicy(form: RotationForm): FormResult<ReturnType<typeof RotationPolicyInput.parse>> {
  const parsed = RotationPolicyInput.safeParse(rotationPolicyOf(form));
  if (parsed.success) return { ok: true, request: parsed.data };
  return {
    ok: false,
    errors: fieldErrors(parsed.error.issues, (path, issue) => [
      path ? `rotation_policy.${path}` : 'rotation_policy',
      wholeNumberMessage(issue),
    ]),
  };
}

const toField: IssueToField = (path, issue) => [path || 'form', wholeNumberMessage(issue)];

/** End of the chosen day, local time, as an ISO timestamp. */
function expiryOf(date: string): string | null | undefined {
  if (date === '') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

function commonFields(form: SecretForm, errors: FieldErrors) {
  const expiration = expiryOf(form.expiresOn);
  if (expiration === undefined) errors.expiration_date = 'Enter a valid date';
  const tags = form.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
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

export function toCreateSecret(form: SecretForm): FormResult<CreateSecretRequest> {
  const errors: FieldErrors = {};
  const value = checkValue(form, errors, true);
  const candidate = { name: form.name.trim(), type: form.type, value, ...commonFields(form, errors) };
  const parsed = CreateSecretRequest.safeParse(candidate);
  if (!parsed.success) fieldErrors(parsed.error.issues, toField, errors);
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

/** An empty value keeps the stored one; a new value rotates it. Clearing the expiry or the path sends null. */
export function toUpdateSecret(form: SecretForm, original: Secret): FormResult<UpdateSecretRequest> {
  const errors: FieldErrors = {};
  const value = checkValue(form, errors, false);
  const fields = commonFields(form, errors);
  const candidate = {
    type: form.type,
    ...(value !== undefined ? { value } : {}),
    ...fields,
    ...(!fields.expiration_date && original.expiration_date ? { expiration_date: null } : {}),
    ...(!fields.file_path && original.file_path ? { file_path: null } : {}),
  };
  const parsed = UpdateSecretRequest.safeParse(candidate);
  if (!parsed.success) fieldErrors(parsed.error.issues, toField, errors);
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, request: parsed.data };
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
