// The caller's profile: read once, updated in part (fields, preferences), and the avatar, whose
// file goes through main (shared/ipc/avatar-uploads.ts) in chunks with progress and whose image
// is read back as a data URL (the console shows images from itself and data: only).
import { create } from 'zustand';
import type { AvatarUploadBeginRequest } from '../../../../../shared/ipc/avatar-uploads';
import { chunkRanges } from '../../../../../shared/ipc/dataset-uploads';
import type { InputOf, OutputOf } from '../../../../../shared/api/operations';
import { api } from '../../../bridge/api';
import { getBridge } from '../../../bridge/index';
import { createLoader, initialLoadState, type LoadState } from '../../../platform/resource-store';

export type Profile = OutputOf<'profile.get'>;
export type ProfileUpdate = InputOf<'profile.update'>['body'];
export type PreferencesUpdate = InputOf<'profile.preferences'>['body'];
export type Crop = AvatarUploadBeginRequest['crop'];

export interface AvatarProgress {
  sent: number;
  size: number;
  /** Every byte is in main: the API is processing the image. */
  processing: boolean;
}

export interface ProfileState extends LoadState {
  profile: Profile | null;
  /** The avatar as a data URL, for the address the profile names (null: none, or not read yet). */
  avatarImage: { url: string; image: string } | null;
  load(options?: { quiet?: boolean }): Promise<void>;
  ensureLoaded(): Promise<void>;
  update(body: ProfileUpdate): Promise<Profile>;
  updatePreferences(body: PreferencesUpdate): Promise<Profile['preferences']>;
  uploadAvatar(file: Blob & { name: string }, crop: Crop, onProgress: (p: AvatarProgress) => void): Promise<void>;
}

export const useProfile = create<ProfileState>()((set, get) => {
  const loader = createLoader<ProfileState>(set, get);
  /** Reads the avatar's image when the profile names one not read yet; a failure leaves the initials shown. */
  const readAvatar = async (profile: Profile) => {
    if (profile.avatar === null || get().avatarImage?.url === profile.avatar) return;
    try {
      const { image } = await getBridge().invoke('profile:avatarImage', { url: profile.avatar });
      if (get().profile?.avatar === profile.avatar) set({ avatarImage: { url: profile.avatar, image } });
    } catch {
      // The picture is decoration: the page still works with the initials.
    }
  };
  return {
    ...initialLoadState(),
    profile: null,
    avatarImage: null,
    load: (options) =>
      loader.run(async () => {
        const profile = (await api('profile.get')).data;
        void readAvatar(profile);
        return { profile };
      }, options),
    ensureLoaded: () => loader.ensureLoaded(() => get().load()),
    async update(body) {
      const profile = (await api('profile.update', { body })).data;
      set({ profile });
      return profile;
    },
    async updatePreferences(body) {
      const preferences = (await api('profile.preferences', { body })).data;
      const profile = get().profile;
      if (profile) set({ profile: { ...profile, preferences } });
      return preferences;
    },
    async uploadAvatar(file, crop, onProgress) {
      const bridge = getBridge();
      const begin = await bridge.invoke('profile:avatarBegin', { name: file.name.slice(0, 255) || 'avatar', size: file.size, crop });
      onProgress({ sent: 0, size: file.size, processing: false });
      for (const [start, end] of chunkRanges(file.size, begin.chunkBytes)) {
        const data = new Uint8Array(await file.slice(start, end).arrayBuffer());
        const last = end === file.size;
        if (last) onProgress({ sent: start, size: file.size, processing: true });
        const answer = await bridge.invoke('profile:avatarChunk', { uploadId: begin.uploadId, offset: start, data });
        if (!answer.result) onProgress({ sent: answer.received, size: file.size, processing: false });
        else {
          const { avatar, image } = answer.result;
          const profile = get().profile;
          set({ avatarImage: { url: avatar, image }, ...(profile ? { profile: { ...profile, avatar } } : {}) });
          return;
        }
      }
    },
  };
});
