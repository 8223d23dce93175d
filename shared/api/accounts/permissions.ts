// Roles, effective permissions and the explained permission check (01-accounts.md, Role;
// Effective permissions; Endpoints: Permissions and roles). Grants and shares join the check's
// chain in a later slice: its step kinds and outcomes are open for them
// (docs/decisions.md, Permissions and roles).
import { z } from 'zod';
import { MemberRole, Timestamp } from '../common';
import type { Operation } from '../operation';

/** Permission names (01-accounts.md, Role). */
export const PermissionName = z.enum([
  'read',
  'write',
  'execute',
  'manage_team',
  'manage_billing',
  'manage_integrations',
  'manage_security',
]);
export type PermissionName = z.infer<typeof PermissionName>;

/** Schema scope names (01-accounts.md, Role). */
export const SchemaScope = z.enum(['endpoints', 'clusters', 'accounts', 'billing', 'integrations', 'security']);
export type SchemaScope = z.infer<typeof SchemaScope>;

/** A role's permissions or scopes: names, or `*` for all. */
const RolePermission = z.union([PermissionName, z.literal('*')]);
const RoleScope = z.union([SchemaScope, z.literal('*')]);

/** A role's limitations; a member's effective ones add `maxTeamMembers` (null: unlimited). */
export const RoleLimitations = z.object({
  maxEndpoints: z.number().min(0).optional(),
  maxClusters: z.number().min(0).optional(),
  maxComputeHours: z.number().min(0).optional(),
  maxApiKeys: z.number().min(0).optional(),
});
export type RoleLimitations = z.infer<typeof RoleLimitations>;

export const Role = z.object({
  id: z.string().min(1),
  name: z.string().min(1).max(100),
  displayName: z.string().min(1).max(100),
  description: z.string().max(500).optional(),
  permissions: z.array(RolePermission),
  scopes: z.array(RoleScope),
  limitations: RoleLimitations,
  inherits: z.array(z.string()),
  assignable: z.boolean(),
  createdAt: Timestamp,
});
export type Role = z.infer<typeof Role>;

/** GET /v2/accounts/permissions/schema. */
export const PermissionsSchemaResponse = z.object({
  roles: z.record(
    z.string(),
    Role.pick({ name: true, description: true, permissions: true, scopes: true, inherits: true, assignable: true }).extend({
      // Beside the document's fields, for the custom roles listed with the built-ins (issue 19).
      id: z.string().min(1),
      displayName: z.string().min(1).max(100),
      limitations: RoleLimitations,
      custom: z.boolean(),
      createdAt: Timestamp,
    }),
  ),
  permissions: z.record(PermissionName, z.string()),
  scopes: z.record(SchemaScope, z.string()),
});
export type PermissionsSchemaResponse = z.infer<typeof PermissionsSchemaResponse>;

export const UserIdParams = z.strictObject({ user_id: z.string().startsWith('usr_').max(100) });

const AccessLists = z.object({ own: z.array(z.string()), team: z.array(z.string()), public: z.array(z.string()) });

/** A grant held on top of the role (Permission grant); none exist until grants do. */
const CustomPermission = z.object({
  grantId: z.string().startsWith('grant_'),
  permissions: z.array(PermissionName),
  scopes: z.array(SchemaScope),
  resources: z.array(z.string()).nullable(),
  expiresAt: Timestamp.nullable(),
});

/** GET /v2/accounts/permissions/{user_id} (01-accounts.md, Effective permissions). */
export const EffectivePermissions = z.object({
  userId: z.string().startsWith('usr_'),
  role: MemberRole,
  effectivePermissions: z.object({
    permissions: z.array(RolePermission),
    scopes: z.array(RoleScope),
    resourceAccess: z.object({ endpoints: AccessLists, clusters: AccessLists }),
    limitations: RoleLimitations.extend({ maxTeamMembers: z.number().int().min(0).nullable() }),
  }),
  customPermissions: z.array(CustomPermission),
  /** The roles this one inherits, nearest first, transitively. */
  inheritedFrom: z.array(z.string()),
  lastUpdated: Timestamp,
});
export type EffectivePermissions = z.infer<typeof EffectivePermissions>;

/** POST /v2/accounts/permissions/check. */
export const PermissionCheckRequest = z.strictObject({
  /** Whose access; the caller's own member when absent (01 marks none of the check's fields required). */
  userId: z.string().startsWith('usr_').max(100).optional(),
  permission: PermissionName,
  scope: SchemaScope,
  resourceId: z.string().min(1).max(200).optional(),
});
export type PermissionCheckRequest = z.infer<typeof PermissionCheckRequest>;

/** Where an allowed check's permission came from; null when refused. */
export const CheckSource = z.enum(['role', 'inherited_role', 'grant', 'share']);
export type CheckSource = z.infer<typeof CheckSource>;

