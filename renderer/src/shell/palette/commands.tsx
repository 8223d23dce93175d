// The commands of the command palette, built from the shell's state at open time.
import Add from '@mui/icons-material/Add';
import Brightness4 from '@mui/icons-material/Brightness4';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import Refresh from '@mui/icons-material/Refresh';
import SettingsBrightness from '@mui/icons-material/SettingsBrightness';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import type { FeatureCommand } from '../../features/registry';
import { areaOffered, areas } from '../navigation/areas';
import { navigate } from '../../platform/navigation/hash-router';
import { useIntents } from '../../platform/navigation/intents';
import { activateProfile } from '../profiles/ProfileSwitcher';
import { useProfiles } from '../../platform/profiles-store';
import { useThemePreference, type PaletteMode } from '../../platform/theme-store';
import { useUi } from '../ui-store';

export type Command = FeatureCommand;

export function buildCommands(systemMode: PaletteMode): Command[] {
  const { profiles, activeId } = useProfiles.getState();
  const theme = useThemePreference.getState();
  const ui = useUi.getState();
  const commands: Command[] = [];
  const active = profiles.find((p) => p.id === activeId) ?? null;
  const offered = areas.filter((area) => areaOffered(area, active));
  for (const area of offered) {
    if (area.window) continue;
    commands.push({ id: `go:${area.id}`, group: 'Go to', title: `Go to ${area.label}`, icon: area.icon, run: () => navigate(area.path) });
  }
  for (const area of offered) commands.push(...(area.commands ?? []));
  for (const p of profiles) {
    if (p.id === activeId) continue;
    commands.push({
      id: `profile:${p.id}`,
      group: 'Profiles',
      title: `Switch to profile: ${p.name}`,
      icon: <SwapHoriz fontSize="small" />,
      run: () => void activateProfile(p),
    });
  }
  commands.push({
    id: 'profile:add',
    group: 'Profiles',
    title: 'Add remote profile…',
    icon: <Add fontSize="small" />,
    run: () => ui.set({ addProfileOpen: true }),
  });
  commands.push({
    id: 'theme:toggle',
    group: 'Appearance',
    title: 'Toggle light/dark theme',
    icon: <Brightness4 fontSize="small" />,
    shortcut: 'Mod+Shift+L',
    run: () => theme.toggle(systemMode),
  });
  commands.push({
    id: 'theme:light',
    group: 'Appearance',
    title: 'Theme: light',
    icon: <LightModeOutlined fontSize="small" />,
    run: () => theme.setPreference('light'),
  });
  commands.push({
    id: 'theme:dark',
    group: 'Appearance',
    title: 'Theme: dark',
    icon: <DarkModeOutlined fontSize="small" />,
    run: () => theme.setPreference('dark'),
  });
  commands.push({
    id: 'theme:system',
    group: 'Appearance',
    title: 'Theme: follow system',
    icon: <SettingsBrightness fontSize="small" />,
    run: () => theme.setPreference('system'),
  });
  commands.push({
    id: 'page:refresh',
    group: 'View',
    title: 'Refresh current page',
    icon: <Refresh fontSize="small" />,
    run: () => useIntents.getState().request('page:refresh'),
  });
  commands.push({
    id: 'help:shortcuts',
    group: 'Help',
    title: 'Keyboard shortcuts',
    icon: <KeyboardOutlined fontSize="small" />,
    shortcut: '?',
    run: () => ui.set({ shortcutsOpen: true }),
  });
  return commands;
}
