// Team area state, typed first, then created: the members as listed (the page filters them
// itself, over the whole loaded list), the role counts, the roles a member may be given
// (assignable ones of the permission schema), and every team action. The invitation links
// the API handed out in this session are kept by invitation id, for "copy link".
import { create } from 'zustand';
import {
  BULK_MEMBERS_MAX,
  type BulkMembersResponse,
  type ListTeamMembersResponse,
  type MemberDetailResponse,
  type TeamMember,
} from '../../../../../shared/api/accounts/team';
import { api } from '../../../bridge/api';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { toNormalizedError } from '../../../bridge/errors';
import { createLoader, initialLoadState, type LoadState } from '../../../platform/resource-store';
import { useTeamDirectory } from '../../../platform/team-directory';
import type { InviteRequest } from './invite-form';
import { chunks } from './team-logic';

/** A role the console offers: its identifier (a built-in key or a custom role's name) and its name in words. */
interface OfferedRole {
  key: string;
  name: string;
}

/** Offered when the permission schema cannot be read: the document's assignable built-ins. */
const BUILT_IN_ASSIGNABLE: OfferedRole[] = [
  { key: 'admin', name: 'Admin' },
  { key: 'developer', name: 'Developer' },
  { key: 'viewer', name: 'Viewer' },
];

export type BulkOperation = 'update_role' | 'update_department' | 'suspend' | 'reactivate';
export type BulkResult = BulkMembersResponse['results'][number];
export type MemberDetail = MemberDetailResponse['member'];

export interface TeamState extends LoadState {
  members: TeamMember[];
  counts: ListTeamMembersResponse['roles'] | null;
  /** Assignable roles, from the permission schema (the built-ins until it is read). */
  roles: OfferedRole[];
  /** Every role's name in words by identifier (owner included), for display. */
  roleNames: Record<string, string>;
  /** Invitation links handed out by invite, by invitation id. */
  inviteLinks: Record<string, string>;
  /**
   * The caller's own member id, once an answer names it: no call says who the caller is, but an
   * invitation this console sent names its sender (`invitedBy`). Null until then.
   */
  selfId: string | null;
  load(): Promise<void>;
  ensureLoaded(): Promise<void>;
  /** One invitation per request, in order; the list is read again once. Each request's refusal, or null when sent. */
  invite(requests: readonly InviteRequest[]): Promise<(NormalizedError | null)[]>;
  resend(member: TeamMember): Promise<void>;
  cancel(member: TeamMember): Promise<void>;
  /** PUT with only what changes; the list shows the server's answer. */
  update(id: string, patch: { role?: string; department?: string; title?: string; status?: 'active' | 'suspended' }): Promise<TeamMember>;
  remove(id: string): Promise<void>;
  /** The operation over every member given, in requests of at most BULK_MEMBERS_MAX; one result per member. */
  bulk(operation: BulkOperation, ids: readonly string[], data?: { role?: string; department?: string }): Promise<BulkResult[]>;
  /** A member's detail (activity, resources), for the detail view and the removal confirmation. */
  readDetail(id: string, signal: AbortSignal): Promise<MemberDetail>;
}

function rolesOf(schema: Record<string, { name: string; assignable: boolean }>): Pick<TeamState, 'roles' | 'roleNames'> {
  const entries = Object.entries(schema);
  return {
    roles: entries.filter(([, r]) => r.assignable).map(([key, r]) => ({ key, name: r.name })),
    roleNames: Object.fromEntries(entries.map(([key, r]) => [key, r.name])),
  };
}

export const useTeam = create<TeamState>()((set, get) => {
  const list = createLoader<TeamState>(set, get);
  /** After a change, the rest of the console's view of the team (names in the cluster views) follows. */
  const refreshDirectory = () => void useTeamDirectory.getState().load();
  const replace = (saved: TeamMember) => set((s) => ({ members: s.members.map((m) => (m.id === saved.id ? { ...m, ...saved } : m)) }));
  return {
    ...initialLoadState(),
    members: [],
    counts: null,
    roles: BUILT_IN_ASSIGNABLE,
    roleNames: { owner: 'Owner', ...Object.fromEntries(BUILT_IN_ASSIGNABLE.map((r) => [r.key, r.name])) },
    inviteLinks: {},
    selfId: null,

    load: () =>
      list.run(async (signal) => {
        // The schema only names the roles: when it cannot be read, the built-ins are offered.
        const schema = api('permissions.schema', {}, { signal }).then(
          (r) => rolesOf(r.data.roles),
          () => null,
        );
        // Who "you" are: the member the profile's key belongs to (never in a bulk action of your own).
        const self = api('auth.verify', {}, { signal }).then(
          (r) => r.data.user_id,
          () => null,
        );
        const { data } = await api('team.members.list', {}, { signal });
        return { members: data.members, counts: data.roles, ...((await schema) ?? {}), selfId: (await self) ?? get().selfId };
      }),

    ensureLoaded: () => list.ensureLoaded(get().load),

    async invite(requests) {
      const outcomes: (NormalizedError | null)[] = [];
      for (const request of requests) {
        try {
          const { data } = await api('team.members.invite', { body: request });
          set((s) => ({
            inviteLinks: { ...s.inviteLinks, [data.invitation.id]: data.invitation.inviteUrl },
            selfId: data.invitation.invitedBy ?? s.selfId,
          }));
          outcomes.push(null);
        } catch (e) {
          outcomes.push(toNormalizedError(e));
        }
      }
      if (outcomes.some((o) => o === null)) {
        await get().load();
        refreshDirectory();
      }
      return outcomes;
    },

    async resend(member) {
      if (!member.invitationId) return;
      const { data } = await api('team.invitations.resend', { params: { invitation_id: member.invitationId } });
      replace({ ...member, invitationExpires: data.invitation.expiresAt, invitationStatus: 'resent' });
    },

    async cancel(member) {
      if (!member.invitationId) return;
      await api('team.invitations.cancel', { params: { invitation_id: member.invitationId } });
      // A cancelled invitation's member leaves the list.
      set((s) => ({ members: s.members.filter((m) => m.id !== member.id) }));
      void get().load();
      refreshDirectory();
    },

    async update(id, patch) {
      const { data } = await api('team.members.update', { params: { user_id: id }, body: patch });
      replace(data);
      void get().load();
      refreshDirectory();
      return data;
    },

    async remove(id) {
      await api('team.members.remove', { params: { user_id: id } });
      set((s) => ({ members: s.members.filter((m) => m.id !== id) }));
      void get().load();
      refreshDirectory();
    },

    async bulk(operation, ids, data) {
      const results: BulkResult[] = [];
      for (const part of chunks(ids, BULK_MEMBERS_MAX)) {
        try {
          const { data: answer } = await api('team.members.bulk', { body: { operation, members: part, ...(data ? { data } : {}) } });
          results.push(...answer.results);
        } catch (e) {
          // A refused request (a rate limit, a lost connection) fails its part; the parts sent before it stand.
          const { code, message } = toNormalizedError(e);
          results.push(...part.map((userId) => ({ userId, status: 'failed' as const, updated: false, error: { code, message } })));
        }
      }
      await get().load();
      refreshDirectory();
      return results;
    },

    async readDetail(id, signal) {
      return (await api('team.members.get', { params: { user_id: id } }, { signal })).data.member;
    },
  };
});
