// What the main process says about itself: mode, version and where keys are kept.
import { create } from 'zustand';
import type { AppInfo } from '../../../../shared/ipc/contract';
import { getBridge } from '../../bridge';
import { useVaultStatus } from '../../platform/key-storage';

interface AppInfoState {
  info: AppInfo | null;
  load(): Promise<void>;
}

export const useAppInfo = create<AppInfoState>()((set) => ({
  info: null,
  async load() {
    try {
      const info = await getBridge().invoke('app:info', {});
      useVaultStatus.getState().set(info.vault);
      set({ info });
    } catch {
      // The status bar shows "unknown" rather than failing the shell.
    }
  },
}));
