// Where an audit event's member and resource open. Features do not import each other, so the
// console's addresses of a resource are written here as the features that own them spell them
// (clusters `/clusters/<id>`, endpoints `/endpoints/<id>`, …), chosen by the id's prefix — the
// emulator's ids carry their kind, whatever name an event gives the type (a share says
// `resource`). A member opens the audit log of that member (the page's user filter): the
// console has no member page yet.
import type { AuditEvent } from '../../../../../shared/api/accounts/audit';
import { PermissionName, SchemaScope, schemaScopeOf } from '../../../../../shared/api/accounts/permissions';
import { pathWithParams } from '../../../platform/navigation/url-state';

/** Id prefixes and the path of the resource's page. */
const RESOURCE_PAGES: ReadonlyArray<[prefix: string, base: string]> = [
  ['cluster_', '/clusters'],
  ['ep_', '/endpoints'],
  ['job_', '/training/jobs'],
  ['ds_', '/training/datasets'],
  ['model_', '/models'],
  ['tmpl_', '/templates'],
  ['exp_', '/experiments'],
];

/** The console's page of a resource id; null for kinds with no page of their own (a key, a port, a tuning run). */
export function resourcePath(id: string): string | null {
  const page = RESOURCE_PAGES.find(([prefix]) => id.startsWith(prefix));
  return page ? `${page[1]}/${encodeURIComponent(id)}` : null;
}

/** The API keys list filtered to one key (its filter box matches ids). */
export const keyPath = (keyId: string) => pathWithParams('/api-keys', { q: keyId });

/**
 * The explained check of a refusal (the Roles & permissions page's Check tab, by its address):
 * its member asking for what was missing, on the event's resource. Null when the event is no
 * refusal, names no member, or says nothing a check can ask (a limitation, a suspended member).
 * A key-level refusal's scope is a key scope: it is asked on its role scope (`schemaScopeOf`).
 */
export function checkPathOf(e: Pick<AuditEvent, 'type' | 'actor' | 'resource' | 'details'>): string | null {
  if (e.type !== 'access_denied' || !e.actor.userId) return null;
  const missing = (e.details as { missing?: Record<string, unknown> }).missing ?? {};
  const [colonScope, colonPermission] = typeof missing.required_permission === 'string' ? missing.required_permission.split(':') : [];
  const permission = PermissionName.safeParse(missing.requiredPermission ?? colonPermission);
  const scope = SchemaScope.safeParse(
    schemaScopeOf(typeof missing.requiredScope === 'string' ? missing.requiredScope : (colonScope ?? null)),
  );
  if (!permission.success || !scope.success) return null;
  return pathWithParams('/access', {
    tab: 'check',
    user: e.actor.userId,
    permission: permission.data,
    scope: scope.data,
    ...(e.resource ? { resource: e.resource.id } : {}),
  });
}
