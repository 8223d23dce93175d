// Custom roles (01-accounts.md, Role; Endpoints: POST and PUT /v2/accounts/permissions/roles):
// what a caller sends to define or change one. Permission and scope names are checked by the
// handler, so an unknown one answers INVALID_PERMISSION with the valid names (Errors), not a
// generic validation error (docs/decisions.md, Permissions and roles: custom roles).
import { z } from 'zod';
import { CustomRoleName } from '../common';
import { Role } from './permissions';

/** Permission or scope names as sent: checked against the model by the handler. */
const NameList = z.array(z.string().min(1).max(50)).min(1).max(20);

/** A limitation: a whole number of things, at most `max` (docs/decisions.md). */
const limit = (max: number) => z.number().int().min(0).max(max);

/** Bounds of a custom role's limitations (docs/decisions.md, Permissions and roles: custom roles). */
const RoleLimitationsInput = z.strictObject({
  maxEndpoints: limit(10_000).optional(),
  maxClusters: limit(10_000).optional(),
  maxComputeHours: limit(1_000_000).optional(),
  // The account allows at most 50 keys (01-accounts.md, max_api_keys 1-50).
  maxApiKeys: limit(50).optional(),
});

const roleFields = {
  displayName: z.string().trim().min(1).max(100),
  description: z.string().max(500).optional(),
  permissions: NameList,
  scopes: NameList,
  limitations: RoleLimitationsInput.optional(),
  /** Parent role names (built-in or custom). */
  inherits: z.array(z.string().min(1).max(100)).max(10).optional(),
};

export const CreateRoleRequest = z.strictObject({ name: CustomRoleName, ...roleFields });
export type CreateRoleRequest = z.infer<typeof CreateRoleRequest>;

/** Any of the role's fields but its name, which is its identity (and its id's suffix). */
export const UpdateRoleRequest = z
  .strictObject({
    displayName: roleFields.displayName.optional(),
    description: roleFields.description,
    permissions: roleFields.permissions.optional(),
    scopes: roleFields.scopes.optional(),
    limitations: roleFields.limitations,
    inherits: roleFields.inherits,
  })
  .refine((b) => Object.keys(b).length > 0, 'name at least one field to change');
export type UpdateRoleRequest = z.infer<typeof UpdateRoleRequest>;

export const RoleIdParams = z.strictObject({ role_id: z.string().min(1).max(200) });

export const CreateRoleResponse = z.object({ role: Role });
export type CreateRoleResponse = z.infer<typeof CreateRoleResponse>;
