// The accounts area's stored state, under `state.areas.accounts`: the account, its team,
// pending invitations, keys (the SHA-256 of each value, never the value) and usage counts.
// Checked whenever a snapshot comes in (import and load); the area's types are inferred here.
import { z } from 'zod';
import { StoredSettings } from '../../../../shared/api/accounts/settings';
import { AccountKeyScope, AuthKeyScope, KeyPermission, Plan, MemberRole } from '../../../../shared/api/common';
import { KeyId, KeyRateLimit, KeyStatus } from '../../../../shared/api/accounts/api-keys';
import { LATENCY_BUCKETS, RETENTION_HOURS, ROWS_MAX } from './api-usage/aggregate';

const Ms = z.number().int().min(0);

/** A stored key: the SHA-256 of its value, never the value itself. */
export const StoredKey = z.object({
  id: KeyId,
  name: z.string().min(1).max(100),
  prefix: z.string().min(1).max(64),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  permissions: z.array(KeyPermission),
  scopes: z.array(z.union([AccountKeyScope, AuthKeyScope])),
  createdAt: Ms,
  expiresAt: Ms.nullable(),
  status: KeyStatus,
  revokedAt: Ms.nullable(),
  lastUsed: Ms.nullable(),
  usageCount: z.number().int().min(0),
  rateLimit: KeyRateLimit,
  owner: z.boolean(),
  createdBy: z.string(),
});
export type StoredKey = z.infer<typeof StoredKey>;

export const StoredMember = z.object({
  id: z.string().startsWith('usr_'),
  email: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  role: MemberRole,
  status: z.enum(['active', 'pending', 'suspended', 'removed']),
  joinedAt: Ms.nullable(),
  lastActive: Ms.nullable(),
  invitedAt: Ms.nullable(),
  invitedBy: z.string().nullable(),
  department: z.string().max(100).nullable(),
  title: z.string().max(100).nullable(),
  /** When the member was removed (the activity report's retention); absent from older data folders. */
  removedAt: Ms.nullable().default(null),
});
export type StoredMember = z.infer<typeof StoredMember>;

export const StoredInvitation = z.object({
  id: z.string().startsWith('inv_'),
  userId: z.string().startsWith('usr_'),
  email: z.string(),
  role: MemberRole,
  status: z.enum(['sent', 'resent', 'cancelled']),
  createdAt: Ms,
  expiresAt: Ms,
  inviteUrl: z.string(),
  // Issue 19 (docs/decisions.md, Team); absent from older data folders.
  /** How long it is valid from being sent or resent. */
  lifetime: z.enum(['1d', '7d', '30d']).default('7d'),
  department: z.string().max(100).nullable().default(null),
  title: z.string().max(100).nullable().default(null),
  message: z.string().max(500).nullable().default(null),
  /** Extra permissions applied as an unexpiring grant when accepted. */
  permissions: z.array(z.string()).default([]),
  invitedBy: z.string().nullable().default(null),
  resentAt: Ms.nullable().default(null),
  cancelledAt: Ms.nullable().default(null),
  acceptedAt: Ms.nullable().default(null),
});
export type StoredInvitation = z.infer<typeof StoredInvitation>;

const StoredBoost = z.object({
  id: z.string(),
  multiplier: z.number().min(1).max(10),
  duration: z.string(),
  reason: z.string(),
  startsAt: Ms,
  expiresAt: Ms,
});
type StoredBoost = z.infer<typeof StoredBoost>;

export const StoredAccount = z.object({
  id: z.string().startsWith('acc_'),
  name: z.string(),
  plan: Plan,
  ownerId: z.string(),
  createdAt: Ms,
  boost: StoredBoost.nullable(),
});
export type StoredAccount = z.infer<typeof StoredAccount>;

/**
 * Per key: hourly counts [hourStartMs, reads, writes, executions], daily endpoint counts
 * [dayStartMs, "METHOD /path", count], and how many of those were answered with an error
 * (`failed`, same shape; absent from data folders written before issue 19).
 */
export const StoredUsage = z.object({
  hours: z.array(z.tuple([Ms, Ms, Ms, Ms])),
  days: z.array(z.tuple([Ms, z.string().max(300), Ms])),
  failed: z.array(z.tuple([Ms, z.string().max(300), Ms])).default([]),
});
export type StoredUsage = z.infer<typeof StoredUsage>;

/** API usage rows (api-usage/aggregate.ts: StoredApiUsageRow); absent from data folders written before issue 21. */
const StoredApiUsageRow = z.tuple([
  Ms,
  z.string().max(320),
  z.number().int().min(0).max(3),
  z.string().max(100).nullable(),
  Ms,
  z.array(Ms).max(2 * LATENCY_BUCKETS),
]);

