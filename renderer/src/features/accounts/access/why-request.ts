// A refused call (a 403 from bridge/api.ts, with its operation and path parameters) as the
// explained check that answers "why?" (issue 19): the permission and scope the operation needs
// (requiredAccess), the resource its parameters name, and the member the refused key belongs to
// (`details.userId`, set by the member-level enforcement). A key-level refusal names no member:
// the key itself lacks the permission or scope, whatever its holder's role.
import type { PermissionName, SchemaScope } from '../../../../../shared/api/accounts/permissions';
import { requiredAccess, resourceIdsOf } from '../../../../../shared/api/accounts/permissions';
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { Operation } from '../../../../../shared/api/operation';

export interface WhyRequest {
  op: string;
  /** What the operation does, in the contract's words. */
  summary: string | null;
  permission: PermissionName;
  /** Null: the operation needs no scope (any active member passes). */
  scope: SchemaScope | null;
  resourceId: string | null;
  /** The member refused; null for a key-level refusal. */
  userId: string | null;
  /** A key-level refusal: what the key lacks, in the error's `<scope>:<permission>` words. */
  keyLevel: { required: string } | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The explained check for a refused call, or null when the error names no known operation. */
export function whyRequestOf(
  error: NormalizedError,
  operations: Readonly<Record<string, Pick<Operation, 'access' | 'memberPermission' | 'scope' | 'summary'>>>,
): WhyRequest | null {
  const request = error.request;
  const op = request ? operations[request.op] : undefined;
  if (!request || !op) return null;
  const { permission, scope } = requiredAccess(op);
  const d = error.details;
  const userId = str(d.userId);
  const required =
    str(d.required_permission) ?? ([str(d.requiredScope), str(d.requiredPermission)].filter(Boolean).join(':') || permission);
  return {
    op: request.op,
    summary: op.summary ?? null,
    permission,
    scope,
    // The resource the enforcement decided on (a cluster's secret on its cluster).
    resourceId: resourceIdsOf(request.params)[0] ?? null,
    userId,
    keyLevel: userId ? null : { required },
  };
}
