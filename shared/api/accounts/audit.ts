// The permission audit log (01-accounts.md, Audit event; Endpoints: GET
// /v2/accounts/permissions/audit) and the what-if replay of a role edit (an emulator extension,
// docs/decisions.md, Permissions and roles: Audit log and what-if).
import { z } from 'zod';
import { Timestamp, UsagePeriod } from '../common';
import { PermissionName, SchemaScope } from './permissions';

const AuditEventType = z.enum(['permission_change', 'access_denied', 'role_assignment']);

/** Paging of the audit list (an extension: the document shows no paging). */
const AUDIT_PAGE = { min: 1, max: 1000, default: 100 } as const;

export const AuditQuery = z.strictObject({
  period: UsagePeriod.default('7d'),
  type: AuditEventType.optional(),
  /** Events where this member is the actor or the target. */
  userId: z.string().min(1).max(100).optional(),
  resourceId: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(AUDIT_PAGE.min).max(AUDIT_PAGE.max).default(AUDIT_PAGE.default),
  /** The `nextCursor` of the previous page (opaque). */
  cursor: z.string().min(1).max(200).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

const Person = z.object({ userId: z.string().nullable(), name: z.string().nullable() });

export const AuditEvent = z.object({
  id: z.string().startsWith('audit_'),
  timestamp: Timestamp,
  type: AuditEventType,
  /** `keyId`: the API key the actor used (an extension), null for events no key caused. */
  actor: Person.extend({ ipAddress: z.string().nullable(), keyId: z.string().nullable() }),
  /** The member the event is about, or null. */
  target: Person.nullable(),
  /** The resource the event is about, or null. */
  resource: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }).nullable(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditResponse = z.object({
  period: UsagePeriod,
  /** Newest first. */
  events: z.array(AuditEvent),
  /** Every event of the period that passes the filters (not only this page). */
  total: z.number().int().min(0),
  summary: z.object({
    permissionChanges: z.number().int().min(0),
    accessDenied: z.number().int().min(0),
    roleAssignments: z.number().int().min(0),
    resourceShares: z.number().int().min(0),
  }),
  /** Where the next page starts; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many days events are kept (security.audit.retention_days). */
  retentionDays: z.number().int().min(1),
});
export type AuditResponse = z.infer<typeof AuditResponse>;

const WhatIfPeriod = z.enum(['1d', '7d', '30d']);

const RolePermission = z.union([PermissionName, z.literal('*')]);
const RoleScope = z.union([SchemaScope, z.literal('*')]);

/** POST /v2/accounts/permissions/roles/what-if: the role being edited and its draft. */
export const WhatIfRequest = z.strictObject({
  role: z.string().min(1).max(100),
  permissions: z.array(RolePermission).max(PermissionName.options.length + 1),
  scopes: z.array(RoleScope).max(SchemaScope.options.length + 1),
  /** Absent: the role's inherited roles as they are. */
  inherits: z.array(z.string().min(1).max(100)).max(20).optional(),
  period: WhatIfPeriod.default('30d'),
});
export type WhatIfRequest = z.infer<typeof WhatIfRequest>;

export const WhatIfResponse = z.object({
  role: z.string(),
  period: WhatIfPeriod,
  /** Active members holding the role, directly or through a role that inherits it. */
  members: z.number().int().min(0),
  /** Successful calls of their keys over the period. */
  callsReplayed: z.number().int().min(0),
  wouldBeRefused: z.array(
    z.object({
      userId: z.string(),
      name: z.string().nullable(),
      keyId: z.string(),
      method: z.string(),
      route: z.string(),
      count: z.number().int().min(1),
      /** Start of the last (UTC) day with such a call: calls are counted per day. */
      lastAt: Timestamp,
      missing: z.string(),
      reason: z.string(),
    }),
  ),
  summary: z.object({
    callsRefused: z.number().int().min(0),
    routes: z.number().int().min(0),
    membersAffected: z.number().int().min(0),
    keysAffected: z.number().int().min(0),
  }),
  /** What the replay cannot see (resource ids are not counted). */
  note: z.string(),
});
export type WhatIfResponse = z.infer<typeof WhatIfResponse>;
