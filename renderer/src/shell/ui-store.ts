// Which shell-level overlays are open, so the palette, shortcuts and menus can open them.
import { create } from 'zustand';

interface UiState {
  paletteOpen: boolean;
  addProfileOpen: boolean;
  /** The profile whose edit dialog is open. */
  editProfileId: string | null;
  shortcutsOpen: boolean;
  set(patch: Partial<Pick<UiState, 'paletteOpen' | 'addProfileOpen' | 'editProfileId' | 'shortcutsOpen'>>): void;
}

export const useUi = create<UiState>()((set) => ({
  paletteOpen: false,
  addProfileOpen: false,
  editProfileId: null,
  shortcutsOpen: false,
  set: (patch) => set(patch),
}));