/** A custom role (01-accounts.md, Role); built-ins are code (permissions/roles.ts). */
export const StoredRole = z.object({
  id: z.string().startsWith('role_custom_'),
  name: z.string().min(1).max(100),
  displayName: z.string().min(1).max(100),
  description: z.string().max(500).nullable(),
  permissions: z.array(z.string()),
  scopes: z.array(z.string()),
  limitations: z.object({
    maxEndpoints: z.number().min(0).optional(),
    maxClusters: z.number().min(0).optional(),
    maxComputeHours: z.number().min(0).optional(),
    maxApiKeys: z.number().min(0).optional(),
  }),
  inherits: z.array(z.string()),
  assignable: z.boolean(),
  createdAt: Ms,
  createdBy: z.string(),
  updatedAt: Ms,
});
export type StoredRole = z.infer<typeof StoredRole>;

/** A permission grant (01-accounts.md, Permission grant); expired is derived from `expiresAt` when read. */
export const StoredGrant = z.object({
  id: z.string().startsWith('grant_'),
  userId: z.string().startsWith('usr_'),
  permissions: z.array(z.string()),
  scopes: z.array(z.string()),
  /** Null: every resource of the scopes. */
  resources: z.array(z.string()).nullable(),
  expiresAt: Ms.nullable(),
  reason: z.string().nullable(),
  grantedBy: z.string(),
  grantedAt: Ms,
  status: z.enum(['active', 'revoked']),
  revokedBy: z.string().nullable(),
  revokedAt: Ms.nullable(),
});
export type StoredGrant = z.infer<typeof StoredGrant>;

/** A resource shared with one user (01-accounts.md, Resource share). */
export const StoredShare = z.object({
  id: z.string().startsWith('share_'),
  resourceId: z.string().min(1),
  userId: z.string().startsWith('usr_'),
  permissions: z.array(z.string()),
  expiresAt: Ms.nullable(),
  message: z.string().nullable(),
  sharedBy: z.string(),
  sharedAt: Ms,
  status: z.enum(['active', 'revoked']),
  // Who revoked it and when (DELETE /v2/accounts/permissions/shares/{share_id}); absent from older data.
  revokedBy: z.string().nullable().default(null),
  revokedAt: Ms.nullable().default(null),
});
export type StoredShare = z.infer<typeof StoredShare>;

/** An audit event (01-accounts.md, Audit event); `details` is the event's own object. */
export const StoredAuditEvent = z.object({
  id: z.string().startsWith('audit_'),
  at: Ms,
  type: z.enum(['permission_change', 'access_denied', 'role_assignment']),
  action: z.string().max(100),
  actorId: z.string().nullable(),
  keyId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  targetUserId: z.string().nullable(),
  resource: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }).nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type StoredAuditEvent = z.infer<typeof StoredAuditEvent>;

/**
 * A member's own profile beyond what the team shows (issue 20): absent until they first change
 * it, so a team of thousands stores only those who did. The name is the member's (StoredMember).
 */
export const StoredProfile = z.object({
  memberId: z.string().startsWith('usr_'),
  bio: z.string().max(500).nullable(),
  location: z.string().max(100).nullable(),
  website: z.string().max(2048).nullable(),
  social: z.string().max(100).nullable(),
  code_host: z.string().max(39).nullable(),
  /** The stored avatar (its file is `<id>.png`, profile/avatar-store.ts), null until one is uploaded. */
  avatarId: z
    .string()
    .regex(/^ava_[A-Za-z0-9]{16}$/)
    .nullable(),
  /** The member's preferences; null until set (the account's then: profile/view.ts). */
  preferences: z
    .object({
      timezone: z.string(),
      language: z.enum(['en', 'es', 'fr', 'de', 'ja', 'zh']),
      theme: z.enum(['light', 'dark']),
      emailNotifications: z.boolean(),
      chatNotifications: z.boolean(),
    })
    .nullable(),
  updatedAt: Ms,
});
export type StoredProfile = z.infer<typeof StoredProfile>;

export const AccountsState = z.object({
  account: StoredAccount,
  members: z.array(StoredMember),
  invitations: z.array(StoredInvitation),
  keys: z.array(StoredKey),
  usage: z.record(z.string(), StoredUsage),
  // Absent from data folders written before issue 19: they load with none.
  roles: z.array(StoredRole).default([]),
  grants: z.array(StoredGrant).default([]),
  shares: z.array(StoredShare).default([]),
  audit: z.array(StoredAuditEvent).default([]),
  // Absent from data folders written before issue 20: the defaults then (settings/defaults.ts).
  settings: StoredSettings.nullable().default(null),
  /** When the settings last changed (ms); null until they do. */
  settingsUpdatedAt: Ms.nullable().default(null),
  // Absent from data folders written before the profile (issue 20): nobody has changed theirs.
  profiles: z.array(StoredProfile).default([]),
  apiUsage: z
    .array(StoredApiUsageRow)
    .max(ROWS_MAX + 4 * RETENTION_HOURS)
    .default([]),
});
export type AccountsState = z.infer<typeof AccountsState>;
