// Team members (01-accounts.md, Team member; Endpoints: Team): the list, a member's detail,
// changes (one and bulk), removal and the activity report. Invitations: invitations.ts.
import { z } from 'zod';
import { MemberRole, Timestamp } from '../common';
import { PermissionName } from './permissions';

const TeamMemberStatus = z.enum(['active', 'pending', 'suspended', 'removed']);
/** A pending member's invitation as of now: `expired` is derived from the simulated clock (docs/decisions.md, Team). */
const InvitationState = z.enum(['sent', 'resent', 'expired']);

export const TeamMember = z.object({
  id: z.string().startsWith('usr_'),
  email: z.string(),
  /** Null while pending. */
  name: z.string().nullable(),
  username: z.string().nullable(),
  avatar: z.string().nullable(),
  role: MemberRole,
  permissions: z.array(z.string()),
  status: TeamMemberStatus,
  joinedAt: Timestamp.nullable(),
  lastActive: Timestamp.nullable(),
  invitedAt: Timestamp.nullable(),
  invitationExpires: Timestamp.nullable(),
  invitedBy: z.string().nullable(),
  department: z.string().nullable(),
  title: z.string().nullable(),
  /** Added (docs/decisions.md, Team): the pending member's invitation, to resend or cancel it; null once joined. */
  invitationId: z.string().nullable(),
  invitationStatus: InvitationState.nullable(),
  /** Added: the pending member's invitation address, so any admin can copy it again; null once joined. */
  inviteUrl: z.string().nullable(),
});
export type TeamMember = z.infer<typeof TeamMember>;

export const ListTeamMembersResponse = z.object({
  members: z.array(TeamMember),
  total: z.number().int(),
  roles: z.object({
    owner: z.number().int(),
    admin: z.number().int(),
    developer: z.number().int(),
    viewer: z.number().int(),
    pending: z.number().int(),
    /** Added: members (not pending) holding a custom role (docs/decisions.md, Team). */
    custom: z.number().int(),
  }),
});
export type ListTeamMembersResponse = z.infer<typeof ListTeamMembersResponse>;

/** A member as people are named in the console: "Ada Lovelace <ada@example.com>", the email while pending. */
export function memberLabel(m: Pick<TeamMember, 'name' | 'email'>): string {
  return m.name ? `${m.name} <${m.email}>` : m.email;
}

/** The bound of a member id a caller sends. */
const UserId = z.string().startsWith('usr_').max(100);
export const MemberParams = z.strictObject({ user_id: UserId });

/** A role a caller may give: a built-in key or a custom role's name; whether it exists and is assignable is the handler's check. */
export const AssignableRoleName = z.string().min(1).max(100);
/** Extra permissions a member holds beyond their role (docs/decisions.md, Team: permissions). */
export const ExtraPermissions = z.array(z.string().max(50)).max(PermissionName.options.length);

const MemberDetail = TeamMember.extend({
  activity: z.object({
    endpointsCreated: z.number().int(),
    clustersManaged: z.number().int(),
    totalExecutions: z.number().int(),
    lastLogin: Timestamp.nullable(),
  }),
  resources: z.object({
    ownedEndpoints: z.array(z.string()),
    ownedClusters: z.array(z.string()),
    sharedEndpoints: z.array(z.string()),
  }),
});
export const MemberDetailResponse = z.object({ member: MemberDetail });
export type MemberDetailResponse = z.infer<typeof MemberDetailResponse>;

export const UpdateMemberRequest = z.strictObject({
  role: AssignableRoleName.optional(),
  permissions: ExtraPermissions.optional(),
  department: z.string().max(100).optional(),
  title: z.string().max(100).optional(),
  status: z.enum(['active', 'suspended']).optional(),
});

export const RemoveMemberResponse = z.object({
  id: z.string(),
  status: z.literal('removed'),
  removedAt: Timestamp,
  message: z.string(),
});

/** The bound of one bulk request (docs/decisions.md, Team). */
export const BULK_MEMBERS_MAX = 100;
export const BulkMembersRequest = z.strictObject({
  operation: z.enum(['update_role', 'update_department', 'suspend', 'reactivate']),
  members: z.array(UserId).min(1).max(BULK_MEMBERS_MAX),
  data: z.strictObject({ role: AssignableRoleName.optional(), department: z.string().max(100).optional() }).optional(),
});
export const BulkMembersResponse = z.object({
  operation: z.string(),
  results: z.array(
    z.object({
      userId: z.string(),
      status: z.enum(['success', 'failed']),
      updated: z.boolean(),
      error: z.object({ code: z.string(), message: z.string() }).optional(),
    }),
  ),
  summary: z.object({ total: z.number().int(), successful: z.number().int(), failed: z.number().int() }),
});
export type BulkMembersResponse = z.infer<typeof BulkMembersResponse>;

const TEAM_ACTIVITY_PERIODS = ['1d', '7d', '30d', '90d'] as const;
export const TeamActivityQuery = z.strictObject({ period: z.enum(TEAM_ACTIVITY_PERIODS).default('30d') });
export const TeamActivityResponse = z.object({
  period: z.enum(TEAM_ACTIVITY_PERIODS),
  summary: z.object({
    totalMembers: z.number().int(),
    activeMembers: z.number().int(),
    newMembers: z.number().int(),
    totalActivity: z.number().int(),
    collaborationScore: z.number(),
  }),
  memberActivity: z.array(
    z.object({
      userId: z.string(),
      name: z.string().nullable(),
      role: MemberRole,
      activity: z.object({
        logins: z.number().int(),
        endpointExecutions: z.number().int(),
        resourcesCreated: z.number().int(),
        collaborations: z.number().int(),
      }),
    }),
  ),
  teamCollaboration: z.object({
    sharedEndpoints: z.number().int(),
    crossTeamProjects: z.number().int(),
    knowledgeSharing: z.number().int(),
  }),
  trends: z.object({ activityGrowth: z.number(), memberEngagement: z.number(), retentionRate: z.number() }),
});
export type TeamActivityResponse = z.infer<typeof TeamActivityResponse>;
