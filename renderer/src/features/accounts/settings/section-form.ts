// One settings section as a form: the form's members (text as typed, switches, rows), the
// section rebuilt in the request's shape from the form, and a validation that sends only the
// changed part through the SAME schema the emulator uses. Errors land on the field they concern
// in the form's words: a bounded number shows its rule ("1 to 168 hours"), never zod's text.
import type { z } from 'zod';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { formFields, type Issue } from '../../../components/form/field-errors';
import type { FieldErrors, FormResult } from '../../../components/form/form-result';
import { placeApiError, type ApiErrorPlacement } from '../../../components/form/api-error-fields';
import type { ServerFieldError } from '../../../components/form/use-validated-form';
import { changedPart } from './settings-diff';

export interface SectionFormSpec<S, F, R> {
  /** The form as the section reads. */
  fromSection(section: S): F;
  /** The section in the request's shape (numbers parsed, write-only values per their state); compared with the one read. */
  toRequest(form: F, section: S): Record<string, unknown>;
  /** The update schema of the section (shared/api/accounts/settings.ts). */
  schema: z.ZodType<R>;
  /** Each error key (a request path such as `session.timeout`) the form shows → the member that holds it. */
  members: Readonly<Record<string, keyof F>>;
  /** Rows' keys (`api_access.ip_whitelist.2`) → the member holding the rows. */
  memberOf?(key: string): keyof F | undefined;
  /** The rule of a field by error key, said when its value is out of bounds or not a number ("1 to 168 hours"). */
  ruleOf?(key: string): string | undefined;
}

/** A typed number: the number when the text is one, else the text (the schema then refuses it, and the field says its rule). */
export function typedNumber(text: string): number | string {
  const t = text.trim().replace(/[,\s_]/g, '');
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : text;
}

/** Whether an issue is about a bound or a number's type: those say the field's rule. */
const isRuleIssue = (issue: Issue) =>
  issue.code === 'too_big' || issue.code === 'too_small' || (issue.code === 'invalid_type' && issue.expected === 'number');

/** The form's request: the changed part of the section, validated; nothing changed is a valid empty request. */
export function validateSection<S, F, R>(spec: SectionFormSpec<S, F, R>, section: S, form: F): FormResult<Partial<R>, FieldErrors> {
  const before = spec.toRequest(spec.fromSection(section), section);
  const changed = changedPart(before, spec.toRequest(form, section)) ?? {};
  const parsed = spec.schema.safeParse(changed);
  if (parsed.success) return { ok: true, request: changed as Partial<R> };
  const shown = Object.keys(spec.members);
  const toField = formFields({
    schema: spec.schema,
    reword: (key, issue) => (isRuleIssue(issue) ? (spec.ruleOf?.(key) ?? null) : null),
  });
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const mapped = toField(issue.path.map(String).join('.'), issue);
    if (!mapped) continue;
    const [key, message] = mapped;
    // A row's key stays the row's; another deep key lands on the field above it.
    const target = spec.memberOf?.(key)
      ? key
      : (shown.filter((k) => key === k || key.startsWith(`${k}.`)).sort((a, b) => b.length - a.length)[0] ?? 'form');
    errors[target] ??= target === 'form' ? `${key}: ${message}` : message;
  }
  return { ok: false, errors };
}

/** The server's refusal on the field it concerns, in the same words as the form's own check. */
export function placeSectionError<S, F, R>(spec: SectionFormSpec<S, F, R>, error: NormalizedError): ServerFieldError<F>[] | null {
  const placement: ApiErrorPlacement<F> = {
    members: spec.members,
    memberOf: spec.memberOf,
    reword: (key, reason) => (/^(Too (big|small)|Invalid input: expected number)/.test(reason) ? (spec.ruleOf?.(key) ?? null) : null),
  };
  return placeApiError(error, placement);
}
