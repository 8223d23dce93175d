// What the gateway checks in the answers of remote servers (the embedded emulator is
// trusted and skips this): a success body must be the operation's `response`, an error body
// one of the two envelopes of the spec. Each check returns why not, in plain words, or null.
import { AccountErrorBody, ClusterErrorBody, type ErrorDetails } from '../../shared/api/errors';
import type { Operation } from '../../shared/api/operation';
import { describeIssue, issuePath } from './describe-issue';
import type { BodyRead } from './read-body';

interface BodyProblem {
  reason: string;
  details: ErrorDetails;
}

/** Issues listed in the details, after the first one the message names. */
const MAX_LISTED_ISSUES = 5;

function notJson(body: BodyRead): string | null {
  if (!body.ok) return 'it is not valid JSON';
  if (body.value === null) return 'it is empty';
  if (!body.json) return 'it is not JSON';
  return null;
}

export function successBodyProblem(op: Operation, body: BodyRead): BodyProblem | null {
  const unreadable = notJson(body);
  if (unreadable) return { reason: unreadable, details: { operation: op.id } };
  const value = body.ok ? body.value : null;
  const parsed = op.response.safeParse(value);
  if (parsed.success) return null;
  const issues = parsed.error.issues
    .slice(0, MAX_LISTED_ISSUES)
    .map((issue) => ({ path: issuePath(issue.path), message: describeIssue(issue, value) }));
  return { reason: issues[0]?.message ?? 'it does not match the documented response', details: { operation: op.id, issues } };
}

export function errorBodyProblem(body: BodyRead): string | null {
  const unreadable = notJson(body);
  if (unreadable) return unreadable;
  const value = body.ok ? body.value : null;
  if (AccountErrorBody.safeParse(value).success || ClusterErrorBody.safeParse(value).success) return null;
  return 'it is neither of the documented error envelopes ({error, message} or {success: false, error: {code, message}})';
}
