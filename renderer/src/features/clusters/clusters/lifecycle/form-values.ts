// Helpers shared by the stop and restart forms: text fields to numbers (non-numbers kept as
// text so the schema reports them), and their wording of zod issues.
import { formFields, type FormFields, type IssueToField } from '../../../../components/form/field-errors';
import type { FieldErrors, FormResult } from '../../../../components/form/form-result';
export type { FieldErrors, FormResult };

/** '' → undefined; a number → the number; anything else stays text for the schema to refuse. */
export function numberField(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/**
 * Issues at their schema path (renamed by `rename`) in plain words ('A whole number', '0 to 30'
 * with the schema's bounds); with `fields.shown`, an issue no field shows is named by its label.
 */
export function lifecycleField(rename: (path: string) => string = (p) => p, fields: Omit<FormFields, 'rename'> = {}): IssueToField {
  return formFields({ ...fields, rename });
}

/** Drops undefined members so optional fields are left out of the request. */
export function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}
