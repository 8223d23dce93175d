// Team members (01-accounts.md, Team member; Team: GET /v2/accounts/team/members).
import { z } from 'zod';
import { MemberRole, Timestamp } from '../common';

const TeamMemberStatus = z.enum(['active', 'pending', 'suspended', 'removed']);

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
  }),
});
export type ListTeamMembersResponse = z.infer<typeof ListTeamMembersResponse>;

/** A member as people are named in the console: "Ada Lovelace <ada@example.com>", the email while pending. */
export function memberLabel(m: Pick<TeamMember, 'name' | 'email'>): string {
  return m.name ? `${m.name} <${m.email}>` : m.email;
}
