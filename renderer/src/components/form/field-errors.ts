// Zod issues to a form's error map: one message per field, the first issue of a field wins.
// Each form says which field a schema path belongs to and how the issue reads there; by default
// the field is the dotted path ('form' for the request as a whole) and the words are the schema's.
import type { z } from 'zod';
import type { ErrorMap } from './error-display';
import type { FieldErrors } from './form-result';

export type Issue = z.core.$ZodIssue;

/** [field, message] for an issue at a dotted schema path, or null to leave it out. */
export type IssueToField = (path: string, issue: Issue) => readonly [string, string] | null;

const asIs: IssueToField = (path, issue) => [path || 'form', issue.message];

/** Adds the issues' messages to `into` (a fresh map by default) and returns it. */
export function fieldErrors<E extends ErrorMap = FieldErrors>(
  issues: readonly Issue[],
  toField: IssueToField = asIs,
  into: E = {} as E,
): E {
  const errors = into as Record<string, string | undefined>;
  for (const issue of issues) {
    const mapped = toField(issue.path.map(String).join('.'), issue);
    if (mapped) errors[mapped[0]] ??= mapped[1];
  }
  return into;
}

/**
 * 'a whole number' where text was typed in a number field (and, with `fractions`, where a
 * fraction was typed in a whole-number field); the schema's own words otherwise.
 */
export function wholeNumberMessage(issue: Issue, { fractions = false } = {}): string {
  if (issue.code !== 'invalid_type') return issue.message;
  return issue.expected === 'number' || (fractions && issue.expected === 'int') ? 'a whole number' : issue.message;
}
