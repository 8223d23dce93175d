// Helpers shared by the stop and restart forms: text fields to numbers (non-numbers kept as
// text so the schema reports them), and zod issues to one message per field path.
import type { z } from 'zod';

import type { FieldErrors, FormResult } from '../../components/form/form-result';
export type { FieldErrors, FormResult };

/** '' → undefined; a number → the number; anything else stays text for the schema to refuse. */
export function numberField(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

export function issuesToErrors(issues: readonly z.core.$ZodIssue[], errors: FieldErrors = {}, rename: (path: string) => string = (p) => p): FieldErrors {
  for (const issue of issues) {
    const key = rename(issue.path.map(String).join('.') || 'form');
    errors[key] ??= issue.code === 'invalid_type' && /number/.test(issue.message) ? 'a whole number' : issue.message;
  }
  return errors;
}

/** Drops undefined members so optional fields are left out of the request. */
export function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}
