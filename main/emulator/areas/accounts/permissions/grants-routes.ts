// Permission grants (01-accounts.md, Permission grant; States and transitions: Grant): granted
// to a member who is on the team, never above the caller's own permissions, optionally limited
// to existing resources of any area and to a future end; revoked once. The list is an extension
// the console reads (docs/decisions.md, Permissions and roles: custom roles, grants and shares).
import type { CreateGrantResponse, ListGrantsResponse, RevokeGrantResponse } from '../../../../../shared/api/accounts/grants';
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import type { EmulatorContext } from '../../../core/context';
import { grantNotFound, invalidState, resourceNotFound } from '../../../core/errors';
import { randomBase62 } from '../../../core/ids';
import { defineRoute } from '../../../core/route-def';
import { accountRecord } from '../records';
import { accountsOf, AREA } from '../state';
import type { StoredGrant } from '../stored-schema';
import { auditChange } from './audit-change';
import { futureTime } from './expiry';
import { assertWithinCallerLevel } from './level';
import { memberOf } from './member';
import { checkedPermissions, checkedScopes } from './names';
import { grantView, stateAt } from './views';

/** Each resource id must name a resource of some area (404 RESOURCE_NOT_FOUND at the first that does not). */
function existingResources(ctx: EmulatorContext, ids: readonly string[] | undefined): string[] | null {
  if (ids === undefined) return null;
  const unique = [...new Set(ids)];
  for (const id of unique) if (!ctx.resource(id)) throw resourceNotFound(id);
  return unique;
}

export const grantRoutes = [
  defineRoute(
    ops['permissions.grants.create'],
    (ctx, { params, body, key, now }): CreateGrantResponse => {
      const accounts = accountsOf(ctx.store);
      const member = memberOf(accounts, params.user_id);
      const permissions = checkedPermissions(body.permissions);
      const scopes = checkedScopes(body.scopes);
      const resources = existingResources(ctx, body.resources);
      const expiresAt = futureTime(body.expiresAt, now);
      assertWithinCallerLevel(accounts, key, { permissions, scopes, resourceIds: resources ?? [] }, now);
      const grant: StoredGrant = {
        id: `grant_${randomBase62(16)}`,
        userId: member.id,
        permissions,
        scopes,
        resources,
        expiresAt,
        reason: body.reason ?? null,
        grantedBy: key.createdBy,
        grantedAt: now,
        status: 'active',
        revokedBy: null,
        revokedAt: null,
      };
      accounts.grants.push(grant);
      ctx.store.touch(AREA, accountRecord.grants);
      const view = grantView(grant, now);
      auditChange(ctx.store, key, now, 'permission_granted', {
        targetUserId: member.id,
        resource: { type: 'grant', id: grant.id, name: null },
        details: { grantId: grant.id, permissions, scopes, resources, expiresAt: view.expiresAt, reason: grant.reason },
      });
      return { grant: view };
    },
    201,
  ),
  defineRoute(ops['permissions.grants.list'], (ctx, { query, now }): ListGrantsResponse => {
    const grants = accountsOf(ctx.store)
      .grants.filter(
        (g) =>
          (query.userId === undefined || g.userId === query.userId) && (query.status === undefined || stateAt(g, now) === query.status),
      )
      .sort((a, b) => b.grantedAt - a.grantedAt || (a.id < b.id ? 1 : -1))
      .map((g) => grantView(g, now));
    return { grants, total: grants.length };
  }),
  defineRoute(ops['permissions.grants.revoke'], (ctx, { params, key, now }): RevokeGrantResponse => {
    const accounts = accountsOf(ctx.store);
    const grant = accounts.grants.find((g) => g.id === params.grant_id);
    if (!grant) throw grantNotFound(params.grant_id);
    if (grant.status === 'revoked')
      throw invalidState(
        { grantId: grant.id, status: 'revoked', revokedAt: new Date(grant.revokedAt!).toISOString() },
        'The grant is already revoked',
      );
    grant.status = 'revoked';
    grant.revokedBy = key.createdBy;
    grant.revokedAt = now;
    ctx.store.touch(AREA, accountRecord.grants);
    auditChange(ctx.store, key, now, 'permission_revoked', {
      targetUserId: grant.userId,
      resource: { type: 'grant', id: grant.id, name: null },
      details: { grantId: grant.id, permissions: grant.permissions, scopes: grant.scopes, resources: grant.resources },
    });
    return { grant: { id: grant.id, status: 'revoked', revokedBy: key.createdBy, revokedAt: new Date(now).toISOString() } };
  }),
];
