// The account's team members (GET /v2/accounts/team/members), so people are shown by name
// and email where the clusters API gives only user ids (port access, access logs). A key
// without the accounts scope cannot read it: ids are shown then. The team is the accounts
// area's, read by the clusters area's views: it lives here because no area imports another.
import { useMemo } from 'react';
import { create } from 'zustand';
import { memberLabel, type TeamMember } from '../../../shared/api/accounts/team';
import { api } from '../bridge/api';
import { createLoader, initialLoadState, type LoadState } from './resource-store';

export interface TeamDirectoryState extends LoadState {
  members: TeamMember[];
  byId: Record<string, TeamMember>;
  load(): Promise<void>;
  ensureLoaded(): Promise<void>;
}

export const useTeamDirectory = create<TeamDirectoryState>()((set, get) => {
  const loader = createLoader<TeamDirectoryState>(set, get);
  return {
    ...initialLoadState(),
    members: [],
    byId: {},
    load: () =>
      loader.run(async (signal) => {
        const { members } = (await api('team.members.list', {}, { signal })).data;
        return { members, byId: Object.fromEntries(members.map((m) => [m.id, m])) };
      }),
    ensureLoaded: () => loader.ensureLoaded(get().load, 60_000),
  };
});

/** A user id's member, when the directory knows it. */
export function useMemberLookup(): (id: string) => TeamMember | undefined {
  const byId = useTeamDirectory((s) => s.byId);
  return useMemo(() => (id: string) => byId[id], [byId]);
}

/** "Ada Lovelace <ada@example.com>" for a known member, the id otherwise. */
export const userLabel = (id: string, member: TeamMember | undefined) => (member ? memberLabel(member) : id);
