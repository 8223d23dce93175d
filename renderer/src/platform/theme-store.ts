// Theme preference (light, dark, follow system), persisted in localStorage. In platform/: the shell
// applies it, and the Profile page sets it from the member's saved theme preference (issue 20).
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type ThemePreference = 'light' | 'dark' | 'system';
export type PaletteMode = 'light' | 'dark';

interface ThemeState {
  preference: ThemePreference;
  setPreference(preference: ThemePreference): void;
  /** Flips between light and dark from what is shown now (leaving "system"). */
  toggle(systemMode: PaletteMode): void;
}

export function resolveMode(preference: ThemePreference, systemMode: PaletteMode): PaletteMode {
  return preference === 'system' ? systemMode : preference;
}

export const useThemePreference = create<ThemeState>()(
  persist(
    (set, get) => ({
      preference: 'system',
      setPreference: (preference) => set({ preference }),
      toggle: (systemMode) => set({ preference: resolveMode(get().preference, systemMode) === 'dark' ? 'light' : 'dark' }),
    }),
    { name: 'gpc.theme', version: 1, partialize: (s) => ({ preference: s.preference }) },
  ),
);
