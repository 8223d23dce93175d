// The team routes (01-accounts.md, Endpoints: Team). Listing is a read with the accounts scope;
// the document's admin-only rule covers managing the team (invite, change, remove), not seeing
// who is in it (docs/decisions.md, Team members list; Team).
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import type { ListTeamMembersResponse } from '../../../../../shared/api/accounts/team';
import { defineRoute } from '../../../core/route-def';
import { roleLookup } from '../permissions/roles';
import { accountsOf } from '../state';
import { activityRoute } from './activity';
import { bulkRoute } from './bulk';
import { teamExtrasByMember } from './extras';
import { invitationRoutes } from './invitations';
import { memberRoutes } from './members';
import { originOf } from '../profile/view';
import { avatarsByMember, memberView, openInvitations } from './view';

const BUILT_IN = new Set(['owner', 'admin', 'developer', 'viewer']);

const listRoute = defineRoute(ops['team.members.list'], (ctx, { headers, now }): ListTeamMembersResponse => {
  const accounts = accountsOf(ctx.store);
  const lookup = roleLookup(accounts.roles);
  // One pass each over invitations and grants: the list stays linear with thousands of members.
  const invitations = openInvitations(accounts);
  const extras = teamExtrasByMember(accounts);
  const avatars = avatarsByMember(accounts, originOf(headers));
  const listed = accounts.members.filter((m) => m.status !== 'removed');
  const roles = { owner: 0, admin: 0, developer: 0, viewer: 0, pending: 0, custom: 0 };
  for (const m of listed) {
    if (m.status === 'pending') roles.pending += 1;
    else if (BUILT_IN.has(m.role)) roles[m.role as 'owner' | 'admin' | 'developer' | 'viewer'] += 1;
    else roles.custom += 1;
  }
  return {
    members: listed.map((m) =>
      memberView(m, invitations.get(m.id), lookup(m.role), extras.get(m.id) ?? [], avatars.get(m.id) ?? null, now),
    ),
    total: listed.length,
    roles,
  };
});

export const teamRoutes = [listRoute, ...invitationRoutes, ...memberRoutes, bulkRoute, activityRoute];
