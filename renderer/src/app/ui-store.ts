// Which shell-level overlays are open, so the palette, shortcuts and menus can open them.
import { create } from 'zustand';

interface UiState {
  paletteOpen: boolean;
  addProfileOpen: boolean;
  shortcutsOpen: boolean;
  set(patch: Partial<Pick<UiState, 'paletteOpen' | 'addProfileOpen' | 'shortcutsOpen'>>): void;
}

export const useUi = create<UiState>()((set) => ({
  paletteOpen: false,
  addProfileOpen: false,
  shortcutsOpen: false,
  set: (patch) => set(patch),
}));
