// Resource shares (01-accounts.md, Resource share; Endpoints: POST
// .../resources/{resource_id}/share): a resource of any area (core/area.ts, resourceOf) shared
// with members, one share per member and resource (sharing again updates it), never with more
// than the caller holds on it. The list of a resource's shares and a share's revocation are
// extensions (docs/decisions.md, Permissions and roles: custom roles, grants and shares).
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import type { ListSharesResponse, RevokeShareResponse, ShareResourceResponse } from '../../../../../shared/api/accounts/shares';
import {
  insufficientPermissions,
  invalidState,
  membersNotFound,
  resourceNotFound,
  shareNotFound,
  validationError,
} from '../../../core/errors';
import { randomBase62 } from '../../../core/ids';
import { defineRoute } from '../../../core/route-def';
import { accountRecord } from '../records';
import { accountsOf, AREA } from '../state';
import type { StoredShare } from '../stored-schema';
import { auditChange } from './audit-change';
import { schemaScopeOf } from '../../../../../shared/api/accounts/permissions';
import { futureTime } from './expiry';
import { assertWithinCallerLevel } from './level';
import { shareView } from './views';

export const shareRoutes = [
  defineRoute(
    ops['permissions.resources.share'],
    (ctx, { params, body, key, now }): ShareResourceResponse => {
      const accounts = accountsOf(ctx.store);
      const resourceId = params.resource_id;
      const resource = ctx.resource(resourceId);
      if (!resource) throw resourceNotFound(resourceId);
      // The route declares no scope: the key must hold the resource's (its member's level is checked below).
      if (!key.scopes.includes(resource.scope as (typeof key.scopes)[number]))
        throw insufficientPermissions(
          { requiredPermission: 'write', requiredScope: resource.scope },
          `This key lacks the ${resource.scope} scope of the ${resource.type} it would share`,
        );
      // The model has no teams (01-accounts.md names team ids, nothing more): refused rather than ignored.
      if (body.teams?.length) throw validationError('teams', 'the account has no teams to share with; name users instead');
      const users = [...new Set(body.users)];
      const unknown = users.filter((id) => !accounts.members.some((m) => m.id === id && m.status !== 'removed'));
      if (unknown.length) throw membersNotFound(unknown);
      const expiresAt = futureTime(body.expiresAt, now);
      const permissions = [...new Set(body.permissions)];
      assertWithinCallerLevel(accounts, key, { permissions, scopes: [schemaScopeOf(resource.scope)!], resourceIds: [resourceId] }, now);
      const shares = users.map((userId) => {
        const fields = {
          permissions,
          expiresAt,
          message: body.message ?? null,
          sharedBy: key.createdBy,
          sharedAt: now,
          status: 'active' as const,
          revokedBy: null,
          revokedAt: null,
        };
        const existing = accounts.shares.find((s) => s.resourceId === resourceId && s.userId === userId);
        if (existing) return Object.assign(existing, fields);
        const share: StoredShare = { id: `share_${randomBase62(16)}`, resourceId, userId, ...fields };
        accounts.shares.push(share);
        return share;
      });
      ctx.store.touch(AREA, accountRecord.shares);
      for (const s of shares)
        auditChange(ctx.store, key, now, 'resource_shared', {
          targetUserId: s.userId,
          resource: { type: resource.type, id: resourceId, name: resource.name },
          details: { shareId: s.id, resourceId, resourceType: resource.type, users, permissions, expiresAt: shareView(s, now).expiresAt },
        });
      return {
        resourceId,
        resource: { type: resource.type, name: resource.name },
        shares: shares.map((s) => shareView(s, now)),
        message: `Shared ${resource.type} ${resource.name ?? resourceId} with ${users.length} member${users.length === 1 ? '' : 's'}`,
      };
    },
    201,
  ),
  defineRoute(ops['permissions.resources.shares'], (ctx, { params, now }): ListSharesResponse => {
    const resourceId = params.resource_id;
    const shares = accountsOf(ctx.store)
      .shares.filter((s) => s.resourceId === resourceId)
      .sort((a, b) => b.sharedAt - a.sharedAt || (a.id < b.id ? 1 : -1))
      .map((s) => shareView(s, now));
    // Shares of a resource deleted since are still listed (they can be revoked); an id nothing knows is a 404.
    if (shares.length === 0 && !ctx.resource(resourceId)) throw resourceNotFound(resourceId);
    return { resourceId, shares, total: shares.length };
  }),
  defineRoute(ops['permissions.shares.revoke'], (ctx, { params, key, now }): RevokeShareResponse => {
    const accounts = accountsOf(ctx.store);
    const share = accounts.shares.find((s) => s.id === params.share_id);
    if (!share) throw shareNotFound(params.share_id);
    if (share.status === 'revoked') throw invalidState({ shareId: share.id, status: 'revoked' }, 'The share is already revoked');
    share.status = 'revoked';
    share.revokedBy = key.createdBy;
    share.revokedAt = now;
    ctx.store.touch(AREA, accountRecord.shares);
    const resource = ctx.resource(share.resourceId);
    auditChange(ctx.store, key, now, 'share_revoked', {
      targetUserId: share.userId,
      resource: { type: resource?.type ?? 'unknown', id: share.resourceId, name: resource?.name ?? null },
      details: { shareId: share.id, resourceId: share.resourceId, permissions: share.permissions },
    });
    return { share: { id: share.id, status: 'revoked', revokedBy: key.createdBy, revokedAt: new Date(now).toISOString() } };
  }),
];
