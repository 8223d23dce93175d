// The caller's profile: read once, updated in part (fields, preferences), and the avatar, whose
// file goes through main (shared/ipc/avatar-uploads.ts) in chunks with progress and whose image
// is shown as features/accounts/avatar-images.ts reads it.
import { create } from 'zustand';
import type { AvatarUploadBeginRequest } from '../../../../../shared/ipc/avatar-uploads';
import { chunkRanges } from '../../../../../shared/ipc/dataset-uploads';
import type { InputOf, OutputOf } from '../../../../../shared/api/operations';
import { api } from '../../../bridge/api';
import { getBridge } from '../../../bridge/index';
import { rememberAvatarImage } from '../avatar-images';
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
  load(options?: { quiet?: boolean }): Promise<void>;
  ensureLoaded(): Promise<void>;
  update(body: ProfileUpdate): Promise<Profile>;
  updatePreferences(body: PreferencesUpdate): Promise<Profile['preferences']>;
  uploadAvatar(file: Blob & { name: string }, crop: Crop, onProgress: (p: AvatarProgress) => void): Promise<void>;
}

export const useProfile = create<ProfileState>()((set, get) => {
  const loader = createLoader<ProfileState>(set, get);
  return {
    ...initialLoadState(),
    profile: null,
    load: (options) =>
      loader.run(async () => {
        const profile = (await api('profile.get')).data;
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
          rememberAvatarImage(avatar, image);
          if (profile) set({ profile: { ...profile, avatar } });
          return;
        }
      }
    },
  };
});
