// Global keyboard shortcuts of the shell, and the list the help dialog shows (ShortcutsDialog.tsx).
import { useEffect } from 'react';
import { getBridge } from '../bridge';
import { isEditableTarget, matchesShortcut } from '../lib/shortcuts';
import { useSystemMode } from './theme/AppThemeProvider';
import { useThemePreference } from '../platform/theme-store';
import { useUi } from './ui-store';

export const SHORTCUTS: Array<{ keys: string; what: string }> = [
  { keys: 'Mod+K', what: 'Command palette' },
  { keys: 'Mod+Shift+L', what: 'Toggle light/dark theme' },
  { keys: '?', what: 'This list' },
  { keys: 'N', what: 'API keys, datasets, training jobs, tuning, experiments: create one' },
  { keys: '/', what: 'Lists: go to the filter box' },
  { keys: 'F', what: 'Clusters: fleet view (GPU heat map)' },
  { keys: 'H', what: 'Endpoints: check the health of all' },
  { keys: 'A', what: 'Endpoint: log analytics' },
  { keys: 'C', what: 'Models: compare the ticked models' },
  { keys: 'D', what: 'Model: deploy' },
  { keys: 'E', what: 'Model: edit' },
  { keys: '1–4', what: 'Model: Overview, Versions, Files, Deployments' },
  { keys: 'S', what: 'Tuning job: stop' },
  { keys: 'D', what: 'Tuning job: deploy the best trial' },
  { keys: 'R', what: 'Experiment: add a run' },
  { keys: 'C', what: 'Experiment: compare the selected runs' },
  { keys: '↑ ↓', what: 'Tables: move between rows' },
  { keys: 'Enter', what: 'Tables: open the row (key usage)' },
];

export function useGlobalShortcuts(): void {
  const systemMode = useSystemMode();
  useEffect(() => {
    // In Electron the application menu owns these two accelerators and sends menu:command
    // (see App); handling the keys here as well would run them twice.
    const menuOwnsAccelerators = getBridge().mode === 'electron';
    const onKey = (e: KeyboardEvent) => {
      const ui = useUi.getState();
      if (!menuOwnsAccelerators && matchesShortcut(e, 'Mod+K')) {
        e.preventDefault();
        ui.set({ paletteOpen: true });
      } else if (!menuOwnsAccelerators && matchesShortcut(e, 'Mod+Shift+L')) {
        e.preventDefault();
        useThemePreference.getState().toggle(systemMode);
      } else if (matchesShortcut(e, '?') && !isEditableTarget(e.target) && !document.querySelector('[role="dialog"]')) {
        e.preventDefault();
        ui.set({ shortcutsOpen: true });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [systemMode]);
}
