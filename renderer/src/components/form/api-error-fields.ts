// Where an API error lands in a form: on the field it concerns, from the error's code (e.g.
// SECRET_EXISTS → the name) or from the request field its details name (`details.field`,
// `details.issues[].field|path`). What no field shows stays the dialog's error alert.
import type { NormalizedError } from '../../../../shared/api/errors';
import { plainText, shownKey } from './plain-words';
import type { ServerFieldError } from './use-validated-form';

export interface ApiErrorPlacement<F> {
  /** Each error key the form shows → the form member whose change clears the error there. */
  members: Readonly<Record<string, keyof F>>;
  /** For keys of rows (`ip.2`): the member that holds them, the error staying on the row's own key. */
  memberOf?(key: string): keyof F | undefined;
  /** A request path (`external_port`) → the form's error key (`externalPort`); by default the path. */
  rename?(path: string): string;
  /** Per error code, the field and the words, when the code says more than a field name (null: not placed). */
  codes?: Readonly<Record<string, (error: NormalizedError) => { key: string; message: string } | null>>;
  /** The form's words for an error at a key, given the server's reason (null: the reason in plain words). */
  reword?(key: string, reason: string, error: NormalizedError): string | null;
}

interface FieldIssue {
  field?: unknown;
  path?: unknown;
  reason?: unknown;
  message?: unknown;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The API error as errors on the form's fields, or null when it concerns none of them. */
export function placeApiError<F>(error: NormalizedError, placement: ApiErrorPlacement<F>): ServerFieldError<F>[] | null {
  const { members, memberOf, rename = (p: string) => p, codes = {}, reword } = placement;
  const shown = Object.keys(members);
  const at = (key: string, message: string): ServerFieldError<F> | null => {
    const row = memberOf?.(key);
    if (row) return { key, message, member: row };
    const target = shownKey(key, shown);
    return target ? { key: target, message, member: members[target]! } : null;
  };

  const byCode = codes[error.code]?.(error);
  if (byCode) {
    const placed = at(byCode.key, byCode.message);
    return placed ? [placed] : null;
  }

  const details = error.details ?? {};
  const issues: FieldIssue[] = Array.isArray(details.issues) ? (details.issues as FieldIssue[]) : [details as FieldIssue];
  const placed: ServerFieldError<F>[] = [];
  for (const issue of issues) {
    const field = str(issue.field) ?? str(issue.path);
    if (!field) continue;
    const key = rename(field.replace(/^(body|query|params)\./, ''));
    const reason = str(issue.reason) ?? str(issue.message) ?? error.message;
    const one = at(key, reword?.(key, reason, error) ?? plainText(reason));
    if (one && !placed.some((p) => p.key === one.key)) placed.push(one);
  }
  return placed.length ? placed : null;
}
