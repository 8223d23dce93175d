// The Grants tab's data: every grant of the account (active, expired, revoked: the list is read
// whole, once, and filtered here), granting and revoking (each followed by a read of the list).
import { create } from 'zustand';
import type { CreateGrantRequest, Grant } from '../../../../../../shared/api/accounts/grants';
import { api } from '../../../../bridge/api';
import { createLoader, initialLoadState, type LoadState } from '../../../../platform/resource-store';

interface GrantsState extends LoadState {
  grants: Grant[];
  load(): Promise<void>;
  ensureLoaded(): Promise<void>;
  grant(userId: string, request: CreateGrantRequest): Promise<Grant>;
  revoke(grantId: string): Promise<void>;
}

export const useGrants = create<GrantsState>()((set, get) => {
  const loader = createLoader<GrantsState>(set, get);
  return {
    ...initialLoadState(),
    grants: [],
    load: () => loader.run(async (signal) => ({ grants: (await api('permissions.grants.list', {}, { signal })).data.grants })),
    ensureLoaded: () => loader.ensureLoaded(get().load, 30_000),
    grant: async (userId, request) => {
      const { grant } = (await api('permissions.grants.create', { params: { user_id: userId }, body: request })).data;
      void get().load();
      return grant;
    },
    revoke: async (grantId) => {
      await api('permissions.grants.revoke', { params: { grant_id: grantId } });
      await get().load();
    },
  };
});
