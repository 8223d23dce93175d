// The team members list (01-accounts.md, Team). Listing is a read with the accounts scope;
// the document's admin-only rule covers managing the team (invite, change, remove), not
// seeing who is in it (docs/decisions.md, Team members list).
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import type { ListTeamMembersResponse, TeamMember } from '../../../../../shared/api/accounts/team';
import { defineRoute } from '../../../core/route-def';
import { roleLookup, type RoleDef } from '../permissions/roles';
import { accountsOf } from '../state';
import type { StoredInvitation, StoredMember } from '../stored-schema';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function memberView(m: StoredMember, invitation: StoredInvitation | undefined, role: RoleDef | undefined): TeamMember {
  return {
    id: m.id,
    email: m.email,
    name: m.name,
    username: m.username,
    avatar: null,
    role: m.role,
    permissions: role ? [...role.permissions] : [],
    status: m.status,
    joinedAt: iso(m.joinedAt),
    lastActive: iso(m.lastActive),
    invitedAt: iso(m.invitedAt),
    invitationExpires: m.status === 'pending' && invitation ? iso(invitation.expiresAt) : null,
    invitedBy: m.invitedBy,
    department: m.department,
    title: m.title,
  };
}

export const teamRoutes = [
  defineRoute(ops['team.members.list'], (ctx): ListTeamMembersResponse => {
    const { members, invitations, roles: custom } = accountsOf(ctx.store);
    const lookup = roleLookup(custom);
    const listed = members.filter((m) => m.status !== 'removed');
    const roles = { owner: 0, admin: 0, developer: 0, viewer: 0, pending: 0 };
    for (const m of listed) {
      if (m.status === 'pending') roles.pending += 1;
      else if (Object.hasOwn(roles, m.role)) roles[m.role as keyof typeof roles] += 1;
    }
    return {
      members: listed.map((m) =>
        memberView(
          m,
          invitations.find((i) => i.userId === m.id && i.status !== 'cancelled'),
          lookup(m.role),
        ),
      ),
      total: listed.length,
      roles,
    };
  }),
];
