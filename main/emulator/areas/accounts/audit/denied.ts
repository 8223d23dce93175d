// access_denied events (01-accounts.md, Audit event; Events 4): every 403 a counted request is
// answered with, whatever the area, is written here from the pipeline's error path, with the
// route, the key, the member and what was missing (the refusal's own details).
import type { FailedRequest } from '../../../core/area';
import { redactKeys } from '../../../core/ids';
import type { Store } from '../../../state/store';
import type { StoredKey } from '../stored-schema';
import { appendAudit } from './log';
import { operationOf } from './operation-of';

/** The members of a refusal's details that say what was missing, in the document's spellings (01-accounts.md, Errors). */
const MISSING_FIELDS = [
  'requiredPermission',
  'requiredScope',
  'requiredRole',
  'required_permission',
  'attemptedPermission',
  'currentRole',
  'userRole',
  'currentPermissions',
] as const;

const PATH_MAX = 500;

/** Writes the access_denied event of a 403; chaos-injected refusals are not real ones and are skipped. */
export function recordDenied(store: Store, key: StoredKey, failed: FailedRequest, now: number): void {
  if (failed.details.chaos === true) return;
  const op = operationOf(failed.label);
  const space = failed.label.indexOf(' ');
  const method = failed.label.slice(0, space);
  // What the caller attempted: the member permission the route needs, else its access class (`execute_attempt`).
  const access = op?.memberPermission ?? op?.access ?? (method === 'GET' ? 'read' : 'write');
  const missing: Record<string, unknown> = {};
  for (const f of MISSING_FIELDS) if (failed.details[f] !== undefined) missing[f] = failed.details[f];
  const { user_id: targetUserId, ...others } = failed.params;
  // The resource the route names: its first path parameter other than a member (`cluster_id` → a cluster).
  const [param, resourceId] = Object.entries(others)[0] ?? [];
  appendAudit(store, {
    at: now,
    type: 'access_denied',
    action: `${access}_attempt`,
    actorId: key.createdBy,
    keyId: key.id,
    ipAddress: failed.ip,
    targetUserId: targetUserId ?? null,
    resource: param === undefined ? null : { type: param.replace(/_id$/, ''), id: String(resourceId).slice(0, 200), name: null },
    details: {
      method,
      route: failed.label,
      path: redactKeys(failed.path).slice(0, PATH_MAX),
      error: failed.code,
      scope: op?.scope ?? null,
      missing,
    },
  });
}
