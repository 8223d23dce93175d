// Custom roles (01-accounts.md, Endpoints: POST /v2/accounts/permissions/roles, PUT
// .../roles/{role_id}): names checked against the model (names.ts), inheritance rules
// (hierarchy.ts), never above the caller's own permissions (level.ts), each change audited with
// the role before and after.
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import type { Role } from '../../../../../shared/api/accounts/permissions';
import type { CreateRoleResponse } from '../../../../../shared/api/accounts/roles';
import { invalidState, roleNameExists, roleNotFound } from '../../../core/errors';
import { defineRoute } from '../../../core/route-def';
import { accountRecord } from '../records';
import { accountsOf, AREA } from '../state';
import type { StoredRole } from '../stored-schema';
import { auditChange } from './audit-change';
import { checkHierarchy } from './hierarchy';
import { assertWithinCallerLevel } from './level';
import { checkedPermissions, checkedScopes } from './names';
import { BUILT_IN_ROLES } from './roles';
import { roleDefOf, roleView } from './views';

const unique = (names: readonly string[]) => [...new Set(names)];

export const roleRoutes = [
  defineRoute(
    ops['permissions.roles.create'],
    (ctx, { body, key, now }): CreateRoleResponse => {
      const accounts = accountsOf(ctx.store);
      const taken = accounts.roles.find((r) => r.name === body.name);
      if (taken) throw roleNameExists(body.name, taken.id);
      const role: StoredRole = {
        id: `role_custom_${body.name}`,
        name: body.name,
        displayName: body.displayName,
        description: body.description ?? null,
        permissions: checkedPermissions(body.permissions),
        scopes: checkedScopes(body.scopes),
        limitations: body.limitations ?? {},
        inherits: unique(body.inherits ?? []),
        assignable: true,
        createdAt: now,
        createdBy: key.createdBy,
        updatedAt: now,
      };
      checkHierarchy(roleDefOf(role), accounts.roles);
      assertWithinCallerLevel(accounts, key, { permissions: role.permissions, scopes: role.scopes, resourceIds: [] }, now);
      accounts.roles.push(role);
      ctx.store.touch(AREA, accountRecord.roles);
      const view = roleView(role);
      auditChange(ctx.store, key, now, 'role_created', {
        targetUserId: null,
        resource: { type: 'role', id: role.id, name: role.name },
        details: { role: role.name, before: null, after: view },
      });
      return { role: view };
    },
    201,
  ),
  defineRoute(ops['permissions.roles.update'], (ctx, { params, body, key, now }): Role => {
    const accounts = accountsOf(ctx.store);
    const at = accounts.roles.findIndex((r) => r.id === params.role_id);
    if (at < 0) {
      const builtIn = Object.values(BUILT_IN_ROLES).find((r) => r.id === params.role_id);
      if (builtIn)
        throw invalidState(
          { roleId: builtIn.id, role: builtIn.name, reason: 'built_in' },
          'Built-in roles are part of the model and cannot be changed',
        );
      throw roleNotFound(params.role_id);
    }
    const before = accounts.roles[at]!;
    const next: StoredRole = {
      ...before,
      displayName: body.displayName ?? before.displayName,
      description: body.description ?? before.description,
      permissions: body.permissions ? checkedPermissions(body.permissions) : before.permissions,
      scopes: body.scopes ? checkedScopes(body.scopes) : before.scopes,
      limitations: body.limitations ?? before.limitations,
      inherits: body.inherits ? unique(body.inherits) : before.inherits,
      updatedAt: now,
    };
    checkHierarchy(roleDefOf(next), accounts.roles);
    assertWithinCallerLevel(accounts, key, { permissions: next.permissions, scopes: next.scopes, resourceIds: [] }, now);
    accounts.roles[at] = next;
    ctx.store.touch(AREA, accountRecord.roles);
    const view = roleView(next);
    auditChange(ctx.store, key, now, 'role_updated', {
      targetUserId: null,
      resource: { type: 'role', id: next.id, name: next.name },
      details: { role: next.name, before: roleView(before), after: view },
    });
    return view;
  }),
];
