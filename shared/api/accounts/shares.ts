// Resource shares (01-accounts.md, Resource share; Endpoints: POST
// .../resources/{resource_id}/share), the list of a resource's shares and their revocation
// (extensions, docs/decisions.md, Permissions and roles: custom roles, grants and shares).
import { z } from 'zod';
import { KeyPermission, Timestamp } from '../common';

/** `expired` is an active share past its `expiresAt`, derived when read (never stored). */
const ShareStatus = z.enum(['active', 'expired', 'revoked']);

export const Share = z.object({
  id: z.string().startsWith('share_'),
  resourceId: z.string(),
  userId: z.string().startsWith('usr_'),
  permissions: z.array(KeyPermission),
  sharedBy: z.string(),
  sharedAt: Timestamp,
  expiresAt: Timestamp.nullable(),
  message: z.string().nullable(),
  status: ShareStatus,
  revokedBy: z.string().nullable(),
  revokedAt: Timestamp.nullable(),
});
export type Share = z.infer<typeof Share>;

export const ResourceIdParams = z.strictObject({ resource_id: z.string().min(1).max(200) });

export const ShareResourceRequest = z.strictObject({
  /** Team member ids (duplicates count once). */
  users: z.array(z.string().min(1).max(100)).min(1).max(100),
  /** The account has no teams: any team id is refused (docs/decisions.md). */
  teams: z.array(z.string().min(1).max(100)).max(100).optional(),
  permissions: z.array(KeyPermission).min(1).max(3),
  /** In the future (simulated clock); absent: no expiry. */
  expiresAt: Timestamp.optional(),
  /** A note to the users, kept with each share. */
  message: z.string().max(500).optional(),
});
export type ShareResourceRequest = z.infer<typeof ShareResourceRequest>;

/** What a resource is, as the area that keeps it names it. */
const SharedResource = z.object({ type: z.string(), name: z.string().nullable() });

export const ShareResourceResponse = z.object({
  resourceId: z.string(),
  resource: SharedResource,
  shares: z.array(Share),
  /** What happened, in a sentence. */
  message: z.string(),
});
export type ShareResourceResponse = z.infer<typeof ShareResourceResponse>;

export const ListSharesResponse = z.object({ resourceId: z.string(), shares: z.array(Share), total: z.number().int().min(0) });
export type ListSharesResponse = z.infer<typeof ListSharesResponse>;

export const ShareIdParams = z.strictObject({ share_id: z.string().min(1).max(200) });

export const RevokeShareResponse = z.object({
  share: z.object({ id: z.string(), status: z.literal('revoked'), revokedBy: z.string(), revokedAt: Timestamp }),
});
export type RevokeShareResponse = z.infer<typeof RevokeShareResponse>;
