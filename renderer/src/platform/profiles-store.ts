// Connection profiles as the main process keeps them; kept fresh by `profiles:changed`.
import { create } from 'zustand';
import type { NormalizedError } from '../../../shared/api/errors';
import type { ChannelRequest, Profile, ProfilesState } from '../../../shared/ipc/contract';
import { getBridge } from '../bridge';
import { toNormalizedError } from '../bridge/errors';
import { nextDataGeneration } from './data-generation';
import { resetServerClock } from './server-clock';

interface ProfilesStore {
  profiles: Profile[];
  activeId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: NormalizedError | null;
  load(): Promise<void>;
  /** Starts listening to changes made elsewhere (another window, the command palette). */
  watch(): () => void;
  activate(id: string): Promise<void>;
  create(input: ChannelRequest<'profiles:create'>, activate: boolean): Promise<Profile>;
  update(input: ChannelRequest<'profiles:update'>): Promise<Profile>;
  remove(id: string): Promise<void>;
  fromKey(name: string, apiKey: string, activate: boolean): Promise<Profile>;
}

export const useProfiles = create<ProfilesStore>()((set, get) => {
  const apply = (state: ProfilesState) => {
    const previous = get().activeId;
    // Another profile: another server's clock and another account's rows.
    if (previous !== null && previous !== state.activeId) {
      nextDataGeneration();
      resetServerClock();
    }
    return { profiles: state.profiles, activeId: state.activeId, status: 'ready' as const, error: null };
  };
  return {
    profiles: [],
    activeId: null,
    status: 'idle',
    error: null,
    async load() {
      set({ status: get().status === 'ready' ? 'ready' : 'loading' });
      try {
        set(apply(await getBridge().invoke('profiles:list', {})));
      } catch (error) {
        set({ status: 'error', error: toNormalizedError(error) });
      }
    },
    watch() {
      return getBridge().subscribe('profiles:changed', {}, (state) => set(apply(state)));
    },
    async activate(id) {
      set(apply(await getBridge().invoke('profiles:activate', { id })));
    },
    async create(input, activate) {
      const profile = await getBridge().invoke('profiles:create', input);
      if (activate) await get().activate(profile.id);
      else await get().load();
      return profile;
    },
    async update(input) {
      const profile = await getBridge().invoke('profiles:update', input);
      await get().load();
      return profile;
    },
    async remove(id) {
      await getBridge().invoke('profiles:remove', { id });
      await get().load();
    },
    async fromKey(name, apiKey, activate) {
      const profile = await getBridge().invoke('profiles:fromKey', { name, apiKey, activate });
      await get().load();
      return profile;
    },
  };
});

export function useActiveProfile(): Profile | null {
  return useProfiles((s) => s.profiles.find((p) => p.id === s.activeId) ?? null);
}
