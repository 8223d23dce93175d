// Permission grants (01-accounts.md, Permission grant; Endpoints: POST .../{user_id}/grant,
// DELETE .../grants/{grant_id}) and the grants list the console reads (an extension,
// docs/decisions.md, Permissions and roles: custom roles, grants and shares).
import { z } from 'zod';
import { Timestamp } from '../common';
import { PermissionName, SchemaScope } from './permissions';

/**
 * A grant's state: `active` and `revoked` as stored; `expired` is an active grant past its
 * `expiresAt` on the simulated clock, derived when read (never stored).
 */
export const GrantStatus = z.enum(['active', 'expired', 'revoked']);
export type GrantStatus = z.infer<typeof GrantStatus>;

export const Grant = z.object({
  id: z.string().startsWith('grant_'),
  userId: z.string().startsWith('usr_'),
  permissions: z.array(PermissionName),
  scopes: z.array(SchemaScope),
  /** Null: every resource of the scopes. */
  resources: z.array(z.string()).nullable(),
  expiresAt: Timestamp.nullable(),
  reason: z.string().nullable(),
  grantedBy: z.string(),
  grantedAt: Timestamp,
  status: GrantStatus,
  revokedBy: z.string().nullable(),
  revokedAt: Timestamp.nullable(),
});
export type Grant = z.infer<typeof Grant>;

const NameList = z.array(z.string().min(1).max(50)).min(1).max(20);

export const CreateGrantRequest = z.strictObject({
  /** Permission names; checked by the handler (INVALID_PERMISSION with the valid names). */
  permissions: NameList,
  /** Schema scope names; checked likewise. */
  scopes: NameList,
  /** Ids of existing resources of any area; absent: every resource of the scopes. */
  resources: z.array(z.string().min(1).max(200)).min(1).max(100).optional(),
  /** In the future (simulated clock); absent: no expiry. */
  expiresAt: Timestamp.optional(),
  reason: z.string().max(500).optional(),
});
export type CreateGrantRequest = z.infer<typeof CreateGrantRequest>;

export const CreateGrantResponse = z.object({ grant: Grant });
export type CreateGrantResponse = z.infer<typeof CreateGrantResponse>;

export const GrantIdParams = z.strictObject({ grant_id: z.string().min(1).max(200) });

export const RevokeGrantResponse = z.object({
  grant: z.object({ id: z.string(), status: z.literal('revoked'), revokedBy: z.string(), revokedAt: Timestamp }),
});
export type RevokeGrantResponse = z.infer<typeof RevokeGrantResponse>;

export const ListGrantsQuery = z.strictObject({
  userId: z.string().startsWith('usr_').max(100).optional(),
  status: GrantStatus.optional(),
});

export const ListGrantsResponse = z.object({ grants: z.array(Grant), total: z.number().int().min(0) });
export type ListGrantsResponse = z.infer<typeof ListGrantsResponse>;