/**
 * What a chain step found: `matched` decided the check (allowed); `not_held` tried and lacks
 * the permission or scope; `none_exist` has nothing of its kind to try; `member_inactive`
 * refused before any role was read. Near misses, which would have matched but for one thing:
 * `expired` (a grant or share past its `expiresAt`), `revoked` (a revoked grant),
 * `other_resource` (held, but for other resources than the one asked about).
 */
export const StepOutcome = z.enum(['matched', 'not_held', 'none_exist', 'member_inactive', 'expired', 'revoked', 'other_resource']);
export type StepOutcome = z.infer<typeof StepOutcome>;

const stepBase = { decided: z.boolean(), outcome: StepOutcome, reason: z.string() };

const MemberStep = z.object({ step: z.literal('member'), status: z.enum(['active', 'pending', 'suspended', 'removed']), ...stepBase });
const RoleStep = z.object({
  step: z.literal('role'),
  role: z.string(),
  permissions: z.array(RolePermission),
  scopes: z.array(RoleScope),
  ...stepBase,
});
const InheritedRoleStep = RoleStep.extend({
  step: z.literal('inherited_role'),
  /** The role that inherits this one. */
  via: z.string(),
});
/** Grants: one step per grant tried, or one step with `grantId` null when none exist. */
const GrantStep = z.object({
  step: z.literal('grant'),
  grantId: z.string().nullable(),
  permissions: z.array(PermissionName),
  scopes: z.array(SchemaScope),
  resources: z.array(z.string()).nullable(),
  expiresAt: Timestamp.nullable(),
  ...stepBase,
});
/** Shares: one step per share tried, or one step with `shareId` null when none exist. */
const ShareStep = z.object({
  step: z.literal('share'),
  shareId: z.string().nullable(),
  resourceId: z.string().nullable(),
  permissions: z.array(PermissionName),
  expiresAt: Timestamp.nullable(),
  ...stepBase,
});

export const ChainStep = z.discriminatedUnion('step', [MemberStep, RoleStep, InheritedRoleStep, GrantStep, ShareStep]);
export type ChainStep = z.infer<typeof ChainStep>;

export const PermissionCheckResponse = z.object({
  userId: z.string(),
  permission: PermissionName,
  scope: SchemaScope,
  resourceId: z.string().nullable(),
  allowed: z.boolean(),
  source: CheckSource.nullable(),
  role: MemberRole,
  details: z.object({
    reason: z.string(),
    limitations: z.object({ remainingExecutions: z.number().int().min(0), maxExecutionsPerHour: z.number().int().min(0) }),
    /** Each step tried, in order (member → role → inherited roles → grants → shares); the last decided when allowed. */
    chain: z.array(ChainStep),
  }),
});
export type PermissionCheckResponse = z.infer<typeof PermissionCheckResponse>;

/**
 * The schema scope (01-accounts.md, Role) a route's key scope is decided on: the role model
 * names six scopes, the key scopes seven; training (03-endpoints-training.md) and AI services
 * run as endpoints do, webhooks are an integration. Null: the route needs no scope (verify,
 * rate limits), and any active member passes.
 */
export function schemaScopeOf(keyScope: string | null): SchemaScope | null {
  switch (keyScope) {
    case null:
      return null;
    case 'training':
    case 'ai':
      return 'endpoints';
    case 'webhooks':
      return 'integrations';
    default:
      return keyScope as SchemaScope;
  }
}

/**
 * What a member needs for an operation (issue 19): its member permission (team management's
 * `manage_team`), or its access class, on the schema scope of its key scope. The emulator's
 * enforcement, the what-if and the console's "Why?" read it from here.
 */
export function requiredAccess(op: Pick<Operation, 'access' | 'memberPermission' | 'memberScope' | 'scope'>): {
  permission: PermissionName;
  scope: SchemaScope | null;
} {
  return { permission: op.memberPermission ?? op.access, scope: op.memberScope ?? schemaScopeOf(op.scope) };
}

/**
 * Path parameters that name a resource a grant may be limited to or a share may give: the
 * resources of the three documents. Sub-resources (a cluster's ports and secrets) are decided
 * on their cluster; keys and members are account records, never shared.
 */
const RESOURCE_PARAMS = ['cluster_id', 'endpointId', 'job_id', 'dataset_id', 'model_id', 'tune_id', 'template_id'] as const;

/**
 * The ids of the resources a request's path names, in RESOURCE_PARAMS order: what the
 * emulator's enforcement decides on, and what the console's "Why?" asks about.
 */
export function resourceIdsOf(params: unknown): string[] {
  const ids: string[] = [];
  if (params === null || typeof params !== 'object') return ids;
  const p = params as Record<string, unknown>;
  for (const name of RESOURCE_PARAMS) {
    const v = p[name];
    if (typeof v === 'string' && v !== '') ids.push(v);
  }
  return ids;
}
