// Sentences of the Team page that are worth a test: what a removal takes away, and the role
// counts' line.
import type { ListTeamMembersResponse, TeamMember } from '../../../../../shared/api/accounts/team';
import type { MemberDetail } from './team-store';

const count = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** What a member loses when removed (01-accounts.md: access to all resources revoked at once). */
export function removalLosses(
  member: Pick<TeamMember, 'status'>,
  roleName: string,
  detail: Pick<MemberDetail, 'resources'> | null,
): string[] {
  if (member.status === 'pending') return [`the invitation to join as ${roleName}; its link stops working`];
  const losses = [
    `the ${roleName} role and everything it allows`,
    'every API key they created: calls with them are refused',
    'the permissions granted and the resources shared to them',
  ];
  if (detail) {
    const { ownedEndpoints, ownedClusters, sharedEndpoints } = detail.resources;
    if (ownedEndpoints.length + ownedClusters.length > 0)
      losses.push(
        `access to the ${[
          ...(ownedEndpoints.length ? [count(ownedEndpoints.length, 'endpoint', 'endpoints')] : []),
          ...(ownedClusters.length ? [count(ownedClusters.length, 'cluster', 'clusters')] : []),
        ].join(' and ')} they own (these stay in the account)`,
      );
    if (sharedEndpoints.length > 0) losses.push(`access to ${count(sharedEndpoints.length, 'endpoint', 'endpoints')} shared with them`);
  }
  return losses;
}

/** "5,000 members: 1 owner, 120 admins, 3,000 developers, 1,800 viewers, 79 with custom roles · 12 invited". */
export function countsLine(counts: ListTeamMembersResponse['roles'], total: number, roleName: (key: string) => string): string {
  const roles = (['owner', 'admin', 'developer', 'viewer'] as const)
    .filter((k) => counts[k] > 0)
    .map((k) => `${counts[k].toLocaleString()} ${roleName(k).toLowerCase()}${counts[k] === 1 ? '' : 's'}`);
  const custom =
    'custom' in counts && typeof counts.custom === 'number' && counts.custom > 0
      ? [`${counts.custom.toLocaleString()} with custom roles`]
      : [];
  const pending = counts.pending > 0 ? ` · ${counts.pending.toLocaleString()} invited` : '';
  return `${count(total, 'member', 'members')}: ${[...roles, ...custom].join(', ')}${pending}`;
}
